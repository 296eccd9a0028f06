"""Taking back (issue 15): the viewer's own melds and additions of the turn in progress, one at
a time (the button, Ctrl+Z); with the practice setting ``take_back_turns``, whole turns when
every other seat is a computer (such games are marked, see ``GameSession.take_back``).

The session rebuilds the deal by replaying its history (computers' generators included); the
table forgets what pointed into the old position (a computer's job, the hint, the selection:
the ``undo`` command), and here the hand's arrangement goes back as it was before the move.
"""

from __future__ import annotations

from game.i18n import t
from game.ui import audio


class TakeBack:
    """Reads the table through ``model``, asks through ``do`` (game/ui/table/hub.py)."""

    def __init__(self, model, do) -> None:
        self.model = model
        self.do = do
        # The viewer's hand order and sort before each of its moves, by the number of actions
        # played then: a take-back puts the arrangement back too.
        self.arrangements: dict[int, tuple[list[int], str | None]] = {}

    def remember(self, seat: int) -> None:
        """Before the viewer's move: its hand's arrangement at this point of the deal."""
        m = self.model
        if seat == m.viewer:
            self.arrangements[len(m.history)] = (list(m.hand_order(seat)), m.sort_mode(seat))

    @property
    def whole_turns(self) -> bool:
        """The practice setting (every other seat a computer: checked by the session)."""
        return self.model.take_back_turns

    def possible(self) -> bool:
        """Whether the viewer has something to take back now (the button shows then)."""
        m = self.model
        if (not m.dealing or m.reads.is_over or m.overlay is not None
                or m.dialog is not None or m.halted or m.guide is not None
                or m.down_gate or not m.is_human(m.viewer)
                or m.computer_busy):  # a thinking computer holds its generator
            return False
        return m.take_back_point(m.viewer, self.whole_turns) is not None

    def take_back(self) -> None:
        if not self.possible():
            self.do.toast(t("table.take_back.none"), "info")
            audio.play("error", 0.5)
            return
        seat = self.model.viewer
        n = self.do.undo(seat, self.whole_turns)
        if n in self.arrangements:
            order, mode = self.arrangements[n]
            self.do.set_hand_order(seat, list(order), mode)
        self.arrangements = {k: v for k, v in self.arrangements.items() if k < n}
        self.do.forget_hand_positions()
        self.do.show_position()
        self.do.toast(t("table.take_back.done"), "info")
        audio.play("place", 0.6)
