"""The typed public view of one seat in the canasta family: what ``seat`` may know, built
straight from the state for the computer players (no strings to parse back).

It holds exactly what :meth:`CanastaState.observation` holds (that text form is derived from
it): the seat's own hand, the table, card counts, the cards others are known to hold because
they took them with the pile, who discarded what, and the public facts of the turn. Never
another hand, the stock's order, the packet's cards or a down's cards. Cards are card codes
(game.engine.cards), melds small records, the phase an enum. Every container is a tuple, so a view
is immutable and safe to hand to another thread.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING, Any, NamedTuple

from game.engine.actions import format_key
from game.engine.canasta.melds import KIND, kinds_of
from game.engine.canasta.phase import ASK_NO, ASK_YES, DRAW, Phase
from game.engine.cards import RANK, format_card

if TYPE_CHECKING:
    from game.engine.canasta.melds import Meld
    from game.engine.canasta.ruleset import RuleSet
    from game.engine.canasta.state import CanastaState


class MeldView(NamedTuple):
    """A meld on the table: its key (game.engine.actions meld keys), rank (0 the wild meld, 3 black
    threes), cards in the order laid, and the counts the rules look at. (A NamedTuple: built
    for every meld of every view, it is quicker to make than a frozen dataclass.)"""

    key: int
    rank: int
    cards: tuple[int, ...]
    nat: int
    jok: int
    two: int
    red3: int
    natural: bool  # no wild card (a wild meld: clean by the rules' standard)

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def wild(self) -> int:
        return self.jok + self.two

    @property
    def canasta(self) -> bool:
        return self.rank != 3 and len(self.cards) >= 7


class SeatView(NamedTuple):
    """What ``seat`` may know of a canasta-family deal (see the module's docstring). A
    NamedTuple: Hard's playouts build one for every decision, and a tuple is built fastest."""

    rules: str
    players: int
    seat: int
    dealer: int
    turn: int
    to_move: int  # -1 once the deal is over
    phase: Phase
    stock: int
    frozen: bool
    melds: tuple[tuple[MeldView, ...], ...]  # per side
    red_threes: tuple[int, ...]  # per side, how many laid out
    opened: tuple[bool, ...]  # per side
    opening_minimum: tuple[int, ...]  # per side
    hand_counts: tuple[int, ...]  # per seat
    scores_before: tuple[int, ...]  # per side, the match totals before this deal
    drawn: bool  # the player to move has drawn or taken the pile this turn
    asked: int | None  # the partner asked this turn (CA-12, CS-13), or None
    answer: bool | None  # the partner's answer, once given
    hand: tuple[int, ...]  # this seat's cards, sorted
    hand_count: tuple[int, ...]  # this seat's count of each card code (53 entries)
    discard: tuple[int, ...]  # the pile, bottom first
    packet: int  # Canastone: cards left in the packet
    known_hands: tuple[tuple[int, ...], ...]  # per seat, cards known from pile pickups, sorted
    discarded: tuple[tuple[int, ...], ...]  # per seat, its discards this deal in order
    # Looking and Down (None in the other games)
    downs: tuple[int | None, ...] | None = None  # per seat, cards in the down (None: picked up)
    in_down: tuple[bool, ...] | None = None  # per seat, playing from its down
    keeper: int | None = None
    frozen_in_time: tuple[bool, ...] | None = None  # LD-10
    took_pile_last_turn: tuple[bool, ...] | None = None  # LD-9
    # What the table shows besides (public: every seat sees them)
    red_three_cards: tuple[tuple[int, ...], ...] = ()  # per side, the red threes laid out
    turn_no: int = 0  # turns begun this deal
    draw_only: bool = False  # CS-9: the player to move drew two unopened; only a discard is left
    may_open_first: bool = False  # CS-9: the player to move may still open before drawing
    # The same cards counted (the players' count of the unseen cards reads these): the cards
    # face up (the pile, the melds, the red threes laid out) by kind
    # (game.engine.canasta.melds.KIND); this seat's hand by rank (0 jokers, 3 both threes)
    shown_kinds: tuple[int, ...] = ()
    hand_ranks: tuple[int, ...] = ()

    def observation(self) -> dict[str, Any]:
        """The same facts as text (the observation of records, logs and tests)."""
        obs: dict[str, Any] = {
            "rules": self.rules,
            "players": self.players,
            "dealer": self.dealer,
            "turn": self.turn,
            "to_move": self.to_move,
            "phase": self.phase.label,
            "stock": self.stock,
            "frozen": self.frozen,
            "melds": [[_meld_text(m) for m in ms] for ms in self.melds],
            "red_threes": list(self.red_threes),
            "opened": list(self.opened),
            "opening_minimum": list(self.opening_minimum),
            "hand_counts": list(self.hand_counts),
            "scores_before": list(self.scores_before),
            "drawn": self.drawn,
            "asked": self.asked,
            "answer": None if self.answer is None else ("yes" if self.answer else "no"),
            "seat": self.seat,
            "hand": _cards(self.hand),
            "discard": _cards(self.discard),
            "packet": self.packet,
            "known_hands": [sorted(_cards(k)) for k in self.known_hands],
            "discarded": [_cards(d) for d in self.discarded],
        }
        if self.downs is not None:
            obs["downs"] = list(self.downs)
            obs["in_down"] = list(self.in_down or ())
            obs["keeper"] = self.keeper
            obs["frozen_in_time"] = list(self.frozen_in_time or ())
            obs["took_pile_last_turn"] = list(self.took_pile_last_turn or ())
        obs["legal"] = None  # filled by callers that want it; kept out of equality tests
        return obs


def _cards(codes: tuple[int, ...]) -> list[str]:
    return [format_card(c) for c in codes]


def _meld_text(m: MeldView) -> dict[str, Any]:
    key = format_key(m.key)
    return {"key": key, "rank": key.split("#")[0], "cards": _cards(m.cards),
            "canasta": m.canasta, "natural": m.natural}


def counts_of(discard: tuple[int, ...], melds: tuple[tuple[MeldView, ...], ...],
              red_three_cards: tuple[tuple[int, ...], ...], hand: tuple[int, ...]
              ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A view's ``shown_kinds`` and ``hand_ranks`` counted from its cards (a view rebuilt
    elsewhere, as the network's)."""
    shown = kinds_of(discard)
    for r in red_three_cards:
        for c in r:
            shown[KIND[c]] += 1
    for ms in melds:
        for m in ms:
            for c in m.cards:
                shown[KIND[c]] += 1
    ranks = [0] * 14
    for c in hand:
        ranks[RANK[c]] += 1
    return tuple(shown), tuple(ranks)


_PHASES = tuple(Phase)
_ANSWERS = {ASK_YES: True, ASK_NO: False}  # the partner's answer as the view says it
_new = tuple.__new__  # a view built without NamedTuple's Python-level __new__ (every field given)
_CODES = range(53)
# _AT_LEAST[k]: a bytes.translate table marking a count of at least k (a hand's k-th copies,
# picked out in C rather than by a Python call per card code)
_AT_LEAST = tuple(bytes(v >= k for v in range(256)) for k in range(32))


def _show(rules: RuleSet, m: Meld) -> MeldView:
    """A meld's record in the views, kept on the meld until it changes (most melds do not
    change between two decisions: a view does not build them again)."""
    m.shown = MeldView(m.key, m.rank, tuple(m.cards), m.nat, m.jok, m.two, m.red3,
                       m.jok + m.two == 0 if m.rank else rules.wild_meld_clean(m.jok, m.two))
    return m.shown


def seat_view(st: CanastaState, seat: int) -> SeatView:
    """The view of ``seat`` (``CanastaState.view``)."""
    rules = st.rules
    melds = tuple([tuple([m.shown or _show(rules, m) for m in ms]) for ms in st.melds])
    counts = st.hand[seat]
    held = bytes(counts)
    hand = list(compress(_CODES, held))  # each card code held, once
    copies = 2
    while len(hand) < st.hsize[seat]:  # the second (third) copies of a card, in order
        hand += compress(_CODES, held.translate(_AT_LEAST[copies]))
        copies += 1
    if copies > 2:
        hand.sort()
    down = st.down
    scores = st.setup.scores or (0,) * st.nsides
    return _new(SeatView, (  # every field, in order
        rules.name,
        st.players,
        seat,
        st.dealer,
        st.turn,
        st.current_player(),
        _PHASES[st.phase],
        len(st.stock),
        st.frozen,
        melds,
        tuple(map(len, st.red3)),
        tuple(st.opened),
        tuple(st.open_min),
        tuple(st.hsize),
        tuple(scores),
        st.drew or st.took,
        st.ask_partner if st.ask else None,
        _ANSWERS.get(st.ask),
        tuple(hand),
        tuple(counts),
        tuple(st.pile),
        len(st.packet),
        tuple([tuple(sorted(k)) if k else () for k in st.known]),
        tuple(map(tuple, st.discarded)),
        None if down is None else tuple([None if d is None else len(d) for d in down]),
        None if down is None else tuple([d is None for d in down]),
        None if down is None else st.keeper,
        None if down is None else tuple(st.frozen_time),
        None if down is None else tuple(st.took_last),
        tuple(map(tuple, st.red3)),
        st.turn_no,
        st.draw_only,
        (st.phase == DRAW and rules.open_first and not st.opened[st.side[st.turn]]
         and not st.opened_first),
        tuple(st.shown_kinds),
        tuple(st.hrank[seat]),
    ))
