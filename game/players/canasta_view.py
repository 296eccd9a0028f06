"""What a canasta-family computer player reads from its seat's view, in handy form.

:class:`CanastaView` wraps the typed view of the seat (``Decision.view``, never the state) with
counts: the seat's hand, every side's melds, the pile, the cards others are known to hold, and
what is still unseen from this seat (everything not in its hand, not on the table and not known
to be in another hand). Rule facts come from the game's :class:`RuleSet` (static data).

Also here: the small probability helpers (hypergeometric odds that an opponent holds a pair) and
a rank-count meld planner that says whether a hand can be melded out (going out, or in Looking
and Down emptying the looking).
"""

from __future__ import annotations

from functools import lru_cache
from math import comb
from operator import sub

from game.engine.base import Game
from game.engine.canasta.melds import KIND, count_kinds
from game.engine.canasta.ruleset import BLACK_THREES, NATURAL_RANKS
from game.engine.canasta.seatview import MeldView, SeatView, counts_of
from game.engine.cards import JOKER, RANK

WILD_KEY = 0
# Per (game, players, seat, options): what a view takes from the rules (static facts).
_SEAT_FACTS: dict[tuple, tuple] = {}


def _seat_facts(game: Game, n: int, me: int, options: frozenset[str]) -> tuple:
    rules = game.rules
    side_of = [rules.side_of(s, n) for s in range(n)]
    side = side_of[me]
    deck = rules.deck_codes_for(n)
    counts = [0] * 53
    for c in deck:
        counts[c] += 1
    facts = (game, rules, rules.name, rules.sides(n), side_of, side, rules.partners(me, n),
             [s for s in range(n) if side_of[s] != side], (me + 1) % n,
             rules.deals_downs,
             rules.draw_for(n, options), rules.canastas_needed(n, options),
             rules.target_for(options), rules.points, counts, _slot_counts(counts))
    _SEAT_FACTS[(game.name, n, me, options)] = facts
    return facts


# SLOT[c]: where card code c is counted by rank: 0 jokers, 1..13 the rank (3: black threes),
# 14 the red threes (the engine's kinds, as the views count the cards shown).
SLOT = KIND


def _slot_counts(counts: list[int]) -> list[int]:
    """Card counts per :data:`SLOT` (a deck's, from its counts per code)."""
    out = [0] * 15
    for c, k in enumerate(counts):
        out[SLOT[c]] += k
    return out


# WILD[c]: card code c is a wild card (a joker or a two); a table, read in the hot loops.
WILD = tuple(c == JOKER or RANK[c] == 2 for c in range(53))


def is_wild(c: int) -> bool:
    return WILD[c]


class MeldInfo:
    """A meld as counts: key, rank (0 wild meld, 3 black threes), naturals, jokers, twos, red
    threes (Looking and Down's eighth card)."""

    __slots__ = ("key", "rank", "nat", "jok", "two", "red3")

    def __init__(self, key: int, rank: int, nat=0, jok=0, two=0, red3=0) -> None:
        self.key, self.rank = key, rank
        self.nat, self.jok, self.two, self.red3 = nat, jok, two, red3

    @property
    def wild(self) -> int:
        return self.jok + self.two

    @property
    def size(self) -> int:
        return self.nat + self.jok + self.two + self.red3

    def copy(self) -> MeldInfo:
        return MeldInfo(self.key, self.rank, self.nat, self.jok, self.two, self.red3)

    @classmethod
    def of(cls, m: MeldInfo | MeldView) -> MeldInfo:
        """A changeable copy of a meld (of the view's, or of one planned)."""
        return cls(m.key, m.rank, m.nat, m.jok, m.two, m.red3)

    def add(self, cards) -> None:
        self.nat, self.jok, self.two, self.red3 = count_kinds(
            cards, self.rank, self.nat, self.jok, self.two, self.red3)


# A side's melds by key: the view's records, or the planners' changeable copies.
Melds = dict[int, "MeldInfo | MeldView"]


@lru_cache(maxsize=65536)
def p_at_least(total: int, good: int, draws: int, need: int) -> float:
    """P(X >= need), X hypergeometric: ``draws`` cards from ``total`` of which ``good`` good."""
    if need <= 0:
        return 1.0
    if draws <= 0 or good <= 0 or total <= 0:
        return 0.0
    draws = min(draws, total)
    den = comb(total, draws)
    p = 0.0
    good = min(good, total)
    for k in range(min(need, draws + 1)):
        if k > good or draws - k > total - good:
            continue
        p += comb(good, k) * comb(total - good, draws - k)
    return max(0.0, 1.0 - p / den)


@lru_cache(maxsize=65536)
def p_pair_or_wild(total: int, nat: int, wild: int, draws: int, known_nat: int) -> float:
    """P(natural pair, or one natural and one wild card) in a hand of ``draws`` unknown cards
    plus ``known_nat`` known naturals."""
    if known_nat >= 2:
        return 1.0
    if draws <= 0 or total <= 0:
        return 0.0
    draws = min(draws, total)
    den = comb(total, draws)
    if known_nat == 1:
        # fail only with no natural and no wild among the unknown cards
        return 1.0 - comb(total - nat - wild, draws) / den if total - nat - wild >= 0 else 1.0
    # fail: 0 naturals; or exactly 1 natural and 0 wild
    p0 = comb(total - nat, draws) / den
    p1 = nat * comb(total - nat - wild, draws - 1) / den if total - nat - wild >= 0 else 0.0
    return max(0.0, 1.0 - p0 - p1)


class CanastaView:
    """One seat's typed view (``decision.view``, game.engine.canasta.seatview) with the counts and
    rule facts the canasta-family players work with."""

    def __init__(self, decision) -> None:
        view: SeatView = decision.view
        self.view = view
        self.decision = decision
        n = self.players = decision.players
        self.seat = me = decision.seat
        self.options = decision.options
        facts = _SEAT_FACTS.get((decision.rules, n, me, decision.options))
        if facts is None:
            facts = _seat_facts(decision.game, n, me, decision.options)
        (self.game, self.rules, self.name, self.nsides, self.side_of, self.side, self.partners,
         self.opponents, self.next_seat, self.ld, self.draw_n, self.needed, self.target,
         self.points, self._deck, self._deck_slots) = facts
        self.phase = view.phase
        self.hand = list(view.hand)
        self.hcount = list(view.hand_count)
        # the hand by rank, as the state keeps it (the planners read the ranks that form melds)
        self.ranks = view.hand_ranks or _ranks_of(self.hcount)
        self.pile = list(view.discard)
        self.top = self.pile[-1] if self.pile else -1
        self.frozen = view.frozen
        self.stock = view.stock
        self.packet = view.packet
        self.opened = view.opened
        self.open_min = view.opening_minimum
        self.hand_counts = view.hand_counts
        self.red_threes = view.red_threes
        self.scores_before = list(view.scores_before) or [0] * self.nsides
        self.asked = view.asked
        self.answer = view.answer  # partner's answer: True yes, False no, None not given
        self.known = view.known_hands
        # per side, key -> meld: the view's own records (MeldInfo.of gives a copy to change)
        self.melds: list[Melds] = [
            {m.key: m for m in side_melds} for side_melds in view.melds]
        self.in_down = view.in_down
        self.downs = view.downs
        self.frozen_in_time = view.frozen_in_time
        self.discarded = view.discarded  # each seat's, public
        self._disc_ranks: dict[int, set[int]] = {}
        self._canastas: dict[int, tuple[int, int, bool]] = {}  # per side, of self.melds
        self.memo: dict = {}  # the heuristics' figures that depend only on this view
        self._takers: dict[int, dict[int, MeldInfo | MeldView]] = {}  # meld_of_rank's
        self.totals = list(decision.totals) if decision.totals else list(self.scores_before)
        self._unseen_counts: tuple[list[int], int, int, int] | None = None

    # What this seat has not seen, counted when first asked (many decisions never ask).
    def unseen(self) -> tuple[list[int], int, int, int]:
        """(per rank: 0 jokers, 2 twos, 3 black threes; red threes; the total, at least 1;
        wild cards) of the cards this seat has not seen."""
        return self._unseen_counts or self._unseen()

    @property
    def unseen_rank(self) -> list[int]:
        return self.unseen()[0]

    @property
    def unseen_red3(self) -> int:
        return self.unseen()[1]

    @property
    def unseen_total(self) -> int:
        return self.unseen()[2]

    @property
    def unseen_wild(self) -> int:
        return self.unseen()[3]

    # ---- counting ----------------------------------------------------------------------------
    def _unseen(self) -> tuple[list[int], int, int, int]:
        # per kind (SLOT: 0 jokers, 2 twos, 3 black threes, 14 red threes): the decks' less
        # the cards face up (the pile, the melds, the red threes laid out: the view counts
        # them by kind; a meld's naturals and twos may be of any suit, so only the kind is
        # known), the hand's by rank and others' known cards one by one
        view = self.view
        shown, ranks = (view.shown_kinds, view.hand_ranks) if view.shown_kinds else counts_of(
            view.discard, view.melds, view.red_three_cards, view.hand)
        left = list(map(sub, self._deck_slots, shown))
        left[:14] = map(sub, left, ranks)
        h = self.hcount
        reds = h[15] + h[28]
        if reds:  # the hand's ranks count red threes with the black ones
            left[3] += reds
            left[14] -= reds
        slot = SLOT
        for s, k in enumerate(self.known):
            if s != self.seat:
                for c in k:
                    left[slot[c]] -= 1
        red = left[14]
        by_rank = left[:14]
        if min(by_rank) < 0:
            by_rank = [k if k > 0 else 0 for k in by_rank]
        red = max(0, red)
        self._unseen_counts = (by_rank, red, max(1, sum(by_rank) + red), by_rank[0] + by_rank[2])
        return self._unseen_counts

    def hand_rank(self, r: int) -> int:
        """Naturals of rank r in hand (r = 3: black threes)."""
        h = self.hcount
        if r == 3:
            return h[2] + h[41]
        return h[r - 1] + h[r + 12] + h[r + 25] + h[r + 38]

    def discarded_rank(self, seat: int, r: int) -> bool:
        """Whether ``seat`` has discarded a natural of rank ``r`` this deal."""
        d = self.discarded[seat]
        if not d:
            return False
        got = self._disc_ranks.get(seat)
        if got is None:
            got = self._disc_ranks[seat] = {RANK[c] for c in d}
        return r in got

    def baited(self, seat: int) -> bool:
        """Whether ``seat`` has thrown a natural of a rank its side has melded: a rank it threw
        and later took or melded, so it held more of it than it showed (public: the discards
        and the melds)."""
        got = self.memo.get(("baited", seat))
        if got is None:
            d = self.discarded[seat]
            melded = {m.rank for m in self.view.melds[self.side_of[seat]]} if d else ()
            got = self.memo[("baited", seat)] = any(
                RANK[c] in melded for c in d if c != JOKER and RANK[c] not in (2, 3))
        return got

    def hand_wilds(self) -> tuple[int, int]:
        h = self.hcount
        return h[JOKER], h[1] + h[14] + h[27] + h[40]

    def my_melds(self) -> Melds:
        """The melds this seat may add to (its side's; in Looking and Down its own)."""
        return self.melds[self.side]

    def pile_gain(self) -> tuple[int, int]:
        """Of the cards under the pile's top: (how many fit the side's melds, how many are
        wild): what a take brings, for the take reasons of the heuristic and the hints."""
        gained = self.pile[:-1]
        fit = sum(1 for c in gained if not is_wild(c) and RANK[c] != 3
                  and self.meld_of_rank(self.side, RANK[c]) is not None)
        return fit, sum(1 for c in gained if is_wild(c))

    def meld_of_rank(self, side: int, r: int) -> MeldInfo | MeldView | None:
        """The side's first meld of rank ``r`` that still takes naturals, if any."""
        takers = self._takers.get(side)
        if takers is None:
            takers = self._takers[side] = {}
            for m in self.melds[side].values():
                if self.accepts(m):
                    takers.setdefault(m.rank, m)
        return takers.get(r)

    def accepts(self, m: MeldInfo) -> bool:
        """Whether natural cards can still be added to the meld."""
        if self.rules.canasta_closed and m.size >= 7:
            return False
        return m.rank != 3

    def canastas(self, side: int, melds=None) -> tuple[int, int, bool]:
        """(clean canastas, dirty canastas, a short wild meld) of a side, or of ``melds``."""
        if melds is None:
            got = self._canastas.get(side)
            if got is None:
                got = self._canastas[side] = self._count_canastas(self.melds[side])
            return got
        return self._count_canastas(melds)

    def _count_canastas(self, melds: Melds) -> tuple[int, int, bool]:
        clean = dirty = 0
        short = False
        for m in melds.values():  # canasta_kind's figures, read inline (every decision)
            rank = m.rank
            if m.size < 7:
                if rank == 0:
                    short = True
            elif rank == 3:
                continue
            elif rank == 0:
                if self.rules.wild_meld_clean(m.jok, m.two):
                    clean += 1
                else:
                    dirty += 1
            elif m.jok or m.two:
                dirty += 1
            else:
                clean += 1
        return clean, dirty, short

    def canasta_kind(self, m: MeldInfo | MeldView) -> tuple[int, int]:
        """(1, 0) for a clean canasta, (0, 1) for a dirty one, else (0, 0)."""
        if m.size < 7 or m.rank == 3:
            return 0, 0
        if m.rank == 0:
            return (1, 0) if self.rules.wild_meld_clean(m.jok, m.two) else (0, 1)
        return (0, 1) if m.wild else (1, 0)

    def may_go_out(self, side: int, melds=None) -> bool:
        """Whether the side's melds (or ``melds``) let it go out."""
        if melds is None:
            got = self.memo.get(("out", side))
            if got is None:
                got = self.memo[("out", side)] = self._may_go_out(self.canastas(side))
            return got
        return self._may_go_out(self.canastas(side, melds))

    def _may_go_out(self, counted: tuple[int, int, bool]) -> bool:
        clean, dirty, short = counted
        return self.rules.going_out_allowed(clean, dirty, clean + dirty, self.needed, short,
                                            self.options)

    def table_value(self, side: int) -> int:
        """Points a side has on the table: melded cards, canasta bonuses, red threes."""
        rules = self.rules
        total = 0
        for m in self.melds[side].values():
            total += meld_points(rules, m)
            if m.rank != 3 and m.size >= 7:
                total += rules.canasta_bonus(m)
        red = self.red_threes[side] if side < len(self.red_threes) else 0
        if red:
            clean, dirty, _ = self.canastas(side)
            total += rules.red_three_score(red, self.opened[side], clean, dirty)
        return total

    def seat_side_melds(self, seat: int) -> Melds:
        return self.melds[self.side_of[seat]]


# ---- the meld planner -------------------------------------------------------------------------
def wild_capacity(rules, m: MeldInfo) -> int:
    """How many more wild cards a meld may take."""
    if m.rank == 0:
        return 99
    if m.rank == 3:
        return 0
    if m.size >= 7:
        if rules.canasta_closed or not rules.canasta_accepts_wild():
            return 0
    return max(0, rules.wild_room(m.nat, m.wild, m.size))


def meld_points(rules, m: MeldInfo) -> int:
    pts = rules.points
    nat = pts[_RANK_CODES[m.rank][0]] if m.rank else 0
    return nat * m.nat + pts[JOKER] * m.jok + pts[1] * m.two


def plan_meld_out(view: CanastaView, hcount: list[int], melds: Melds):
    """Can the hand ``hcount`` be melded out onto ``melds`` (this turn, in one go)?

    Returns None when not, else ``(discard, final_melds)``: the card to discard at the end (-1
    for none) and the melds afterwards (as counts). The check is by counts and slightly
    optimistic; the engine has the last word and the player falls back when refused.
    """
    rules = view.rules
    ld = view.ld
    if _surely_left(view, hcount, melds) > 1:
        return None  # the cards that can go nowhere already make more than one discard
    final = {k: MeldInfo.of(m) for k, m in melds.items()}
    fresh = [1000]

    def new_key(r: int) -> int:
        if rules.one_meld_per_rank and r not in final:
            return r
        fresh[0] += 1
        return fresh[0]

    leftovers: list[int] = []
    pending_pairs: list[int] = []  # ranks with two naturals that need one wild card
    spare_nat = -1  # a natural that could be held back as the closing discard (Canastone)
    ranks = view.ranks if hcount is view.hcount else _ranks_of(hcount)
    for r, a, b, c, d in _NATURAL_CODES:
        n = ranks[r]
        if not n:
            continue
        first = a if hcount[a] else b if hcount[b] else c if hcount[c] else d  # a card of r
        for m in final.values():
            if not n:
                break
            if m.rank != r:
                continue
            if ld:
                put = min(max(0, 7 - m.size), n)
            elif rules.canasta_closed and m.size >= 7:
                put = 0
            else:
                put = n
            if put:
                m.nat += put
                n -= put
                if spare_nat < 0:
                    spare_nat = first
        while n >= 3:
            chunk = min(n, 7) if ld else n
            if ld and n - chunk in (1, 2) and chunk == 7:
                chunk = n - 3 if n - 3 >= 3 else chunk
            k = new_key(r)
            final[k] = MeldInfo(k, r, chunk)
            if chunk >= 4 and spare_nat < 0:
                spare_nat = first
            n -= chunk
        if n == 2:
            pending_pairs.append(r)
        elif n == 1:
            leftovers.append(first)
    wilds = [JOKER] * hcount[JOKER] + [c for c in (1, 14, 27, 40) for _ in range(hcount[c])]
    wm = final.get(WILD_KEY) if rules.wild_meld else None
    if wm is not None and wm.size < 7:
        # CS-6: wild cards may only go to the short wild meld
        wm.add(wilds)
        wilds = []
        for r in pending_pairs:
            leftovers.extend(c for c in _RANK_CODES[r] for _ in range(hcount[c]))
        pending_pairs = []
    for r in pending_pairs:
        if wilds:
            k = new_key(r)
            m = MeldInfo(k, r, 2)
            m.add((wilds.pop(),))
            final[k] = m
        else:
            leftovers.extend(c for c in _RANK_CODES[r] for _ in range(hcount[c]))
    b = hcount[2] + hcount[41]
    if b:
        bt = rules.black_three_meld
        if bt and bt[0] <= b <= bt[1]:
            final[3] = MeldInfo(3, 3, b)
        else:
            leftovers.extend([2] * hcount[2] + [41] * hcount[41])
    for c in (15, 28):  # red threes in hand (Looking and Down)
        for _ in range(hcount[c]):
            spot = None
            for m in final.values():
                if ld and m.rank not in (0, 3) and m.size == 7 and not m.wild and not m.red3:
                    spot = m
                    break
            if spot is not None:
                spot.red3 += 1
            else:
                leftovers.append(c)
    if wilds:
        wm = final.get(WILD_KEY) if rules.wild_meld else None
        if wm is None and rules.wild_meld and len(wilds) >= 7:
            wm = final[WILD_KEY] = MeldInfo(WILD_KEY, 0)
        if wm is not None:
            wm.add(wilds)
            wilds = []
        else:
            order = sorted((m for m in final.values() if m.rank not in (0, 3)),
                           key=lambda m: -m.size)
            for m in order:
                while wilds and wild_capacity(rules, m) > 0:
                    m.add((wilds.pop(),))
            leftovers.extend(wilds)
    if len(leftovers) > 1:
        return None
    discard = leftovers[0] if leftovers else -1
    if rules.discard_to_go_out:
        if discard < 0:
            if spare_nat < 0:
                return None
            discard = spare_nat
            for m in final.values():
                if m.rank == RANK[spare_nat] and m.nat > 3:
                    m.nat -= 1
                    break
        if not rules.going_out_discard_ok(discard):
            return None
    return discard, final


def _surely_left(view: CanastaView, hcount: list[int], melds: Melds) -> int:
    """How many cards :func:`plan_meld_out` will leave over at least: lone naturals of a rank
    no meld takes, black threes that make no meld, red threes outside Looking and Down (it
    only ever adds to its leftovers, so more than one of these means no plan)."""
    if view.ld:
        takers = {m.rank for m in melds.values() if m.size < 7}
    elif view.rules.canasta_closed:
        takers = {m.rank for m in melds.values() if m.size < 7}
    else:
        takers = {m.rank for m in melds.values()}
    left = 0
    ranks = view.ranks if hcount is view.hcount else _ranks_of(hcount)
    for r in NATURAL_RANKS:
        if ranks[r] == 1 and r not in takers:
            left += 1
    threes = hcount[2] + hcount[41]
    bt = view.rules.black_three_meld
    if threes and not (bt and bt[0] <= threes <= bt[1]):
        left += threes
    if not view.ld:
        left += hcount[15] + hcount[28]
    return left


def _ranks_of(hcount: list[int]) -> list[int]:
    """The naturals of the ranks that form melds counted by rank (the rest 0), from the
    cards' counts by code: a hand other than the view's."""
    out = [0] * 14
    for r, a, b, c, d in _NATURAL_CODES:
        out[r] = hcount[a] + hcount[b] + hcount[c] + hcount[d]
    return out


_RANK_CODES = {r: tuple(s * 13 + r - 1 for s in range(4)) for r in range(1, 14)}
_RANK_CODES[3] = BLACK_THREES
# (rank, its four codes) of the ranks that form melds, ace high: read every decision
_NATURAL_CODES = tuple((r, *_RANK_CODES[r]) for r in NATURAL_RANKS)
