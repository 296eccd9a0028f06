"""The Normal and Easy computer players for the canasta family (Canasta, Quick Canasta,
Canastone, Looking and Down).

One class, parametrised by game (:data:`PARAMS`). Every decision is read from the seat's view
alone (a :class:`~game.players.canasta_view.CanastaView`), so a resumed game plays the same moves.
The advice it encodes (docs/ai.md, notes/ai.md section 2):

- **The pile is the prize.** Take it when what it brings (cards that fit the hand and the melds,
  wild cards, red threes, the packet) beats a draw; keep natural pairs (they are what takes a
  frozen pile); prefer taking with a pair or by adding to a meld over spending a wild card.
- **Discard safely.** Each discard is priced: what the card is worth to us, plus the chance the
  next player can take the pile with it (a rank their side has melded, cards they are known to
  hold from a pile, else hypergeometric odds of a pair among the unseen cards) times what the
  pile would bring them. Black threes and ranks that are dead are cheap; a wild card freezes the
  pile when every other discard is too dangerous.
- **Open at the right moment, build canastas, keep wild cards** for completing canastas; do not
  meld the hand away (pile control) unless the deal may end soon (opponents close to going out).
- **Go out** when the side may and the table says so; ask partner when partner holds many cards;
  answer "no" while holding many points when the opponents are not about to go out.
- Canastone: open first whenever an opening exists; a wild meld only with many wild cards.
- Looking and Down: empty the looking quickly (picking up the down is automatic); dump red threes
  (-500 in hand) unless one completes a red canasta; while frozen in time, meld out of turn when
  an opponent threatens to go out (:meth:`choose_optional`).

Easy is the same player with human-like slips (:class:`Slips`): it sometimes forgets what was
discarded and what the opponents hold, sometimes misses a take, sometimes discards carelessly
(never a wild card by mistake, never an illegal move).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from operator import attrgetter, itemgetter

from game.engine.actions import Action
from game.engine.canasta.seatview import MeldView
from game.engine.cards import RANK
from game.players.base import Decision, Player
from game.players.canasta_view import (
    WILD,
    WILD_KEY,
    CanastaView,
    MeldInfo,
    Melds,
    is_wild,
    p_at_least,
    p_pair_or_wild,
    plan_meld_out,
)

_VERB = attrgetter("verb")
_TOWARD_ORDER = itemgetter(0, 1, 2)  # canastas made, cards melded, earlier in the list
# Chance that a meld of a given size becomes a canasta (index = size).
PROGRESS = (0.0, 0.0, 0.0, 0.22, 0.32, 0.47, 0.68, 1.0)
# What a discard's price reads of its card (:meth:`CanastaHeuristic.discard_cost`): the rank of
# a natural or a black three (points go by rank), a red three, or a wild card (whose points
# it does not read). Cards of one class cost the same.
PRICE_CLASS = tuple(0 if WILD[c] else 14 if c in (15, 28) else RANK[c] for c in range(53))


@dataclass(frozen=True)
class CanastaParams:
    # discards
    danger_w: float = 1.0  # weight of "the next player takes the pile with it"
    keep_wild: float = 70.0  # what a wild card in hand is worth
    keep_pair: float = 28.0
    keep_triple: float = 36.0
    keep_melded: float = 10.0  # a natural of a rank the side has melded
    keep_single: float = 8.0  # a lone natural (times how live the rank is)
    keep_black3: float = 2.0
    freeze_cost: float = 25.0  # extra cost of freezing the pile ourselves
    hand_risk_w: float = 0.6  # hand points x end risk
    # taking the pile
    take_margin: float = 0.0
    pair_spend: float = 28.0  # the natural pair a take spends from the hand
    draw_card: float = 11.0  # what one stock card is worth
    gain_wild: float = 45.0
    gain_fit: float = 16.0  # a natural that joins a meld or makes a pair
    gain_loose: float = 6.0
    deny: float = 4.0  # per pile card kept from the opponents
    # melding
    bank_base: float = 0.25  # share of melded points credited for melding now
    bank_risk: float = 1.0  # ... plus this times the end risk
    prog_now: float = 0.45  # share of canasta progress credited for melding now
    first_canasta: float = 150.0  # the side's first (or needed) canasta
    wild_cost: float = 45.0  # spending a wild card in a meld
    keep_min: int = 4  # hand size under which melding costs
    shrink_cost: float = 18.0
    meld_threshold: float = 0.0
    open_keep: int = 2  # cards kept after opening
    # going out
    ask_cards: int = 6  # ask partner when partner holds at least this many cards
    answer_no_points: int = 110  # answer no holding at least this many points
    prolong_lead: int = 10**9  # stay in when ahead on the table by this much (never by default)
    # Canastone
    wild_meld_start: int = 5
    # Looking and Down
    ld_card: float = 6.0  # per card melded while still in the looking
    ld_take_card: float = 3.0  # per card a pile adds to the looking
    ld_red3: float = -180.0  # keep value of a red three in hand
    oot_threshold: float = 40.0  # meld out of turn when the benefit is at least this
    # what Normal does not use (the Hard level's heuristic, HARD_PARAMS)
    disc_pair: float = 1.0  # odds that a player holds a pair of a rank they discarded, x this
    open_alone: bool = False  # an unopened side takes as freely when the triple opens alone
    # a new meld's rank is shown: the opponents stop throwing it and a frozen pile needs the
    # pair in hand again (not for an opening); per new rank, x (1 - end risk)
    new_meld_cost: float = 0.0
    # constants of Normal's, as parameters for tuning (issue 14, session 12)
    risk_scale: float = 1.0  # x the chance that an opponent who may go out does so
    open_bonus: float = 60.0  # an opening meld (minus 4 a card)
    take_open: float = 40.0  # opening through the pile
    take_add: float = 12.0  # a pile taken by adding its top card: no hand card spent
    pile_card: float = 9.0  # what a pile card is worth to whoever takes it (discard danger)
    # new knowledge, off unless set (session 12): a pair or triple held is worth more, and a
    # new meld showing its rank costs more, by the pile's size (the pile it may take, CA-9);
    # once the side may go out (CA-11), the holding back scales by race_scale
    pair_pile: float = 0.0
    pile_sq: float = 0.0  # ... plus this x the pile's size squared (a big pile makes canastas)
    meld_pile: float = 0.0
    race_scale: float = 1.0
    # issue 30 (Hard): the pile priced concavely, ``pile_card`` x n / (1 + n / pile_half) for
    # its n naturals, black threes worth nothing (0: Normal's linear price); a wild card
    # thrown on a pile of fewer than ``freeze_min`` cards (with it) costs ``freeze_small`` more
    # per card short (it defends little); on a pile already frozen it freezes nothing and goes
    # to the taker (its cost: ``gain_wild`` x ``danger_w``, not ``freeze_cost``); and an
    # opponent that has thrown a rank its side has melded (a bait: it held the pair) has its
    # discards read as no safer than any other card (``bait_guard``)
    pile_half: float = 0.0
    freeze_small: float = 0.0
    freeze_min: int = 5
    bait_guard: bool = False
    # issue 30 (session 15): against an opponent holding its hand back (one holding at least
    # ``hoard_hand[players]`` cards; 1: always, 0 or missing: never) melds wait too: a meld
    # needs ``hoard_threshold`` of benefit (x the chance the deal goes on) and costs
    # ``shrink_cost`` a card kept under ``hoard_keep`` (pairs in hand take the piles)
    hoard_hand: tuple[int, ...] = ()
    hoard_threshold: float = 0.0
    hoard_keep: int = 0
    # ... and an opponent holding at least ``hoard_read[players]`` cards (1: always, 0 or
    # missing: never) keeps pairs back, not a random hand: its discards are read as no safer
    # than any other card, and a discard to it weighs the danger ``hoard_danger`` times more
    hoard_read: tuple[int, ...] = ()
    hoard_danger: float = 1.0


_DEFAULT = CanastaParams()

PARAMS: dict[str, CanastaParams] = {
    "canasta": CanastaParams(prog_now=0.25, take_margin=15.0),
    "quick-canasta": CanastaParams(draw_card=9.0, prog_now=0.25, take_margin=30.0),
    "canastone": CanastaParams(keep_wild=80.0, draw_card=10.0, gain_wild=55.0,
                               freeze_cost=15.0, danger_w=1.5, prog_now=0.7),
    "looking-and-down": CanastaParams(keep_pair=22.0, keep_min=2, draw_card=9.0,
                                      freeze_cost=0.0, ld_take_card=-20.0, deny=12.0,
                                      gain_fit=25.0, gain_loose=10.0),
}

# The Hard level's heuristic (its own moves, the candidates it searches, the playouts): Normal's
# parameters, retuned where tuning against Normal found a clear gain (docs/ai.md, Hard), plus
# what Normal does not use. Canastone: a rank the next player has discarded is a safer discard
# (a player rarely throws a card of a pair it holds), and discards weigh the danger of giving
# the pile more (danger_w 2.0); it melds only for a clear benefit (meld_threshold 20) and keeps
# its hand big (shrink_cost 35: a big hand keeps the three-deck pile within reach), holding
# triples back less (keep_triple 18); and (session 12, as in Canasta below) it prices a pile at
# 130 a card and a new meld by the pile's size (pile_card, meld_pile). Looking and Down: a meld
# is made for its points and for completing a canasta, not for partial progress (prog_now 0.1).
HARD_PARAMS: dict[str, CanastaParams] = dict(PARAMS)
HARD_PARAMS["canastone"] = replace(PARAMS["canastone"], disc_pair=0.6, danger_w=2.0,
                                   keep_triple=18.0, meld_threshold=20.0, shrink_cost=35.0,
                                   keep_single=12.0, pile_card=130.0, meld_pile=8.0)
HARD_PARAMS["looking-and-down"] = replace(PARAMS["looking-and-down"], prog_now=0.1)
# Canasta and Quick Canasta (issue 14, tools/tune_heuristic.py): a natural that joins a meld or
# makes a pair is worth more in a pile (gain_fit 25), a rank the next player has discarded is
# a safer discard (disc_pair 0.4), a meld or add is made only for a clear benefit
# (meld_threshold 10: cards kept in hand keep pairs for the pile), and a discard weighs the
# danger of handing over the pile more (danger_w 1.5, as in Canastone; session 7). A new meld
# shows its rank and spends the pair that takes a frozen pile (new_meld_cost 30, session 11).
# Session 12: a pile is worth far more to the side that takes it than Normal's 9 a card, so
# the pile is not handed over while a wild card can freeze it (pile_card 130: in effect the
# safest discard, and a freeze once every natural is risky), and the pairs that take a frozen
# pile are held back the more, the bigger the pile (meld_pile 8 a pile card per new rank).
# Issue 30 (session 13): the pile's naturals priced concavely (pile_half 10: a 10-card pile at
# half the linear price), black threes in it at nothing; no wild card thrown on a small pile
# (freeze_small) nor on a pile already frozen; an opponent seen baiting (it threw a rank its
# side has melded) loses the discard discount (bait_guard).
# Session 15: against a hand held back (the sprinter of tools/canasta_exploiters.py) melds
# wait (hoard_threshold 60, 11 cards kept) and a discard to it weighs the danger more
# (hoard_danger: 2.0 in all) with no discount for its discards: always with two players
# (holding back pays there against Normal too), with four while an opponent holds 11 cards or
# more (a hand that has not melded). Session 18: always with three players too (there the
# heuristic lost 311 a deal to the sprinter in Canasta; Hard now beats its Hard of session 17
# by +329 there, and the sprinter by +144 in three-player Quick Canasta), and four-player
# Quick Canasta as four-player Canasta (+180 against the sprinter). Session 19: four-player
# Canasta while an opponent holds 8 cards, not 11 (against the sprinter +137.6 [+51.2, +224.0]
# a deal over 1000 pairs with search; its heuristic +53 over 11 on two sets of 3000 pairs,
# level against Normal); docs/ai-journal.md.
_ISSUE30 = {"pile_half": 10.0, "freeze_small": 25.0, "bait_guard": True,
            "hoard_threshold": 60.0, "hoard_keep": 11, "hoard_danger": 4 / 3}
HARD_PARAMS["canasta"] = replace(PARAMS["canasta"], open_alone=True, gain_fit=25.0,
                                 disc_pair=0.4, meld_threshold=10.0, danger_w=1.5,
                                 new_meld_cost=30.0, pile_card=130.0, meld_pile=8.0,
                                 hoard_hand=(0, 0, 1, 1, 8), hoard_read=(0, 0, 1, 1, 8),
                                 **_ISSUE30)
HARD_PARAMS["quick-canasta"] = replace(PARAMS["quick-canasta"], open_alone=True, gain_fit=25.0,
                                       disc_pair=0.4, meld_threshold=10.0, danger_w=1.5,
                                       new_meld_cost=30.0, pile_card=130.0, meld_pile=8.0,
                                       hoard_hand=(0, 0, 1, 1, 11), hoard_read=(0, 0, 1, 1, 11),
                                       **_ISSUE30)


@dataclass(frozen=True)
class Slips:
    """Easy's mistakes, as probabilities per decision."""

    forget: float = 0.0  # forget the pile's contents and what the opponents hold
    miss_take: float = 0.0  # draw although taking the pile was better
    careless: float = 0.0  # discard one of the few cheapest cards at random
    no_freeze: bool = False  # never freezes on purpose
    no_ask: bool = False


EASY_SLIPS = Slips(forget=0.5, miss_take=0.3, careless=0.25, no_freeze=True, no_ask=True)


@dataclass
class CanastaContext:
    """Per-decision flags (slips drawn for this decision)."""

    forget: bool = False
    miss_take: bool = False
    careless: bool = False
    notes: list = field(default_factory=list)


# The context of a decision without slips (Normal, Hard): never changed, shared.
_NO_SLIPS = CanastaContext()


class CanastaHeuristic(Player):
    """The tuned heuristic (Normal); with :class:`Slips` it is Easy."""

    level = "normal"

    def __init__(self, seed: int = 0, params: dict[str, CanastaParams] | None = None,
                 slips: Slips | None = None) -> None:
        super().__init__(seed)
        self.params = params or PARAMS
        self.slips = slips or Slips()
        self.reason = ""  # a one-line reason for the last choice (hints)

    # ---- entry points ------------------------------------------------------------------------
    def choose(self, decision: Decision) -> Action:
        legal = decision.legal
        self.reason = ""
        if len(legal) == 1:
            return legal[0]
        v = CanastaView(decision)
        p = self.params.get(v.name, _DEFAULT)  # not a new CanastaParams() every decision
        ctx = self._draw_slips()
        verbs = set(map(_VERB, legal))
        if "yes" in verbs:
            return self._answer(v, p, legal)
        if v.seat != v.view.to_move:
            a = self._optional(v, p, ctx)
            return a if a is not None else legal[0]
        if "draw" in verbs or ("take" in verbs and "discard" not in verbs):
            return self._draw_phase(v, p, ctx, legal)
        if "take" in verbs:  # LD-13: a turn of the last round may start with a take
            take = self._last_round_take(v, p, legal)
            if take is not None:
                return take
        return self._play_phase(v, p, ctx, legal)

    def _last_round_take(self, v: CanastaView, p: CanastaParams, legal) -> Action | None:
        """The pile in a turn without a draw (LD-13), as at the stock's end: only a small
        pile, or when behind; None to play on."""
        takes = [a for a in legal if a.verb == "take"]
        lead = v.table_value(v.side) - max(v.table_value(s) for s in range(v.nsides)
                                           if s != v.side)
        if len(v.pile) > 3 and lead >= 0:
            return None
        risk = self.end_risk(v)
        scored = [(self.take_value(v, p, a, risk), i, a) for i, a in enumerate(takes)]
        self.reason = _take_reason(v)
        return max(scored, key=lambda t: (t[0], -t[1]))[2]

    def choose_optional(self, decision: Decision) -> Action | None:
        """Out of turn (Looking and Down, frozen in time): a meld or add, or None to wait."""
        if not decision.legal:
            return None
        v = CanastaView(decision)
        p = self.params.get(v.name, _DEFAULT)  # not a new CanastaParams() every decision
        return self._optional(v, p, CanastaContext())

    def _draw_slips(self) -> CanastaContext:
        s = self.slips
        if not (s.forget or s.miss_take or s.careless):
            return _NO_SLIPS  # no slip to draw: one context serves every decision
        ctx = CanastaContext()
        r = self.rng
        ctx.forget = r.random() < s.forget
        ctx.miss_take = r.random() < s.miss_take
        ctx.careless = r.random() < s.careless
        return ctx

    # ---- the situation --------------------------------------------------------------------------
    def end_risk(self, v: CanastaView) -> float:
        """Chance that the deal ends before this seat plays again (an opponent goes out, or
        the stock runs out)."""
        keep = 1.0
        scale = self.params.get(v.name, _DEFAULT).risk_scale
        sides: dict[int, tuple[bool, bool]] = {}  # per side: (ready, close), read once
        for q in v.opponents:
            h = v.hand_counts[q]
            if v.ld and v.in_down is not None and not v.in_down[q]:
                continue
            sq = v.side_of[q]
            got = sides.get(sq)
            if got is None:
                got = sides[sq] = self._side_near_out(v, sq)
            ready, close = got
            if not (ready or close):
                continue
            base = 0.6 if h <= 2 else 0.4 if h <= 4 else 0.18 if h <= 7 else 0.06
            base = min(0.95, base * scale)
            if close:
                base *= 0.3
            keep *= 1.0 - base
        risk = 1.0 - keep
        turns_left = v.stock / max(1, v.draw_n * v.players)
        if turns_left < 1.0:
            risk = max(risk, 0.8)
        elif turns_left < 2.0:
            risk = max(risk, 0.35)
        return min(1.0, risk)

    @staticmethod
    def _side_near_out(v: CanastaView, side: int) -> tuple[bool, bool]:
        """(may go out, one meld short of it) for a side of the opponents."""
        mine = v.melds[side]
        if v.ld:
            canastas = sum(1 for m in mine.values() if m.size >= 7 and m.rank != 3)
            return canastas >= 2, canastas == 1 and any(5 <= m.size < 7 for m in mine.values())
        ready = v.may_go_out(side)
        return ready, not ready and any(5 <= m.size < 7 and m.rank not in (0, 3)
                                        for m in mine.values())

    # ---- card values ---------------------------------------------------------------------
    def keep_value(self, v: CanastaView, p: CanastaParams, c: int, risk: float,
                   hcount=None, ctx: CanastaContext | None = None) -> float:
        """What card ``c`` is worth in this hand (the cost of discarding it)."""
        h = hcount if hcount is not None else v.hcount
        if WILD[c]:
            if v.rules.wild_meld and v.melds[v.side].get(WILD_KEY) is not None:
                return p.keep_wild * 1.5
            return p.keep_wild
        r = RANK[c]
        pts = v.points[c]
        if r == 3:
            if c in (15, 28):
                if ctx is not None and ctx.forget:
                    return 10.0  # Easy forgets what a red three in hand costs
                return p.ld_red3 if v.ld else 0.0
            return p.keep_black3 - pts * risk * p.hand_risk_w
        n = h[r - 1] + h[r + 12] + h[r + 25] + h[r + 38]  # naturals of rank r in ``h``
        melded = v.meld_of_rank(v.side, r) is not None
        if melded:
            base = p.keep_melded
            if n >= 2 and (v.frozen or v.rules.take_naturals_frozen > 2):
                base += 8.0  # a pair of a melded rank still takes a frozen pile
        elif n >= 3:
            base = p.keep_triple + p.pair_pile * len(v.pile)
        elif n == 2:
            base = p.keep_pair + p.pair_pile * len(v.pile)
        else:
            live = min(1.0, v.unseen_rank[r] / 4.0)
            base = p.keep_single * live
        return base - pts * risk * p.hand_risk_w

    def gain_value(self, v: CanastaView, p: CanastaParams, c: int, extra_rank: dict) -> float:
        """What a card coming with the pile is worth to this seat."""
        if is_wild(c):
            return p.gain_wild
        r = RANK[c]
        if r == 3:
            if c in (15, 28):
                if v.ld:
                    return p.ld_red3 * 0.8
                if v.rules.wild_meld:  # Canastone: depends on the side's canastas
                    clean, dirty, _ = v.canastas(v.side)
                    return 60.0 if clean and dirty else -60.0
                return 100.0 if v.opened[v.side] else 50.0
            return 3.0
        if v.meld_of_rank(v.side, r) is not None:
            return p.gain_fit + 2.0
        if v.hand_rank(r) + extra_rank.get(r, 0) >= 2:
            return p.gain_fit
        return p.gain_loose

    def pile_value_for(self, v: CanastaView, cards: list[int]) -> float:
        """Roughly what taking a pile of these cards is worth to whoever takes it."""
        total = 25.0  # the top card melded, a turn's tempo
        p = self.params.get(v.name, _DEFAULT)
        card = p.pile_card
        if p.pile_sq:
            total += p.pile_sq * len(cards) ** 2
        if p.pile_half:
            return total + self._concave_pile(v, p, cards)
        points = v.points
        red3 = 0.0 if v.ld else 100.0
        for c in cards[:-1]:  # a long pile: the table reads, not calls
            if WILD[c]:
                total += 45.0
            elif c == 15 or c == 28:
                total += red3
            else:
                total += card + 0.4 * points[c]
        total += 12.0 * (v.packet + v.rules.draw_after_take)
        return total

    @staticmethod
    def _concave_pile(v: CanastaView, p: CanastaParams, cards: list[int]) -> float:
        """The pile's worth past its top card at ``pile_half``: its naturals at
        ``pile_card`` x n / (1 + n / pile_half) (a big pile's last cards add less), wild cards
        and red threes as in the linear price, black threes nothing."""
        total = 12.0 * (v.packet + v.rules.draw_after_take)
        n = 0
        points = v.points
        red3 = 0.0 if v.ld else 100.0
        for c in cards[:-1]:
            if WILD[c]:
                total += 45.0
            elif c == 15 or c == 28:
                total += red3
            elif RANK[c] != 3:
                n += 1
                total += 0.4 * points[c]
        return total + p.pile_card * n / (1.0 + n / p.pile_half)

    def take_chance(self, v: CanastaView, q: int, r: int, ctx: CanastaContext) -> float:
        """Chance that seat ``q`` can take the pile with a natural of rank ``r`` on top."""
        key = ("take", self, q, r, ctx.forget)  # per heuristic: the odds read its parameters
        got = v.memo.get(key)
        if got is None:
            got = v.memo[key] = self._take_chance(v, q, r, ctx)
        return got

    def _taker(self, v: CanastaView, q: int, ctx: CanastaContext) -> tuple:
        """What :meth:`_take_chance` reads of seat ``q`` whatever the rank (once a decision)."""
        key = ("taker", self, q, ctx.forget)
        got = v.memo.get(key)
        if got is not None:
            return got
        rules = v.rules
        sq = v.side_of[q]
        opened = v.opened[sq]
        p = self.params.get(v.name)
        # discards read as safer (a player rarely throws a card of a pair it holds), unless
        # the seat was seen baiting
        disc = p is not None and p.disc_pair != 1.0 and not ctx.forget \
            and not (p.bait_guard and v.baited(q)) and not _hoards(v, p, q)
        frozen = v.frozen or (rules.unopened_pile_frozen and not opened)
        adding = not ctx.forget and not frozen and rules.take_by_adding and opened
        known = v.known[q] if not ctx.forget else []
        got = v.memo[key] = (
            sq, opened, p, disc, 0.4 if rules.open_first and not opened else 1.0, frozen,
            rules.take_naturals_frozen if frozen else rules.take_naturals, adding, known,
            max(0, v.hand_counts[q] - len(known)), not frozen and rules.take_with_wild,
            rules.unopened_pile_frozen and not opened)
        return got

    def _take_chance(self, v: CanastaView, q: int, r: int, ctx: CanastaContext) -> float:
        (sq, opened, p, disc, factor, frozen, need, adding, known, unknown_cards, with_wild,
         unopened_frozen) = self._taker(v, q, ctx)
        if adding and v.meld_of_rank(sq, r) is not None:
            return 0.97
        k = sum([RANK[c] == r for c in known]) if known else 0
        if k < 2 and disc and v.discarded_rank(q, r):
            factor *= p.disc_pair  # a player rarely throws a card of a pair they hold
        by_rank, _, total, wild = v.unseen()
        good = by_rank[r]
        if with_wild:
            pr = p_pair_or_wild(total, good, wild, unknown_cards, min(k, 2))
        else:
            pr = p_at_least(total, good, unknown_cards, need - k)
        if unopened_frozen:
            # the pile must also make the opening minimum: unless the top card and its pair
            # make it on their own (three aces, 60 points, open at 50; Hard's heuristic)
            if not (p is not None and p.open_alone and 3 * v.points[r - 1] >= v.open_min[sq]):
                factor *= 0.45
        return pr * factor

    def discard_cost(self, v: CanastaView, p: CanastaParams, c: int, risk: float,
                     ctx: CanastaContext) -> float:
        cost = self.keep_value(v, p, c, risk, ctx=ctx)
        r = RANK[c]
        wild = WILD[c]
        if r == 3 or wild:
            if wild and not v.ld:
                if v.frozen and p.pile_half:
                    cost += p.gain_wild * p.danger_w  # freezes nothing; the taker gets it
                else:
                    cost += p.freeze_cost + p.freeze_small * max(
                        0, p.freeze_min - len(v.pile) - 1)
            return cost
        q = v.next_seat
        if v.side_of[q] == v.side:
            return cost
        chance = self.take_chance(v, q, r, ctx)
        # what the pile under this card brings: the same for every discard of this decision
        key = ("pile", ctx.forget)
        worth = v.memo.get(key)
        if worth is None:
            worth = v.memo[key] = self.pile_value_for(v, [c] if ctx.forget else v.pile + [c])
        if _hoards(v, p, q):
            return cost + chance * worth * p.danger_w * p.hoard_danger
        return cost + chance * worth * p.danger_w

    # ---- answering "may I go out?" -------------------------------------------------------------
    def _answer(self, v: CanastaView, p: CanastaParams, legal):
        yes = next(a for a in legal if a.verb == "yes")
        no = next(a for a in legal if a.verb == "no")
        pts = sum(v.points[c] if c not in (15, 28) else 0 for c in v.hand)
        risk = self.end_risk(v)
        if pts >= p.answer_no_points and risk < 0.3:
            self.reason = f"no: I still hold {pts} points to meld"
            return no
        self.reason = "yes: go out"
        return yes

    # ---- drawing or taking ----------------------------------------------------------------------
    def _draw_phase(self, v: CanastaView, p: CanastaParams, ctx: CanastaContext, legal):
        draw = next((a for a in legal if a.verb == "draw"), None)
        takes = [a for a in legal if a.verb == "take"]
        openings = [a for a in legal if a.verb == "meld"]  # Canastone: open first
        if openings:
            best = min(openings, key=lambda a: self._opening_cost(v, a))
            if v.hand_counts[v.seat] - len(best.cards()) >= p.open_keep or draw is None:
                self.reason = "open first, then play a normal turn"
                return best
        if not takes:
            self.reason = "draw"
            return draw if draw is not None else legal[0]
        risk = self.end_risk(v)
        scored = [(self.take_value(v, p, a, risk), i, a) for i, a in enumerate(takes)]
        value, _, best = max(scored, key=lambda t: (t[0], -t[1]))
        if draw is None:
            return best
        if v.stock == 0:
            # Declining ends the deal (CA-14): take only a small pile or when behind.
            lead = v.table_value(v.side) - max(v.table_value(s) for s in range(v.nsides)
                                               if s != v.side)
            if len(v.pile) <= 3 or lead < 0:
                return best
            return draw
        draw_value = p.draw_card * v.draw_n
        if value > draw_value + p.take_margin:
            if ctx.miss_take and len(v.pile) >= 3:
                self.reason = "draw"
                return draw
            self.reason = _take_reason(v)
            return best
        self.reason = "draw: the pile is not worth it"
        return draw

    def take_value(self, v: CanastaView, p: CanastaParams, a: Action, risk: float) -> float:
        gained = v.pile[:-1]
        extra: dict[int, int] = {}
        for c in gained:
            if not is_wild(c):
                extra[RANK[c]] = extra.get(RANK[c], 0) + 1
        value = sum(self.gain_value(v, p, c, extra) for c in gained)
        value += (v.packet + v.rules.draw_after_take) * p.draw_card
        value += p.deny * len(v.pile)
        top = v.pile[-1]
        r = RANK[top]
        used = a.cards()
        wilds = sum(1 for c in used if is_wild(c))
        value -= wilds * p.wild_cost
        if not used:
            value += p.take_add  # taken by adding: no hand card spent
        else:
            # the pair leaves the hand into a meld: pile control spent, progress gained
            m = v.meld_of_rank(v.side, r)
            if m is None and not (v.ld and v.opened[v.side]):
                value += PROGRESS[3] * 300 * p.prog_now
            nats = sum(1 for c in a.groups[0] if not is_wild(c))
            if nats >= 2 and not (v.ld and v.opened[v.side]):
                value -= p.pair_spend
        if len(a.groups) > 1 or not v.opened[v.side]:
            value += p.take_open  # opening through the pile
            value -= 6.0 * sum(len(g) for g in a.groups[1:])
        value += v.points[top] * 0.3
        if v.ld and v.in_down is not None and not v.in_down[v.seat]:
            value -= p.ld_take_card * len(gained)
        return value

    def _opening_cost(self, v: CanastaView, a: Action) -> float:
        cards = a.cards()
        wilds = sum(1 for c in cards if is_wild(c))
        pts = sum(v.points[c] for c in cards)
        return len(cards) * 10 + wilds * 45 - pts * 0.05

    # ---- melding and discarding ----------------------------------------------------------
    def _play_phase(self, v: CanastaView, p: CanastaParams, ctx: CanastaContext, legal):
        melds, discards, asks = [], [], []
        for a in legal:  # one pass: play-phase lists are long
            verb = a.verb
            if verb == "discard":
                discards.append(a)
            elif verb == "meld" or verb == "add":
                melds.append(a)
            elif verb == "ask":
                asks.append(a)
        risk = self.end_risk(v)
        # going out (or, in Looking and Down, emptying the looking)
        out = self._going_out(v, p, risk)
        if out is not None:
            if asks and not self.slips.no_ask:
                partner = max(v.partners, key=lambda s: v.hand_counts[s]) if v.partners else -1
                if partner >= 0 and v.hand_counts[partner] >= p.ask_cards and v.answer is None:
                    ask = next((a for a in asks if a.target in (-1, partner)), asks[0])
                    self.reason = "ask partner before going out"
                    return ask
            step = self._toward(v, melds, discards, out)
            if step is not None:
                return step
        if melds:
            best, benefit = self._best_meld(v, p, melds, risk)
            threshold = p.meld_threshold
            if p.race_scale != 1.0 and v.may_go_out(v.side):
                threshold *= p.race_scale
            if self._holding(v, p):
                threshold = max(threshold, p.hoard_threshold * (1.0 - risk))
            if best is not None and (benefit > threshold or not discards):
                return best
        if not discards:
            return melds[0] if melds else legal[0]
        return self._best_discard(v, p, ctx, discards, risk)

    @staticmethod
    def _holding(v: CanastaView, p: CanastaParams) -> bool:
        """Whether melds wait this turn: an opponent holds its hand back (``hoard_hand``)."""
        hoard = p.hoard_hand
        if v.players >= len(hoard) or not hoard[v.players]:
            return False
        return max(v.hand_counts[q] for q in v.opponents) >= hoard[v.players]

    def _going_out(self, v: CanastaView, p: CanastaParams, risk: float):
        """The plan to meld out now, if it is possible and wanted; else None."""
        if v.answer is False:
            return None
        plan = plan_meld_out(v, v.hcount, v.my_melds())
        if plan is None:
            return None
        discard, final = plan
        if v.ld:
            in_down = v.in_down[v.seat]
            if not in_down:
                return plan  # empty the looking: the down comes at once
            return plan if v.may_go_out(v.side, final) else None
        if not v.may_go_out(v.side, final):
            return None
        if v.answer is True:
            return plan
        # score- and tempo-aware: stay in only when clearly dominating and safe
        mine = v.table_value(v.side)
        theirs = max(v.table_value(s) for s in range(v.nsides) if s != v.side)
        if mine - theirs >= p.prolong_lead and risk < 0.15 and v.stock > 20:
            target_hit = v.totals[v.side] + mine >= v.target if v.totals else False
            if not target_hit:
                return None
        return plan

    def _toward(self, v: CanastaView, melds, discards, plan):
        """The next step of a meld-out plan: a meld that keeps the plan possible (canastas
        first), or the final discard."""
        hand = len(v.hand)
        if hand <= 1 and discards:
            return discards[0]
        # The first meld (in the list's order) of the best key that keeps the plan: the
        # melds by key, best first, planned until one keeps it (planning is the dear part)
        before = v.my_melds()
        ranked = []
        for i, a in enumerate(melds):
            cards = a.cards()
            made = 0  # canastas made: of the melds the action changes, after less before
            for old, m in meld_changes(v, a, before, cards):
                if m.size >= 7:
                    made += sum(v.canasta_kind(m))
                if old is not None and old.size >= 7:
                    made -= sum(v.canasta_kind(old))
            ranked.append((made, len(cards), -i, a))
        ranked.sort(key=_TOWARD_ORDER, reverse=True)
        for _, _, _, a in ranked:
            h = v.hcount[:]
            for c in a.cards():
                h[c] -= 1
            after = _apply_meld(v, a)
            rest = plan_meld_out(v, h, after)
            if rest is None:
                continue
            if v.ld and v.in_down[v.seat]:
                if not v.may_go_out(v.side, rest[1]):
                    continue
            elif not v.ld and not v.may_go_out(v.side, rest[1]):
                continue
            self.reason = "meld out" if not v.ld or v.in_down[v.seat] else "empty the looking"
            return a
        discard, _ = plan
        if hand == 2 and discard >= 0:
            for a in discards:
                if a.groups[0][0] == discard:
                    return a
        return None

    def _best_meld(self, v: CanastaView, p: CanastaParams, melds, risk: float):
        best, best_b = None, float("-inf")
        setup = self._meld_setup(v, p, risk)
        for a in melds:
            b = self._meld_benefit(v, p, a, risk, setup)
            if b > best_b:
                best, best_b = a, b
        return best, best_b

    def meld_benefit(self, v: CanastaView, p: CanastaParams, a: Action, risk: float) -> float:
        """What a meld or add is worth now (the Hard search's meld candidates)."""
        return self._meld_benefit(v, p, a, risk)

    def _meld_setup(self, v: CanastaView, p: CanastaParams, risk: float) -> tuple:
        """What every meld's price of one decision reads alike (figured once, not per meld)."""
        side = v.side
        clean0, dirty0, _ = v.canastas(side)
        new_cost = p.new_meld_cost + p.meld_pile * len(v.pile)
        if p.race_scale != 1.0 and v.may_go_out(side):
            new_cost *= p.race_scale
        keep_min = max(p.keep_min, p.hoard_keep) if self._holding(v, p) else p.keep_min
        return (v.my_melds(), clean0, dirty0, v.may_go_out(side), not v.opened[side],
                p.bank_base + p.bank_risk * risk, 1.0 - risk, new_cost,
                v.ld and v.in_down is not None and not v.in_down[v.seat], {}, keep_min)

    def _meld_benefit(self, v: CanastaView, p: CanastaParams, a: Action, risk: float,
                      setup: tuple | None = None) -> float:
        (before, clean0, dirty0, may_out, opening, bank, stay, new_cost, looking,
         old_progress, keep_min) = setup or self._meld_setup(v, p, risk)
        groups = a.groups
        # one group: its tuple, no copy (a tuple: the kept figures' key)
        cards = groups[0] if len(groups) == 1 else tuple(a.cards())
        left = len(v.hand) - len(cards)
        if len(groups) == 1 or a.verb == "add":  # one meld changed: its figures, kept
            dclean, ddirty, prog, completes, shown, pts, wilds, reds = one_change_price(
                v, a, before, cards)
        else:
            dclean, ddirty, prog, completes, shown = changes_price(
                v, changes_by_copy(v, a, before), old_progress)
            pts, wilds, reds = card_sums(v, cards)
        b = pts * bank
        clean1, dirty1 = clean0 + dclean, dirty0 + ddirty
        b += prog * (1.0 if completes else p.prog_now)
        if not may_out and (clean1 + dirty1 > clean0 + dirty0):
            b += p.first_canasta
        if wilds:
            b -= wilds * p.wild_cost * (0.3 if completes else 1.0)
            if v.rules.wild_meld and a.verb == "meld" and wilds == len(cards):
                jok, two = v.hand_wilds()
                if jok + two < p.wild_meld_start:
                    b -= 200.0
        if left < keep_min:
            b -= (keep_min - left) * p.shrink_cost * stay
        # pairs broken: a new meld of a rank uses its naturals and shows the rank (Hard's
        # new_meld_cost); adds of a melded rank keep the take-by-adding option
        if (p.new_meld_cost or p.meld_pile) and not opening and a.verb == "meld":
            b -= shown * new_cost * stay
        if opening:
            b += p.open_bonus - len(cards) * 4.0
            if left < p.open_keep:
                b -= 80.0
        if looking:
            b += p.ld_card * len(cards)
        for _ in range(reds):
            b += 300.0
        return b

    def discard_costs(self, v: CanastaView, p: CanastaParams, discards, risk: float,
                      ctx: CanastaContext) -> list[float]:
        """:meth:`discard_cost` of each discard action, priced once per class of card
        (:data:`PRICE_CLASS`): a decision prices at most 14 classes whatever the hand holds."""
        prices: dict[int, float] = {}
        out = []
        for a in discards:
            c = a.groups[0][0]
            k = PRICE_CLASS[c]
            cost = prices.get(k)
            if cost is None:
                cost = prices[k] = self.discard_cost(v, p, c, risk, ctx)
            out.append(cost)
        return out

    def _best_discard(self, v: CanastaView, p: CanastaParams, ctx: CanastaContext, discards, risk):
        costs = self.discard_costs(v, p, discards, risk, ctx)
        if self.slips.no_freeze:
            costs = [cost + 200.0 if WILD[a.groups[0][0]] else cost
                     for cost, a in zip(costs, discards)]
        if ctx.careless and len(costs) > 1:
            scored = sorted(zip(costs, range(len(costs)), discards), key=lambda t: (t[0], t[1]))
            plain = [t for t in scored[:3] if not is_wild(t[2].groups[0][0])]
            if plain:
                pick = plain[self.rng.below(len(plain))]
                self.reason = "discard"
                return pick[2]
        # the cheapest, the first listed of equals (a sort's first by (cost, index))
        cost, i = min(zip(costs, range(len(costs))))
        a = discards[i]
        c = a.groups[0][0]
        if is_wild(c) and not v.ld:
            self.reason = "freeze the pile with a wild card"
        elif RANK[c] == 3:
            self.reason = "discard a three: it blocks the pile"
        else:
            self.reason = "the safest discard"
        return a

    # ---- out of turn (Looking and Down) ----------------------------------------------------------
    def _optional(self, v: CanastaView, p: CanastaParams, ctx: CanastaContext):
        melds = [a for a in v.decision.legal if a.verb in ("meld", "add")]
        if not melds:
            return None
        risk = self.end_risk(v)
        plan = self._going_out(v, p, risk)
        if plan is not None and (v.in_down is None or v.in_down[v.seat]):
            step = self._toward(v, melds, [], plan)
            if step is not None:
                return step
        best, benefit = self._best_meld(v, p, melds, risk)
        if best is not None and benefit >= p.oot_threshold * (1.0 - risk):
            return best
        return None


# ---- helpers ----------------------------------------------------------------------------------
def _hoards(v: CanastaView, p: CanastaParams | None, q: int) -> bool:
    """Whether seat ``q`` is read as holding its hand back (``hoard_read``)."""
    if p is None or v.players >= len(p.hoard_read):
        return False
    return 0 < p.hoard_read[v.players] <= v.hand_counts[q]


def _take_reason(v: CanastaView) -> str:
    """E.g. "take the pile: 9 cards, 3 fit your melds, 1 wild card"."""
    fit, wild = v.pile_gain()
    parts = [f"{len(v.pile)} cards"]
    if fit:
        parts.append(f"{fit} fit your melds")
    if wild:
        parts.append(f"{wild} wild card{'s' if wild > 1 else ''}")
    return "take the pile: " + ", ".join(parts)


def _rank_name(r: int) -> str:
    return {1: "ace", 11: "jack", 12: "queen", 13: "king"}.get(r, str(r))


def _apply_meld(v: CanastaView, a: Action) -> Melds:
    """The seat's melds after a meld or add (counts). Melds the action leaves alone are the
    view's own objects (read them, never change them)."""
    melds = dict(v.my_melds())
    rules = v.rules
    if a.verb == "add":
        m = melds.get(a.target)
        if m is not None:
            m = melds[a.target] = MeldInfo.of(m)
            m.add(a.cards())
        return melds
    fresh = 5000
    for g in a.groups:
        rank = _meld_rank(g)
        if rules.one_meld_per_rank and rank in melds:
            m = melds[rank] = MeldInfo.of(melds[rank])
            m.add(g)
            continue
        key = rank if rules.one_meld_per_rank else fresh
        fresh += 1
        m = MeldInfo(key, rank)
        m.add(g)
        melds[key] = m
    return melds


Change = tuple["MeldInfo | MeldView | None", "MeldInfo | MeldView"]


def meld_changes(v: CanastaView, a: Action, before: Melds,
                 cards: Sequence[int]) -> list[Change]:
    """The melds a meld or add (``cards``: its cards) changes or makes: (before or None,
    after), in the order of the melds after it (:func:`changes_by_copy`), found without
    copying the side's melds where the action is one meld or add."""
    if a.verb == "add":
        target = before.get(a.target)
        if target is None:
            return []
        added = MeldInfo.of(target)
        added.add(cards)
        return [(target, added)]
    if len(a.groups) == 1:  # one meld: new, or (one meld per rank) onto the rank's
        rank = _meld_rank(cards)
        old = before.get(rank) if v.rules.one_meld_per_rank else None
        m = MeldInfo.of(old) if old is not None else _new_meld_info(v, rank)
        m.add(cards)
        return [(old, m)]
    return changes_by_copy(v, a, before)


# A meld change's figures by the rules, the meld's counts before and the cards added (the
# rest of the view reads nothing of them): an add of a wild card to a meld prices alike
# whatever else the hand holds, so a playout finds most of them here.
_CHANGE_PRICES: dict[tuple, tuple[int, int, float, bool, int, int, int, int]] = {}


def one_change_price(v: CanastaView, a: Action, before: Melds, cards: Sequence[int]
                     ) -> tuple[int, int, float, bool, int, int, int, int]:
    """:func:`changes_price` and :func:`card_sums` of a one-group meld or an add, kept by
    the cards added and the counts of the meld before."""
    if a.verb == "add":
        old = before.get(a.target)
        rank = -1 if old is None else old.rank
    else:
        rank = _meld_rank(cards)
        old = before.get(rank) if v.rules.one_meld_per_rank else None
    key = (v.rules, rank, cards) if old is None else \
        (v.rules, rank, cards, old.nat, old.jok, old.two, old.red3)
    got = _CHANGE_PRICES.get(key)
    if got is None:
        if len(_CHANGE_PRICES) > 50_000:  # some 7,000 after 100 deals of Canasta; a few MB
            _CHANGE_PRICES.clear()
        changes = [] if rank < 0 else meld_changes(v, a, before, cards)
        got = _CHANGE_PRICES[key] = changes_price(v, changes, {}) + card_sums(v, cards)
    return got


def card_sums(v: CanastaView, cards: Sequence[int]) -> tuple[int, int, int]:
    """(points, wild cards, red threes) of the cards a meld or add puts down."""
    points = v.points
    pts = wilds = reds = 0
    for c in cards:
        pts += points[c]
        if WILD[c]:
            wilds += 1
        elif c == 15 or c == 28:
            reds += 1  # a red three onto a red canasta (Looking and Down)
    return pts, wilds, reds


def changes_price(v: CanastaView, changes: list[Change],
                  old_progress: dict) -> tuple[int, int, float, bool, int]:
    """What melds changed (:func:`meld_changes`) do to a side: (clean canastas, dirty
    canastas, each after less before; the canasta progress gained; whether one completes a
    canasta; new melds shown). ``old_progress``: the progress of the view's melds by key."""
    prog = 0.0
    completes = False
    clean = dirty = shown = 0
    for old, m in changes:
        size = m.size
        if size >= 7:  # below seven cards no canasta (canasta_kind's (0, 0))
            c, d = v.canasta_kind(m)
            clean, dirty = clean + c, dirty + d
        if old is None:
            shown += 1
            prog += _progress(v, m) - 0.0
            if size >= 7 and m.rank != 3:
                completes = True
            continue
        old_size = old.size
        if old_size >= 7:
            c, d = v.canasta_kind(old)
            clean, dirty = clean - c, dirty - d
        if old_size == size:
            continue
        was = old_progress.get(old.key)  # the view's meld, the same for every action
        if was is None:
            was = old_progress[old.key] = _progress(v, old)
        prog += _progress(v, m) - was
        if size >= 7 and old_size < 7 and m.rank != 3:
            completes = True
    return clean, dirty, prog, completes, shown


def changes_by_copy(v: CanastaView, a: Action, before: Melds) -> list[Change]:
    """:func:`meld_changes` from the side's melds after the action (:func:`_apply_meld`)."""
    return [(before.get(key), m) for key, m in _apply_meld(v, a).items()
            if before.get(key) is not m]


def _meld_rank(g) -> int:
    """The rank of a new meld of the cards ``g`` (0: wild cards only)."""
    for c in g:
        if not WILD[c]:
            return RANK[c] if RANK[c] != 3 or c in (2, 41) else 3
    return 0


def _new_meld_info(v: CanastaView, rank: int) -> MeldInfo:
    """An empty new meld of ``rank``, keyed as :func:`_apply_meld` keys a first new meld."""
    return MeldInfo(rank if v.rules.one_meld_per_rank else 5000, rank)


def _progress(v: CanastaView, m: MeldInfo | MeldView | None) -> float:
    """Expected canasta bonus of a meld, by its size."""
    if m is None or m.rank == 3:
        return 0.0
    rules = v.rules
    size = m.size
    if m.rank == 0:
        bonus = 2500.0
    else:
        if m.wild:
            bonus = 300.0 if m.rank != 1 or not rules.wild_meld else 500.0
        else:
            bonus = 400.0 if m.rank != 1 or not rules.wild_meld else 750.0
    if size >= 7:
        return float(rules.canasta_bonus(m))
    return bonus * PROGRESS[min(size, 7)]
