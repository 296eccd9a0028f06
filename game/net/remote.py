"""A seat at a network table, with the surface the window's table uses of a
:class:`~game.session.GameSession` (issue 31).

The window holds no engine and no other seat's hidden cards: :class:`RemoteState` answers the
table's questions (game.ui.table.reads.PUBLIC_METHODS) from what the server sent this seat (its
view, whose turn, the table's public figures, and the legal actions when the seat is asked),
and :class:`RemoteSession` sends the seat's moves in the record notation through a
:class:`~game.net.link.TableLink`; the server applies them or refuses them with the engine's
reason. The window asks the session each frame for the next thing the server said
(:meth:`RemoteSession.next_message`) and plays it through the table as it plays a local move.
"""

from __future__ import annotations

import queue
from collections import deque
from dataclasses import dataclass

from game.engine.actions import Action, format_action, parse_action
from game.engine.canasta.checking import Shortfall
from game.engine.canasta.seatview import SeatView
from game.engine.registry import get_game
from game.net.link import LinkBack, LinkDown, TableLink
from game.net.messages import (
    Act,
    Applied,
    Catchup,
    DealOver,
    DealStart,
    Error,
    Events,
    Joined,
    Lobby,
    Pass,
    Refused,
    Why,
    YourMove,
)
from game.net.wire import WireError, WireTable, events_from_wire, table_from_wire, why_from_wire
from game.players.base import Decision
from game.session import Refusal


class WireReason(str):
    """A refusal's reason as the server sent it: its English text, and the engine's key and
    parameters for translating it (game.i18n.translate_reason reads ``key`` and ``params``)."""

    key: str | None
    params: dict

    def __new__(cls, text: str, key: str | None = None, params: dict | None = None):
        obj = super().__new__(cls, text)
        obj.key = key
        obj.params = dict(params or {})
        return obj


def local_reason(key: str):
    """A reason of the window's own (``reason.<key>`` in the catalogues), not the engine's."""
    from game.engine.reasons import reason

    return reason(key)


class RemoteState:
    """The deal as this seat was told it: the table's public methods, no engine behind."""

    def __init__(self, rules: str, seat: int, table: WireTable,
                 legal: list[Action] | None = None, options: frozenset[str] = frozenset()
                 ) -> None:
        self.rules = rules
        self.seat = seat
        self.table = table
        self.legal: list[Action] = legal or []
        self.options = options
        self._points = getattr(get_game(rules), "rules", None)
        self._world: object = None  # a deal consistent with the view (meld_shortfall's)

    def view(self, seat: int):
        if seat != self.seat:  # another seat's view never reaches this side
            raise PermissionError("only the seat's own view is known here")
        return self.table.view

    def is_over(self) -> bool:
        return self.table.over

    def current_player(self) -> int:
        return self.table.current

    def turn_count(self) -> int:
        return self.table.turn_count

    def actors(self) -> list[int]:
        return list(self.table.actors)

    def legal_actions(self, seat: int) -> list[Action]:
        return list(self.legal) if seat == self.seat else []

    def meld_points(self, meld) -> int:
        return sum(self._points.points[c] for c in meld.cards) if self._points else 0

    def cards_points(self, cards) -> int:
        return sum(self._points.points[c] for c in cards) if self._points else 0

    def table_points(self, side: int) -> int:
        return self.table.table_points[side]

    def tallies(self, side: int) -> dict[str, int]:
        return self.table.tallies[side]

    def breakdown(self):
        return self.table.breakdown

    def deal_scores(self):
        b = self.table.breakdown
        return None if b is None else [sum(p.values()) for p in b]

    def events_seen_by(self, events: list, seat: int) -> list:
        return list(events)  # the server sent them as this seat sees them

    def meld_shortfall(self, seat: int, cards) -> Shortfall:
        """What a staged group of the seat's cards lacks to stand as a meld by its shape
        (the needs line under a staged meld), as the engine says offline: asked of a deal
        built from this seat's view alone (every card it has not seen dealt at random),
        since the answer reads only the seat's own hand, its side's melds and the rules.
        The server still judges the move when it is sent."""
        if seat != self.seat or not isinstance(self.table.view, SeatView):
            return Shortfall(0, 0, None)
        if self._world is None:
            from game.engine.canasta.worlds import sample_world
            from game.engine.rng import Rng

            self._world = sample_world(self.table.view, Rng(1), self.options,
                                       infer=False) or False
        if self._world is False:
            return Shortfall(0, 0, None)
        return self._world.meld_shortfall(seat, tuple(cards))

    def why_no_reservation(self, seat: int, card: int, table_cards) -> str | None:
        return local_reason("net_ask_server")

    def why_illegal(self, action: Action):
        return None if action in self.legal else local_reason("net_not_listed")


@dataclass
class RemoteMatch:
    """The match as the server reported it."""

    totals: list[int]
    deal_history: list[list[int]]
    deals_played: int = 0
    dealer: int = 0
    keeper: int | None = None
    over: bool = False
    winner: int | None = None

    @property
    def start(self) -> list[int]:
        return [0] * len(self.totals)


class RemoteSession:
    """A window's seat at a network table, with GameSession's surface for the table."""

    remote = True

    def __init__(self, link: TableLink, joined: Joined, lobby: Lobby | None = None) -> None:
        self.link = link
        self.seat = joined.seat
        self.rules = joined.game
        self.game = get_game(joined.game)
        self.players = joined.players
        self.options = frozenset(joined.options)
        self.lobby = lobby
        self.seed = 0  # the deal numbers and seeds stay at the server
        self.number = None
        self.daily = None
        self.position = None
        self.took_back = False
        self.deadline_ms = 1000
        self.bots: dict = {}
        self.history: list[str] = []
        self.state: RemoteState | None = None
        self.scored = False
        nsides = self.game.num_sides(self.players)
        self.match = RemoteMatch([0] * nsides, [])
        self.asked: YourMove | None = None
        self.sent: str | None = None  # the move sent for the question asked, not answered yet
        self.refused: WireReason | None = None  # the server's last refusal, to show
        self.refused_move = ""  # the move it refused (notation), "" for none of ours
        self.down: LinkDown | None = None
        self.notices: list[str] = []  # what the window says in a toast ("connection lost")
        self.server = None  # the host's own server (game.net.hosting): it goes with the host
        self._inbox: deque = deque()
        self._start: DealStart | Catchup | None = None
        self._so_far: tuple[list, list[list]] = ([], [])  # a catchup's events
        self._delivering: tuple[Action, list, WireTable] | None = None

    # ---- what the server said ------------------------------------------------------------
    def pump(self) -> None:
        """Take what the link received (never waits). Lobby changes, answers and refusals
        are read at once; deals, moves and questions wait in order for the table."""
        while True:
            try:
                msg = self.link.inbox.get_nowait()
            except queue.Empty:
                return
            if isinstance(msg, Lobby):
                self.lobby = msg
            elif isinstance(msg, Joined):
                self.seat = msg.seat
            elif isinstance(msg, Refused):
                self.refused_move = self.sent or ""
                self.sent = None
                self.refused = WireReason(msg.reason, msg.key, msg.params)
            elif isinstance(msg, Applied):
                if (msg.text == "pass" and self.asked is not None and self.asked.optional
                        and self.asked.n == msg.n):
                    self.asked = None  # the out-of-turn moment ran out at the server
                # else the move's events follow
            elif isinstance(msg, LinkDown):
                if msg.final:
                    self.down = msg
                else:  # the question is void: the server asks again once the seat is back
                    self.asked = self.sent = None
                    self.notices.append("net.lost")
            elif isinstance(msg, LinkBack):
                self.notices.append("net.back")
            elif isinstance(msg, Error):
                if msg.fatal:
                    self.down = LinkDown(msg.reason)
                else:
                    self.refused = WireReason(msg.reason)
            else:
                self._inbox.append(msg)

    def next_message(self):
        """The next deal start, move, question or deal's end, not taken yet (or None)."""
        return self._inbox[0] if self._inbox else None

    def take_message(self) -> None:
        self._inbox.popleft()

    def take_refusal(self) -> WireReason | None:
        r, self.refused = self.refused, None
        return r

    # ---- applying what the server said ---------------------------------------------------
    def ask(self, msg: YourMove) -> None:
        """The server asks this seat: its view and legal actions (the table's legality)."""
        from game.net.wire import view_from_wire

        self.asked = msg
        self.sent = None
        self.match.totals = list(msg.totals)  # the match so far (a window that rejoined)
        if self.state is not None:
            legal = [parse_action(t) for t in msg.legal]
            self.state = RemoteState(self.rules, self.seat,
                                     self.state.table._replace(view=view_from_wire(msg.view)),
                                     legal, self.options)

    def has_deal(self) -> bool:
        return isinstance(self.next_message(), DealStart | Catchup)

    def start_deal(self, grab=None) -> list:
        """The deal the server dealt (waiting at the head of the messages): its events."""
        msg = self.next_message()
        assert isinstance(msg, DealStart | Catchup), "no deal from the server yet"
        self.take_message()
        self.asked = self.sent = None
        if isinstance(msg, Catchup):  # a rejoin: the deal as it stands, its number
            self.history = list(msg.actions)
            self.match.deals_played = max(self.match.deals_played, msg.deal - 1)
            self._so_far = (events_from_wire([e.model_dump() for e in msg.dealt]),
                            [events_from_wire([e.model_dump() for e in ev])
                             for ev in msg.events])
            events = []
        else:
            self.history = []
            self._so_far = ([], [])
            events = events_from_wire([e.model_dump() for e in msg.events])
        self.state = RemoteState(self.rules, self.seat, table_from_wire(msg.table),
                                 options=self.options)
        self.scored = False
        return events

    def deliver(self, msg: Events) -> Action:
        """An action the server played: the table plays it next (``try_apply`` gives its
        events), returns the action."""
        action = parse_action(msg.action)
        self._delivering = (action, events_from_wire([e.model_dump() for e in msg.events]),
                            table_from_wire(msg.table))
        return action

    def explanation(self, msg: Why):
        """Why a computer at the server made the deal's last move (an Explanation as this
        seat may read it), or None when the frame is not about the last move played here."""
        if msg.seq != len(self.history) or not self.history:
            return None
        try:
            return why_from_wire(msg, self.rules, parse_action(self.history[-1]))
        except (WireError, ValueError):
            return None

    def deal_over(self, msg: DealOver) -> None:
        m = self.match
        m.deal_history.append(list(msg.scores))
        m.totals = list(msg.totals)
        m.deals_played += 1
        m.over = msg.last and msg.winner is not None
        m.winner = msg.winner
        self.scored = True
        if msg.last:
            self.link.forget_token()

    # ---- GameSession's surface ------------------------------------------------------------
    @property
    def setup(self):
        return None

    @property
    def game_over(self) -> bool:
        return self.match.over

    def is_human(self, seat: int) -> bool:
        return seat == self.seat

    def is_computer(self, seat: int) -> bool:
        """A computer at the server plays the seat: nobody took it, or its player is away. Only
        its moves come with an explanation (a why frame); another player's never do."""
        if seat == self.seat:
            return False
        if self.lobby is None or not 0 <= seat < len(self.lobby.seats):
            return True
        info = self.lobby.seats[seat]
        return info.computer or not info.taken

    def names(self) -> list[str]:
        """The names on the plates, as the players gave them ("" for a computer's seat)."""
        if self.lobby is None:
            return [""] * self.players
        return [s.name for s in self.lobby.seats]

    def canasta_is_natural(self, meld) -> bool:
        if meld.rank:
            return meld.jok + meld.two == 0
        return bool(self.game.rules.wild_meld_clean(meld.jok, meld.two))

    def why_illegal(self, action: Action):
        return self.state.why_illegal(action)

    def try_apply(self, action: Action, hold=None) -> list | Refusal:
        """A move the server played (being delivered): its events. The seat's own move:
        sent to the server, and held here (the server's answer comes later: its events, or
        its refusal with the engine's reason); ``hold`` asks first about a listed move."""
        if self._delivering is not None and self._delivering[0] == action:
            _a, events, table = self._delivering
            self._delivering = None
            if action.seat == self.seat:
                self.sent = None
            self.history.append(format_action(action))
            self.state = RemoteState(self.rules, self.seat, table, options=self.options)
            self.asked = None
            return events
        asked = self.asked
        if asked is None or action.seat != self.seat:
            return Refusal(local_reason("net_wait"))
        if self.sent is not None:
            return Refusal(local_reason("net_sent"))
        if hold is not None and action in self.state.legal and hold(action):
            return Refusal()
        text = format_action(action)
        if not self.link.send(Act(n=asked.n, text=text)):
            return Refusal(local_reason("net_offline"))
        self.sent = text
        return Refusal()  # nothing shown: the server's answer follows

    def pass_optional(self) -> None:
        """Let an out-of-turn right (LD-11) pass."""
        if self.asked is not None and self.asked.optional and self.sent is None:
            self.link.send(Pass(n=self.asked.n))
            self.sent = "pass"
            self.asked = None

    def decision(self, seat: int) -> Decision:
        st = self.state
        a = self.asked
        totals = list(a.totals) if a is not None else list(self.match.totals)
        return Decision(self.game, self.players, seat, st.view(seat),
                        st.legal_actions(seat), totals, self.options, self.deadline_ms)

    def bot_move(self, seat: int) -> Action:
        raise RuntimeError("no computer plays at this side of a network table")

    def computer_to_act(self) -> int | None:
        return None

    def events_so_far(self) -> tuple[list, list[list]]:
        """The deal's own events and each action's before this seat (re)joined, as the seat
        sees them (the server's catchup; nothing for a deal seen from its start)."""
        return self._so_far

    def take_back_point(self, seat: int, whole_turns: bool = False) -> int | None:
        return None  # take-back of a move others have seen is off at a network table

    def take_back(self, seat: int, whole_turns: bool = False) -> bool:
        return False

    def can_rewind_to(self, n: int) -> bool:
        return False

    def close(self) -> None:
        self.link.close(join=0.0)
        if self.server is not None:
            self.server.stop()
