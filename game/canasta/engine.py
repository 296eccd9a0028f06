"""The canasta-family rules: what is legal, why not, and what an action does.

``why_illegal`` is the authority; ``legal_actions`` enumerates directly (fast, for computer
players) using the same predicates (``_meld_problem``, ``_end_problem``, ``_take_problem``), and
a property test checks that every listed action passes ``why_illegal``. ``apply`` mutates the
state and returns events.
"""

from __future__ import annotations

from itertools import combinations, compress

from game.actions import WILD_MELD, Action, key_rank, make, meld_key
from game.canasta.melds import Meld, count_kinds
from game.canasta.phase import ANSWER, DRAW, OVER, PLAY, Ask
from game.canasta.ruleset import BLACK_THREES, NATURAL_RANKS, RED_THREES, TWOS
from game.cards import JOKER, RANK, codes_of_rank, format_cards
from game.errors import IllegalActionError
from game.events import Event
from game.i18n import catalogue
from game.reasons import reason

_ev = _new = tuple.__new__
_NAT_CODES = {r: codes_of_rank(r) for r in range(1, 14)}
_NAT_CODES[3] = BLACK_THREES  # a "rank 3" meld is black threes only
_CODES = range(53)
_TAKEABLE = [RANK[c] in NATURAL_RANKS for c in range(53)]  # top cards that may be taken
# Actions that never vary, made once: the lists reuse them (tuples are immutable).
_DISCARD = [[make(seat, "discard", ((c,),)) for c in range(53)] for seat in range(8)]
_DRAW = [make(seat, "draw") for seat in range(8)]
_ANSWERS = [[make(seat, "yes"), make(seat, "no")] for seat in range(8)]
_ASK = [make(seat, "ask") for seat in range(8)]
_TAKE = [make(seat, "take") for seat in range(8)]


def ask_actions(rules, players: int) -> tuple:
    """Per seat, the ask actions a listing offers (with one partner, the plain 'ask')."""
    out = []
    for seat in range(players):
        partners = rules.partners(seat, players)
        if len(partners) == 1:
            out.append((_ASK[seat],))
        else:
            out.append(tuple(_new(Action, (seat, "ask", (), p)) for p in partners))
    return tuple(out)


_RANK_WORDS = {1: "rank.ace", 11: "rank.jack", 12: "rank.queen", 13: "rank.king", 0: "rank.wild"}


def _rank_name(r: int) -> str:
    """A reason's {rank}: the English catalogue's word (the table translates it back)."""
    key = _RANK_WORDS.get(r)
    return catalogue("en")[key] if key else str(r)


class EngineMixin:
    # ======================================================================================
    # Turn flow
    # ======================================================================================
    def _lay_out_dealt_red_threes(self) -> list:
        """CA-3 / CS-4: in turn order from the dealer's left, lay out and replace."""
        ev: list = []
        if not self.rules.red_threes_laid_out:
            return ev
        n = self.players
        for i in range(n):
            seat = (self.dealer + 1 + i) % n
            self._replace_red_threes(seat, ev)
            if self.over:
                break
        return ev

    def _replace_red_threes(self, seat: int, ev: list) -> None:
        h = self.hand[seat]
        while h[15] or h[28]:
            code = 15 if h[15] else 28
            self._take_card(seat, code)
            self.red3[self.side[seat]].append(code)
            ev.append(_ev(Event, ("red_three", seat, (code,), None)))
            if not self.stock:
                self._end_deal("red three drawn with no replacement", ev)
                return
            c = self.stock.pop()
            self._give(seat, c)
            ev.append(_ev(Event, ("draw", seat, (c,), None)))

    def _draw(self, seat: int, count: int, ev: list) -> None:
        laid = self.rules.red_threes_laid_out
        for _ in range(count):
            if not self.stock:
                return
            c = self.stock.pop()
            self.hand[seat][c] += 1  # _give, inlined
            self.hrank[seat][RANK[c]] += 1
            self.hsize[seat] += 1
            ev.append(_ev(Event, ("draw", seat, (c,), None)))
            if laid and (c == 15 or c == 28):
                self._replace_red_threes(seat, ev)
                if self.over:
                    return

    def _start_turn(self, seat: int, ev: list | None = None) -> list:
        """Begin ``seat``'s turn, ending the deal first where the stock says so; the events
        (appended to ``ev`` when given)."""
        if ev is None:
            ev = []
        self.turn = seat
        self.phase = DRAW
        self.drew = self.took = self.played = False
        self.draw_only = self.opened_first = False
        self.turn_fresh = not self.melded_before[seat]
        self.touched_old = False
        self.new_keys = []
        self.ask = Ask.NONE
        self.ask_partner = -1
        self.asked = False
        self._turn_begins(seat, ev)
        return ev

    # ---- variant hooks of the turn (each variant's state overrides what differs) ----------
    def _turn_begins(self, seat: int, ev: list) -> None:
        """The deal may end as ``seat``'s turn begins. CA-14: with the stock empty, only
        taking the pile can continue the deal."""
        if not self.stock and not self._take_variants(seat):
            self._end_deal("stock exhausted", ev)

    def _turn_ends_deal(self, seat: int) -> bool:
        """Whether the deal ends with ``seat``'s finished turn (before the next begins)."""
        return False

    def _stock_ran_out(self, seat: int) -> None:
        """``seat`` drew or was dealt the stock's last card (the stock rules CA-14, QC-7,
        LD-13 start counting)."""

    def _draw_from_empty_stock(self, seat: int, ev: list) -> None:
        """``seat`` draws from an empty stock: CA-14, the deal ends."""
        self._end_deal("stock exhausted", ev)

    def _acts_out_of_turn(self, seat: int) -> bool:
        """Whether ``seat`` may meld and add out of turn now (Looking and Down's LD-10)."""
        return False

    def _may_empty_hand(self, seat: int) -> bool:
        """Whether ``seat``'s hand may be emptied now without going out (no end-of-hand rule:
        Looking and Down's looking (LD-11) and its free period (LD-12/13))."""
        return False

    def _keep_reason(self, why, out_of_turn: bool):
        """The refusal of a meld that leaves too few cards (CA-11, CS-12)."""
        return reason("keep_cards", why=why, keep=1 if out_of_turn else 2)

    def _opening_turn(self, seat: int) -> bool:
        """Whether ``seat`` opens, or opened, in this turn (Looking and Down's LD-8 keeps
        canastas out of it; the other games never ask)."""
        return False

    def _side_opens(self, seat: int, out_of_turn: bool) -> None:
        """``seat``'s side opens with this meld (a variant notes what it needs)."""

    def _may_meld_before_drawing(self, seat: int) -> bool:
        """Whether ``seat`` may meld before drawing (Canastone's opening first, CS-9)."""
        return False

    def _pile_taken(self, seat: int) -> None:
        """``seat`` has taken the pile, before the melds are judged for an empty hand."""

    def _after_meld(self, seat: int, out_of_turn: bool, ev: list) -> None:
        """An empty hand after melding goes out (CA-11)."""
        if self.hsize[seat] or self.over:
            return
        self._go_out(seat, ev)

    def _hand_emptied_by_discard(self, seat: int, ev: list) -> bool:
        """The discard emptied ``seat``'s hand: going out (CA-11); True when the deal ended."""
        self._go_out(seat, ev)
        return True

    def _end_turn(self, ev: list) -> None:
        seat = self.turn
        self.melded_before[seat] = self.melded_before[seat] or self.played
        if self._turn_ends_deal(seat):
            self._end_deal("stock exhausted", ev)
            return
        self.turn_no += 1
        nxt = (seat + 1) % self.players
        ev.append(_ev(Event, ("turn", nxt, (), None)))
        self._start_turn(nxt, ev)

    def _end_deal(self, why: str, ev: list) -> None:
        self.over = True
        self.phase = OVER
        self.end_reason = why
        scores = self.deal_scores()
        ev.append(_ev(Event, ("deal_over", -1, (), scores)))

    # ======================================================================================
    # Shared predicates
    # ======================================================================================
    def _canastas(self, side: int, after: dict | None = None) -> tuple[int, int, bool]:
        """(clean canastas, dirty canastas, wild meld shorter than a canasta) for a side,
        with ``after`` = {key: (rank, nat, jok, two, red3)} overriding or adding melds."""
        clean = dirty = 0
        short = False
        rules = self.rules
        csize = rules.canasta_size
        for m in self.melds[side]:
            if after and m.key in after:
                continue
            size = len(m.cards)
            if m.rank == 0:
                if size < csize:
                    short = True
                elif rules.wild_meld_clean(m.jok, m.two):
                    clean += 1
                else:
                    dirty += 1
            elif m.rank != 3 and size >= csize:
                if m.jok + m.two:
                    dirty += 1
                else:
                    clean += 1
        if after:
            for rank, nat, jok, two, r3 in after.values():
                size = nat + jok + two + r3
                if rank == 0:
                    if size < csize:
                        short = True
                    elif rules.wild_meld_clean(jok, two):
                        clean += 1
                    else:
                        dirty += 1
                elif rank != 3 and size >= csize:
                    if jok + two:
                        dirty += 1
                    else:
                        clean += 1
        return clean, dirty, short

    def _go_out_problem(self, seat: int, after: dict | None):
        """None when the seat may go out with these melds, else the 'why' reason."""
        if self.ask == Ask.NO:
            return reason("why_partner_no")
        clean, dirty, short = self._canastas(self.side[seat], after)
        if self.rules.going_out_allowed(clean, dirty, clean + dirty, self.needed, short,
                                        self.options):
            return None
        return self.rules.going_out_refusal(self.needed)

    def _end_problem(self, seat: int, left: int, after: dict | None, out_of_turn: bool,
                     last: int = -1):
        """May the seat be left with ``left`` cards after melding? (CA-11, CS-12, LD-12)."""
        if self._may_empty_hand(seat):
            return None
        if left >= 2 or (out_of_turn and left >= 1):
            return None
        why = self._go_out_problem(seat, after)
        if why is not None:
            return self._keep_reason(why, out_of_turn)
        if left == 0 and self.rules.discard_to_go_out:
            return reason("cs_close_discard")
        if left == 1 and last >= 0 and not self.rules.going_out_discard_ok(last):
            return reason("cs_close_discard")
        return None

    def _after_shape(self, side: int, key: int, rank: int, cards, base: Meld | None):
        """(rank, nat, jok, two, red3) of a meld after adding ``cards``."""
        if base is None:
            return self._add_to_shape((rank, 0, 0, 0, 0), cards)
        return self._add_to_shape((rank, base.nat, base.jok, base.two, base.red3), cards)

    def _shape_problem(self, seat: int, shape, base: Meld | None, opening_turn: bool,
                       short_after: bool):
        """Is a meld of this shape allowed (CA-4..6, CS-5..7, LD-5..7)?"""
        rank, nat, jok, two, r3 = shape
        wild = jok + two
        size = nat + wild + r3
        rules = self.rules
        if rank == 0:
            if nat or r3:
                return reason("add_wild_meld")
            if size < 3:
                return reason("wild_meld_three")
            return None
        if rank == 3:
            bt = rules.black_three_meld
            if bt is None or wild or not bt[0] <= size <= bt[1]:
                return self._black_three_reason()
            return None
        if r3:
            # LD-6: one red three on a red (natural) canasta of exactly seven.
            csize = rules.canasta_size
            if not (rules.canasta_closed and r3 == 1 and wild == 0 and nat == csize):
                return reason("red_three_meld")
            if base is None or base.size != csize:
                return reason("red_three_meld")
            return None
        if base is not None and base.size >= rules.canasta_size:
            if rules.canasta_closed:
                return reason("canasta_closed")
            if wild > base.wild and not rules.canasta_accepts_wild():
                return reason("canasta_no_wild")
        if short_after and wild > (base.jok + base.two if base is not None else 0):
            return reason("wild_meld_blocks")  # CS-6: no new wild cards outside it
        problem = rules.natural_meld_problem(nat, wild, size)
        if problem:
            return reason(problem)
        if opening_turn and rules.canasta_closed and size >= rules.canasta_size:
            return reason("ld_opening_canasta")
        return None

    def _black_three_reason(self):
        if self.rules.black_three_meld is None:
            return reason("black_threes_never")
        lo, hi = self.rules.black_three_meld
        if lo == hi:
            return reason("black_threes_exact", count=lo)
        return reason("black_threes", low=lo, high=hi)

    def _classify(self, group) -> tuple[int, object]:
        """The rank a group of cards melds as (0 = all wild), or a reason."""
        rank = -1
        for c in group:
            if c == JOKER:
                continue
            r = RANK[c]
            if r == 2:
                continue
            if c in RED_THREES:
                if rank == -1:
                    rank = 3
                continue
            if rank == -1 or rank == 3 and r == 3:
                rank = r
            elif rank != r:
                return -1, reason("meld_one_rank")
        if rank == -1:
            return 0, None
        if rank not in NATURAL_RANKS and rank != 3:
            return -1, reason("meld_rank", rank=_rank_name(rank))
        return rank, None

    def _hand_problem(self, seat: int, cards) -> object:
        need: dict[int, int] = {}
        for c in cards:
            need[c] = need.get(c, 0) + 1
        h = self.hand[seat]
        missing = [c for c, k in need.items() if h[c] < k]
        if missing:  # name each card as often as it was asked for: "JK JK"
            return reason("not_in_hand", cards=format_cards(
                c for c in missing for _ in range(need[c])))
        return None

    # ======================================================================================
    # Checking
    # ======================================================================================
    def why_illegal(self, action: Action):
        if self.over:
            return reason("deal_over")
        seat, verb = action.seat, action.verb
        if not 0 <= seat < self.players:
            return reason("no_such_seat", seat=seat)
        if self.phase == ANSWER:
            if verb in ("yes", "no") and seat == self.ask_partner:
                return None
            if seat == self.turn or verb in ("yes", "no"):
                return reason("answer_pending", seat=self.ask_partner)
        if verb in ("yes", "no"):
            return reason("answer_not_asked")
        out_of_turn = seat != self.turn
        if out_of_turn:
            if self._acts_out_of_turn(seat):
                if verb not in ("meld", "add"):
                    return reason("frozen_time_only")
            else:
                return reason("not_your_turn", seat=seat)
        groups = action.groups
        if any(not g for g in groups) or (
                verb in ("discard", "add") and len(groups) != 1) or (
                verb == "meld" and not groups) or (
                verb in ("draw", "ask") and groups):
            return reason("bad_action")
        if verb == "draw":
            return self._check_draw(seat)
        if verb == "take":
            return self._check_take(seat, action.groups)
        if verb == "meld":
            return self._check_meld(seat, action.groups, out_of_turn)
        if verb == "add":
            return self._check_add(seat, action.target, action.groups, out_of_turn)
        if verb == "discard":
            return self._check_discard(seat, action.groups)
        if verb == "ask":
            return self._check_ask(seat, action.target)
        return reason("bad_action")

    def _check_draw(self, seat: int):
        if self.phase != DRAW:
            return reason("already_drew")
        if not self.stock:
            if self.rules.pile_compulsory and self._take_compulsory(seat):
                return reason("must_take")
        return None

    def _take_compulsory(self, seat: int) -> bool:
        """CA-14: with the stock empty, an unfrozen pile whose top matches a side meld."""
        if not self.pile:
            return False
        top = self.pile[-1]
        side = self.side[seat]
        if self.frozen or not self.opened[side] or RANK[top] not in NATURAL_RANKS:
            return False
        return RANK[top] in self.by_key[side] and bool(self._take_variants(seat))

    def _take_problem(self, seat: int):
        """Whether the pile may be taken at all by ``seat`` now (not which cards)."""
        key = self._take_blocker(seat)
        return reason(key) if key else None

    def _take_blocker(self, seat: int) -> str | None:
        """The reason key of ``_take_problem`` (the listing needs no sentence)."""
        if not self.pile:
            return "pile_empty"
        top = self.pile[-1]
        if not _TAKEABLE[top]:
            return "pile_top_three" if RANK[top] == 3 else "pile_top_wild"
        return None

    def _pile_frozen_for(self, side: int) -> bool:
        return self.frozen or (self.rules.unopened_pile_frozen and not self.opened[side])

    def _check_take(self, seat: int, groups):
        if self.phase != DRAW:
            return reason("already_drew")
        p = self._take_problem(seat)
        if p:
            return p
        rules = self.rules
        top = self.pile[-1]
        r = RANK[top]
        side = self.side[seat]
        frozen = self._pile_frozen_for(side)
        if not groups:
            if not rules.take_by_adding:
                return reason("take_not_by_adding")
            if frozen:
                return reason("take_frozen_add")
            m = self.by_key[side].get(r)
            if m is None:
                return reason("take_no_meld", rank=_rank_name(r))
            shape = self._after_shape(side, m.key, r, (top,), m)
            after = {m.key: shape}
            p = self._shape_problem(seat, shape, m, False, self._canastas(side, after)[2])
            if p:
                return p
            return self._end_problem(seat, self.hsize[seat] + self._take_gain(), after, False)
        allc = [c for g in groups for c in g]
        p = self._hand_problem(seat, allc)
        if p:
            return p
        g0 = groups[0]
        nats = sum(1 for c in g0 if RANK[c] == r and c != JOKER)
        wilds = sum(1 for c in g0 if c == JOKER or RANK[c] == 2)
        need = rules.take_naturals_frozen if frozen else rules.take_naturals
        ok = nats == need and wilds == 0 and len(g0) == need
        if not ok and not frozen and rules.take_with_wild:
            ok = len(g0) == 2 and nats == 1 and wilds == 1
        if not ok:
            if not frozen and rules.take_with_wild:
                return reason("take_pair_or_wild", rank=_rank_name(r))
            key = "take_pair_frozen" if frozen else "take_pair"
            return reason(key, count=need, rank=_rank_name(r))
        ld_show = rules.take_shows_pair and self.opened[side]
        gained = self._take_gain()
        if ld_show:
            # LD-9: the pair is only shown; further groups are ordinary new melds.
            return self._check_meld_groups(seat, groups[1:], False, extra_in=gained + 1,
                                           take_top=-1) if len(groups) > 1 else None
        return self._check_meld_groups(seat, groups, False, extra_in=gained, take_top=top)

    def _take_gain(self) -> int:
        """Cards a pile taker gains besides the top card (red threes are laid out)."""
        rules = self.rules
        gained = len(self.pile) - 1 + len(self.packet) + rules.draw_after_take
        if rules.red_threes_laid_out and self.pile_red3:
            # Red threes reach the pile only as starters (CA-2) or in the packet (CS-3).
            gained -= sum(1 for c in self.pile[:-1] if c in RED_THREES)
            gained -= sum(1 for c in self.packet if c in RED_THREES)
        return gained

    def _check_meld(self, seat: int, groups, out_of_turn: bool):
        if self.phase != PLAY and not out_of_turn and not (
                self.phase == DRAW and self._may_meld_before_drawing(seat)):
            return reason("wrong_phase_draw")
        if self.draw_only and not out_of_turn:
            return reason("draw_only")
        p = self._hand_problem(seat, [c for g in groups for c in g])
        if p:
            return p
        return self._check_meld_groups(seat, groups, out_of_turn, 0, -1)

    def _check_meld_groups(self, seat, groups, out_of_turn, extra_in: int, take_top: int):
        """New melds (the first one built on ``take_top`` when taking the pile)."""
        rules = self.rules
        side = self.side[seat]
        opening = not self.opened[side]
        opening_turn = self._opening_turn(seat)
        after: dict = {}
        value = 0
        pts = rules.points
        count = 0
        for i, g in enumerate(groups):
            cards = list(g)
            if i == 0 and take_top >= 0:
                cards.append(take_top)
            rank, p = self._classify(cards)
            if p:
                return p
            count += len(g)
            if rank == 0 and not rules.wild_meld:
                return reason("all_wild")
            if rank == 3 and any(c in RED_THREES for c in cards):
                return reason("red_three_meld")
            value += sum(pts[c] for c in cards)
            if rules.one_meld_per_rank:
                base = self.by_key[side].get(rank)
                if base is not None and not (i == 0 and take_top >= 0):
                    if rank == 0:
                        return reason("wild_meld_exists")
                    return reason("meld_exists", rank=_rank_name(rank))
                key = rank
                prev = after.get(key)
                if prev is not None:  # two groups of one rank laid at once merge
                    shape = (rank, prev[1], prev[2], prev[3], prev[4])
                    shape = self._add_to_shape(shape, cards)
                else:
                    shape = self._after_shape(side, key, rank, cards, base)
                after[key] = shape
            else:
                after[("new", i)] = self._after_shape(side, -1, rank, cards, None)
        short = self._canastas(side, after)[2]
        for key, shape in after.items():
            base = self.by_key[side].get(key) if isinstance(key, int) else None
            p = self._shape_problem(seat, shape, base, opening_turn, short)
            if p:
                return p
        left = self.hsize[seat] - count + extra_in
        last = -1
        if left == 1 and extra_in == 0 and self.phase != DRAW:
            # the card left is the closing discard; before the draw (CS-9) two more come
            last = self._last_card(seat, [c for g in groups for c in g])
        has_black = any(s[0] == 3 for s in after.values())
        if has_black:
            # CA-6 / LD-7: only in the turn of going out.
            if left > 1 or self._go_out_problem(seat, after) is not None or out_of_turn:
                return self._black_three_reason()
        if opening:
            minimum = self.open_min[side]
            if value < minimum and not self._concealed_waiver(seat, after, left):
                return reason("opening_minimum", minimum=minimum, value=value)
            if minimum <= rules.clean_opening_minimum:
                for shape in after.values():
                    if not self._shape_clean(shape):
                        return reason("cs_opening_clean")
        return self._end_problem(seat, left, after, out_of_turn, last)

    def _add_to_shape(self, shape, cards):
        rank, nat, jok, two, r3 = shape
        return (rank, *count_kinds(cards, rank, nat, jok, two, r3))

    def _shape_clean(self, shape) -> bool:
        rank, nat, jok, two, r3 = shape
        if rank == 0:
            return self.rules.wild_meld_clean(jok, two)
        return jok + two == 0

    def _concealed_waiver(self, seat: int, after: dict, left: int) -> bool:
        """CA-13: a player going out concealed after drawing needs no opening minimum."""
        if self.rules.concealed_bonus is None or not self.drew or not self.turn_fresh:
            return False
        if left > 1 or self._go_out_problem(seat, after) is not None:
            return False
        csize = self.rules.canasta_size
        return any(s[0] not in (0, 3) and s[1] + s[2] + s[3] >= csize for s in after.values())

    def _last_card(self, seat: int, used) -> int:
        h = self.hand[seat][:]
        for c in used:
            h[c] -= 1
        for c in range(53):
            if h[c] > 0:
                return c
        return -1

    def _check_add(self, seat: int, key: int, groups, out_of_turn: bool):
        if self.phase != PLAY and not out_of_turn:
            return reason("wrong_phase_draw")
        if self.draw_only and not out_of_turn:
            return reason("draw_only")
        side = self.side[seat]
        m = self.by_key[side].get(key)
        if m is None:
            from game.actions import format_key

            return reason("no_meld", meld=format_key(key) if key >= 0 else "?")
        cards = [c for g in groups for c in g]
        if not cards:
            return reason("bad_action")
        p = self._hand_problem(seat, cards)
        if p:
            return p
        for c in cards:
            if c == JOKER or RANK[c] == 2:
                continue
            if m.rank == 0:
                return reason("add_wild_meld")
            if RANK[c] != m.rank and not (c in RED_THREES and self.rules.canasta_closed):
                return reason("add_rank", rank=_rank_name(m.rank))
            if m.rank == 3 and c in RED_THREES:
                return reason("red_three_meld")
        shape = self._after_shape(side, key, m.rank, cards, m)
        after = {key: shape}
        short = self._canastas(side, after)[2]
        p = self._shape_problem(seat, shape, m, self._opening_turn(seat), short)
        if p:
            return p
        left = self.hsize[seat] - len(cards)
        last = self._last_card(seat, cards) if left == 1 else -1
        return self._end_problem(seat, left, after, out_of_turn, last)

    def _check_discard(self, seat: int, groups):
        if self.phase != PLAY:
            return reason("discard_in_play")
        cards = [c for g in groups for c in g]
        if len(cards) != 1:
            return reason("bad_action")
        c = cards[0]
        p = self._hand_problem(seat, cards)
        if p:
            return p
        side = self.side[seat]
        wild = c == JOKER or RANK[c] == 2
        if wild and self.rules.wild_meld and self._canastas(side)[2] \
                and not self._only_wild(seat):
            # CS-6; decided: a hand of wild cards only may discard one (no dead end)
            return reason("wild_meld_discard")
        left = self.hsize[seat] - 1
        if left == 0:
            if self._may_empty_hand(seat):
                return None
            why = self._go_out_problem(seat, None)
            if why is not None:
                return reason("go_out_discard", why=why)
            if not self.rules.going_out_discard_ok(c):
                return reason("cs_close_discard")
        elif self.ask == Ask.YES and self._can_still_go_out_somehow(seat):
            return reason("must_go_out")
        return None

    def _only_wild(self, seat: int) -> bool:
        return self.hrank[seat][0] + self.hrank[seat][2] == self.hsize[seat]

    def _can_still_go_out_somehow(self, seat: int) -> bool:
        """After a 'yes' (CA-12): while any meld or add is still legal the player must keep
        melding; when none is, the discard is allowed (decided, docs/canasta-decisions.md)."""
        if self.draw_only:
            return False
        return bool(self._play_actions(seat, False, discards=False))

    def _check_ask(self, seat: int, target: int):
        rules = self.rules
        partners = rules.partners(seat, self.players)
        if not partners:
            return reason("no_partner")
        if not rules.asking or "no-asking" in self.options:
            return reason("no_asking")
        if self.phase != PLAY and rules.ask_right_after_draw:
            return reason("ask_when")  # CA-12 (CS-13: before the draw too)
        if self.asked:
            return reason("ask_once")
        if self.draw_only:
            return reason("draw_only")  # CS-9: nothing to close after drawing two unopened
        if self.hsize[seat] < 2:
            return reason("ask_committed")  # decided: a 'no' must leave a legal way on
        if rules.ask_right_after_draw and self.played:
            return reason("ask_when")  # CA-12: right after drawing or taking the pile
        if len(partners) > 1 and target not in partners:
            return reason("ask_partner", seats=" or ".join(map(str, partners)))
        if len(partners) == 1 and target not in (-1, partners[0]):
            return reason("ask_partner", seats=str(partners[0]))
        return None

    # ======================================================================================
    # Applying
    # ======================================================================================
    def apply(self, action: Action, *, validate: bool = True) -> list:
        if validate:
            problem = self.why_illegal(action)
            if problem is not None:
                raise IllegalActionError(problem)
        verb = action.verb
        seat = action.seat
        ev: list = []
        if verb == "discard":  # the commonest first
            self._do_discard(seat, action.groups[0][0], ev)
        elif verb == "draw":
            self._do_draw(seat, ev)
        elif verb == "take":
            self._do_take(seat, action.groups, ev)
        elif verb == "meld":
            self._do_meld(seat, action.groups, -1, ev)
        elif verb == "add":
            self._do_add(seat, action.target, action.groups[0], ev)
        elif verb == "ask":
            partners = self.rules.partners(seat, self.players)
            self.ask = Ask.WAITING
            self.asked = True
            self.ask_partner = action.target if action.target >= 0 else partners[0]
            self.phase = ANSWER
            ev.append(_ev(Event, ("ask", seat, (), self.ask_partner)))
        elif verb in ("yes", "no"):
            self.ask = Ask.YES if verb == "yes" else Ask.NO
            # back to the phase of the question: a Canastone player may ask before the draw
            self.phase = PLAY if self.drew or self.took else DRAW
            ev.append(_ev(Event, ("answer", seat, (), verb == "yes")))
        return ev

    def _do_draw(self, seat: int, ev: list) -> None:
        if not self.stock:
            self._draw_from_empty_stock(seat, ev)
            return
        self._draw(seat, self.draw_n, ev)
        self.drew = True
        self.phase = PLAY
        if self.over:
            return
        if not self.stock:
            self._stock_ran_out(seat)

    def _do_take(self, seat: int, groups, ev: list) -> None:
        rules = self.rules
        side = self.side[seat]
        top = self.pile.pop()
        ld_show = rules.take_shows_pair and self.opened[side]
        if not groups:
            m = self.by_key[side][RANK[top]]
            m.add((top,))
            ev.append(_ev(Event, ("add", seat, (top,), m.key)))
            self._note_touch(seat, m)
        elif ld_show:
            self._give(seat, top)
            known = self.known[seat]
            h = self.hand[seat]
            for c in (top, *groups[0]):  # LD-9: the pair was shown; never more than held
                if known.count(c) < h[c]:
                    known.append(c)
            ev.append(_ev(Event, ("take", seat, (top,), "shown")))
            if len(groups) > 1:
                self._do_meld(seat, groups[1:], -1, ev)
        else:
            self._do_meld(seat, groups, top, ev)
        # The take's meld counts as melding (CA-13) but not as melding after the draw: the
        # player may still ask partner right after taking the pile (CA-12).
        self.melded_before[seat] = True
        rest = self.pile
        self.pile = []
        self.pile_red3 = False
        if rest or self.packet:
            gained = rest + self.packet
            seen = len(rest)  # the packet was face down: the others never saw it (CS-3)
            self.packet = []
            for i, c in enumerate(gained):
                if rules.red_threes_laid_out and c in RED_THREES:
                    self.red3[side].append(c)  # laid out without replacement
                    ev.append(_ev(Event, ("red_three", seat, (c,), None)))
                else:
                    self._give(seat, c)
                    if i < seen:
                        self.known[seat].append(c)
            ev.append(_ev(Event, ("take", seat, tuple(rest), None)))
            if gained[seen:]:
                ev.append(_ev(Event, ("packet", seat, tuple(gained[seen:]), None)))
        if self.frozen:
            self.frozen = False
            ev.append(_ev(Event, ("unfrozen", seat, (), None)))
        self.took = True
        self.phase = PLAY
        if rules.draw_after_take:
            self._draw(seat, rules.draw_after_take, ev)
            if self.over:
                return
            if not self.stock:
                self._stock_ran_out(seat)
        self._pile_taken(seat)
        self._after_meld(seat, False, ev)

    def _note_touch(self, seat: int, m: Meld) -> None:
        if m.creator != seat or m.turn != self.turn_no:
            self.touched_old = True

    def _do_meld(self, seat: int, groups, take_top: int, ev: list) -> None:
        side = self.side[seat]
        out_of_turn = seat != self.turn
        if not self.opened[side]:
            self.opened[side] = True
            self._side_opens(seat, out_of_turn)
        for i, g in enumerate(groups):
            cards = list(g)
            for c in cards:
                self._take_card(seat, c)
                self._forget(seat, c)
            if i == 0 and take_top >= 0:
                cards.append(take_top)
            rank = self._classify(cards)[0]
            m = self.by_key[side].get(rank) if self.rules.one_meld_per_rank else None
            if m is None:
                key = rank if self.rules.one_meld_per_rank else self._next_key(side, rank)
                m = Meld(key, rank, seat, self.turn_no)
                self.melds[side].append(m)
                self.by_key[side][key] = m
                if not out_of_turn:
                    self.new_keys.append(key)
                m.add(cards)
                ev.append(_ev(Event, ("meld", seat, tuple(cards), key)))
            else:
                self._note_touch(seat, m)
                m.add(cards)
                ev.append(_ev(Event, ("add", seat, tuple(cards), m.key)))
            csize = self.rules.canasta_size
            if len(m.cards) >= csize and len(m.cards) - len(cards) < csize and m.rank != 3:
                ev.append(_ev(Event, ("canasta", seat, (), m.key)))
        if take_top < 0:
            self.played = True
            self._after_meld(seat, out_of_turn, ev)

    def _next_key(self, side: int, rank: int) -> int:
        nth = 1
        while meld_key(rank, nth) in self.by_key[side]:
            nth += 1
        return meld_key(rank, nth)

    def _forget(self, seat: int, c: int) -> None:
        k = self.known[seat]
        if c in k:
            k.remove(c)

    def _do_add(self, seat: int, key: int, cards, ev: list) -> None:
        side = self.side[seat]
        m = self.by_key[side][key]
        for c in cards:
            self._take_card(seat, c)
            self._forget(seat, c)
        before = len(m.cards)
        m.add(cards)
        self._note_touch(seat, m)
        ev.append(_ev(Event, ("add", seat, tuple(cards), key)))
        if m.rank and len(m.cards) >= self.rules.canasta_size > before:
            ev.append(_ev(Event, ("canasta", seat, (), key)))
        self.played = True
        self._after_meld(seat, seat != self.turn, ev)

    def _go_out(self, seat: int, ev: list) -> None:
        self.went_out = seat
        if self.rules.concealed_bonus is not None and self.turn_fresh and not self.touched_old:
            side = self.side[seat]
            csize = self.rules.canasta_size
            self.concealed = any(
                self.by_key[side][k].size >= csize and self.by_key[side][k].rank not in (0, 3)
                for k in self.new_keys
            )
        ev.append(_ev(Event, ("out", seat, (), self.concealed)))
        self._end_deal("went out", ev)

    def _do_discard(self, seat: int, c: int, ev: list) -> None:
        self.hand[seat][c] -= 1  # _take_card, inlined: the hottest path of a deal
        self.hrank[seat][RANK[c]] -= 1
        self.hsize[seat] -= 1
        if self.known[seat]:
            self._forget(seat, c)
        self.pile.append(c)
        self.discarded[seat].append(c)  # public: everyone saw it
        ev.append(_ev(Event, ("discard", seat, (c,), None)))
        rules = self.rules
        if (c == JOKER or RANK[c] == 2) and rules.wild_discard_freezes and not self.frozen:
            self.frozen = True  # CA-10 / CS-11
            ev.append(_ev(Event, ("frozen", seat, (c,), None)))
        if self.hsize[seat] == 0 and self._hand_emptied_by_discard(seat, ev):
            return
        self._end_turn(ev)

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
        out = []
        rules = self.rules
        if self.stock or self._check_draw(seat) is None:
            out.append(_DRAW[seat])
        pile = self.pile
        if pile and _TAKEABLE[pile[-1]]:  # never under a wild card or a three (CA-9)
            out += self._take_variants(seat)
        if not rules.ask_right_after_draw and self.can_ask and not self.asked \
                and self.hsize[seat] >= 2:  # CS-13: before the draw too (as _check_ask)
            out += self.ask_actions[seat]
        return out

    def _take_variants(self, seat: int) -> list[Action]:
        if self._take_blocker(seat) is not None:
            return []
        rules = self.rules
        side = self.side[seat]
        top = self.pile[-1]
        r = RANK[top]
        opened = self.opened[side]
        frozen = self.frozen or (rules.unopened_pile_frozen and not opened)  # _pile_frozen_for
        nat_avail = self.hrank[seat][r]
        by_adding = not frozen and rules.take_by_adding and opened and r in self.by_key[side]
        if not nat_avail:  # the common case: nothing to show, perhaps a meld to add to
            return [_TAKE[seat]] if by_adding and self._take_by_adding_ok(seat) else []
        out = []
        h = self.hand[seat]
        firsts = []
        need = rules.take_naturals_frozen if frozen else rules.take_naturals
        if nat_avail >= need:
            firsts.append(self._pick(h, r, need, None))
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
        for g0 in firsts:
            if opened:
                if ld:
                    out.append(make(seat, "take", (g0,)))  # LD-9: the pair is only shown
                    continue
                # One group merged into (or starting) the side's meld of the top card's rank:
                # the checks of _check_meld_groups for that single shape.
                base = self.by_key[side].get(r)
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
            used = {}
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
        out = []
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
        out: list[Action] = []
        side = self.side[seat]
        rules = self.rules
        if self.draw_only and not out_of_turn:
            return self._discards(seat)
        h = self.hand[seat]
        hrank = self.hrank[seat]
        J = h[JOKER]
        T = hrank[2]
        W = J + T
        hs = self.hsize[seat]
        # wild_cards[w]: the canonical w wild cards (twos first, then jokers)
        if W:
            twos = (1,) * h[1] + (14,) * h[14] + (27,) * h[27] + (40,) * h[40]
            wild_cards = [()]
            for w in range(1, W + 1):
                wild_cards.append(twos[:w] + (JOKER,) * (w - T if w > T else 0))
        else:
            wild_cards = [()]
        # Where the hand stays at two cards or more, the only end-of-hand rule (CA-11, CS-12,
        # LD-12) cannot bite, and a generated shape needs no second check.
        short = False  # Canastone: the side's wild meld is short of a canasta (CS-6)
        csize = rules.canasta_size
        if self.opened[side]:
            closed = rules.canasta_closed
            opening_turn = self._opening_turn(seat)
            short = self._canastas(side)[2] if rules.wild_meld else False
            wild_room = rules.wild_room
            fixed_room = rules.max_wild_in_meld if rules.fixed_wild_room else 0
            canasta_wild = rules.canasta_accepts_wild()
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
                wmax = 0 if (short or (msize >= csize and not canasta_wild)) else W
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
                        top = wild_room(a_n, 0, a_n)
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
        if hs >= 2 and self.ask != Ask.YES and not short:  # _discards' usual case
            out += compress(_DISCARD[seat], h)
        else:
            out += self._discards(seat, bool(out))
        if (self.phase == PLAY and not self.asked and self.can_ask and hs >= 2
                and (not rules.ask_right_after_draw or not self.played)):  # CA-12 / CS-13
            out += self.ask_actions[seat]
        return out

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
        if self.ask == Ask.YES and can_meld and self.hsize[seat] >= 2:
            return []  # CA-12: after a 'yes', keep melding while you can
        if self.hsize[seat] >= 2 and (self.ask != Ask.YES or can_meld is False):
            # Only Canastone's short wild meld can forbid a discard here (CS-6).
            if self.rules.wild_meld and self._canastas(self.side[seat])[2]:
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
        if not used:
            prefix = self._prefix(h, rank)
            twos = self._prefix(h, 2)
        for a_n in range(2, n + 1):
            for w in range(0, J + T + 1):
                if a_n + w < 3 or a_n + w > max_size:
                    continue
                if w and short:
                    break
                if rules.natural_meld_problem(a_n, w, a_n + w):
                    continue
                splits = self._wild_splits(w, J, T)
                # For openings the joker's 50 points matter: offer jokers first as well.
                jf = (min(w, J), w - min(w, J))
                if jf[1] <= T and jf not in splits:
                    splits = splits + (jf,)
                for j, t in splits:
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
        bound = h[JOKER] * pts[JOKER] + hr[2] * pts[1]
        for rank in NATURAL_RANKS:
            if hr[rank] >= 2:
                bound += hr[rank] * pts[_NAT_CODES[rank][0]]
        if bound < minimum:
            return []
        opening_turn = rules.canasta_closed
        clean_only = minimum <= rules.clean_opening_minimum and not self.opened[self.side[seat]]
        # Upper bounds on what a meld (or set of melds) can be worth skip most candidates
        # before they are built: every wild card the hand may use, and the naturals.
        wild_value = 0 if clean_only else J * pts[JOKER] + T * pts[1]
        ranks = []
        out = []
        for rank in NATURAL_RANKS:
            if rank == exclude_rank:
                continue
            n = self._nat_count(seat, rank, used) if used else hr[rank]
            if n >= 2:
                ranks.append((rank, n))
                if n * pts[_NAT_CODES[rank][0]] + wild_value < minimum:
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
        subsets = []
        for k in (2, 3):
            subsets.extend(combinations(ranks, k))
        if len(ranks) > 3:
            subsets.append(tuple(ranks))
        wmax = 0 if clean_only else J + T
        pj, pt = pts[JOKER], pts[1]
        need = {}  # per rank: the wild cards its meld needs to stand (a pair: one)
        for r, n in ranks:
            x = self._wild_need(n if n < cap else cap, cap)
            need[r] = 99 if x is None else x
        for subset in subsets:
            base = []
            base_value = 0
            lowest = 0
            for r, n in subset:
                k = n if n < cap else cap
                base.append(k)
                base_value += pts[_NAT_CODES[r][0]] * k
                lowest += need[r]
            if base_value + wild_value < minimum or lowest > wmax:
                continue
            # The fewest wild cards (jokers first) that reach the minimum; more add nothing
            # needed. Placing them only gets harder with more, so one try decides.
            w = lowest
            while base_value + pj * min(w, J) + pt * (w - min(w, J)) < minimum:
                w += 1
            if w <= wmax:
                groups = self._spread(h, subset, base, w, J, T, used, cap, need)
                if groups is not None:
                    out.append(groups)
        return out

    def _spread(self, h, subset, base, w, J, T, used, cap, need=None):
        """Meld each rank of ``subset`` with its natural cards and w wild cards: first the
        wild cards each meld needs to stand (a pair needs one; ``need`` per rank when known),
        then the rest in rank order where the meld shapes allow; jokers before twos, for
        points. None if they cannot all be placed."""
        problem = self.rules.natural_meld_problem
        jl = min(w, J)
        tl = w - jl
        if tl > T:
            return None
        counts = []
        left = w
        for (rank, _), k in zip(subset, base):
            x = need[rank] if need is not None else self._wild_need(k, cap)
            if x is None or x > left:
                return None
            counts.append(x)
            left -= x
        for i, k in enumerate(base):
            x = counts[i]
            while left and k + x + 1 <= cap and not problem(k, x + 1, k + x + 1):
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
                groups.append(self._prefix(h, rank)[:k] + (JOKER,) * wj + twos[at:at + x - wj])
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

    def _wild_need(self, k: int, cap: int) -> int | None:
        """The fewest wild cards with which k natural cards stand as a meld (None: never)."""
        problem = self.rules.natural_meld_problem
        x = 0
        while problem(k, x, k + x):
            x += 1
            if k + x > cap or x > k:
                return None
        return x

    # convenience for tests and tools
    def meld(self, side: int, rank_or_key: int) -> Meld | None:
        return self.by_key[side].get(rank_or_key)

    def meld_rank(self, key: int) -> int:
        return key_rank(key)


_ = WILD_MELD
