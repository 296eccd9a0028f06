"""Everything the table reads of the deal in progress, in one place, from the engine's public
surface only.

The table draws a :class:`TableView`: the viewer seat's typed view (``state.view(seat)``:
game/engine/canasta/seatview.py, game/engine/cassino/view.py)
and the few public figures the engine works
out for the table (each meld's points, each side's points on the table, Cassino's tallies).
Other seats' hands, the stock, a packet, a down and Cassino's deck are counts there, so the
scene can only draw their backs. :class:`TableReads` answers the table's questions (whose turn,
the phase, a side's opening minimum, Cassino's table cards...) from that view; it asks the state
only through the public methods in :data:`PUBLIC_METHODS` (tests/ui/table/test_table_view.py
holds every other module of game/ui to no state access at all).

The one way to see every hand face up is ``every_hand=True`` (a replay with its hands shown);
a live table never asks for it.
"""

from __future__ import annotations

from typing import NamedTuple

from game.engine.canasta.phase import DRAW
from game.engine.canasta.seatview import SeatView
from game.engine.cassino.view import CassinoView

# The state's methods the table may call (here and nowhere else in game/ui).
PUBLIC_METHODS = frozenset({
    "view", "is_over", "current_player", "turn_count", "actors", "legal_actions", "why_illegal",
    "why_no_reservation", "meld_points", "table_points", "tallies", "breakdown",
    "deal_scores", "events_seen_by", "meld_shortfall", "cards_points",
})


class TableView(NamedTuple):
    """What the table shows of a deal, built once per change of the deal."""

    seat: SeatView | CassinoView  # the viewer's own view
    family: str  # the game's family (GameInfo.family): which of the figures below it has
    over: bool
    meld_points: tuple[tuple[int, ...], ...]  # canasta: per side, each meld's card points
    table_points: tuple[int, ...]  # canasta: per side, its cards on the table so far (CA-15)
    tallies: tuple[dict[str, int], ...]  # Cassino: per side, what it has taken (CN-10)
    every_hand: tuple[tuple[int, ...], ...] | None  # every seat's hand: a replay shown open

    @property
    def cassino(self) -> bool:
        return self.family == "cassino"


def table_view(state, family: str, viewer: int, every_hand: bool = False) -> TableView:
    """The view the table draws for ``viewer`` in a game of ``family`` (GameInfo.family);
    ``every_hand``: every hand face up too (the replay's open hands, nothing else)."""
    seat = state.view(viewer)
    hands = None
    if every_hand:
        hands = tuple(seat.hand if s == viewer else state.view(s).hand
                      for s in range(seat.players))
    if family == "cassino":
        return TableView(seat, family, state.is_over(), (), (),
                         (state.tallies(0), state.tallies(1)), hands)
    return TableView(seat, family, state.is_over(),
                     tuple(tuple(state.meld_points(m) for m in ms) for ms in seat.melds),
                     tuple(state.table_points(side) for side in range(len(seat.melds))),
                     (), hands)


class TableReads:
    """The deal in progress as seat ``viewer`` may read it: ``view`` (a :class:`TableView`)
    and the engine's public questions (legal actions, who may act)."""

    __slots__ = ("_state", "info", "players", "viewer", "view")

    def __init__(self, state, info, players: int, viewer: int, every_hand: bool = False) -> None:
        self._state = state
        self.info = info  # the game's declaration (game.engine.registry): sides and partners
        self.players = players
        self.viewer = viewer
        self.view = table_view(state, info.family, viewer, every_hand)

    @property
    def seat_view(self) -> SeatView | CassinoView:
        return self.view.seat

    # ---- turn ------------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.view.over

    @property
    def current_player(self) -> int:
        return self._state.current_player()

    @property
    def turn(self) -> int:
        return self.view.seat.turn

    @property
    def turn_no(self) -> int:
        return self._state.turn_count()

    @property
    def phase(self) -> int:
        """The canasta family's phase of the turn (game.engine.canasta.phase); -1 in Cassino."""
        return -1 if self.view.cassino else int(self.view.seat.phase)

    def actors(self) -> list[int]:
        """Seats that may act now, the one to move first."""
        return list(self._state.actors())

    def legal_actions(self, seat: int) -> list:
        return self._state.legal_actions(seat)

    def events_seen(self, events: list) -> list:
        """A move's events as the viewer may see them: another seat's hidden cards (a stock
        draw, a packet, a down) as HIDDEN; a table showing every hand sees them whole."""
        if self.view.every_hand is not None:
            return list(events)
        return self._state.events_seen_by(events, self.viewer)

    def why_no_reservation(self, seat: int, card: int, table_cards) -> str | None:
        """Cassino: why no value makes a reservation of ``card`` with ``table_cards``."""
        return self._state.why_no_reservation(seat, card, table_cards)

    # ---- hands -----------------------------------------------------------------------------
    def hand(self, seat: int) -> list[int]:
        """A seat's own cards (the viewer's, or another person's at a pass-and-play table):
        that seat's view of its hand."""
        v = self.view.seat if seat == self.viewer else self._state.view(seat)
        return list(v.hand)

    # ---- scores ----------------------------------------------------------------------------
    def breakdown(self) -> list[dict[str, int]] | None:
        """The finished deal's points per side and part, else None."""
        return self._state.breakdown() if self.view.over else None

    def deal_scores(self) -> list[int] | None:
        return self._state.deal_scores() if self.view.over else None

    # ---- canasta family --------------------------------------------------------------------
    def side(self, seat: int) -> int:
        return self.info.side_of(seat, self.players)

    def opened(self, seat: int) -> bool:
        return bool(self.view.seat.opened[self.side(seat)])

    def open_min(self, seat: int) -> int:
        return self.view.seat.opening_minimum[self.side(seat)]

    def may_open_first(self, seat: int) -> bool:
        """Canastone's choice before drawing: open from the hand first, or draw two (CS-9)."""
        v = self.view.seat
        return v.may_open_first and v.turn == seat and v.phase == DRAW

    def meld_shortfall(self, seat: int, cards):
        """What a group of the seat's cards lacks to be a meld (the engine's answer)."""
        return self._state.meld_shortfall(seat, tuple(cards))

    def cards_points(self, cards) -> int:
        """The card points of a group of cards by the game's card values."""
        return self._state.cards_points(tuple(cards))

    def pile(self) -> list[int]:
        """The discard pile, bottom card first."""
        return list(self.view.seat.discard)

    @property
    def draw_only(self) -> bool:
        return self.view.seat.draw_only

    @property
    def asked(self) -> int:
        """The partner asked for permission to go out (CS-13), or -1."""
        asked = self.view.seat.asked
        return -1 if asked is None else asked

    def partners(self, seat: int) -> list[int]:
        return list(self.info.partners(seat, self.players))

    @property
    def has_downs(self) -> bool:
        """Looking and Down: players with a down may meld out of turn (LD-10)."""
        return self.info.downs

    def frozen_in_time(self, seat: int) -> bool:
        return self.has_downs and bool(self.view.seat.frozen_in_time[seat])

    # ---- Cassino ---------------------------------------------------------------------------
    def reservations(self) -> list[tuple[int, ...]]:
        return [r.cards for r in self.view.seat.reservations]

    def table_cards(self) -> set[int]:
        """Every card on Cassino's table, loose or in a reservation."""
        return set(self.view.seat.loose) | {c for cards in self.reservations() for c in cards}

    def tallies(self, side: int) -> dict[str, int]:
        return self.view.tallies[side]



def table_reads(screen) -> TableReads:
    """``screen.reads``: the table screen's deal as its viewer may read it, built once per
    change of the deal (a move, a new deal, a take-back, a replay's step), not once per
    question or per frame. Only a replay shown open (``open_hands``) sees every hand."""
    session = screen.session
    state = session.state
    every_hand = getattr(screen, "open_hands", False)
    key = (screen.version, len(session.history), screen.viewer, every_hand)
    cached = getattr(screen, "_reads", None)
    if cached is None or cached[0] is not state or cached[1] != key:
        reads = TableReads(state, session.game.info, session.players, screen.viewer,
                           every_hand)
        screen._reads = cached = (state, key, reads)
    return cached[2]
