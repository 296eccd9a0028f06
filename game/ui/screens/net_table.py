"""The card table at a network table: one seat played from this window (issue 31).

:class:`NetTableScreen` is the ordinary table (game.ui.table.screen) driven by a
:class:`~game.net.remote.RemoteSession` instead of a local game: each frame it takes what the
server said, in order, and plays it through the table's own parts as a local move is played
(the server's deals fly out, every seat's actions animate at the computers' pace, a question
to this seat lets the player act). The player's moves go to the server in the notation; a
refusal comes back with the engine's reason and the cards stay in the hand. Nothing here
decides a rule, and the window never holds another seat's hidden cards.
"""

from __future__ import annotations

import pygame

from game.engine.actions import Action
from game.i18n import player_names, t
from game.net.messages import Catchup, DealOver, DealStart, Events, Why, YourMove
from game.ui.screens.net_screens import NET_POLL
from game.ui.table.flow import PACE, TurnFlow
from game.ui.table.hud import Hud
from game.ui.table.moves import TableMoves
from game.ui.table.screen import TableScreen
from game.ui.widgets.dialog import Dialog

PASS_KEY = pygame.K_n  # let Looking and Down's out-of-turn moment pass (LD-10)


class NetFlow(TurnFlow):
    """The turn flow with the server dealing and asking: no local computer, no save."""

    awaiting_deal = False  # the next deal is the server's (NetTableScreen.net_step takes it)

    def begin_deal(self) -> None:
        self.worker.cancel()
        self.ready = None
        self.awaiting_deal = True

    def offer_optional(self) -> bool:
        return False  # the server asks (an optional YourMove)

    def save(self) -> None:
        self.save_due = False  # the server keeps the table


class NetMoves(TableMoves):
    then: Action | None = None  # a discard made with staged melds: sent once they are played

    def play(self, action: Action, origin=None, computer: bool = False,
             confirmed: bool = False, ask_take: bool = False):
        """As at one machine, a discard with staged melds sends the melds first; here the
        server plays them before it asks again, so the discard is kept and sent then
        (``discard_after_melds``), or dropped when the melds are refused."""
        m = self.model
        if (action.verb == "discard" and not computer and action.seat == m.viewer
                and m.family.staging):
            refusal = super().play(m.family.staging.action())
            if refusal is not None and refusal.held:
                self.then = action
            return refusal
        return super().play(action, origin, computer, confirmed, ask_take)

    def discard_after_melds(self) -> None:
        """The server asks again after the staged melds were played: the discard made with
        them goes now (when it is still a move of this turn)."""
        action, self.then = self.then, None
        m = self.model
        if action is not None and action in m.reads.legal_actions(m.viewer):
            self.apply(action)

    def play_first(self, readings: list[Action], origin=None,
                   ask_take: bool = False) -> tuple[bool, object]:
        """Of a gesture's readings, the first the server listed is sent; with none listed,
        the first goes, and the server's refusal says why (the window judges nothing)."""
        m = self.model
        legal = m.reads.legal_actions(m.viewer) if m.dealing else []
        listed = [a for a in readings if a in legal]
        return super().play_first(listed[:1] or readings[:1], origin, ask_take)


class NetHud(Hud):
    """The table's buttons with Pass in take-back's place (take-back is off at a network
    table): shown while the server asks this seat whether it melds out of turn (LD-10)."""

    def __init__(self, model, do, movelog, optional_open, pass_turn) -> None:
        super().__init__(model, do, movelog)
        self.optional_open = optional_open
        self.pass_turn = pass_turn

    def column_buttons(self):
        return [("pass", t("net.pass"), self.pass_turn) if key == "take_back" else
                (key, label, cb) for key, label, cb in super().column_buttons()]

    def wanted(self, can_act: bool) -> dict[str, bool]:
        return {**super().wanted(can_act), "pass": can_act and self.optional_open()}

    def banner_text(self) -> tuple[str, str]:
        if self.optional_open() and self.model.dealing:
            return t("net.optional.head"), t("net.optional.hint")
        return super().banner_text()


class NetTableScreen(TableScreen):
    def __init__(self, app, session) -> None:
        super().__init__(app, session=session, autosave=False)
        self.flow = NetFlow(self.model, self.do, session)
        self.moves = NetMoves(self.model, self.do, self.presenter, self.info, self.takeback)
        self.net_pace = 0.0
        self.down_shown = False

    def make_hud(self) -> Hud:
        return NetHud(self.model, self.do, self.movelog, self.optional_open, self.pass_turn)

    # ---- Looking and Down's out-of-turn moment (LD-10) -------------------------------------
    def optional_open(self) -> bool:
        """The server asks this seat whether it melds out of turn, and it has not answered."""
        s = self.session
        return s.asked is not None and s.asked.optional and s.sent is None

    def pass_turn(self) -> None:
        """Pass (the button, or N): the turn goes on at once, nobody waits for the time."""
        if self.optional_open():
            self.family.staging.put_back()  # cards staged for a meld not sent go home
            self.session.pass_optional()
            self.version += 1
            self.mark_dirty()

    def process_event(self, event: pygame.event.Event) -> bool:
        if (event.type == pygame.KEYDOWN and event.key == PASS_KEY and self.overlay is None
                and self.dialog is None and self.optional_open()):
            self.pass_turn()
            return True
        return super().process_event(event)

    # ---- names on the plates: the players' own, who is away, whose turn ------------------
    def names(self) -> list[str]:
        s = self.session
        lobby = s.lobby
        kinds = ["human" if seat == s.seat else "computer" for seat in range(self.players)]
        own = [("" if seat == s.seat else n) for seat, n in enumerate(s.names())]
        names = player_names(kinds, own)
        if lobby is not None:
            for seat, info in enumerate(lobby.seats[:self.players]):
                if seat != s.seat and info.taken and not info.connected:
                    names[seat] = t("net.plate_away", name=names[seat])
                elif seat != s.seat and info.taken and info.computer:
                    names[seat] = t("net.plate_computer", name=names[seat])
        return names

    # ---- leaving ---------------------------------------------------------------------------
    def back(self) -> None:
        """Leave? Saying what leaving does here: the host's table closes for everyone; a
        guest's seat is played by a computer until the guest joins again."""
        if self.overlay is not None and self.overlay.closable:
            return self.overlay.close()
        body = t("net.leave.host" if self.session.server is not None else "net.leave.guest")
        Dialog(self, t("leave.title"), body, [(t("leave.stay"), None),
                                              (t("leave.leave"), self.leave_table)],
               default=0)

    def leave_table(self) -> None:
        self.session.close()
        super().leave_table()

    # ---- each frame ------------------------------------------------------------------------
    def next_change(self) -> float | None:
        """The server may speak at any time: look at the connection often."""
        change = super().next_change()
        return NET_POLL if change is None else min(change, NET_POLL)

    def update(self, dt: float) -> None:
        s = self.session
        lobby = s.lobby
        s.pump()
        if s.lobby is not lobby:
            self.mark_dirty()  # a player came or went: the plates change
        for key in s.notices:
            self.presenter.toast(t(key), "info")
        s.notices.clear()
        refusal = s.take_refusal()
        if refusal is not None:
            if s.refused_move.split()[1:2] in (["meld"], ["take"]):
                # staged melds refused: back to the hand, as at one machine (and a discard
                # made with them is not sent)
                self.moves.then = None
                self.family.staging.slide_back()
            self.presenter.show_reason(refusal)
            self.sync_hands()
            self.mark_dirty()
        if s.down is not None and not self.down_shown:
            self.down_shown = True
            Dialog(self, t("net.down.title"), t("net.down.body", reason=s.down.reason),
                   [(t("net.down.look"), None), (t("table.main_menu"), self.leave_table)])
        if self.net_step(dt):
            self.request_frame()
        super().update(dt)

    def catch_up(self) -> None:
        """A (re)joined seat: the deal as it stands, and its move log from the deal's start
        (the server's catchup: every move's events as this seat saw them)."""
        self.deal(None)  # the table as it is now: session.start_deal takes the message
        dealt, moves = self.session.events_so_far()
        self.movelog.told_again(self.model.deal_number, dealt, moves)
        self.presenter.sync_log()

    def net_step(self, dt: float) -> bool:
        """Play what the server said, in order, as the table is ready for it (True when
        something was taken)."""
        s = self.session
        self.net_pace -= dt
        took = False
        while (msg := s.next_message()) is not None:
            if isinstance(msg, DealStart | Catchup):
                # A catchup (back after a lost connection) replaces the deal at once.
                if not self.flow.awaiting_deal and not isinstance(msg, Catchup):
                    return took  # the player looks at the last deal's sheet
                self.flow.awaiting_deal = False
                if self.overlay is not None:
                    self.overlay.close()
                if isinstance(msg, Catchup):
                    self.catch_up()
                else:
                    self.deal(None)  # the table deals: session.start_deal takes the message
                took = True
                continue
            if isinstance(msg, Why):  # the move it explains was played just before
                s.take_message()
                why = s.explanation(msg)
                if why is not None:
                    self.do.note_why(len(s.history) - 1, why)
                took = True
                continue
            if self.animator.busy or self.pointer.drag is not None or self.net_pace > 0:
                return took
            s.take_message()
            took = True
            if isinstance(msg, Events):
                action = s.deliver(msg)
                refusal = self.moves.play(action, computer=True)
                if refusal is not None:  # the server's deal and ours parted: say so once
                    s.down = s.down or _parted(refusal)
                elif action.seat != self.viewer:
                    self.net_pace = PACE * self.speed
                return took
            if isinstance(msg, YourMove):
                s.ask(msg)
                self.version += 1
                self.sync_hands()
                self.mark_dirty()
                if not msg.optional:
                    self.moves.discard_after_melds()
            elif isinstance(msg, DealOver):
                s.deal_over(msg)
                self.mark_dirty()
        return took


def _parted(refusal):
    from game.net.link import LinkDown

    return LinkDown(f"the table's move could not be shown: {refusal.reason}")
