""""Why?" at the table (issue 14): why a computer made a move, in the player's words.

A click on a move's line in the move log, or the W key (the last computer move), opens a small
dialog (game.ui.widgets.dialog) with the move as the log tells it and its explanation
(game.players.explain.explanation_lines), which the move log keeps with each computer move.
A human's move, or one from a loaded game, says that it has no explanation. The words never
name a card the computer held hidden (only the seat itself may read them, and only where the
table shows that seat's hand).
"""

from __future__ import annotations

from game.actions import parse_action
from game.errors import NotationError
from game.i18n import t
from game.players.explain import explanation_lines
from game.ui.table import messages
from game.ui.table.movelog import describe
from game.ui.widgets.dialog import Dialog


class WhyView:
    def __init__(self, screen) -> None:
        self.screen = screen
        self.shown: tuple[int, int] | None = None  # the move last explained: (deal, index)

    def last_computer_move(self) -> tuple[int, int] | None:
        """The log's last move made by a computer seat, as (deal, index), or None."""
        sc = self.screen
        for deal, index in reversed(sc.movelog.moves()):
            text, _e = sc.movelog.move(deal, index)
            try:
                seat = parse_action(text).seat
            except NotationError:
                continue
            if 0 <= seat < sc.players and not sc.session.is_human(seat):
                return deal, index
        return None

    def open_last(self) -> None:
        """The W key: why the last computer move was made."""
        move = self.last_computer_move()
        if move is None:
            self.screen.presenter.toast(t("why.no_move"), "info")
            return
        self.open(*move)

    def lines(self, deal: int, index: int) -> list[str]:
        """The dialog's text: the move as the log tells it, then its explanation."""
        sc = self.screen
        text, e = sc.movelog.move(deal, index)
        viewer = sc.viewer if sc.revealed() else -1  # a hidden hand is nobody's to read
        head = f"{index + 1}. {describe(text, sc.names(), messages.you(sc))}"
        return [head, *explanation_lines(e, viewer)]

    def open(self, deal: int, index: int) -> None:
        sc = self.screen
        if sc.dialog is not None:
            return
        head, *rest = self.lines(deal, index)
        self.shown = (deal, index)
        Dialog(sc, t("why.title"), head + "\n\n" + "\n".join(rest),
               [(t("common.close"), None)], default=0)
        sc.pointer.reset()
        sc.mark_dirty()
        sc.hud.refresh_buttons(force=True)
