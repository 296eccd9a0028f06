"""Listing legal canasta-family actions: the one place allowed to be fast.

Computer players search by playing thousands of simulated deals, so ``legal_actions`` builds
the list directly (cached actions, bounds before candidates, no second check where nothing can
refuse: docs/engine-speed.md) instead of filtering candidates through ``why_illegal``. It
calls the same predicates as checking where a rule can bite, and tests/test_listing_agrees.py
proves the two agree in every game, player count and option.
"""

from __future__ import annotations

from itertools import combinations, compress

from game.actions import Action, key_rank, make
from game.canasta.checking import TAKEABLE
from game.canasta.melds import Meld, canastas_within
from game.canasta.phase import ANSWER, ASK_YES, DRAW, PLAY
from game.canasta.ruleset import BLACK_THREES, NATURAL_RANKS, TWOS, RuleSet
from game.canasta.table import TableState
from game.cards import JOKER, RANK, codes_of_rank

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


class _Stands(dict):
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


class _WildNeeds(dict):
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


_STANDS: dict[RuleSet, _Stands] = {}
_WILD_NEEDS: dict[tuple[RuleSet, int], _WildNeeds] = {}


def _stands(rules: RuleSet) -> _Stands:
    table = _STANDS.get(rules)
    if table is None:
        table = _STANDS[rules] = _Stands(rules)
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
                and self.hsize[seat] >= 2:  # CS-13: before the draw too (as _check_ask)
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
            value = rules.points[top] + sum(rules.points[c] for c in g0)
            minimum = self.open_min[side]
            if value >= minimum:
                if self._check_meld_groups(seat, (g0,), False, gained, top) is None:
                    out.append(make(seat, "take", (g0,)))
                continue
            used: dict[int, int] = {}
            for c in g0:
                used[c] = used.get(c, 0) + 1
            # As in the play listing, generated openings that leave two cards or more need
            # no second check (the pair or natural-and-wild with the top card always stands).
            trust = not rules.wild_meld
            kept = self.hsize[seat] - len(g0) + gained
            for extra in self._openings(seat, used, minimum - value, exclude_rank=r):
                groups = (g0,) + extra
                if trust and kept - sum(map(len, extra)) >= 2 or self._check_meld_groups(
                        seat, groups, False, gained, top) is None:
                    out.append(make(seat, "take", groups))
        if by_adding and self._take_by_adding_ok(seat):
            out.append(_TAKE[seat])
        return out

    def _take_by_adding_ok(self, seat: int) -> bool:
        """The top card may go onto the side's meld (CA-9): with two cards or more in hand
        only the meld's shape could refuse it, and a natural card never spoils a Canasta
        meld; the other cases take the full check."""
        rules = self.rules
        if self.hsize[seat] >= 2 and not rules.canasta_closed and not rules.wild_meld:
            return True
        return self._check_take(seat, ()) is None

    @staticmethod
    def _prefix(h, rank: int) -> tuple[int, ...]:
        """All cards of ``rank`` in hand in canonical (suit) order; k of them = prefix[:k]."""
        if rank == 3:  # a "rank 3" meld is black threes only
            return (2,) * h[2] + (41,) * h[41]
        a, b, c, d = _NAT_CODES[rank]
        return (a,) * h[a] + (b,) * h[b] + (c,) * h[c] + (d,) * h[d]

    @staticmethod
    def _pick(h, rank: int, k: int, used: dict | None) -> tuple[int, ...]:
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
    def _wilds(h, jok: int, two: int, used: dict | None) -> tuple[int, ...]:
        out = [JOKER] * jok
        if two:
            for c in TWOS:
                n = h[c] - (used.get(c, 0) if used else 0)
                while n > 0 and two:
                    out.append(c)
                    n -= 1
                    two -= 1
        return tuple(out)

    @staticmethod
    def _wild_splits(w: int, J: int, T: int):
        """The composition of w wild cards the list offers: twos first, keeping the jokers
        (any other composition is just as legal; the list stays count-complete)."""
        t = min(w, T)
        return ((w - t, t),) if w - t <= J else ()

    def _avail(self, seat: int, used: dict | None):
        h = self.hand[seat]
        if not used:
            return h, h[JOKER], self.hrank[seat][2]
        J = h[JOKER] - (used.get(JOKER, 0) if used else 0)
        T = sum(h[c] - (used.get(c, 0) if used else 0) for c in TWOS)
        return h, J, T

    def _nat_count(self, seat: int, rank: int, used: dict | None) -> int:
        h = self.hand[seat]
        if used:
            return sum(h[c] - used.get(c, 0) for c in _NAT_CODES[rank])
        if rank == 3:
            return h[2] + h[41]
        return self.hrank[seat][rank]

    def _play_actions(self, seat: int, out_of_turn: bool, discards: bool = True):
        """The legal actions after the draw: melds, adds, then (unless ``discards`` is False
        or out of turn) discards and asks (hook: Canastone lists only the discards after
        drawing two unopened, CS-9)."""
        out: list[Action] = []
        side = self.side[seat]
        rules = self.rules
        h = self.hand[seat]
        hrank = self.hrank[seat]
        J = h[JOKER]
        T = hrank[2]
        W = J + T
        hs = self.hsize[seat]
        # wild_cards[w]: the canonical w wild cards (twos first, then jokers)
        if W:
            twos = (1,) * h[1] + (14,) * h[14] + (27,) * h[27] + (40,) * h[40]
            wild_cards: list[tuple[int, ...]] = [()]
            for w in range(1, W + 1):
                wild_cards.append(twos[:w] + (JOKER,) * (w - T if w > T else 0))
        else:
            wild_cards = [()]  # no wild card in hand
        # Where the hand stays at two cards or more, the only end-of-hand rule (CA-11, CS-12,
        # LD-12) cannot bite, and a generated shape needs no second check.
        short = False  # Canastone: the side's wild meld is short of a canasta (CS-6)
        csize = rules.canasta_size
        if self.opened[side]:
            closed = rules.canasta_closed
            opening_turn = closed and self._opening_turn(seat)
            short = self._wild_meld_short(side) if rules.wild_meld else False
            wild_room = rules.wild_room
            fixed_room = rules.max_wild_in_meld if rules.fixed_wild_room else 0
            canasta_wild = None  # asked of the rule set at the first canasta met
            # Without wild cards a meld whose rank is not in hand takes nothing (in Looking
            # and Down a red three may still complete a red canasta).
            skip_absent = not W and not closed
            for m in self.melds[side]:
                mr = m.rank
                if skip_absent and not hrank[mr] or mr == 3:
                    continue
                msize = len(m.cards)
                if closed and msize >= csize:
                    if msize == csize and m.jok + m.two == 0 and not m.red3 and (h[15] or h[28]):
                        rc = ((15,) if h[15] else (28,),)
                        if self._check_add(seat, m.key, rc, out_of_turn) is None:
                            out.append(_new(Action, (seat, "add", rc, m.key)))
                    continue
                if mr == 0:
                    self._wild_meld_adds(seat, m, J, T, out_of_turn, out)
                    continue
                nmax = hrank[mr]
                wmax = 0 if short else W
                if wmax and msize >= csize:
                    if canasta_wild is None:
                        canasta_wild = rules.canasta_accepts_wild()
                    if not canasta_wild:
                        wmax = 0
                if not nmax and not wmax:
                    continue
                mnat, mwild = m.nat, m.jok + m.two
                if nmax:  # _prefix, inlined (never rank 3 here)
                    a, b, c, d = _NAT_CODES[mr]
                    prefix = (a,) * h[a] + (b,) * h[b] + (c,) * h[c] + (d,) * h[d]
                else:
                    prefix = ()
                if fixed_room:
                    # Canasta, Quick Canasta: the wild room does not depend on the naturals.
                    top = fixed_room - mwild
                    if top > wmax:
                        top = wmax
                    key = m.key
                    if not top and hs - nmax >= 2:  # naturals only, nothing to check
                        for a_n in range(1, nmax + 1):
                            out.append(_new(Action, (seat, "add", (prefix[:a_n],), key)))
                        continue
                    for a_n in range(nmax + 1):
                        nats = prefix[:a_n]
                        for w in range(0 if a_n else 1, top + 1):
                            if hs - a_n - w < 2:
                                cards = nats + wild_cards[w]
                                if self._check_add(seat, key, (cards,), out_of_turn) is None:
                                    out.append(_new(Action, (seat, "add", (cards,), key)))
                            else:
                                out.append(_new(Action, (seat, "add", (nats + wild_cards[w],),
                                                         key)))
                    continue
                size_cap = csize - 1 if opening_turn and closed else 99
                if not wmax and hs - nmax >= 2:
                    # Naturals only: they never spoil a meld (tests/canasta/test_ruleset_hooks),
                    # so only the size caps and nothing else to check.
                    for a_n in range(1, nmax + 1):
                        base_size = msize + a_n
                        if base_size > size_cap or (closed and base_size > csize):
                            break
                        out.append(_new(Action, (seat, "add", (prefix[:a_n],), m.key)))
                    continue
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
                        if left < 2:  # only then can the end-of-hand rules bite
                            for j, t in self._wild_splits(w, J, T):
                                cards = self._pick(h, mr, a_n, None) + self._wilds(h, j, t, None)
                                if self._check_add(seat, m.key, (cards,), out_of_turn) is None:
                                    out.append(_new(Action, (seat, "add", (cards,), m.key)))
                            continue
                        cards = prefix[:a_n] + wild_cards[w] if w else prefix[:a_n]
                        out.append(_new(Action, (seat, "add", (cards,), m.key)))
            # new melds
            by_key = self.by_key[side]
            one = rules.one_meld_per_rank
            cap = csize - 1 if opening_turn and closed else (csize if closed else 99)
            wmax_new = 0 if short else W
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
                        g = prefix[:a_n] + wild_cards[w] if w else prefix[:a_n]
                        if hs - a_n - w >= 2 or self._check_meld_groups(
                                seat, (g,), out_of_turn, 0, -1) is None:
                            out.append(_new(Action, (seat, "meld", (g,), -1)))
            if rules.wild_meld and 0 not in by_key and W >= 3:
                for w in range(3, W + 1):
                    for j in range(max(0, w - T), min(w, J) + 1):
                        g = self._wilds(h, j, w - j, None)
                        if self._check_meld_groups(seat, (g,), out_of_turn, 0, -1) is None:
                            out.append(_new(Action, (seat, "meld", (g,), -1)))
            bt = rules.black_three_meld
            nb = h[2] + h[41]
            if bt and bt[0] <= nb and hs - min(bt[1], nb) <= 1:  # CA-6: only when going out
                for k in range(bt[0], min(bt[1], nb) + 1):
                    g = self._pick(h, 3, k, None)
                    if self._check_meld_groups(seat, (g,), out_of_turn, 0, -1) is None:
                        out.append(_new(Action, (seat, "meld", (g,), -1)))
        elif not rules.open_first:
            # The generator builds only allowed shapes worth the minimum; with two cards or
            # more left no end-of-hand rule can refuse them (as for the openings of the draw
            # phase). Canastone's wild meld could block other melds' wild cards: checked.
            trust = not rules.wild_meld
            for groups in self._openings(seat, None, self.open_min[side]):
                if trust and hs - sum(map(len, groups)) >= 2 or self._check_meld_groups(
                        seat, groups, out_of_turn, 0, -1) is None:
                    out.append(_new(Action, (seat, "meld", groups, -1)))
            concealed = self._concealed_out(seat)
            if concealed and all(a.groups != concealed for a in out):
                out.append(_new(Action, (seat, "meld", concealed, -1)))
        if out_of_turn or not discards:
            return out
        if hs >= 2 and self.ask != ASK_YES and not short:  # _discards' usual case
            out += compress(_DISCARD[seat], h)
        else:
            out += self._discards(seat, bool(out))
        if (self.phase == PLAY and not self.asked and self.can_ask and hs >= 2
                and (not rules.ask_right_after_draw or not self.played)  # CA-12 / CS-13
                and self._ask_in_reach(seat)):  # as _check_ask
            out += self.ask_actions[seat]
        return out

    def _ask_in_reach(self, seat: int) -> bool:
        """``_may_reach_out`` (checking.py, the readable form) as the listing asks it on every
        turn: one pass over the side's melds counts its canastas and keeps only the melds the
        wild cards in hand could complete; the hand's ranks are scanned only when one could
        be. tests/canasta/test_ask_out_of_reach.py holds the two forms equal."""
        rules = self.rules
        csize = rules.canasta_size
        h = self.hrank[seat]
        wilds = h[0] + h[2]
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

    def _wild_meld_adds(self, seat, m, J, T, out_of_turn, out) -> None:
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

    def _rank_melds(self, seat, rank, n, J, T, used, opening_turn, short, cap: int = 99,
                    minimum: int = 0):
        """Candidate new melds of one rank worth ``minimum`` or more: every natural count with
        every wild count."""
        h = self.hand[seat]
        rules = self.rules
        pts = rules.points
        pn, pj, pt = pts[_NAT_CODES[rank][0]], pts[JOKER], pts[1]
        out = []
        max_size = rules.canasta_size - 1 if opening_turn and rules.canasta_closed else cap
        stands = _stands(rules)
        if not used:
            a, b, c, d = _NAT_CODES[rank]  # _prefix, inlined
            prefix = (a,) * h[a] + (b,) * h[b] + (c,) * h[c] + (d,) * h[d]
            twos = (1,) * h[1] + (14,) * h[14] + (27,) * h[27] + (40,) * h[40]
        # The wild compositions per count (they do not depend on the naturals): twos first
        # (_wild_splits), and for openings, where the joker's 50 points matter, jokers first.
        splits_of: list[tuple[tuple[int, int], ...]] = []
        for w in range(0, J + T + 1):
            t = w if w < T else T
            splits: tuple[tuple[int, int], ...] = ((w - t, t),) if w - t <= J else ()
            jf = (w if w < J else J, w - (w if w < J else J))
            if jf[1] <= T and jf not in splits:
                splits = splits + (jf,)
            splits_of.append(splits)
        for a_n in range(2, n + 1):
            ok = stands[a_n]
            for w in range(3 - a_n if a_n < 3 else 0, J + T + 1):
                if a_n + w > max_size:
                    break
                if w and short:
                    break
                if not ok[w]:  # natural_meld_problem
                    continue
                for j, t in splits_of[w]:
                    if a_n * pn + j * pj + t * pt < minimum:
                        continue
                    if used:
                        out.append(self._pick(h, rank, a_n, used) + self._wilds(h, j, t, used))
                    else:
                        out.append(prefix[:a_n] + twos[:t] + (JOKER,) * j)
        return out

    def _concealed_out(self, seat: int):
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

    def _openings(self, seat: int, used: dict | None, minimum: int, exclude_rank: int = -1):
        """Meld groups (tuples of groups) worth at least ``minimum`` from the hand: each
        single meld, and combinations of two, three or all meldable ranks with their natural
        cards and the wild cards spread over them."""
        rules = self.rules
        pts = rules.points
        h, J, T = self._avail(seat, used)
        # Quick bound: all meldable naturals and every wild card together (CA-7).
        hr = self.hrank[seat]
        pj, pt = pts[JOKER], pts[1]
        bound = h[JOKER] * pj + hr[2] * pt
        for rank in NATURAL_RANKS:
            n = hr[rank]
            if n >= 2:
                bound += n * pts[_FIRST_CODE[rank]]
        if bound < minimum:
            return []
        opening_turn = rules.canasta_closed
        clean_only = minimum <= rules.clean_opening_minimum and not self.opened[self.side[seat]]
        # Upper bounds on what a meld (or set of melds) can be worth skip most candidates
        # before they are built: every wild card the hand may use, and the naturals.
        wild_value = 0 if clean_only else J * pj + T * pt
        ranks = []
        out = []
        for rank in NATURAL_RANKS:
            if rank == exclude_rank:
                continue
            n = self._nat_count(seat, rank, used) if used else hr[rank]
            if n >= 2:
                ranks.append((rank, n))
                if n * pts[_FIRST_CODE[rank]] + wild_value < minimum:
                    continue
                for g in self._rank_melds(seat, rank, n, 0 if clean_only else J,
                                          0 if clean_only else T, used, opening_turn, False,
                                          minimum=minimum):
                    out.append((g,))
        if rules.wild_meld and J + T >= 3:
            for j in range(0, J + 1):
                for t in range(0, T + 1):
                    if j + t < 3 or (clean_only and not rules.wild_meld_clean(j, t)):
                        continue
                    g = self._wilds(h, j, t, used)
                    if sum(pts[c] for c in g) >= minimum:
                        out.append((g,))
        if len(ranks) < 2:
            return out
        cap = rules.canasta_size - 1 if opening_turn else 99
        wmax = 0 if clean_only else J + T
        # Per rank: (rank, n), the naturals melded, their worth, the wild cards the meld
        # needs to stand (a pair: one; 99: never).
        least = minimum - wild_value  # the naturals' worth a set of melds needs
        need_of = _wild_needs(rules, cap)
        info = []
        for r, n in ranks:
            k = n if n < cap else cap
            info.append(((r, n), k, pts[_FIRST_CODE[r]] * k, need_of[k]))
        # Subsets of two and three ranks, then all of them, in that order; those whose
        # naturals and wild cards cannot reach the minimum are never built.
        picked: list[tuple] = []
        for a, b in combinations(info, 2):
            if a[2] + b[2] >= least and a[3] + b[3] <= wmax:
                picked.append((a, b))
        if len(info) > 2:
            for a, b, c in combinations(info, 3):
                if a[2] + b[2] + c[2] >= least and a[3] + b[3] + c[3] <= wmax:
                    picked.append((a, b, c))
            if len(info) > 3:
                if sum(x[2] for x in info) >= least and sum(x[3] for x in info) <= wmax:
                    picked.append(tuple(info))
        for subset in picked:
            base_value = lowest = 0
            for x in subset:
                base_value += x[2]
                lowest += x[3]
            # The fewest wild cards (jokers first) that reach the minimum; more add nothing
            # needed. Placing them only gets harder with more, so one try decides.
            w = lowest
            while base_value + pj * min(w, J) + pt * (w - min(w, J)) < minimum:
                w += 1
            if w <= wmax:
                groups = self._spread(h, [x[0] for x in subset], [x[1] for x in subset], w,
                                      J, T, used, cap, [x[3] for x in subset])
                if groups is not None:
                    out.append(groups)
        return out

    def _spread(self, h, subset, base, w, J, T, used, cap, needs=None):
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
