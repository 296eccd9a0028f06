"""The card table (issue 4): ``TableScreen(app, config)`` plays a game of any of the five.

One idea per module: ``screen`` (the TableScreen, which holds the parts together),
``family`` (canasta family or Cassino, chosen once), ``flow`` (turns, computers, prompts,
autosave), ``moves`` (moves to the engine), ``presenter`` (events to flights, sounds, toasts,
log), ``intents`` (clicks, drags, keys), ``takeback`` (the Take back button, Ctrl+Z),
``hud`` (buttons, banner, panel), ``painter`` (drawing), ``reads`` (what is read of the
deal), ``layout`` (geometry), ``scene`` (state to sprites and drop targets), ``render``
(drawing helpers), ``gestures`` (the pointer and the readings of a drop), ``animation`` (card
flights), ``worker`` (computer players off the render thread), ``movelog``, ``scoresheet``
(score sheet and game over), ``moments`` (cover, exact grab, dialogs).
"""

from game.ui.table.screen import TableScreen, new_session

__all__ = ["TableScreen", "new_session"]
