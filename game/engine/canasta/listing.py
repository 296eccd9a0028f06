"""Listing legal canasta-family actions: the one place allowed to be fast.

Computer players search by playing thousands of simulated deals, so ``legal_actions`` builds
the list directly (cached actions, bounds before candidates, no second check where nothing can
refuse: docs/engine-speed.md) instead of filtering candidates through ``why_illegal``. It
calls the same predicates as checking where a rule can bite, and tests/test_listing_agrees.py
proves the two agree in every game, player count and option.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress

from game.engine.actions import Action, key_rank, make
from game.engine.canasta.checking import TAKEABLE
from game.engine.canasta.melds import Meld, canastas_within
from game.engine.canasta.phase import ANSWER, ASK_YES, DRAW, PLAY
from game.engine.canasta.ruleset import BLACK_THREES, NATURAL_RANKS, TWOS, RuleSet
from game.engine.canasta.table import Groups, TableState
from game.engine.cards import JOKER, RANK, codes_of_rank

_new = tuple.__new__
_NAT_CODES = {r: codes_of_rank(r) for r in range(1, 14)}
_NAT_CODES[3] = BLACK_THREES  # a "rank 3" meld is black threes only
_CODES = range(53)
_FIRST_CODE = [_NAT_CODES[r][0] if r in _NAT_CODES else 0 for r in range(14)]  # a rank's points
# Actions that never vary, made once: the lists reuse them (tuples are immutable).
_DISCARD = [[make(seat, "discard", ((c,),)) for c in range(53)] for seat in range(8)]
_DRAW = [make(seat, "draw") for seat in range(8)]
_ANSWERS = [[make(seat, "yes"), make(seat, "no")] for seat in range(8)]
_ASK = [make(seat, "ask") for seat in range(8)]
_TAKE = [make(seat, "take") for seat in range(8)]

# Openings listed at most per position. A hand of 40 unopened cards holding most ranks (Looking
# and Down, after piles taken) has hundreds of thousands of openings: listing them all took 5 s
# and 700,000 actions a call. Below this bound every opening is listed (the completeness tests'
# positions); above it, the first this many of the walk.
MAX_OPENINGS = 2000


class _Stands(dict[int, list[bool]]):
    """stands[nat][wild]: whether ``nat`` natural and ``wild`` wild cards may stand as a meld
    (the rule set's ``natural_meld_problem``, a pure hook, asked once per shape), for every
    count of wild cards the game's decks hold."""

    def __init__(self, rules: RuleSet) -> None:
        super().__init__()
        self.rules = rules
        self.wilds = max(sum(1 for c in rules.deck_codes_for(n) if c == JOKER or RANK[c] == 2)
                         for n in rules.info.player_counts)

    def __missing__(self, nat: int) -> list[bool]:
        problem = self.rules.natural_meld_problem
        row = [problem(nat, wild, nat + wild) is None for wild in range(self.wilds + 1)]
        self[nat] = row
        return row


class _WildNeeds(dict[int, int]):
    """needs[k]: the fewest wild cards with which k natural cards stand as a meld of at most
    ``cap`` cards (99: never)."""

    def __init__(self, stands: _Stands, cap: int) -> None:
        super().__init__()
        self.stands = stands
        self.cap = cap

    def __missing__(self, k: int) -> int:
        ok = self.stands[k]
        x = 0
        while not ok[x]:
            x += 1
            if k + x > self.cap or x > k:
                x = 99
                break
        self[k] = x
        return x


class _Splits(dict[tuple[int, int], "tuple[tuple[int, int], ...] | None"]):
    """splits[k, w]: how k natural cards of one rank and w wild cards stand as melds of at
    most ``cap`` cards, as (naturals, wild cards) per meld: one meld where it can, several
    only where a side may hold several melds of a rank (LD-5); None: never."""

    def __init__(self, stands: _Stands, cap: int, several: bool) -> None:
        super().__init__()
        self.stands = stands
        self.cap = cap
        self.several = several
        self._options: dict[tuple[int, int], list[tuple[int, int, int]]] = {}

    def options(self, n: int, wilds: int) -> list[tuple[int, int, int]]:
        """(naturals, fewest wild cards, most wild cards) for every count of up to ``n``
        naturals that stands with some of ``wilds`` wild cards."""
        got = self._options.get((n, wilds))
        if got is None:
            got = []
            for k in range(2 if wilds else 3, n + 1):
                fit = [w for w in range(wilds + 1) if self[k, w] is not None]
                if fit:
                    got.append((k, fit[0], fit[-1]))
            self._options[(n, wilds)] = got
        return got

    def __missing__(self, key: tuple[int, int]) -> tuple[tuple[int, int], ...] | None:
        k, w = key
        ok = self.stands[k]
        best: tuple[tuple[int, int], ...] | None = None
        if k + w <= self.cap and w < len(ok) and ok[w]:
            best = ((k, w),)
        elif self.several:
            for a in range(2, k - 1):  # this meld's naturals; the rest keep two or more
                row = self.stands[a]
                for x in range(min(w, self.cap - a) + 1):
                    if x < len(row) and row[x]:
                        rest = self[k - a, w - x]
                        if rest is not None and (best is None or len(rest) + 1 < len(best)):
                            best = ((a, x),) + rest
        self[key] = best
        return best


_STANDS: dict[RuleSet, _Stands] = {}
_SPLITS: dict[tuple[RuleSet, int], _Splits] = {}
_WILD_NEEDS: dict[tuple[RuleSet, int], _WildNeeds] = {}


def _stands(rules: RuleSet) -> _Stands:
    table = _STANDS.get(rules)
    if table is None:
        table = _STANDS[rules] = _Stands(rules)
    return table


def _splits(rules: RuleSet, cap: int) -> _Splits:
    table = _SPLITS.get((rules, cap))
    if table is None:
        table = _SPLITS[(rules, cap)] = _Splits(_stands(rules), cap,
                                                not rules.one_meld_per_rank)
    return table


def _wild_needs(rules: RuleSet, cap: int) -> _WildNeeds:
    table = _WILD_NEEDS.get((rules, cap))
    if table is None:
        table = _WILD_NEEDS[(rules, cap)] = _WildNeeds(_stands(rules), cap)
    return table


def ask_actions(rules: RuleSet, players: int) -> tuple[tuple[Action, ...], ...]:
    """Per seat, the ask actions a listing offers (with one partner, the plain 'ask')."""
    out: list[tuple[Action, ...]] = []
    for seat in range(players):
        partners = rules.partners(seat, players)
        if len(partners) == 1:
            out.append((_ASK[seat],))
        else:
            out.append(tuple(_new(Action, (seat, "ask", (), p)) for p in partners))
    return tuple(out)



class ListingMixin(TableState):
    # ======================================================================================
    # Listing legal actions
    # ======================================================================================
    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if self.over:
            return []
        phase = self.phase
        if seat is None:
            seat = self.ask_partner if phase == ANSWER else self.turn  # current_player()
        if phase == ANSWER:
            if seat == self.ask_partner:
                return list(_ANSWERS[seat])
            return []
        if seat != self.turn:
            if self._acts_out_of_turn(seat):
                return self._play_actions(seat, True, discards=False)
            return []
        if phase == DRAW:
            return self._draw_actions(seat)
        m3 = self.by_key[self.side[seat]].get(3)  # _black_threes_pending, inlined
        if m3 is not None and m3.turn == self.turn_no and m3.creator == seat:
            # CA-6: rare; only what keeps going out open
            return [a for a in self._play_actions(seat, False) if self.why_illegal(a) is None]
        return self._play_actions(seat, False)

    def _draw_actions(self, seat: int) -> list[Action]:
        """The legal actions before the draw: draw, take the pile, and where allowed ask."""
        out = []
        rules = self.rules
        if self.stock or self._check_draw(seat) is None:
            out.append(_DRAW[seat])
        pile = self.pile
        if pile and TAKEABLE[pile[-1]]:  # never under a wild card or a three (CA-9)
            out += self._take_variants(seat)
        if not rules.ask_right_after_draw and self.can_ask and not self.asked \
                and self.hsize[seat] >= 2 and self._ask_in_reach(  # CS-13: before the draw
                    seat, self._cards_to_come(seat)):  # too, counting what it may bring
            out += self.ask_actions[seat]
        return out

    def _take_variants(self, seat: int) -> list[Action]:
        """The take actions; the cheap reasons for none come before the blocker hook's."""
        pile = self.pile
        if not pile:
            return []
        rules = self.rules
        side = self.side[seat]
        top = pile[-1]
        r = RANK[top]
        opened = self.opened[side]
        frozen = self.frozen or (rules.unopened_pile_frozen and not opened)  # _pile_frozen_for
        nat_avail = self.hrank[seat][r]
        by_adding = not frozen and rules.take_by_adding and opened and r in self.by_key[side]
        if not nat_avail and not by_adding:  # the common case: no way to take it at all
            return []
        if self._take_blocker(seat) is not None:
            return []
        if not nat_avail:  # nothing to show, a meld to add to
            return [_TAKE[seat]] if self._take_by_adding_ok(seat) else []
        out: list[Action] = []
        h = self.hand[seat]
        firsts = []
        need = rules.take_naturals_frozen if frozen else rules.take_naturals
        if nat_avail >= need:
            firsts.append(self._pick(h, r, need, None))
            if rules.take_more_naturals:  # CA-9: 2 or more natural cards
                for k in range(need + 1, nat_avail + 1):
                    firsts.append(self._pick(h, r, k, None))
        if not frozen and rules.take_with_wild and nat_avail >= 1:
            one = self._pick(h, r, 1, None)
            if h[JOKER]:
                firsts.append(one + (JOKER,))
            for two in TWOS:  # the first two held
                if h[two]:
                    firsts.append(one + (two,))
                    break
        if not firsts and not by_adding:
            return out
        ld = rules.take_shows_pair
        gained = self._take_gain()
        # the take's melds listed, by their cards: each first group's own, then growths
        grown = {self._take_form(g0) for g0 in firsts} if not opened else set()
        plain = not rules.canasta_closed and not rules.wild_meld
        stands = _stands(rules)
        for g0 in firsts:
            if opened:
                if ld:
                    out.append(make(seat, "take", (g0,)))  # LD-9: the pair is only shown
                    continue
                # One group merged into (or starting) the side's meld of the top card's rank:
                # the checks of _check_meld_groups for that single shape.
                base = self.by_key[side].get(r)
                if plain and (base is None or not base.red3):
                    # _shape_problem's checks for naturals of one rank, wild cards and no
                    # wild meld: the canasta's wild cards (CA-5) and the shape (CA-4)
                    gw = 0
                    for c in g0:
                        if c == JOKER or RANK[c] == 2:
                            gw += 1
                    nat, wild = len(g0) - gw + 1, gw
                    if base is not None:
                        nat += base.nat
                        wild += base.jok + base.two
                        if gw and len(base.cards) >= rules.canasta_size \
                                and not rules.canasta_accepts_wild():
                            continue
                    if not stands[nat][wild]:
                        continue
                    left = self.hsize[seat] - len(g0) + gained
                    if left >= 2 or self._end_problem(seat, left, {r: self._after_shape(
                            side, r, r, g0 + (top,), base)}, False) is None:
                        out.append(make(seat, "take", (g0,)))
                    continue
                shape = self._after_shape(side, r, r, g0 + (top,), base)
                after = {r: shape}
                short = self._canastas(side, after)[2] if rules.wild_meld else False
                if self._shape_problem(seat, shape, base, False, short) is None:
                    left = self.hsize[seat] - len(g0) + gained
                    if left >= 2 or self._end_problem(seat, left, after, False) is None:
                        out.append(make(seat, "take", (g0,)))
                continue
            # An opening through the pile (CA-7): the take's meld, maybe grown in the same
            # action by a group of its rank (the groups of a rank laid at once merge), and any
            # openings of the rest that bring the whole to the minimum.
            minimum = self.open_min[side]
            kept = self.hsize[seat] - len(g0) + gained
            trust = not rules.wild_meld  # as in the play listing: shapes built to stand
            exclude = r if rules.one_meld_per_rank else -1  # LD-5: another meld of r may stand
            for e in self._take_growths(seat, g0, top, grown):
                used: dict[int, int] = {}
                for c in g0 + e:
                    used[c] = used.get(c, 0) + 1
                head = (g0, e) if e else (g0,)
                value = rules.points[top] + sum(rules.points[c] for c in g0 + e)
                if value >= minimum and self._check_meld_groups(
                        seat, head, False, gained, top) is None:
                    out.append(make(seat, "take", head))
                left = kept - len(e)
                for extra in self._openings(seat, used, minimum - value, exclude):
                    groups = head + extra
                    if trust and left - sum(map(len, extra)) >= 2 or self._check_meld_groups(
                            seat, groups, False, gained, top) is None:
                        out.append(make(seat, "take", groups))
        if by_adding and self._take_by_adding_ok(seat):
            out.append(_TAKE[seat])
        return out

    def _take_growths(self, seat: int, g0: tuple[int, ...], top: int,
                      grown: set[tuple[int, int, int]]) -> list[tuple[int, ...]]:
        """The groups that may join an unopened side's take meld of ``g0`` and ``top`` in the
        same action (more naturals of its rank, with wild cards or without), the empty one
        first; a meld of the same cards reached from another ``g0`` is skipped
        (``grown`` remembers them)."""
        rules = self.rules
        r = RANK[top]
        h = self.hand[seat]
        used: dict[int, int] = {}
        gw = 0
        for c in g0:
            used[c] = used.get(c, 0) + 1
            if c == JOKER or RANK[c] == 2:
                gw += 1
        gj = used.get(JOKER, 0)
        nat0 = len(g0) - gw  # the top card is the same in every form
        _, J, T = self._avail(seat, used)
        n = self._nat_count(seat, r, used)
        if not rules.one_meld_per_rank or rules.take_shows_pair:
            n = 0  # a group of that rank would be a meld of its own
        stands = _stands(rules)
        out: list[tuple[int, ...]] = [()]
        for k in range(1, n + 1):  # a group of wild cards alone is no meld
            row = stands[nat0 + 1 + k]
            for j in range(J + 1):
                for t in range(T + 1):
                    w = gw + j + t
                    if w >= len(row) or not row[w]:
                        continue
                    form = (nat0 + k, gj + j, gw - gj + t)
                    if form not in grown:
                        grown.add(form)
                        out.append(self._pick(h, r, k, used) + self._wilds(h, j, t, used))
        return out

    @staticmethod
    def _take_form(g0: tuple[int, ...]) -> tuple[int, int, int]:
        """(naturals, jokers, twos) of a take's first group, the top card left out."""
        j = t = 0
        for c in g0:
            if c == JOKER:
                j += 1
            elif RANK[c] == 2:
                t += 1
        return (len(g0) - j - t, j, t)

    def _take_by_adding_ok(self, seat: int) -> bool:
        """The top card may go onto the side's meld (CA-9): with two cards or more in hand
        only the meld's shape could refuse it, and a natural card never spoils a Canasta
        meld; the other cases take the full check."""
        rules = self.rules
        if self.hsize[seat] >= 2 and not rules.canasta_closed and not rules.wild_meld:
            return True
        return self._check_take(seat, ()) is None

    @staticmethod
    def _prefix(h: list[int], rank: int) -> tuple[int, ...]:
        """All cards of ``rank`` in hand in canonical (suit) order; k of them = prefix[:k]."""
        if rank == 3:  # a "rank 3" meld is black threes only
            return (2,) * h[2] + (41,) * h[41]
        a, b, c, d = _NAT_CODES[rank]
        return (a,) * h[a] + (b,) * h[b] + (c,) * h[c] + (d,) * h[d]

    @staticmethod
    def _pick(h: list[int], rank: int, k: int, used: dict[int, int] | None) -> tuple[int, ...]:
        """k cards of ``rank`` from hand counts ``h`` (not counting ``used``), suits in order."""
        out: list[int] = []
        for c in _NAT_CODES[rank]:
            n = h[c] - (used.get(c, 0) if used else 0)
            while n > 0 and len(out) < k:
                out.append(c)
                n -= 1
            if len(out) == k:
                break
        return tuple(out)

    @staticmethod
    def _wilds(h: list[int], jok: int, two: int, used: dict[int, int] | None) -> tuple[int, ...]:
        out = [JOKER] * jok
        if two:
            for c in TWOS:
                n = h[c] - (used.get(c, 0) if used else 0)
                while n > 0 and two:
                    out.append(c)
                    n -= 1
                    two -= 1
        return tuple(out)

    def _avail(self, seat: int, used: dict[int, int] | None) -> tuple[list[int], int, int]:
        h = self.hand[seat]
        if not used:
            return h, h[JOKER], self.hrank[seat][2]
        J = h[JOKER] - (used.get(JOKER, 0) if used else 0)
        T = sum(h[c] - (used.get(c, 0) if used else 0) for c in TWOS)
        return h, J, T

    def _nat_count(self, seat: int, rank: int, used: dict[int, int] | None) -> int:
        h = self.hand[seat]
        if used:
            return sum(h[c] - used.get(c, 0) for c in _NAT_CODES[rank])
        if rank == 3:
            return h[2] + h[41]
        return self.hrank[seat][rank]

    def _play_actions(self, seat: int, out_of_turn: bool,
                      discards: bool = True) -> list[Action]:
        """The legal actions after the draw: adds, new melds, the wild meld and black threes
        of an opened side or the openings of an unopened one, then (unless ``discards`` is
        False or out of turn) discards and asks (hook: Canastone lists only the discards after
        drawing two unopened, CS-9). Each part appends to one list; the cheap tests that a
        part has nothing to list stay here, so a game pays no call for a part it lacks."""
        out: list[Action] = []
        side = self.side[seat]
        rules = self.rules
        h = self.hand[seat]
        hs = self.hsize[seat]
        short = False  # Canastone: the side's wild meld is short of a canasta (CS-6)
        if self.opened[side]:
            J = h[JOKER]
            hrank = self.hrank[seat]
            T = hrank[2]
            W = J + T
            # wild_sets[w]: every way to hold w wild cards, by jokers and twos (a joker and a
            # two are different cards: 50 points or 20), the twos-first one first. Plain loops:
            # a comprehension is a function call in CPython 3.11.
            wild_sets: list[list[tuple[int, ...]]] = [[()]]
            if not J:
                if T:
                    twos = (1,) * h[1] + (14,) * h[14] + (27,) * h[27] + (40,) * h[40]
                    for w in range(1, T + 1):
                        wild_sets.append([twos[:w]])
            elif not T:
                for w in range(1, J + 1):
                    wild_sets.append([(JOKER,) * w])
            else:
                twos = (1,) * h[1] + (14,) * h[14] + (27,) * h[27] + (40,) * h[40]
                for w in range(1, W + 1):
                    row = []
                    for j in range(w - T if w > T else 0, (w if w < J else J) + 1):
                        row.append(twos[:w - j] + (JOKER,) * j)
                    wild_sets.append(row)
            opening_turn = rules.canasta_closed and self._opening_turn(seat)
            if rules.wild_meld:
                short = self._wild_meld_short(side)
            wmax = 0 if short else W
            self._list_adds(seat, side, h, hrank, hs, out_of_turn, wild_sets, wmax, opening_turn,
                            out)
            self._list_new_melds(seat, side, h, hrank, hs, out_of_turn, wild_sets, wmax,
                                 opening_turn, out)
            if rules.wild_meld and W >= 3 and 0 not in self.by_key[side]:
                self._list_wild_meld(seat, J, T, out_of_turn, out)
            bt = rules.black_three_meld
            if bt and bt[0] <= h[2] + h[41]:
                self._list_black_threes(seat, bt, out_of_turn, out)
        elif not rules.open_first:
            self._list_openings(seat, out_of_turn, out)
        if out_of_turn or not discards:
            return out
        if hs >= 2 and self.ask != ASK_YES and not short:  # _discards' usual case
            out += compress(_DISCARD[seat], h)
        else:
            out += self._discards(seat, bool(out))
        if (self.phase == PLAY and not self.asked and self.can_ask and hs >= 2
                and (not rules.ask_right_after_draw or not self.played)):  # CA-12 / CS-13
            self._list_asks(seat, out)
        return out

    def _list_adds(self, seat: int, side: int, h: list[int], hrank: list[int], hs: int,
                   out_of_turn: bool, wild_sets: list[list[tuple[int, ...]]], wmax_all: int,
                   opening_turn: bool, out: list[Action]) -> None:
        """Adds to the side's melds: naturals of each one's rank, up to ``wmax_all`` wild cards."""
        rules = self.rules
        W = h[JOKER] + hrank[2]
        csize = rules.canasta_size
        closed = rules.canasta_closed
        wild_room = rules.wild_room
        fixed_room = rules.max_wild_in_meld if rules.fixed_wild_room else 0
        canasta_wild = None  # asked of the rule set at the first canasta met
        # Without wild cards a meld whose rank is not in hand takes nothing (in Looking
        # and Down a red three may still complete a red canasta).
        skip_absent = not W and not closed
        # Where the hand stays at two cards or more, the only end-of-hand rule (CA-11, CS-12,
        # LD-12) cannot bite, and a generated shape needs no second check.
        for m in self.melds[side]:
            mr = m.rank
            if mr == 3:  # black threes, in their going-out turn (CA-6)
                for k in range(1, h[2] + h[41] + 1):
                    cards = self._pick(h, 3, k, None)
                    if self._check_add(seat, m.key, (cards,), out_of_turn) is None:
                        out.append(_new(Action, (seat, "add", (cards,), m.key)))
                continue
            if skip_absent and not hrank[mr]:
                continue
            msize = len(m.cards)
            if closed and msize >= csize:
                if msize == csize and m.jok + m.two == 0 and not m.red3 and (h[15] or h[28]):
                    rc = ((15,) if h[15] else (28,),)
                    if self._check_add(seat, m.key, rc, out_of_turn) is None:
                        out.append(_new(Action, (seat, "add", rc, m.key)))
                continue
            if mr == 0:
                self._wild_meld_adds(seat, m, h[JOKER], hrank[2], out_of_turn, out)
                continue
            nmax = hrank[mr]
            wmax = wmax_all
            if wmax and msize >= csize:
                if canasta_wild is None:
                    canasta_wild = rules.canasta_accepts_wild()
                if not canasta_wild:
                    wmax = 0
            if not nmax and not wmax:
                continue
            key = m.key
            if nmax:  # _prefix, inlined (never rank 3 here)
                a, b, c, d = _NAT_CODES[mr]
                prefix = (a,) * h[a] + (b,) * h[b] + (c,) * h[c] + (d,) * h[d]
            else:
                prefix = ()
            if fixed_room:
                # Canasta, Quick Canasta: the wild room does not depend on the naturals.
                top = fixed_room - (m.jok + m.two)
                if top > wmax:
                    top = wmax
                if not top and hs - nmax >= 2:  # naturals only, nothing to check
                    for a_n in range(1, nmax + 1):
                        out.append(_new(Action, (seat, "add", (prefix[:a_n],), key)))
                    continue
                for a_n in range(nmax + 1):
                    nats = prefix[:a_n]
                    for w in range(0 if a_n else 1, top + 1):
                        for wc in wild_sets[w]:
                            cards = nats + wc
                            if hs - a_n - w >= 2 or self._check_add(
                                    seat, key, (cards,), out_of_turn) is None:
                                out.append(_new(Action, (seat, "add", (cards,), key)))
                continue
            size_cap = csize - 1 if opening_turn and closed else 99
            if not wmax and hs - nmax >= 2:
                # Naturals only: they never spoil a meld (tests/canasta/test_ruleset_hooks),
                # so only the size caps and nothing else to check.
                for a_n in range(1, nmax + 1):
                    base_size = msize + a_n
                    if base_size > size_cap or (closed and base_size > csize):
                        break
                    out.append(_new(Action, (seat, "add", (prefix[:a_n],), key)))
                continue
            mnat, mwild = m.nat, m.jok + m.two
            for a_n in range(nmax + 1):
                nat = mnat + a_n
                base_size = msize + a_n
                if base_size > size_cap or (closed and base_size > csize):
                    break
                room = wild_room(nat, mwild, base_size)
                top = wmax if room >= wmax else room
                for w in range(0 if a_n else 1, top + 1):
                    k = a_n + w
                    size = base_size + w
                    if size > size_cap:
                        break
                    left = hs - k
                    for wc in wild_sets[w]:
                        cards = prefix[:a_n] + wc if w else prefix[:a_n]
                        # only with fewer than two cards left can the end-of-hand rules bite
                        if left >= 2 or self._check_add(
                                seat, key, (cards,), out_of_turn) is None:
                            out.append(_new(Action, (seat, "add", (cards,), key)))

    def _list_new_melds(self, seat: int, side: int, h: list[int], hrank: list[int], hs: int,
                        out_of_turn: bool, wild_sets: list[list[tuple[int, ...]]],
                        wmax_new: int, opening_turn: bool, out: list[Action]) -> None:
        """New melds of an opened side: each rank held, with up to ``wmax_new`` wild cards."""
        rules = self.rules
        by_key = self.by_key[side]
        one = rules.one_meld_per_rank
        csize = rules.canasta_size
        closed = rules.canasta_closed
        wild_room = rules.wild_room
        fixed_room = rules.max_wild_in_meld if rules.fixed_wild_room else 0
        cap = csize - 1 if opening_turn and closed else (csize if closed else 99)
        least = 2 if wmax_new else 3  # a pair needs a wild card
        for rank in NATURAL_RANKS:
            n = hrank[rank]
            if n < least or one and rank in by_key:
                continue
            a, b, c, d = _NAT_CODES[rank]  # _prefix, inlined
            prefix = (a,) * h[a] + (b,) * h[b] + (c,) * h[c] + (d,) * h[d]
            if not wmax_new and hs - n >= 2:  # naturals only, nothing to check
                for a_n in range(3, min(n, cap) + 1):
                    out.append(_new(Action, (seat, "meld", (prefix[:a_n],), -1)))
                continue
            for a_n in range(2, n + 1):
                if a_n > cap:
                    break
                if wmax_new:
                    top = fixed_room or wild_room(a_n, 0, a_n)  # no wild card yet
                    if top > wmax_new:
                        top = wmax_new
                    if top > cap - a_n:
                        top = cap - a_n
                else:
                    top = 0
                for w in range(3 - a_n if a_n < 3 else 0, top + 1):
                    for wc in wild_sets[w]:
                        g = prefix[:a_n] + wc if w else prefix[:a_n]
                        if hs - a_n - w >= 2 or self._check_meld_groups(
                                seat, (g,), out_of_turn, 0, -1) is None:
                            out.append(_new(Action, (seat, "meld", (g,), -1)))

    def _list_wild_meld(self, seat: int, J: int, T: int, out_of_turn: bool,
                        out: list[Action]) -> None:
        """The wild meld (CS-6): three wild cards or more, every mix of jokers and twos."""
        h = self.hand[seat]
        for w in range(3, J + T + 1):
            for j in range(max(0, w - T), min(w, J) + 1):
                g = self._wilds(h, j, w - j, None)
                if self._check_meld_groups(seat, (g,), out_of_turn, 0, -1) is None:
                    out.append(_new(Action, (seat, "meld", (g,), -1)))

    def _list_black_threes(self, seat: int, bt: tuple[int, int], out_of_turn: bool,
                           out: list[Action]) -> None:
        """A meld of black threes (CA-6, LD-7), only where going out this turn may follow."""
        rules = self.rules
        h = self.hand[seat]
        nb = h[2] + h[41]
        if self.hsize[seat] - min(bt[1], nb) <= 1 or (
                rules.one_meld_per_rank and not rules.wild_meld
                and self._black_threes_hopeful(seat)):
            for k in range(bt[0], min(bt[1], nb) + 1):
                g = self._pick(h, 3, k, None)
                if self._check_meld_groups(seat, (g,), out_of_turn, 0, -1) is None:
                    out.append(_new(Action, (seat, "meld", (g,), -1)))

    def _list_openings(self, seat: int, out_of_turn: bool, out: list[Action]) -> None:
        """An unopened side's openings (CA-7) and a concealed going out below them (CA-13)."""
        # The generator builds only allowed shapes worth the minimum; with two cards or
        # more left no end-of-hand rule can refuse them (as for the openings of the draw
        # phase). Canastone's wild meld could block other melds' wild cards: checked.
        trust = not self.rules.wild_meld
        hs = self.hsize[seat]
        first = len(out)
        for groups in self._openings(seat, None, self.open_min[self.side[seat]]):
            if trust and hs - sum(map(len, groups)) >= 2 or self._check_meld_groups(
                    seat, groups, out_of_turn, 0, -1) is None:
                out.append(_new(Action, (seat, "meld", groups, -1)))
        concealed = self._concealed_out(seat)
        if concealed and all(a.groups != concealed for a in out[first:]):
            out.append(_new(Action, (seat, "meld", concealed, -1)))

    def _list_asks(self, seat: int, out: list[Action]) -> None:
        """Asking partner to go out (CA-12, CS-13), while going out is still within reach."""
        if self._ask_in_reach(seat) and self._hand_may_go_out(seat):  # _check_ask
            out += self.ask_actions[seat]

    def _black_threes_hopeful(self, seat: int) -> bool:
        """A quick bound before black threes are checked in a hand of more cards (CA-6,
        decided: while the rest can still go out): at most one lone natural of a rank the
        side has not melded (the final discard), and the canastas within reach."""
        hrank = self.hrank[seat]
        by_key = self.by_key[self.side[seat]]
        lone = 0
        for r in NATURAL_RANKS:
            if hrank[r] == 1 and r not in by_key:
                lone += 1
        return lone <= 1 and self._ask_in_reach(seat)

    def _ask_in_reach(self, seat: int, extra: int = 0) -> bool:
        """``_may_reach_out`` (checking.py, the readable form) as the listing asks it on every
        turn: one pass over the side's melds counts its canastas and keeps only the melds the
        wild cards in hand could complete; the hand's ranks are scanned only when one could
        be. tests/canasta/test_ask_out_of_reach.py holds the two forms equal."""
        rules = self.rules
        csize = rules.canasta_size
        h = self.hrank[seat]
        wilds = h[0] + h[2] + extra  # the cards still to come count as wild (optimistic)
        reach = csize - wilds  # a meld (or rank in hand) this big could become a canasta
        clean = dirty = 0
        wild_meld = 0
        sizes = None  # per rank within reach: its biggest meld with the hand's cards
        for m in self.melds[self.side[seat]]:
            size = len(m.cards)
            r = m.rank
            if size >= csize:
                if r == 0:
                    if rules.wild_meld_clean(m.jok, m.two):
                        clean += 1
                    else:
                        dirty += 1
                elif r != 3:
                    if m.jok or m.two:
                        dirty += 1
                    else:
                        clean += 1
            elif r == 0:
                if size > wild_meld:
                    wild_meld = size
            elif r != 3 and size + h[r] >= reach:
                size += h[r]
                if sizes is None:
                    sizes = {r: size}
                elif size > sizes.get(r, 0):
                    sizes[r] = size
        allowed = rules.going_out_allowed
        if allowed(clean, dirty, clean + dirty, self.needed, False, self.options):
            return True
        least = reach if reach > 1 else 1
        if max(h) >= least:  # a rank in hand alone might be within reach (h counts wilds too)
            for r in NATURAL_RANKS:
                if h[r] >= least:
                    if sizes is None:
                        sizes = {r: h[r]}
                    elif r not in sizes:
                        sizes[r] = h[r]
        wild_in_reach = rules.wild_meld and csize - wild_meld <= wilds
        if sizes is None and not wild_in_reach:
            return False  # nothing more within reach: the answer above stands
        deficits = [csize - size if size < csize else 0 for size in sizes.values()] \
            if sizes else []
        if wild_in_reach:
            deficits.append(csize - wild_meld)
        more = canastas_within(deficits, wilds)
        return allowed(clean + more, dirty + more, clean + dirty + more, self.needed, False,
                       self.options)

    def _wild_meld_adds(self, seat: int, m: Meld, J: int, T: int, out_of_turn: bool,
                        out: list[Action]) -> None:
        """Wild cards onto the wild meld (CS-6): any number fits it, so only the end-of-hand
        rules can refuse, and only when fewer than two cards stay."""
        h = self.hand[seat]
        hs = self.hsize[seat]
        for w in range(1, J + T + 1):
            for j in range(max(0, w - T), min(w, J) + 1):
                cards = self._wilds(h, j, w - j, None)
                if hs - w >= 2 or self._check_add(seat, m.key, (cards,), out_of_turn) is None:
                    out.append(_new(Action, (seat, "add", (cards,), m.key)))

    def _discards(self, seat: int, can_meld: bool | None = None) -> list[Action]:
        """The discard actions of ``_discardable`` (the play listing picks the usual case, any
        card of a hand of two or more, straight from the cached actions)."""
        discard = _DISCARD[seat]
        return [discard[c] for c in self._discardable(seat, can_meld)]

    def _discardable(self, seat: int, can_meld: bool | None = None) -> list[int]:
        h = self.hand[seat]
        if self.ask == ASK_YES and can_meld and self.hsize[seat] >= 2:
            return []  # CA-12: after a 'yes', keep melding while you can
        if self.hsize[seat] >= 2 and (self.ask != ASK_YES or can_meld is False):
            # Only Canastone's short wild meld can forbid a discard here (CS-6).
            if self.rules.wild_meld and self._wild_meld_short(self.side[seat]):
                plain = [c for c in compress(_CODES, h) if c != JOKER and RANK[c] != 2]
                if plain:  # CS-6 (a hand of wild cards only may discard one: decided)
                    return plain
            return list(compress(_CODES, h))
        return [c for c in range(53) if h[c] and self._check_discard(seat, ((c,),)) is None]

    def _concealed_out(self, seat: int) -> Groups | None:
        """CA-13: the whole hand (all but one card) melded at once, below the minimum, when
        that would be a concealed going out; None when there is none to offer."""
        if self.rules.concealed_bonus is None or not self.drew or not self.turn_fresh:
            return None
        h, J, T = self._avail(seat, None)
        hr = self.hrank[seat]
        ranks = []
        melded = J + T
        for r in NATURAL_RANKS:
            if hr[r] >= 2:
                ranks.append((r, hr[r]))
                melded += hr[r]
        if not ranks or self.hsize[seat] - melded > 1:
            return None
        groups = self._spread(h, ranks, [n for _, n in ranks], J + T, J, T, None, 99)
        if groups and self._check_meld_groups(seat, groups, False, 0, -1) is None:
            return groups
        return None

    def _openings(self, seat: int, used: dict[int, int] | None, minimum: int,
                  exclude_rank: int = -1) -> list[Groups]:
        """Every opening worth at least ``minimum`` from the hand (less ``used``), one tuple
        of meld groups per set of cards (CA-7, QC-5, CS-8, LD-8): for each rank any count of
        its natural cards, or none; with every count of jokers and of twos that the melds can
        hold (a joker and a two differ: 50 points or 20), spread where the meld shapes allow;
        and in Canastone a wild meld (CS-6) beside them. Bounds on what the rest of the hand
        can still add cut the search before a set is built."""
        rules = self.rules
        pts = rules.points
        h, J, T = self._avail(seat, used)
        pj, pt = pts[JOKER], pts[1]
        if minimum > 0:  # quick bound: every natural of a rank held twice or more, every wild
            hr = self.hrank[seat]
            bound = J * pj + T * pt
            for rank in NATURAL_RANKS:
                if hr[rank] >= 2:
                    bound += hr[rank] * pts[_FIRST_CODE[rank]]
            if bound < minimum:
                return []
        csize = rules.canasta_size
        cap = csize - 1 if rules.canasta_closed else 99  # LD-8: no canasta when opening
        # CS-8: at the 50 minimum every opening meld is clean (a wild meld may be)
        clean_only = self.open_min[self.side[seat]] <= rules.clean_opening_minimum
        jn, tn = (0, 0) if clean_only else (J, T)  # wild cards the natural melds may take
        splits = _splits(rules, cap)
        wn = jn + tn
        low = 2 if wn else 3
        # (rank, a natural's points, [(naturals, fewest wild cards, most wild cards)])
        ranks: list[tuple[int, int, list[tuple[int, int, int]]]] = []
        for rank in NATURAL_RANKS:
            if rank == exclude_rank:
                continue
            n = self._nat_count(seat, rank, used)
            if n < low:
                continue
            opts = splits.options(n, wn)
            if opts:
                ranks.append((rank, pts[_FIRST_CODE[rank]], opts))
        wild_opts = [(0, 0)]  # (jokers, twos) of a wild meld (CS-6); (0, 0): none
        if rules.wild_meld and J + T >= 3:
            for j0 in range(J + 1):
                for t0 in range(T + 1):
                    if j0 + t0 >= 3 and (not clean_only or rules.wild_meld_clean(j0, t0)):
                        wild_opts.append((j0, t0))
        out: list[tuple[tuple[int, ...], ...]] = []
        if not ranks and len(wild_opts) == 1:
            return out
        nr = len(ranks)
        best = [0] * (nr + 1)  # best[i]: the most the ranks from i on can add
        for i in range(nr - 1, -1, -1):
            best[i] = best[i + 1] + ranks[i][1] * ranks[i][2][-1][0]
        twos = self._wilds(h, 0, T, used)  # the twos held, suits in order
        # each rank's naturals held, suits in order (a meld takes the first k)
        nat_cards = {rank: self._pick(h, rank, opts[-1][0], used) if used
                     else self._prefix(h, rank) for rank, _, opts in ranks}
        chosen: list[tuple[int, int, int, int]] = []  # (rank, naturals, fewest, most wild)

        wild_value = J * pj + T * pt

        def emit(value: int, lo: int, hi: int) -> None:
            for j0, t0 in wild_opts:
                if not chosen and not j0 + t0:
                    continue
                v0 = value + j0 * pj + t0 * pt
                # CS-6: beside a wild meld short of a canasta the others take no wild card
                jr, tr = (0, 0) if j0 + t0 and j0 + t0 < csize else (jn, tn)
                if J - j0 < jr:
                    jr = J - j0
                if T - t0 < tr:
                    tr = T - t0
                if lo > jr + tr:
                    continue
                for j in range(jr + 1):
                    for t in range(tr + 1):
                        w = j + t
                        if w < lo:
                            continue
                        if w > hi:
                            break
                        if v0 + j * pj + t * pt < minimum:
                            continue
                        groups = self._opening_groups(nat_cards, chosen, w - lo, j, twos,
                                                      t0, t, j0, splits)
                        if groups is not None and len(out) < MAX_OPENINGS:
                            out.append(groups)

        def walk(i: int, value: int, lo: int, hi: int) -> None:
            # the most the rest can add, and the fewest wild cards the pairs chosen need
            if value + best[i] + wild_value < minimum or lo > wn or len(out) >= MAX_OPENINGS:
                return
            if i == nr:
                emit(value, lo, hi)
                return
            walk(i + 1, value, lo, hi)  # none of this rank
            rank, p, opts = ranks[i]
            for k, klo, khi in opts:
                chosen.append((rank, k, klo, khi))
                walk(i + 1, value + k * p, lo + klo, hi + khi)
                chosen.pop()

        walk(0, 0, 0, 0)
        return out

    @staticmethod
    def _opening_groups(nat_cards: dict[int, tuple[int, ...]],
                        chosen: list[tuple[int, int, int, int]], spare: int, j: int,
                        twos: tuple[int, ...], t0: int, t: int, j0: int,
                        splits: _Splits) -> Groups | None:
        """The meld groups of one opening: each rank's naturals with the fewest wild cards it
        needs, then ``spare`` more where the shapes allow (jokers first); a wild meld of ``j0``
        jokers and ``t0`` twos first. None if the wild cards cannot all be placed."""
        counts = []
        for opt in chosen:
            more = opt[3] - opt[2]
            if more > spare:
                more = spare
            spare -= more
            counts.append(opt[2] + more)
        groups: list[tuple[int, ...]] = []
        if j0 + t0:
            groups.append((JOKER,) * j0 + twos[:t0])
        at = t0  # the next two to use
        jl = j  # jokers left for the natural melds
        tl = t0 + t
        for (rank, k, _, _), w in zip(chosen, counts):
            parts = splits[k, w]
            if parts is None:
                return None
            nats = nat_cards[rank]
            n_at = 0
            for a, x in parts:
                wj = x if x < jl else jl
                jl -= wj
                g = nats[n_at:n_at + a] + (JOKER,) * wj + twos[at:at + x - wj]
                at += x - wj
                n_at += a
                groups.append(g)
        if at != tl or jl:
            return None
        return tuple(groups)

    def _spread(self, h: list[int], subset: Sequence[tuple[int, int]], base: Sequence[int],
                w: int, J: int, T: int, used: dict[int, int] | None, cap: int,
                needs: Sequence[int] | None = None) -> Groups | None:
        """Meld each rank of ``subset`` with its natural cards and w wild cards: first the
        wild cards each meld needs to stand (a pair needs one; ``needs`` per meld when
        known), then the rest in rank order where the meld shapes allow; jokers before twos,
        for points. None if they cannot all be placed."""
        jl = min(w, J)
        tl = w - jl
        if tl > T:
            return None
        if needs is None:
            need_of = _wild_needs(self.rules, cap)
            needs = [need_of[k] for k in base]
        counts = []
        left = w
        for x in needs:
            if x > left:  # (99: never stands)
                return None
            counts.append(x)
            left -= x
        if left:
            stands = _stands(self.rules)
            for i, k in enumerate(base):
                x = counts[i]
                ok = stands[k]
                while left and k + x + 1 <= cap and ok[x + 1]:
                    x += 1
                    left -= 1
                counts[i] = x
            if left:
                return None
        groups = []
        if not used:  # the whole hand: naturals never clash, wild cards are dealt in turn
            twos = (1,) * h[1] + (14,) * h[14] + (27,) * h[27] + (40,) * h[40]
            at = 0
            for (rank, _), k, x in zip(subset, base, counts):
                wj = x if x < jl else jl
                jl -= wj
                a, b, c, d = _NAT_CODES[rank]  # _prefix, inlined (never rank 3 here)
                prefix = (a,) * h[a] + (b,) * h[b] + (c,) * h[c] + (d,) * h[d]
                groups.append(prefix[:k] + (JOKER,) * wj + twos[at:at + x - wj])
                at += x - wj
            return tuple(groups)
        used = dict(used)
        for (rank, _), k, x in zip(subset, base, counts):
            wj = x if x < jl else jl
            jl -= wj
            g = self._pick(h, rank, k, used) + self._wilds(h, wj, x - wj, used)
            for c in g:
                used[c] = used.get(c, 0) + 1
            groups.append(g)
        return tuple(groups)

    # convenience for tests and tools
    def meld(self, side: int, rank_or_key: int) -> Meld | None:
        return self.by_key[side].get(rank_or_key)

    def meld_rank(self, key: int) -> int:
        return key_rank(key)
