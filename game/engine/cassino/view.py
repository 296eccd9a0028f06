"""The typed public view of one Cassino seat, built straight from the state for the computer
players: exactly what :meth:`CassinoState.observation` holds (that dict is derived from it).

Its hand, the open table, everything captured so far (every captured card was shown face up
on the way), the cards out of play, counts of the other hands and of the deck, and the cards it
has not seen (in other hands or still in the deck, as one sorted list: never where they are),
and per seat the values that could have captured when it trailed this round (``passed``).
Cards are card codes (game.engine.cards); every container is a tuple, so a view is immutable.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from game.engine.cassino.game import CassinoState


def values_of(bits: int) -> tuple[int, ...]:
    """The card values (1..13) whose bits are set: ``passed`` as the state keeps it.

    >>> values_of(0b10011000)
    (3, 4, 7)
    """
    return tuple(v for v in range(1, 14) if bits >> v & 1)


class ReservationView(NamedTuple):
    """A reservation on the table (CN-6): its cards, its value and the seat that owns it."""

    cards: tuple[int, ...]
    value: int
    owner: int


@dataclass(slots=True, frozen=True)
class CassinoView:
    players: int
    seat: int
    first: int  # the seat that plays first in each round (CN-3)
    turn: int  # -1 once the game is over
    round: int
    rounds: int
    over: bool
    hand: tuple[int, ...]
    hand_counts: tuple[int, ...]  # per seat
    loose: tuple[int, ...]  # the table's loose cards
    reservations: tuple[ReservationView, ...]
    must_resolve: bool  # this seat owns a reservation it must take this turn (CN-7)
    deck: int  # cards still to deal
    captured: tuple[tuple[int, ...], ...]  # per side
    sweeps: tuple[int, ...]  # per side
    last_capture: int | None  # the seat that captured last
    out: tuple[int, ...]  # out of play (hand-made positions)
    unseen: tuple[int, ...]  # in other hands or in the deck, sorted
    # per seat, the values (1..13) a card could have captured with when that seat trailed in
    # this round (CN-5, CN-8); a seat that trails past a capture rarely holds such a card
    passed: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...] | None  # per side, once the game is over

    @property
    def side(self) -> int:
        return self.seat % 2

    def observation(self) -> dict[str, Any]:
        """The same facts as a JSON-friendly dict (records, logs, tests)."""
        return {
            "game": "cassino",
            "players": self.players,
            "seat": self.seat,
            "side": self.side,
            "first": self.first,
            "turn": self.turn,
            "round": self.round,
            "rounds": self.rounds,
            "over": self.over,
            "hand": list(self.hand),
            "hand_counts": list(self.hand_counts),
            "table": {"loose": list(self.loose),
                      "reservations": [{"cards": list(r.cards), "value": r.value,
                                        "owner": r.owner} for r in self.reservations]},
            "must_resolve": self.must_resolve,
            "deck": self.deck,
            "captured_counts": [len(p) for p in self.captured],
            "captured": [list(p) for p in self.captured],
            "sweeps": list(self.sweeps),
            "last_capture": self.last_capture,
            "out": list(self.out),
            "unseen": list(self.unseen),
            "passed": [list(v) for v in self.passed],
            "scores": None if self.scores is None else list(self.scores),
        }


def cassino_view(st: CassinoState, seat: int) -> CassinoView:
    """The view of ``seat`` (``CassinoState.view``)."""
    hidden = [c for s, h in enumerate(st.hands) if s != seat for c in h]
    hidden += st.deck[st.pos:]
    scores = st.deal_scores()
    return CassinoView(
        players=st.players,
        seat=seat,
        first=st.first,
        turn=st.current_player(),
        round=st.round,
        rounds=st.rounds,
        over=st.over,
        hand=tuple(st.hands[seat]),
        hand_counts=tuple(len(h) for h in st.hands),
        loose=tuple(st.loose),
        reservations=tuple(ReservationView(tuple(cards), v, o) for cards, v, o in st.res),
        must_resolve=st.owned(seat) is not None if st.res else False,
        deck=len(st.deck) - st.pos,
        captured=tuple(tuple(p) for p in st.captured),
        sweeps=tuple(st.sweeps),
        last_capture=st.last_capture if st.last_capture >= 0 else None,
        out=tuple(st.out),
        unseen=tuple(sorted(hidden)),
        passed=tuple(values_of(bits) for bits in st.passed),
        scores=None if scores is None else tuple(scores),
    )
