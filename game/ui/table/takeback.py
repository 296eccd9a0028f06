"""Taking back (issue 15): the viewer's own melds and additions of the turn in progress, one at
a time (the button, Ctrl+Z); with the practice setting ``take_back_turns``, whole turns when
every other seat is a computer (such games are marked, see ``GameSession.take_back``).

The session rebuilds the deal by replaying its history (computers' generators included); here
the table forgets what pointed into the old position (a computer's job, the hint, the
selection), puts the hand's arrangement back as it was before the move, and redraws.
"""

from __future__ import annotations

from game.i18n import t
from game.ui import audio


class TakeBack:
    def __init__(self, screen) -> None:
        self.screen = screen
        # The viewer's hand order and sort before each of its moves, by the number of actions
        # played then: a take-back puts the arrangement back too.
        self.arrangements: dict[int, tuple[list[int], str | None]] = {}

    def remember(self, seat: int) -> None:
        """Before the viewer's move: its hand's arrangement at this point of the deal."""
        sc = self.screen
        if seat == sc.viewer:
            self.arrangements[len(sc.session.history)] = (
                list(sc.hand_orders.get(seat, [])), sc.sort_mode.get(seat))

    @property
    def whole_turns(self) -> bool:
        """The practice setting (every other seat a computer: checked by the session)."""
        return bool(getattr(self.screen.app.settings, "take_back_turns", False))

    def possible(self) -> bool:
        """Whether the viewer has something to take back now (the button shows then)."""
        sc = self.screen
        session = sc.session
        if (session.state is None or sc.reads.is_over or sc.overlay is not None
                or sc.dialog is not None or sc.halted or sc.guide is not None
                or sc.down_gate or not session.is_human(sc.viewer)
                or sc.flow.worker.busy):  # a thinking computer holds its generator
            return False
        return session.take_back_point(sc.viewer, self.whole_turns) is not None

    def take_back(self) -> None:
        sc = self.screen
        if not self.possible():
            sc.presenter.toast(t("table.take_back.none"), "info")
            audio.play("error", 0.5)
            return
        sc.flow.ready = None  # a computer's move of the position that goes away
        sc.session.take_back(sc.viewer, self.whole_turns)
        n = len(sc.session.history)
        sc.version += 1
        sc.hint = None
        sc.last_move = set()
        sc.table_selected.clear()
        sc.pointer.reset()
        if n in self.arrangements:
            order, mode = self.arrangements[n]
            sc.hand_orders[sc.viewer] = list(order)
            sc.sort_mode[sc.viewer] = mode
        self.arrangements = {k: v for k, v in self.arrangements.items() if k < n}
        sc.animator.clear()
        sc.forget_hand_positions()
        sc.sync_hands()
        sc.presenter.sync_log()
        sc.flow.save_due = True
        sc.presenter.toast(t("table.take_back.done"), "info")
        audio.play("place", 0.6)
        sc.mark_dirty()
        sc.hud.refresh_buttons(force=True)
