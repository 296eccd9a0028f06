"""Cassino (RULES.md section 5, CN-1..CN-11; seed 002).

:data:`CASSINO` is the rules object (:class:`Cassino`); :class:`CassinoState` is one Cassino
*game* (one pass through the deck), the ``DealState`` of this family. ``setup.dealer`` is the seat
that plays first (the record's ``first``).

State, kept lean for playouts (plain ints and lists):

- ``hands[seat]``: card codes in hand; ``loose``: loose table cards in the order they arrived;
- ``res``: reservations (builds), tuples ``(cards, value, owner_seat)``, ``cards`` a tuple with the
  played card first; a seat owns at most one (see docs/cassino.md);
- ``captured[side]`` (side = seat % 2), ``sweeps[side]``, ``last_capture`` (a seat or -1);
- ``passed[seat]``: bit v set when the seat trailed this round while a card of value v could
  have captured from the table (CN-5, CN-8): public, and no card is drawn within a round (CN-3),
  so the computer players' worlds read it (game.engine.cassino.worlds);
- ``deck`` / ``pos``: the cards still to deal are ``deck[pos:]``;
- ``out``: cards out of play, only in hand-made positions (:meth:`CassinoState.from_position`).

Decisions where the book is silent are in docs/cassino.md.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from game.engine.actions import Action, make
from game.engine.base import DealSetup, DealState, Game
from game.engine.cards import RANK, format_card, format_cards, parse_card, parse_cards
from game.engine.cassino.combos import (
    can_split,
    deficit_profiles,
    disjoint_unions,
    subsets_by_sum,
    trim,
)
from game.engine.cassino.view import CassinoView, cassino_view, values_of
from game.engine.errors import IllegalActionError
from game.engine.events import Event
from game.engine.reasons import reason
from game.engine.registry import GAMES
from game.engine.rng import Shuffler

NAME = "cassino"
HAND_SIZE = {2: 4, 4: 6}  # CN-3: cards per player per round
ROUNDS = {2: 6, 4: 2}
TABLE_START = 4
TEN_OF_DIAMONDS = 35  # card(10, DIAMONDS): big cassino
TWO_OF_SPADES = 1  # card(2, SPADES): little cassino
ACES = (0, 13, 26, 39)
# CN-10: the points a card scores by itself (an ace 1, the big cassino 2, the little cassino 1)
CARD_POINTS = tuple((2 if c == TEN_OF_DIAMONDS else 1 if c in ACES or c == TWO_OF_SPADES else 0)
                    for c in range(52))
ALL_CARDS = tuple(range(52))
# On a very crowded table (about 16+ loose cards, only after many trails) one played card can
# have millions of distinct captures. legal_actions then lists at most this many captures per
# played value, and at most this many reservations per played card, declared value and
# reservations taken in; why_illegal still accepts every legal choice (docs/cassino.md).
LIST_LIMIT = 256
BREAKDOWN_KEYS = ("cards", "spades", "ten_of_diamonds", "two_of_spades", "aces", "sweeps")

# (values, v) -> every deficit profile of a few mandatory cards, unpruned (shared by all states).
_PROFILES: dict[tuple[tuple[int, ...], int], list[tuple[tuple[int, ...], int]]] = {}
_ANY_LACK = (1 << 14) - 2
VALUE_BITS = _ANY_LACK  # bits 1..13: the card values (CN-1)


def capture_values(loose: Sequence[int], res: Sequence[tuple[Any, int, int]]) -> int:
    """Bit v set when a card of value v could capture from this table (CN-5): some loose cards
    sum to v (one card of value v among them) or a reservation is worth v.

    >>> bin(capture_values([parse_card("3H"), parse_card("4S")], []))
    '0b10011000'
    """
    reach = 1  # bit t: some loose cards sum to t
    for c in loose:
        reach |= reach << RANK[c]
    bits = reach & VALUE_BITS
    for r in res:
        bits |= 1 << r[1]
    return bits


def _profiles(mvals: tuple[int, ...], v: int, allowed: int,
              memo: dict[tuple[tuple[int, ...], int], set[tuple[int, ...]]]
              ) -> Iterable[tuple[int, ...]]:
    """deficit_profiles(mvals, v, allowed), from a shared cache when the cards are few."""
    if len(mvals) > 4:
        return deficit_profiles(mvals, v, allowed, memo)
    key = (mvals, v)
    profs = _PROFILES.get(key)
    if profs is None:
        if len(_PROFILES) > 100000:
            _PROFILES.clear()
        profs = []
        for p in sorted(deficit_profiles(mvals, v, _ANY_LACK, {})):
            need = 0  # bit d: some group lacks d
            for d in p:
                need |= 1 << d
            profs.append((p, need))
        _PROFILES[key] = profs
    return [p for p, need in profs if need & allowed == need]


def _ev(kind: str, seat: int = -1, cards: tuple[int, ...] = (), info: Any = None) -> Event:
    return tuple.__new__(Event, (kind, seat, cards, info))


def _codes(cards: str | Iterable[int | str]) -> list[int]:
    """Cards given as codes, notation strings, or one string of cards (``"AC 3H"``)."""
    if isinstance(cards, str):
        return parse_cards(cards)
    return [parse_card(c) if isinstance(c, str) else int(c) for c in cards]


class Cassino(Game):
    info = GAMES[NAME]

    def deck(self, options: frozenset[str] = frozenset()) -> list[int]:
        return list(ALL_CARDS)  # CN-1: one 52-card deck, no jokers

    def new_deal(self, setup: DealSetup) -> CassinoState:
        return CassinoState(self, setup)

    def from_position(self, players: int, position: dict[str, Any]) -> CassinoState:
        kw = dict(position)
        state = CassinoState.from_position(
            kw.pop("hands"), kw.pop("table", ()), kw.pop("reservations", ()), **kw)
        if state.players != players:
            raise ValueError("the position's hands do not match the number of players")
        return state


class CassinoState(DealState):
    """One Cassino game, one pass through the deck (CN-3)."""

    __slots__ = (
        "game", "setup", "players", "first", "hand_size", "rounds", "round", "hands", "loose",
        "res", "captured", "sweeps", "last_capture", "deck", "pos", "turn", "over", "out",
        "_scores", "_breakdown", "passed",
    )

    def __init__(self, game: Cassino, setup: DealSetup) -> None:
        n = setup.players
        if n not in HAND_SIZE:
            raise ValueError(f"cassino is played by 2 or 4 players, not {n}")
        self.game = game
        self.setup = setup
        self.players = n
        self.first = setup.dealer
        self.hand_size = HAND_SIZE[n]
        self.rounds = ROUNDS[n]
        self.round = 0
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.res: list[tuple[tuple[int, ...], int, int]] = []  # (cards, value, owner)
        self.captured: list[list[int]] = [[], []]
        self.sweeps = [0, 0]
        self.last_capture = -1
        self.deck = tuple(setup.deck)
        self.loose = list(self.deck[:TABLE_START])  # CN-3: the table's 4 cards first
        self.pos = TABLE_START
        self.turn = self.first
        self.over = False
        self.passed = [0] * n
        self.out: list[int] = []
        self._scores: list[int] = []  # filled when the game is over
        self._breakdown: list[dict[str, int]] = []
        self._deal_round()

    # ----------------------------------------------------------------- hand-made positions

    @classmethod
    def from_position(
        cls,
        hands: Sequence[Any],
        table: Any = (),
        reservations: Iterable[Any] = (),
        *,
        turn: int | None = None,
        first: int = 0,
        captured: Sequence[Any] | None = None,
        sweeps: Sequence[int] | None = None,
        deck: Any = (),
        last_capture: int | None = None,
        options: Iterable[str] = (),
        passed: Sequence[Iterable[int]] | None = None,
    ) -> CassinoState:
        """A state built from a described position (tests, puzzles, saved positions).

        - ``hands``: one entry per seat (2 or 4 seats); each a list of cards or one string.
          Cards are codes or notation (``"AC"``, ``"10D"``); ``"AC 3H"`` is also accepted.
        - ``table``: the loose table cards. ``reservations``: ``(cards, value, owner)`` triples
          (a reservation's owner must hold a card of its value; one per owner).
        - ``turn``: the seat to move (default ``first``); ``first``: the seat that plays first
          in each round (CN-3).
        - ``captured``: per side, cards already captured; ``sweeps``: per side;
          ``last_capture``: the seat that captured last (None: nobody yet).
        - ``deck``: cards still to deal, top first (default none: this is the last round).
          When every hand is empty, the next round is dealt from it as in CN-3.
        - ``passed``: per seat, the values that could have captured when it trailed in this
          round (default none).
        - Cards named nowhere are out of play: public, and nobody scores them.

        Raises ValueError when the position is impossible. :meth:`position` gives the inverse.
        """
        n = len(hands)
        if n not in HAND_SIZE:
            raise ValueError(f"cassino is played by 2 or 4 players, not {n}")
        hand_lists = [_codes(h) for h in hands]
        loose = _codes(table)
        res = []
        for entry in reservations:
            cards, value, owner = entry
            res.append((tuple(_codes(cards)), int(value), int(owner)))
        cap = [_codes(c) for c in captured] if captured is not None else [[], []]
        rest = _codes(deck)
        if len(cap) != 2:
            raise ValueError("captured lists 2 sides")
        placed = [c for h in hand_lists for c in h] + loose + [c for r in res for c in r[0]]
        placed += [c for p in cap for c in p] + rest
        if any(not 0 <= c < 52 for c in placed):
            raise ValueError("cassino uses no jokers")
        if len(set(placed)) != len(placed):
            dup = sorted({c for c in placed if placed.count(c) > 1})
            raise ValueError(f"cards placed twice: {format_cards(dup)}")
        if not 0 <= first < n:
            raise ValueError("first must be one of the seats")
        owners = set()
        for cards, value, owner in res:
            if not 0 <= owner < n:
                raise ValueError("a reservation's owner must be one of the seats")
            if owner in owners:
                raise ValueError(f"seat {owner} owns two reservations")
            owners.add(owner)
            if not can_split([RANK[c] for c in cards], value) or len(cards) < 2:
                raise ValueError(f"{format_cards(cards)} is not a reservation of {value}")
            if not any(RANK[c] == value for c in hand_lists[owner]):
                raise ValueError(f"seat {owner} owns a reservation of {value} without a card of "
                                 f"value {value}")
        game = CASSINO
        setup = DealSetup(
            players=n, deck=tuple(rest), dealer=first, scores=(0, 0),
            options=frozenset(options), extra={"position": True},
        )
        self = cls.__new__(cls)
        self.game = game
        self.setup = setup
        self.players = n
        self.first = first
        self.hand_size = HAND_SIZE[n]
        self.rounds = ROUNDS[n]
        per_round = n * self.hand_size
        self.round = self.rounds - (len(rest) + per_round - 1) // per_round
        self.hands = hand_lists
        self.loose = loose
        self.res = res
        self.captured = cap
        self.sweeps = list(sweeps) if sweeps is not None else [0, 0]
        if last_capture is not None and not 0 <= last_capture < n:
            raise ValueError("last_capture must be one of the seats")
        self.last_capture = -1 if last_capture is None else last_capture
        self.deck = tuple(rest)
        self.pos = 0
        self.over = False
        self.passed = [0] * n
        if passed is not None:
            if len(passed) != n:
                raise ValueError(f"passed lists {n} seats")
            for k, values in enumerate(passed):
                for v in values:
                    if not 1 <= int(v) <= 13:
                        raise ValueError(f"{v} is not a card value")
                    self.passed[k] |= 1 << int(v)
        self._scores = []
        self._breakdown = []
        used = set(placed)
        self.out = [c for c in ALL_CARDS if c not in used]
        self.turn = first if turn is None else turn
        if not 0 <= self.turn < n:
            raise ValueError("turn must be one of the seats")
        if not any(hand_lists):
            events: list[Event] = []
            self._end_of_round(events)
        elif not hand_lists[self.turn]:
            raise ValueError(f"seat {self.turn} is to move but holds no card")
        return self

    def position(self) -> dict[str, Any]:
        """This state as :meth:`from_position` keywords (JSON-friendly, notation strings)."""
        return {
            "hands": [[format_card(c) for c in h] for h in self.hands],
            "table": [format_card(c) for c in self.loose],
            "reservations": [[[format_card(c) for c in cards], v, o] for cards, v, o in self.res],
            "turn": self.turn if self.turn >= 0 else self.first,
            "first": self.first,
            "captured": [[format_card(c) for c in p] for p in self.captured],
            "sweeps": list(self.sweeps),
            "deck": [format_card(c) for c in self.deck[self.pos:]],
            "last_capture": self.last_capture if self.last_capture >= 0 else None,
            "options": sorted(self.setup.options),
            "passed": [list(values_of(bits)) for bits in self.passed],
        }

    # ----------------------------------------------------------------------- the interface

    def current_player(self) -> int:
        return -1 if self.over else self.turn

    def is_over(self) -> bool:
        return self.over

    def owned(self, seat: int) -> tuple[tuple[int, ...], int, int] | None:
        """The reservation ``seat`` must resolve this turn (CN-7), or None.

        A seat owns at most one reservation, and always holds a card of its value (it declared
        the value holding one and has not played since), so it can always capture it."""
        for r in self.res:
            if r[2] == seat:
                for c in self.hands[seat]:
                    if RANK[c] == r[1]:
                        return r
                return None  # only in impossible hand-made positions: no obligation
        return None

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if self.over:
            return []
        if seat is None:
            seat = self.turn
        elif seat != self.turn:
            return []
        hand = self.hands[seat]
        loose = self.loose
        res = self.res
        if not loose and not res:  # CN-8: an empty table forces a trail
            return [make(seat, "trail", ((p,),)) for p in hand]
        vals = [RANK[c] for c in hand]
        top = max(vals)
        by_sum = subsets_by_sum([RANK[c] for c in loose], top)
        nl = len(loose)
        spans = range(nl)
        named: dict[int, tuple[int, ...]] = {}  # mask -> its loose cards

        def cards_of(m: int) -> tuple[int, ...]:
            t = named.get(m)
            if t is None:
                t = named[m] = tuple([loose[j] for j in spans if m >> j & 1])
            return t

        must = self.owned(seat) if res else None
        out: list[Action] = []
        # CN-5 captures: unions of disjoint loose groups worth v, with any reservations of v.
        cap_cache: dict[int, list[tuple[int, ...]]] = {}
        for i, p in enumerate(hand):
            v = vals[i]
            takes = cap_cache.get(v)
            if takes is None:
                takes = []
                rs = [r for r in res if r[1] == v] if res else ()
                if not by_sum[v] and not rs:
                    pass  # nothing worth v on the table
                elif must is None or must[1] == v:
                    masks = sorted(disjoint_unions(by_sum[v], (0,), LIST_LIMIT))
                    for k in range(1 << len(rs)):
                        chosen = [r for j, r in enumerate(rs) if k >> j & 1]
                        if must is not None and must not in chosen:
                            continue
                        extra = tuple([c for r in chosen for c in r[0]])
                        for m in masks:
                            if m or extra:
                                takes.append(cards_of(m) + extra)
                cap_cache[v] = takes
            for t in takes:
                out.append(make(seat, "capture", ((p,), t)))
        # CN-6 reservations: {p} + whole reservations + loose cards, split into groups of v.
        counts = [0] * 14
        for x in vals:
            counts[x] += 1
        held = [x for x in range(1, 14) if counts[x]]
        if not res:
            for i, p in enumerate(hand):
                pv = vals[i]
                for v in held:
                    if v < pv or (v == pv and counts[v] < 2):
                        continue  # CN-6: a card of value v must stay in hand
                    seeds = by_sum[v - pv]
                    if seeds:
                        found = disjoint_unions(by_sum[v], seeds, LIST_LIMIT)
                        found.discard(0)
                        for m in sorted(found):
                            out.append(make(seat, "build", ((p,), cards_of(m)), v))
        else:
            combos = []  # the reservations taken in: (their values, their cards)
            for k in range(1 << len(res)):
                chosen = [r for j, r in enumerate(res) if k >> j & 1]
                if must is not None and must not in chosen:
                    continue
                cards = tuple([c for r in chosen for c in r[0]])
                combos.append(([RANK[c] for c in cards], cards))
            allowed = 0  # bit d: some loose cards are worth d
            for d in range(1, top + 1):
                if by_sum[d]:
                    allowed |= 1 << d
            memo: dict[tuple[tuple[int, ...], int], set[tuple[int, ...]]] = {}
            for i, p in enumerate(hand):
                pv = vals[i]
                for cvals, ccards in combos:
                    mvals = tuple(sorted([pv] + cvals, reverse=True)) if cvals else (pv,)
                    for v in held:
                        if v < mvals[0] or (v == pv and counts[v] < 2):
                            continue  # no card above v; a card of value v must stay in hand
                        if cvals:
                            grown: set[int] = set()
                            for lacks in _profiles(mvals, v, allowed, memo):
                                partial = {0}
                                for d in lacks:
                                    partial = {a | s for a in partial for s in by_sum[d]
                                               if not a & s}
                                    if len(partial) > LIST_LIMIT:
                                        partial = trim(partial, LIST_LIMIT)
                                grown |= partial
                                if len(grown) >= LIST_LIMIT:
                                    break
                            bases: set[int] | list[int] = grown
                        else:
                            bases = by_sum[v - pv]
                        if not bases:
                            continue
                        found = disjoint_unions(by_sum[v], bases, LIST_LIMIT)  # + groups of v
                        if not ccards:
                            found.discard(0)
                        for m in sorted(found):
                            out.append(make(seat, "build", ((p,), cards_of(m) + ccards), v))
        if must is None:  # CN-8: no trail while CN-7 applies
            for p in hand:
                out.append(make(seat, "trail", ((p,),)))
        return out

    def why_illegal(self, action: Action) -> str | None:
        if self.over:
            return reason("deal_over")
        seat, verb, groups, target = action
        if not 0 <= seat < self.players:
            return reason("no_such_seat", seat=seat)
        if seat != self.turn:
            return reason("not_your_turn", seat=seat)
        if verb not in ("trail", "capture", "build"):
            return reason("cassino_verb", verb=verb)
        if not groups or len(groups[0]) != 1:
            return reason("cassino_shape")
        p = groups[0][0]
        hand = self.hands[seat]
        if p not in hand:
            return reason("not_in_hand", cards=format_card(p))
        table = [c for g in groups[1:] for c in g]
        named = [p] + table
        if len(set(named)) != len(named):
            twice = next(c for c in named if named.count(c) > 1)
            return reason("cassino_twice", card=format_card(twice))
        must = self.owned(seat) if self.res else None
        if verb == "trail":
            if table:
                return reason("cassino_trail_one")
            if must is not None:
                return reason("cassino_trail_reserved", cards=format_cards(must[0]), value=must[1])
            return None
        if not table:
            return reason("cassino_take_nothing" if verb == "capture" else "cassino_build_table")
        loose_set = set(self.loose)
        loose_part = []
        hit = []
        for c in table:
            if c in loose_set:
                loose_part.append(c)
                continue
            r = next((r for r in self.res if c in r[0]), None)
            if r is None:
                return reason("cassino_not_on_table", card=format_card(c))
            if r not in hit:
                hit.append(r)
        tset = set(table)
        for r in hit:
            if not tset.issuperset(r[0]):
                return reason("cassino_split", cards=format_cards(r[0]))
        if verb == "capture":
            v = RANK[p]
            for r in hit:
                if r[1] != v:
                    return reason("cassino_reserved_value", cards=format_cards(r[0]), value=r[1],
                                  card=format_card(p))
            if loose_part and not can_split([RANK[c] for c in loose_part], v):
                return reason("cassino_capture_sum", cards=format_cards(loose_part), value=v,
                              card=format_card(p))
        else:
            v = target
            if not 1 <= v <= 13:
                return reason("cassino_build_value")
            rest = list(hand)
            rest.remove(p)
            if not any(RANK[c] == v for c in rest):
                return reason("cassino_build_keep", value=v, card=format_card(p))
            if not can_split([RANK[c] for c in named], v):
                return reason("cassino_build_sum", cards=format_cards(named), value=v)
        if must is not None and must not in hit:
            return reason("cassino_must_resolve", cards=format_cards(must[0]), value=must[1])
        return None

    def why_no_reservation(self, seat: int, card: int, table_cards: Sequence[int]) -> str | None:
        """Why ``card`` with ``table_cards`` makes no reservation whatever value is declared
        (CN-6), for a player who has not named one; None when some value is legal.

        The reason is the one for the value these cards make: their total when it is 13 or
        less, else the largest value they split into; cards that split into no value are
        said to (naming a guessed value refused 15 as "To declare 13...")."""
        table = tuple(table_cards)
        refusals: dict[int, str] = {}
        for v in range(1, 14):
            why = self.why_illegal(make(seat, "build", ((card,), table), v))
            if why is None:
                return None
            refusals[v] = why
        ranks = [RANK[c] for c in (card, *table)]
        total = sum(ranks)
        if total <= 13:
            return refusals[total]
        splits = [v for v in range(1, 14) if can_split(ranks, v)]
        if splits:
            return refusals[max(splits)]
        if getattr(refusals[13], "key", None) not in ("cassino_build_keep", "cassino_build_sum"):
            return refusals[13]  # refused before any value counts (a card not on the table...)
        return reason("cassino_build_total", cards=format_cards((card, *table)), total=total)

    def apply(self, action: Action, *, validate: bool = True) -> list[Event]:
        if validate:
            why = self.why_illegal(action)
            if why is not None:
                raise IllegalActionError(why)
        seat, verb, groups, target = action
        p = groups[0][0]
        self.hands[seat].remove(p)
        if verb == "trail":
            if self.loose or self.res:
                self.passed[seat] |= capture_values(self.loose, self.res)
            self.loose.append(p)
            events = [_ev("trail", seat, (p,))]
        else:
            taken = tuple([c for g in groups[1:] for c in g])
            overridden = []
            if self.res:
                ts = set(taken)
                keep = []
                for r in self.res:
                    if r[0][0] in ts:
                        overridden.append(r[2])
                    else:
                        keep.append(r)
                self.res = keep
                self.loose = [c for c in self.loose if c not in ts]
            else:
                loose = self.loose
                for c in taken:
                    loose.remove(c)
            if verb == "capture":
                side = seat % 2
                pile = self.captured[side]
                pile.append(p)
                pile.extend(taken)
                self.last_capture = seat
                events = [_ev("capture", seat, (p,) + taken, RANK[p])]
                if not self.loose and not self.res:  # CN-9 sweep
                    self.sweeps[side] += 1
                    events.append(_ev("sweep", seat, (), side))
            else:
                cards = (p,) + taken
                self.res.append((cards, target, seat))
                events = [_ev("build", seat, cards, {"value": target, "overrides": overridden})]
        self._advance(seat, events)
        return events

    # ------------------------------------------------------------------------- the flow

    def _advance(self, seat: int, events: list[Event]) -> None:
        hands = self.hands
        n = self.players
        for k in range(1, n + 1):
            s = (seat + k) % n
            if hands[s]:
                self.turn = s
                events.append(_ev("turn", s))
                return
        self._end_of_round(events)

    def _end_of_round(self, events: list[Event]) -> None:
        """Every hand is empty: deal the next round (CN-3), or end the game (CN-9)."""
        if self.pos < len(self.deck):
            self._deal_round()
            events.append(_ev("deal", -1, (), self.round))
            events.append(_ev("turn", self.turn))
            return
        leftover = self.loose + [c for r in self.res for c in r[0]]
        if leftover and self.last_capture >= 0:  # CN-9: not a sweep
            self.captured[self.last_capture % 2].extend(leftover)
            self.loose = []
            self.res = []
            events.append(_ev("collect", self.last_capture, tuple(leftover),
                              self.last_capture % 2))
        self.over = True
        self.turn = -1
        self._score()
        events.append(_ev("deal_over", -1, (), list(self._scores)))

    def _deal_round(self) -> None:
        """Hands one card at a time, starting with the first player (CN-3, G-5)."""
        n = self.players
        deck = self.deck
        pos = self.pos
        hands = self.hands
        end = len(deck)
        for _ in range(self.hand_size):
            for k in range(n):
                if pos < end:
                    hands[(self.first + k) % n].append(deck[pos])
                    pos += 1
        self.pos = pos
        self.round += 1
        self.passed = [0] * n  # new hands (CN-3)
        turn = self.first
        while not hands[turn]:  # only with a short deck in a hand-made position
            turn = (turn + 1) % n
        self.turn = turn

    def tallies(self, side: int) -> dict[str, int]:
        """What a side has taken so far, the counts behind CN-10's points: cards, spades,
        aces, the big and little cassinos (1 if taken) and sweeps; keys as ``breakdown``."""
        pile = self.captured[side]
        taken = set(pile)
        return {
            "cards": len(pile),
            "spades": sum(1 for c in pile if c < 13),
            "ten_of_diamonds": int(TEN_OF_DIAMONDS in taken),
            "two_of_spades": int(TWO_OF_SPADES in taken),
            "aces": sum(1 for a in ACES if a in taken),
            "sweeps": self.sweeps[side],
        }

    def _score(self) -> None:
        """CN-10."""
        tally = [self.tallies(0), self.tallies(1)]
        bd = []
        for s in range(2):
            mine, theirs = tally[s], tally[1 - s]
            bd.append({
                "cards": 3 if mine["cards"] > theirs["cards"] else 0,
                "spades": 1 if mine["spades"] > theirs["spades"] else 0,
                "ten_of_diamonds": 2 * mine["ten_of_diamonds"],
                "two_of_spades": mine["two_of_spades"],
                "aces": mine["aces"],
                "sweeps": mine["sweeps"],
            })
        self._breakdown = bd
        self._scores = [sum(d.values()) for d in bd]

    def deal_scores(self) -> list[int] | None:
        return list(self._scores) if self.over else None

    def breakdown(self) -> list[dict[str, int]] | None:
        return [dict(d) for d in self._breakdown] if self.over else None

    # ------------------------------------------------------------------------ copies, views

    def clone(self) -> CassinoState:
        c = CassinoState.__new__(CassinoState)
        c.game = self.game
        c.setup = self.setup
        c.players = self.players
        c.first = self.first
        c.hand_size = self.hand_size
        c.rounds = self.rounds
        c.round = self.round
        c.hands = [h[:] for h in self.hands]
        c.loose = self.loose[:]
        c.res = self.res[:]
        c.captured = [self.captured[0][:], self.captured[1][:]]
        c.sweeps = self.sweeps[:]
        c.last_capture = self.last_capture
        c.deck = self.deck
        c.pos = self.pos
        c.turn = self.turn
        c.over = self.over
        c.out = self.out
        c._scores = self._scores
        c._breakdown = self._breakdown
        c.passed = self.passed[:]
        return c

    def _table_view(self, fmt: Callable[[int], Any]) -> dict[str, Any]:
        return {
            "loose": [fmt(c) for c in self.loose],
            "reservations": [
                {"cards": [fmt(c) for c in cards], "value": v, "owner": o}
                for cards, v, o in self.res
            ],
        }

    def view(self, seat: int) -> CassinoView:
        """What ``seat`` knows, typed (game.engine.cassino.view): its hand, the open table,
        everything captured so far, counts of the other hands and of the deck."""
        return cassino_view(self, seat)

    @staticmethod
    def sample_world(view: CassinoView, rng: Shuffler, infer: bool = True) -> CassinoState:
        """A game consistent with ``view``: the cards the seat has not seen dealt at random with
        ``rng`` to the other hands and the deck (game.engine.cassino.worlds; ``infer``: read the
        seats' trails)."""
        from game.engine.cassino.worlds import sample_world

        return sample_world(view, rng, infer)

    def observation(self, seat: int) -> dict[str, Any]:
        """The seat's view as a dict of card codes; ``unseen`` = cards in other hands or
        still in the deck."""
        return self.view(seat).observation()

    def summary(self) -> dict[str, Any]:
        """NOTATION.md replay ``state`` for Cassino."""
        return {
            "hands": [[format_card(c) for c in h] for h in self.hands],
            "table": self._table_view(format_card),
            "captured": [len(p) for p in self.captured],
            "sweeps": list(self.sweeps),
            "stock": len(self.deck) - self.pos,
            "round": self.round,
            "rounds": self.rounds,
            "first": self.first,
            "last_capture": self.last_capture if self.last_capture >= 0 else None,
        }

    def check_invariants(self) -> list[str]:
        problems = []
        places = [c for h in self.hands for c in h] + self.loose
        places += [c for r in self.res for c in r[0]]
        places += [c for p in self.captured for c in p] + list(self.deck[self.pos:]) + self.out
        if sorted(places) != list(ALL_CARDS):
            missing = sorted(set(ALL_CARDS) - set(places))
            extra = sorted({c for c in places if places.count(c) > 1 or not 0 <= c < 52})
            problems.append(f"cards not accounted for: missing {format_cards(missing)}; "
                            f"repeated or foreign {format_cards(extra)}")
        owners = [r[2] for r in self.res]
        if len(set(owners)) != len(owners):
            problems.append("a seat owns two reservations")
        for cards, v, o in self.res:
            if not can_split([RANK[c] for c in cards], v):
                problems.append(f"reservation {format_cards(cards)} does not split into {v}s")
            if not any(RANK[c] == v for c in self.hands[o]):
                problems.append(f"seat {o} owns a reservation of {v} without a card of {v}")
        if any(len(h) > self.hand_size for h in self.hands):
            problems.append("a hand holds more cards than a round deals")
        if self.over:
            if any(self.hands) or self.pos < len(self.deck):
                problems.append("the game ended with cards in hand or in the deck")
            if self.last_capture >= 0 and (self.loose or self.res):
                problems.append("the table was not collected by the last capturer")
            total = sum(self._scores)
            expected = 11 + sum(self.sweeps)
            if not self.out and self.last_capture >= 0:
                # Every card captured: 13 spades cannot tie; 52 cards can (26 each: no 3).
                if len(self.captured[0]) == len(self.captured[1]):
                    expected -= 3
                if total != expected:
                    problems.append(f"points sum to {total}, expected {expected}")
            elif total > expected:
                problems.append(f"points sum to {total}, more than {expected}")
        elif not self.hands[self.turn]:
            problems.append(f"seat {self.turn} is to move with an empty hand")
        return problems


CASSINO = Cassino()
