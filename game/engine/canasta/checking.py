"""Checking canasta-family actions: ``why_illegal``, the readable authority.

Every rule a player can break is checked here, in the rule book's words (the refusals' keys
name sentences of the locale catalogues). The listing (``listing.py``) is written apart for
speed and must agree with this module: tests/test_listing_agrees.py and the property tests
hold it to that. The hooks a variant overrides are declared here with the base game's answer.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from game.engine.actions import WILD_MELD, Action
from game.engine.canasta.melds import Meld, canastas_within, count_kinds
from game.engine.canasta.phase import ANSWER, ASK_NO, ASK_YES, DRAW, PLAY
from game.engine.canasta.ruleset import NATURAL_RANKS, RED_THREES
from game.engine.canasta.table import Groups, Shape, TableState
from game.engine.cards import JOKER, RANK, format_cards
from game.engine.reasons import Reason, reason
from game.i18n import catalogue


class Shortfall(NamedTuple):
    """What a group of cards lacks to be a meld (``meld_shortfall``)."""

    cards: int  # the fewest cards to add
    naturals: int  # how many of those must be natural
    reason: Reason | None  # set when no cards added make the group a meld


TAKEABLE = [RANK[c] in NATURAL_RANKS for c in range(53)]  # top cards that may be taken

_KIND_CODE = [JOKER] + [r - 1 for r in range(1, 14)]  # a card of each rank (0: wild), spades
_RANK_WORDS = {1: "rank.ace", 11: "rank.jack", 12: "rank.queen", 13: "rank.king", 0: "rank.wild"}


def _take_then_add(group: Sequence[int], r: int, need: int, with_wild: bool,
                   more: bool) -> tuple[str, int, list[int]] | None:
    """A take's first group that holds what the pile is taken with (``need`` naturals of rank
    ``r``, or all of them where ``more`` may take it (CA-9), or where allowed one and a wild
    card) and more cards of that meld: ("then_add", the naturals to take with, the cards to
    add after taking) or ("wild_then_add", 1, ...) for one natural and a wild card; None when
    the group is short of that or holds other cards."""
    naturals = [c for c in group if RANK[c] == r and c != JOKER]
    wilds = [c for c in group if c == JOKER or RANK[c] == 2]
    if len(naturals) + len(wilds) != len(group):
        return None
    if len(naturals) >= need:
        take = len(naturals) if more else need
        return "then_add", take, naturals[take:] + wilds
    if with_wild and len(naturals) == 1 and len(wilds) >= 2:
        return "wild_then_add", 1, wilds[1:]
    return None


def _rank_name(r: int) -> str:
    """A reason's {rank}: the English catalogue's word (the table translates it back)."""
    key = _RANK_WORDS.get(r)
    return catalogue("en")[key] if key else str(r)


class CheckingMixin(TableState):
    # ---- variant hooks of checking (each variant's state overrides what differs) -----------
    def _acts_out_of_turn(self, seat: int) -> bool:
        """Whether ``seat`` may meld and add out of turn now (Looking and Down's LD-10)."""
        return False

    def _may_empty_hand(self, seat: int) -> bool:
        """Whether ``seat``'s hand may be emptied now without going out (no end-of-hand rule:
        Looking and Down's looking (LD-11) and its free period (LD-12/13))."""
        return False

    def _keep_reason(self, why: Reason, out_of_turn: bool) -> Reason:
        """The refusal of a meld that leaves too few cards (CA-11, CS-12)."""
        return reason("keep_cards", why=why, keep=1 if out_of_turn else 2)

    def _opening_turn(self, seat: int) -> bool:
        """Whether ``seat`` opens, or opened, in this turn (Looking and Down's LD-8 keeps
        canastas out of it; the other games never ask)."""
        return False

    def _may_meld_before_drawing(self, seat: int) -> bool:
        """Whether ``seat`` may meld before drawing (Canastone's opening first, CS-9)."""
        return False

    def _takes_without_drawing(self, seat: int) -> bool:
        """Whether ``seat`` may still take the pile in a turn that started without a draw
        (Looking and Down's last round, LD-13: it starts with melds, a discard, or a take)."""
        return False

    def _only_discard_left(self) -> bool:
        """Whether the turn's player may only discard now, not meld, add or ask (Canastone's
        CS-9: an unopened side that drew two). The listing's side of it is the variant's
        ``_play_actions``."""
        return False

    # ======================================================================================
    # Shared predicates
    # ======================================================================================
    def _canastas(self, side: int, after: dict[Any, Shape] | None = None
                  ) -> tuple[int, int, bool]:
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

    def _wild_meld_short(self, side: int) -> bool:
        """CS-6: the side's wild meld is shorter than a canasta (``_canastas``' third answer
        without the counting)."""
        m = self.by_key[side].get(WILD_MELD)
        return m is not None and len(m.cards) < self.rules.canasta_size

    def _go_out_problem(self, seat: int, after: dict[Any, Shape] | None) -> Reason | None:
        """None when the seat may go out with these melds, else the 'why' reason."""
        if self.ask == ASK_NO:
            return reason("why_partner_no")
        clean, dirty, short = self._canastas(self.side[seat], after)
        if self.rules.going_out_allowed(clean, dirty, clean + dirty, self.needed, short,
                                        self.options):
            return None
        return self.rules.going_out_refusal(self.needed)

    def _end_problem(self, seat: int, left: int, after: dict[Any, Shape] | None,
                     out_of_turn: bool, last: int = -1) -> Reason | None:
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

    def _after_shape(self, side: int, key: int, rank: int, cards: Iterable[int],
                     base: Meld | None) -> Shape:
        """(rank, nat, jok, two, red3) of a meld after adding ``cards``."""
        if base is None:
            return self._add_to_shape((rank, 0, 0, 0, 0), cards)
        return self._add_to_shape((rank, base.nat, base.jok, base.two, base.red3), cards)

    def _shape_problem(self, seat: int, shape: Shape, base: Meld | None, opening_turn: bool,
                       short_after: bool) -> Reason | None:
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

    def _black_three_reason(self) -> Reason:
        if self.rules.black_three_meld is None:
            return reason("black_threes_never")
        lo, hi = self.rules.black_three_meld
        if lo == hi:
            return reason("black_threes_exact", count=lo)
        return reason("black_threes", low=lo, high=hi)

    def _classify(self, group: Iterable[int]) -> tuple[int, Reason | None]:
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

    def _hand_problem(self, seat: int, cards: Iterable[int]) -> Reason | None:
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
    # What a group of cards still lacks (the table's staged melds)
    # ======================================================================================
    def meld_shortfall(self, seat: int, cards: Sequence[int]) -> Shortfall:
        """What a group of ``seat``'s cards lacks to stand as a new meld by its shape alone
        (CA-4..6, CS-5..7, LD-5..7): the fewest cards to add and, of those, the fewest that
        must be natural; (0, 0, None) when it stands; a reason when no cards added make it
        one (two ranks, too many wild cards, a meld the side already has). The opening
        minimum, the turn and going out are the whole move's: ``why_illegal`` decides them."""
        rank, p = self._classify(cards)
        if p is not None:
            return Shortfall(0, 0, p)
        rules = self.rules
        melded = self.by_key[self.side[seat]] if rules.one_meld_per_rank else {}
        if rank == 3 and any(c in RED_THREES for c in cards):
            return Shortfall(0, 0, reason("red_three_meld"))
        if rank and rank in melded:
            return Shortfall(0, 0, reason("meld_exists", rank=_rank_name(rank)))
        _r, nat, jok, two, r3 = self._add_to_shape((rank, 0, 0, 0, 0), cards)
        # All wild so far: a wild meld (where the game has one), or a natural meld once
        # naturals of some rank the side has not melded join.
        free = next((r for r in NATURAL_RANKS if r not in melded), 0)
        wild_meld = rules.wild_meld and 0 not in melded
        first = None
        for more in range(rules.canasta_size + 2):
            for n in range(more + 1):
                r = rank or (free if n else 0)
                if r == 0 and not wild_meld:
                    continue
                shape = (r, nat + n, jok + more - n, two, r3)
                why = self._shape_problem(seat, shape, None, False, False)
                if why is None:
                    return Shortfall(more, n, None)
                if first is None:
                    first = why
        if rank == 0 and not rules.wild_meld:
            first = reason("all_wild")
        return Shortfall(0, 0, first or reason("bad_action"))

    # ======================================================================================
    # Checking
    # ======================================================================================
    def why_illegal(self, action: Action) -> Reason | None:
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
        if verb == "discard" and sum(map(len, groups)) > 1:  # several cards chosen (CA-8)
            return reason("discard_one")
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

    def _check_draw(self, seat: int) -> Reason | None:
        """Whether ``seat`` may draw now (CA-8, CA-14; a variant may ask no draw: LD-13)."""
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

    def _take_problem(self, seat: int) -> Reason | None:
        """Whether the pile may be taken at all by ``seat`` now (not which cards)."""
        key = self._take_blocker(seat)
        return reason(key) if key else None

    def _take_blocker(self, seat: int) -> str | None:
        """The reason key of ``_take_problem`` (the listing needs no sentence)."""
        if not self.pile:
            return "pile_empty"
        top = self.pile[-1]
        if not TAKEABLE[top]:
            return "pile_top_three" if RANK[top] == 3 else "pile_top_wild"
        if self.rules.pile_closed_to_unopened and not self.opened[self.side[seat]]:
            return "cs_unopened_take"
        return None

    def _pile_frozen_for(self, side: int) -> bool:
        return self.frozen or (self.rules.unopened_pile_frozen and not self.opened[side])

    def _check_take(self, seat: int, groups: Groups) -> Reason | None:
        if self.phase != DRAW and not self._takes_without_drawing(seat):
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
        ok = wilds == 0 and len(g0) == nats and (
            nats == need or nats > need and rules.take_more_naturals)  # CA-9: 2 or more
        if not ok and not frozen and rules.take_with_wild:
            ok = len(g0) == 2 and nats == 1 and wilds == 1
        if not ok:
            more = _take_then_add(g0, r, need, not frozen and rules.take_with_wild,
                                  rules.take_more_naturals)
            if more is not None:  # enough to take with, and more: they join after (CA-9)
                key, count, extra = more
                return reason(("take_frozen_" if frozen else "take_") + key, count=count,
                              rank=_rank_name(r), cards=format_cards(extra))
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

    def _check_meld(self, seat: int, groups: Groups, out_of_turn: bool) -> Reason | None:
        if self.phase != PLAY and not out_of_turn and not (
                self.phase == DRAW and self._may_meld_before_drawing(seat)):
            return reason("wrong_phase_draw")
        if not out_of_turn and self._only_discard_left():
            return reason("draw_only")
        p = self._hand_problem(seat, [c for g in groups for c in g])
        if p:
            return p
        return self._check_meld_groups(seat, groups, out_of_turn, 0, -1)

    def _check_meld_groups(self, seat: int, groups: Groups, out_of_turn: bool, extra_in: int,
                           take_top: int) -> Reason | None:
        """New melds (the first one built on ``take_top`` when taking the pile)."""
        rules = self.rules
        side = self.side[seat]
        opening = not self.opened[side]
        opening_turn = self._opening_turn(seat)
        after: dict[Any, Shape] = {}
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
        pending = self._black_threes_pending(seat)
        if has_black or pending:
            # CA-6 / LD-7: only in the turn of going out; decided: in any order, while the
            # rest of the hand can still go out this turn.
            gained = [c for c in self.pile[:-1] + self.packet
                      if not (rules.red_threes_laid_out and c in RED_THREES)
                      ] if take_top >= 0 else ()
            used = [c for g in groups for c in g]
            if out_of_turn or not self._out_within_turn(seat, used, gained, after):
                return self._black_three_reason() if has_black else reason("black_threes_out")
        if opening:
            minimum = self.open_min[side]
            if value < minimum and not self._concealed_waiver(seat, after, left):
                return reason("opening_minimum", minimum=minimum, value=value)
            if minimum <= rules.clean_opening_minimum:
                for shape in after.values():
                    if not self._shape_clean(shape):
                        return reason("cs_opening_clean")
        if left == 0 and opening and rules.discard_to_go_out:
            return reason("cs_opening_whole_hand")  # CS-9 with CS-12: a discard always follows
        return self._end_problem(seat, left, after, out_of_turn, last)

    def _black_threes_pending(self, seat: int) -> bool:
        """Whether black threes were melded this turn by ``seat``: the turn must then end by
        going out (CA-6, LD-7)."""
        m = self.by_key[self.side[seat]].get(3)
        return m is not None and m.turn == self.turn_no and m.creator == seat

    def _out_within_turn(self, seat: int, used: Iterable[int], gained: Iterable[int],
                         after: dict[Any, Shape] | None) -> bool:
        """CA-6 (decided): whether ``seat``, its hand less ``used`` and with ``gained``, can
        still meld every card, or all but one that it then discards, in this turn and go out,
        the side's melds being as ``after`` changes them. Exact where a side has one meld per
        rank and no wild meld (Canasta, Quick Canasta): every rank's naturals join its meld or
        make one, and the wild cards fit the melds' limits with enough canastas; elsewhere
        (Looking and Down's seven black threes, LD-7) a hand of at most one card, the final
        discard."""
        if self.ask == ASK_NO:
            return False  # CA-12: the partner said no
        rules = self.rules
        counts = self.hrank[seat][:]  # per rank: 0 jokers, 2 twos, 3 threes
        for c in used:
            counts[RANK[c]] -= 1
        for c in gained:
            counts[RANK[c]] += 1
        if not rules.one_meld_per_rank or rules.wild_meld:
            return sum(counts) <= 1 and self._go_out_problem(seat, after) is None
        h = self.hand[seat]
        if h[15] or h[28]:
            return False  # red threes are laid out at once (CA-3): never here
        counts[0] += counts[2]  # the wild cards, together
        counts[2] = 0
        shapes: dict[int, tuple[int, int, int]] = {}
        for m in self.melds[self.side[seat]]:
            shapes[m.rank] = (m.nat, m.jok + m.two, len(m.cards))
        for rank, nat, jok, two, r3 in (after or {}).values():
            shapes[rank] = (nat, jok + two, nat + jok + two + r3)
        # A lone natural of a rank the side has not melded can only be the final discard
        # (CA-4: two naturals at least): the quick answer for most hands.
        lone = -1
        for r in NATURAL_RANKS:
            if counts[r] == 1 and r not in shapes:
                if lone >= 0:
                    return False
                lone = r
        if lone >= 0:
            kinds = [lone]
        else:
            kinds = [r for r in range(14) if counts[r]]
            if not rules.discard_to_go_out:
                kinds.append(-1)  # no final discard
        for kind in kinds:
            if kind >= 0 and not rules.going_out_discard_ok(_KIND_CODE[kind]):
                continue
            rest = counts[:]
            if kind >= 0:
                rest[kind] -= 1
            if self._melds_every_card(shapes, rest):
                return True
        return False

    def _melds_every_card(self, shapes: dict[int, tuple[int, int, int]],
                          counts: list[int]) -> bool:
        """Whether a side with melds ``shapes`` (rank -> naturals, wild cards, size) can meld
        cards ``counts`` (per rank; 0: wild cards, 3: black threes) and then have the
        canastas to go out (CA-4..6, CA-11; one meld per rank)."""
        rules = self.rules
        b = counts[3]
        if b:
            bt = rules.black_three_meld
            size = (shapes[3][2] if 3 in shapes else 0) + b
            if bt is None or not bt[0] <= size <= bt[1]:
                return False
        wild = counts[0]
        csize = rules.canasta_size
        problem = rules.natural_meld_problem
        low = high = canastas = 0
        deficits = []
        for rank in NATURAL_RANKS:
            k = counts[rank]
            nat0, wild0, size0 = shapes.get(rank, (0, 0, 0))
            if not k and not size0:
                continue
            nat, size = nat0 + k, size0 + k
            top = wild if size0 < csize or rules.canasta_accepts_wild() else 0
            lo = hi = -1  # the wild cards this meld may take: lo..hi
            for x in range(top + 1):
                if problem(nat, wild0 + x, size + x) is None:
                    if lo < 0:
                        lo = x
                    hi = x
                elif lo >= 0:
                    break
            if lo < 0:
                return False  # these naturals cannot stand (a single card, CA-4)
            low += lo
            high += hi
            if size + lo >= csize:
                canastas += 1
            elif size + hi >= csize:
                deficits.append(csize - size - lo)
        if not low <= wild <= high:
            return False
        more = canastas + canastas_within(deficits, wild - low)
        return rules.going_out_allowed(more, more, more, self.needed, False, self.options)

    def _add_to_shape(self, shape: Shape, cards: Iterable[int]) -> Shape:
        rank, nat, jok, two, r3 = shape
        return (rank, *count_kinds(cards, rank, nat, jok, two, r3))

    def _shape_clean(self, shape: Shape) -> bool:
        rank, nat, jok, two, r3 = shape
        if rank == 0:
            return self.rules.wild_meld_clean(jok, two)
        return jok + two == 0

    def _concealed_waiver(self, seat: int, after: dict[Any, Shape], left: int) -> bool:
        """CA-13: a player going out concealed after drawing needs no opening minimum."""
        if self.rules.concealed_bonus is None or not self.drew or not self.turn_fresh:
            return False
        if left > 1 or self._go_out_problem(seat, after) is not None:
            return False
        csize = self.rules.canasta_size
        return any(s[0] not in (0, 3) and s[1] + s[2] + s[3] >= csize for s in after.values())

    def _last_card(self, seat: int, used: Iterable[int]) -> int:
        h = self.hand[seat][:]
        for c in used:
            h[c] -= 1
        for c in range(53):
            if h[c] > 0:
                return c
        return -1

    def _check_add(self, seat: int, key: int, groups: Groups,
                   out_of_turn: bool) -> Reason | None:
        if self.phase != PLAY and not out_of_turn:
            return reason("wrong_phase_draw")
        if not out_of_turn and self._only_discard_left():
            return reason("draw_only")
        side = self.side[seat]
        m = self.by_key[side].get(key)
        if m is None:
            from game.engine.actions import format_key

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
        if self._black_threes_pending(seat):
            if not self._out_within_turn(seat, cards, (), after):
                return reason("black_threes_out")  # CA-6 (decided)
        return self._end_problem(seat, left, after, out_of_turn, last)

    def _check_discard(self, seat: int, groups: Groups) -> Reason | None:
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
        if wild and self.rules.wild_meld and self._wild_meld_short(side) \
                and not self._only_wild(seat):
            # CS-6; decided: a hand of wild cards only may discard one (no dead end)
            return reason("wild_meld_discard")
        left = self.hsize[seat] - 1
        if left and self._black_threes_pending(seat):
            return reason("black_threes_out")  # CA-6: melded in the turn of going out
        if left == 0:
            if self._may_empty_hand(seat):
                return None
            why = self._go_out_problem(seat, None)
            if why is not None:
                return reason("go_out_discard", why=why)
            if not self.rules.going_out_discard_ok(c):
                return reason("cs_close_discard")
        elif self.ask == ASK_YES and self._can_still_go_out_somehow(seat):
            return reason("must_go_out")
        return None

    def _only_wild(self, seat: int) -> bool:
        return self.hrank[seat][0] + self.hrank[seat][2] == self.hsize[seat]

    def _can_still_go_out_somehow(self, seat: int) -> bool:
        """After a 'yes' (CA-12): while any meld or add is still legal the player must keep
        melding; when none is, the discard is allowed (decided, docs/canasta-decisions.md)."""
        if self._only_discard_left():
            return False
        return bool(self._play_actions(seat, False, discards=False))

    def _check_ask(self, seat: int, target: int) -> Reason | None:
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
        if self._only_discard_left():
            return reason("draw_only")  # CS-9: nothing to close after drawing two unopened
        if self.hsize[seat] < 2:
            return reason("ask_committed")  # decided: a 'no' must leave a legal way on
        if rules.ask_right_after_draw and self.played:
            return reason("ask_when")  # CA-12: right after drawing or taking the pile
        if len(partners) > 1 and target not in partners:
            return reason("ask_partner", seats=" or ".join(map(str, partners)))
        if len(partners) == 1 and target not in (-1, partners[0]):
            return reason("ask_partner", seats=str(partners[0]))
        why = self._out_of_reach(seat)
        if why is not None:
            return reason("ask_no_way", why=why)
        return None

    def _out_of_reach(self, seat: int) -> Reason | None:
        """The 'why' reason when the seat cannot go out this turn whatever it melds (decided:
        then there is nothing to ask, CA-12/CS-13; before the draw the cards it may bring
        count), else None."""
        extra = self._cards_to_come(seat)
        if not self._may_reach_out(seat, extra):
            return self._go_out_problem(seat, None)
        if not extra and not self._hand_may_go_out(seat):
            return reason("why_cards_left")
        return None

    def _cards_to_come(self, seat: int) -> int:
        """How many cards the turn may still bring ``seat``: none after the draw; before it
        (Canastone asks then too, CS-13) the draw's, or the pile's with what follows it."""
        if self.phase != DRAW:
            return 0
        come = self.draw_n if self.stock else 0
        if self.pile and self._take_blocker(seat) is None:
            take = len(self.pile) + len(self.packet) + self.rules.draw_after_take
            if take > come:
                come = take
        return come

    def _hand_may_go_out(self, seat: int) -> bool:
        """Whether the seat's hand can all be melded, or melded but one discarded, this turn
        (CA-12: exact where a side has one meld per rank and no wild meld, else True)."""
        rules = self.rules
        if not rules.one_meld_per_rank or rules.wild_meld:
            return True
        return self._out_within_turn(seat, (), (), None)

    def _may_reach_out(self, seat: int, extra: int = 0) -> bool:
        """Whether the seat's side might still go out this turn (the listing asks this on
        every turn, so no reason is built). Optimistic, so that a side that might go out is
        never refused: every natural in hand may join the side's meld of its rank (or a new
        one), every wild card in hand, and the ``extra`` cards still to come, may go to any
        meld, without the limits on wild cards, and a short wild meld may be completed."""
        rules = self.rules
        side = self.side[seat]
        clean, dirty, _ = self._canastas(side)
        if rules.going_out_allowed(clean, dirty, clean + dirty, self.needed, False,
                                   self.options):
            return True  # the side has the canastas it needs already
        csize = rules.canasta_size
        h = self.hrank[seat]
        sizes = {r: h[r] for r in NATURAL_RANKS if h[r]}
        wild_meld = 0
        for m in self.melds[side]:
            size = len(m.cards)
            if size >= csize or m.rank == 3:
                continue
            if m.rank == 0:
                wild_meld = max(wild_meld, size)
            else:
                sizes[m.rank] = max(sizes.get(m.rank, 0), size + h[m.rank])
        deficits = [csize - size if size < csize else 0 for size in sizes.values()]
        if rules.wild_meld:
            deficits.append(csize - wild_meld)
        more = canastas_within(deficits, h[0] + h[2] + extra)
        return rules.going_out_allowed(clean + more, dirty + more, clean + dirty + more,
                                       self.needed, False, self.options)
