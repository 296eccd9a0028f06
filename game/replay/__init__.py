"""Replaying a finished deal (issue 13): a record stepped through action by action
(``model``), the History of recent finished deals (``history``). No pygame here; the screen
is ``game.ui.screens.replay_screen``."""
