"""What a canasta-family computer player reads from its observation, in handy form.

:class:`CanastaView` parses ``DealState.observation(seat)`` (never the state) into card codes and
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

from game.actions import parse_key
from game.canasta.melds import count_kinds
from game.canasta.ruleset import BLACK_THREES, NATURAL_RANKS
from game.cards import JOKER, RANK, format_card
from game.registry import get_game

CODE = {format_card(c): c for c in range(53)}
_DECK_COUNTS: dict[tuple, list[int]] = {}
WILD_KEY = 0


def codes(cards) -> list[int]:
    return [CODE[c] for c in cards]


def is_wild(c: int) -> bool:
    return c == JOKER or RANK[c] == 2


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

    def add(self, cards) -> None:
        self.nat, self.jok, self.two, self.red3 = count_kinds(
            cards, self.rank, self.nat, self.jok, self.two, self.red3)


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
    """The parsed observation of one seat."""

    def __init__(self, decision) -> None:
        obs = decision.observation
        self.decision = decision
        self.game = get_game(decision.rules)
        rules = self.rules = self.game.rules
        self.name = rules.name
        n = self.players = decision.players
        self.seat = me = decision.seat
        self.options = decision.options
        self.nsides = rules.sides(n)
        self.side_of = [rules.side_of(s, n) for s in range(n)]
        self.side = self.side_of[me]
        self.partners = rules.partners(me, n)
        self.opponents = [s for s in range(n) if self.side_of[s] != self.side]
        self.next_seat = (me + 1) % n
        self.phase = obs["phase"]
        self.ld = rules.deals_downs
        self.hand = codes(obs["hand"])
        self.hcount = [0] * 53
        for c in self.hand:
            self.hcount[c] += 1
        self.pile = codes(obs["discard"])
        self.top = self.pile[-1] if self.pile else -1
        self.frozen = obs["frozen"]
        self.stock = obs["stock"]
        self.packet = obs.get("packet", 0)
        self.opened = obs["opened"]
        self.open_min = obs["opening_minimum"]
        self.hand_counts = obs["hand_counts"]
        self.red_threes = obs["red_threes"]
        self.scores_before = obs.get("scores_before") or [0] * self.nsides
        self.asked = obs.get("asked")
        self.answer = obs.get("answer")
        self.known = [codes(k) for k in obs["known_hands"]]
        self.melds: list[dict[int, MeldInfo]] = []
        self.canasta_keys: list[set] = []
        for side_melds in obs["melds"]:
            table: dict[int, MeldInfo] = {}
            for m in side_melds:
                key = parse_key(m["key"])
                cards = codes(m["cards"])
                rank = key % 16
                info = MeldInfo(key, rank)
                info.add(cards)
                table[key] = info
            self.melds.append(table)
        self.in_down = obs.get("in_down")
        self.downs = obs.get("downs")
        self.frozen_in_time = obs.get("frozen_in_time")
        self.discarded = obs.get("discarded") or [[] for _ in range(n)]  # each seat's, public
        self._disc_ranks: dict[int, set[int]] = {}
        self.draw_n = rules.draw_for(n, self.options)
        self.needed = rules.canastas_needed(n, self.options)
        self.target = rules.target_for(self.options)
        self.points = rules.points
        self.totals = list(decision.totals) if decision.totals else list(self.scores_before)
        self._unseen()

    # ---- counting ----------------------------------------------------------------------------
    def _unseen(self) -> None:
        rules = self.rules
        key = (rules.name, self.players)
        base = _DECK_COUNTS.get(key)
        if base is None:
            deck = rules.deck_codes_for(self.players)
            base = [0] * 53
            for c in deck:
                base[c] += 1
            _DECK_COUNTS[key] = base
        left = base[:]
        for c in self.hand:
            left[c] -= 1
        for c in self.pile:
            left[c] -= 1
        for table in self.melds:
            for m in table.values():
                # counts are enough: suits only matter for threes
                if m.rank == 0:
                    left[JOKER] -= m.jok
                    left[1] -= m.two
                elif m.rank == 3:
                    left[2] -= m.nat
                else:
                    left[m.rank - 1] -= m.nat
                    left[JOKER] -= m.jok
                    left[1] -= m.two
                    left[15] -= m.red3
        left[15] -= sum(self.red_threes)
        for s, k in enumerate(self.known):
            if s != self.seat:
                for c in k:
                    left[c] -= 1
        # per rank (0 jokers, 2 twos, 3 black threes; red threes apart)
        by_rank = [0] * 14
        red = max(0, left[15] + left[28])
        for c in range(53):
            k = left[c]
            if k > 0 and c != 15 and c != 28:
                by_rank[RANK[c]] += k
        self.unseen_rank = by_rank
        self.unseen_red3 = red
        self.unseen_total = max(1, sum(by_rank) + red)
        self.unseen_wild = by_rank[0] + by_rank[2]

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
            got = self._disc_ranks[seat] = {RANK[CODE[c]] for c in d}
        return r in got

    def hand_wilds(self) -> tuple[int, int]:
        h = self.hcount
        return h[JOKER], h[1] + h[14] + h[27] + h[40]

    def my_melds(self) -> dict[int, MeldInfo]:
        """The melds this seat may add to (its side's; in Looking and Down its own)."""
        return self.melds[self.side]

    def pile_gain(self) -> tuple[int, int]:
        """Of the cards under the pile's top: (how many fit the side's melds, how many are
        wild): what a take brings, for the take reasons of the heuristic and the hints."""
        gained = self.pile[:-1]
        fit = sum(1 for c in gained if not is_wild(c) and RANK[c] != 3
                  and self.meld_of_rank(self.side, RANK[c]) is not None)
        return fit, sum(1 for c in gained if is_wild(c))

    def meld_of_rank(self, side: int, r: int) -> MeldInfo | None:
        for m in self.melds[side].values():
            if m.rank == r and self.accepts(m):
                return m
        return None

    def accepts(self, m: MeldInfo) -> bool:
        """Whether natural cards can still be added to the meld."""
        if self.rules.canasta_closed and m.size >= 7:
            return False
        return m.rank != 3

    def canastas(self, side: int, melds=None) -> tuple[int, int, bool]:
        clean = dirty = 0
        short = False
        rules = self.rules
        for m in (melds if melds is not None else self.melds[side]).values():
            if m.rank == 0:
                if m.size < 7:
                    short = True
                elif rules.wild_meld_clean(m.jok, m.two):
                    clean += 1
                else:
                    dirty += 1
            elif m.rank != 3 and m.size >= 7:
                if m.wild:
                    dirty += 1
                else:
                    clean += 1
        return clean, dirty, short

    def may_go_out(self, side: int, melds=None) -> bool:
        clean, dirty, short = self.canastas(side, melds)
        return self.rules.going_out_allowed(clean, dirty, clean + dirty, self.needed, short,
                                            self.options)

    def table_value(self, side: int) -> int:
        """Points a side has on the table: melded cards, canasta bonuses, red threes."""
        rules = self.rules
        total = 0
        for m in self.melds[side].values():
            total += meld_points(rules, m)
            if m.rank != 3 and m.size >= 7:
                total += rules.canasta_bonus(_Shim(m))
        red = self.red_threes[side] if side < len(self.red_threes) else 0
        if red:
            clean, dirty, _ = self.canastas(side)
            total += rules.red_three_score(red, self.opened[side], clean, dirty)
        return total

    def seat_side_melds(self, seat: int) -> dict[int, MeldInfo]:
        return self.melds[self.side_of[seat]]


class _Shim:
    """Duck-typed meld for RuleSet.canasta_bonus."""

    def __init__(self, m: MeldInfo) -> None:
        self.rank, self.jok, self.two, self.red3 = m.rank, m.jok, m.two, m.red3
        self.wild = m.jok + m.two


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


def plan_meld_out(view: CanastaView, hcount: list[int], melds: dict[int, MeldInfo]):
    """Can the hand ``hcount`` be melded out onto ``melds`` (this turn, in one go)?

    Returns None when not, else ``(discard, final_melds)``: the card to discard at the end (-1
    for none) and the melds afterwards (as counts). The check is by counts and slightly
    optimistic; the engine has the last word and the player falls back when refused.
    """
    rules = view.rules
    ld = view.ld
    final = {k: m.copy() for k, m in melds.items()}
    fresh = [1000]

    def new_key(r: int) -> int:
        if rules.one_meld_per_rank and r not in final:
            return r
        fresh[0] += 1
        return fresh[0]

    leftovers: list[int] = []
    pending_pairs: list[int] = []  # ranks with two naturals that need one wild card
    spare_nat = -1  # a natural that could be held back as the closing discard (Canastone)
    for r in NATURAL_RANKS:
        cards = [c for c in _RANK_CODES[r] for _ in range(hcount[c])]
        n = len(cards)
        if not n:
            continue
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
                    spare_nat = cards[0]
        while n >= 3:
            chunk = min(n, 7) if ld else n
            if ld and n - chunk in (1, 2) and chunk == 7:
                chunk = n - 3 if n - 3 >= 3 else chunk
            k = new_key(r)
            final[k] = MeldInfo(k, r, chunk)
            if chunk >= 4 and spare_nat < 0:
                spare_nat = cards[0]
            n -= chunk
        if n == 2:
            pending_pairs.append(r)
        elif n == 1:
            leftovers.append(cards[0])
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


_RANK_CODES = {r: tuple(s * 13 + r - 1 for s in range(4)) for r in range(1, 14)}
_RANK_CODES[3] = BLACK_THREES
