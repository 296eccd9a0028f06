"""The Normal and Easy computer players for Cassino.

Every move is priced from the seat's view alone (hand, open table, everything captured, the
unseen cards and hand counts):

- **Count cards.** Points are exact for the big casino (10D, 2), the little casino (2S, 1), aces
  (1) and sweeps (1); a card or a spade is worth what it changes in the chance of winning the
  majorities (27 of 52 cards for 3 points, 7 of 13 spades for 1), from a normal approximation of
  how the remaining cards may split. Once a majority is decided its cards are worth nothing.
- **Avoid leaving a sweep, do not trail into an easy capture.** After each candidate move the
  player looks at the table it leaves: for every value the next opponent may hold (hypergeometric
  odds from the unseen cards and that opponent's hand count) the best capture it allows,
  sweep included, and subtracts the expected best reply.
- **Build and override with purpose**: a reservation is worth its cards plus the capturing card
  if the opponent cannot take it first (the chance the opponent holds that value).
- **Last cards**: the last capturer collects the table, so in the final round a capture also
  earns part of what will be left.

Easy (``easy=True``) slips like a person: sometimes forgets the threat of the table it leaves,
sometimes misses a build, sometimes plays one of its few best moves instead of the best.
"""

from __future__ import annotations

import math
from functools import lru_cache

from game.engine.actions import Action
from game.engine.cards import RANK
from game.engine.cassino.combos import disjoint_unions, subsets_by_sum
from game.engine.cassino.game import CARD_POINTS
from game.engine.cassino.view import CassinoView
from game.players.base import Decision, Player

TEN_D, TWO_S = 35, 1
ACES = frozenset((0, 13, 26, 39))


def _is_spade(c: int) -> bool:
    return c < 13


def _normal_density(z: float) -> float:
    return math.exp(-0.5 * z * z) / math.sqrt(2 * math.pi)


def majority_weight(mine: int, theirs: int, remaining: int, need: int, points: float) -> float:
    """What one more card for us (or one fewer for them) is worth toward a majority of
    ``points`` decided at ``need`` cards, with ``remaining`` cards still to be won."""
    if mine >= need or theirs >= need or remaining <= 0:
        return 0.0
    # our final count ~ mine + Binomial(remaining, 1/2), spread widened for lumpy captures
    sigma = max(0.8, 0.75 * math.sqrt(remaining))
    z = (need - 0.5 - (mine + remaining / 2.0)) / sigma
    return points * _normal_density(z) / sigma


@lru_cache(maxsize=4096)
def p_holds(unseen: int, good: int, hand: int) -> float:
    """P(at least one of ``good`` cards among ``hand`` drawn from ``unseen``)."""
    if good <= 0 or hand <= 0:
        return 0.0
    if hand >= unseen:
        return 1.0
    if unseen - good < hand:
        return 1.0
    return 1.0 - math.comb(unseen - good, hand) / math.comb(unseen, hand)


# Normal's settings. ``owner_holds``: the owner of a build holds a card of its value (CN-6) and
# must take or override it (CN-7), so a table the next opponent's own build is left on is a
# certain capture (a sweep when nothing else is left), not a chance one: off in Normal, which
# hands such sweeps over about 0.46 times a game (docs/ai.md, Hard); on in Hard.
# ``read_trails``: the next opponent's odds of holding a value leave out the values it passed
# up by trailing this round (CassinoView.passed), while its hand can still be made up without
# them.
PARAMS = {"threat": 1.0, "build": 0.9, "keep": 0.25, "last": 0.6, "owner_holds": False,
          "read_trails": False}
# Hard's: also no reluctance to play a card worth points (keep 0: holding it back loses more
# captures than it saves) and more weight on what the next player can take from the table
# (threat 1.3); tools/tune_heuristic.py, +0.29 points a game [+0.19, +0.38] against Normal
# without search on fresh seeds, about +0.2 over owner_holds alone (docs/ai-journal.md,
# Tuning round 4).
# It also reads the trails (read_trails): +0.10 [+0.04, +0.16] a game over itself without, on
# 3000 pairs after a screen of 3000 (docs/ai-journal.md, session 10).
HARD_PARAMS = {**PARAMS, "owner_holds": True, "keep": 0.0, "threat": 1.3, "read_trails": True}


class CassinoHeuristic(Player):
    level = "normal"

    def __init__(self, seed: int = 0, easy: bool = False, params: dict | None = None) -> None:
        super().__init__(seed)
        self.easy = easy
        self.params = dict(PARAMS)
        if params:
            self.params.update(params)
        self.reason = ""

    def choose_optional(self, decision: Decision) -> Action | None:
        return None

    # ---- the decision ---------------------------------------------------------------------------
    def choose(self, decision: Decision) -> Action:
        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        ctx = CassinoContext(decision, self.params["read_trails"])
        forget = miss_build = sloppy = False
        if self.easy:
            r = self.rng
            forget = r.random() < 0.4
            miss_build = r.random() < 0.5
            sloppy = r.random() < 0.3
        scored = []
        for i, a in enumerate(legal):
            if miss_build and a.verb == "build" and len(legal) > 1:
                continue
            scored.append((self.score(ctx, a, forget), i, a))
        if not scored:
            scored = [(self.score(ctx, a, forget), i, a) for i, a in enumerate(legal)]
        scored.sort(key=lambda t: (-t[0], t[1]))
        if sloppy and len(scored) > 1:
            best = scored[0][0]
            close = [t for t in scored[:3] if t[0] >= best - 1.0]
            pick = close[self.rng.below(len(close))]
            return pick[2]
        best = scored[0][2]
        self.reason = _describe(best)
        return best

    def score(self, ctx: CassinoContext, a: Action, forget: bool = False) -> float:
        p = self.params
        played = a.groups[0][0]
        taken = [c for g in a.groups[1:] for c in g]
        loose = list(ctx.loose)
        res = list(ctx.res)
        value = 0.0
        # the table after the move
        ts = set(taken)
        if a.verb == "trail":
            loose.append(played)
        else:
            res = [r for r in res if not (set(r[0]) & ts)]
            loose = [c for c in loose if c not in ts]
        if a.verb == "capture":
            cards = [played] + taken
            value += ctx.card_sum(cards)
            if not loose and not res:
                value += 1.0  # sweep
            if ctx.last_round:
                # we become the last capturer; the leftover comes to us unless they capture
                value += p["last"] * ctx.card_sum(loose + [c for r in res for c in r[0]]) * \
                    (1.0 - ctx.p_any_capture(loose, res))
        elif a.verb == "build":
            v = a.target
            cards = (played,) + tuple(taken)
            res.append((cards, v, ctx.seat))
            steal = ctx.p_value(v)
            mine = ctx.card_sum(cards) + ctx.best_keeper_value(v, played)
            value += p["build"] * (1.0 - steal) * mine
        else:
            # trailing: a card of the same value kept in hand may pair it next turn
            v = RANK[played]
            if any(RANK[c] == v for c in ctx.hand if c != played):
                value += 0.3 * ctx.card_sum([played]) * (1.0 - ctx.p_value(v))
            value -= p["keep"] * ctx.keep_value(played)
        if not forget:
            held = frozenset(r[1] for r in res if r[2] == ctx.opp) if p["owner_holds"] else \
                frozenset()
            value -= p["threat"] * ctx.threat(tuple(loose), tuple((r[1], r[0]) for r in res),
                                              held)
        return value


class CassinoContext:
    """The seat's view and the per-card values of this decision (``read_trails``: see
    PARAMS)."""

    def __init__(self, decision: Decision, read_trails: bool = False) -> None:
        view: CassinoView = decision.view
        self.seat = decision.seat
        n = decision.players
        self.players = n
        self.side = self.seat % 2
        self.hand = list(view.hand)
        self.loose = list(view.loose)
        self.res = [(r.cards, r.value, r.owner) for r in view.reservations]
        self.unseen = list(view.unseen)
        self.nunseen = max(1, len(self.unseen))
        self.opp = (self.seat + 1) % n
        self.opp_hand = view.hand_counts[self.opp]
        self.deck = view.deck
        self.last_round = self.deck == 0
        mine = view.captured[self.side]
        theirs = view.captured[1 - self.side]
        out = len(view.out)
        remaining = 52 - out - len(mine) - len(theirs)
        spades_left = 13 - sum(1 for c in mine if c < 13) - sum(1 for c in theirs if c < 13) - \
            sum(1 for c in view.out if c < 13)
        self.w_card = majority_weight(len(mine), len(theirs), remaining, 27, 3.0)
        self.w_spade = majority_weight(sum(1 for c in mine if c < 13),
                                       sum(1 for c in theirs if c < 13), spades_left, 7, 1.0)
        self.unseen_by_value = [0] * 14
        for c in self.unseen:
            self.unseen_by_value[RANK[c]] += 1
        # the cards the next opponent may hold, by value, and how many: the unseen ones, less
        # the values it passed up by trailing (no card is drawn within a round, CN-3)
        self.opp_by_value = self.unseen_by_value
        self.opp_pool = self.nunseen
        passed = view.passed[self.opp] if read_trails else ()
        if passed:
            by_value = self.unseen_by_value[:]
            for v in passed:
                by_value[v] = 0
            pool = sum(by_value)
            if pool >= self.opp_hand:  # else it held one after all
                self.opp_by_value = by_value
                self.opp_pool = max(1, pool)
        self._threat_cache: dict = {}
        self._best_unseen: dict[int, float] = {}

    def card_value(self, c: int) -> float:
        v = self.w_card
        if c < 13:
            v += self.w_spade
        return v + CARD_POINTS[c]

    def card_sum(self, cards) -> float:
        return sum(self.card_value(c) for c in cards)

    def p_value(self, v: int) -> float:
        """Chance the next opponent holds a card of value ``v``."""
        return p_holds(self.opp_pool, self.opp_by_value[v], self.opp_hand)

    def keep_value(self, c: int) -> float:
        """What a card is worth kept in hand (its points, captured later with it)."""
        v = self.card_value(c)
        if RANK[c] >= 11:
            v -= 0.1  # court cards only pair: Hoyle trails them first
        return v

    def best_keeper_value(self, v: int, played: int) -> float:
        """Our card that will capture a reservation of ``v`` (it joins our pile)."""
        best = 0.0
        for c in self.hand:
            if c != played and RANK[c] == v:
                best = max(best, self.card_value(c))
        return best

    def best_unseen_value(self, v: int) -> float:
        """The most an unseen card of value ``v`` is worth (a capture of the next opponent's
        with one joins its pile), figured once a decision."""
        got = self._best_unseen.get(v)
        if got is None:
            got = self._best_unseen[v] = max(
                self.card_value(c) for c in self.unseen if RANK[c] == v)
        return got

    def p_any_capture(self, loose, res) -> float:
        vals = {RANK[c] for c in loose} | {r[1] for r in res}
        p_none = 1.0
        for v in vals:
            p_none *= 1.0 - self.p_value(v)
        return 1.0 - p_none

    def threat(self, loose: tuple, res: tuple, held: frozenset = frozenset()) -> float:
        """Expected value of the next opponent's best capture on this table (sweep included);
        ``held``: values the opponent surely holds (its own builds' values, CN-6)."""
        if self.opp_hand == 0 or (not loose and not res):
            return 0.0
        key = (loose, res, held)
        hit = self._threat_cache.get(key)
        if hit is not None:
            return hit
        gains = []
        nloose = len(loose)
        full = (1 << nloose) - 1
        by_sum = subsets_by_sum([RANK[c] for c in loose], 13) if loose else None
        values = [self.card_value(c) for c in loose]  # each loose card's, once
        for v in range(1, 14):
            if not self.opp_by_value[v] and v not in held:
                continue
            masks = disjoint_unions(by_sum[v]) if by_sum is not None else {0}
            rs = [r for r in res if r[0] == v]
            rvalue = sum(self.card_sum(r[1]) for r in rs)
            others = len(res) - len(rs)
            best = 0.0
            for m in masks:
                if not m and not rs:
                    continue
                taken = 0  # the values of the loose cards in m, in order (as sum() adds them)
                j = 0
                while m >> j:
                    if m >> j & 1:
                        taken += values[j]
                    j += 1
                g = rvalue + taken
                if m == full and not others:
                    g += 1.0  # sweep
                if g > best:
                    best = g
            if best > 0:
                # the capturing card joins their pile too
                gains.append((best + 0.5 * self.best_unseen_value(v), v))
        if not gains:
            self._threat_cache[key] = 0.0
            return 0.0
        gains.sort(reverse=True)
        # E[max] over the values they may hold: sum of increments times P(holding one of the
        # top k values)
        expected = 0.0
        good = 0
        sure = False
        for k, (g, v) in enumerate(gains):
            good += self.opp_by_value[v]
            sure = sure or v in held
            nxt = gains[k + 1][0] if k + 1 < len(gains) else 0.0
            expected += (g - nxt) * (1.0 if sure else p_holds(self.opp_pool, good, self.opp_hand))
        self._threat_cache[key] = expected
        return expected


def leaves_only_their_builds(st, action: Action, seat: int) -> bool:
    """After ``action`` by ``seat`` the table holds nothing but the next player's builds."""
    if action.verb != "capture":
        return False
    after = st.clone()
    after.apply(action, validate=False)
    nxt = (seat + 1) % st.players
    return not after.loose and bool(after.res) and all(r[2] == nxt for r in after.res)


def is_sweep_gift(st, action: Action, legal: list[Action], seat: int) -> bool:
    """A certain sweep handed over: ``action`` leaves only the next player's builds (they hold
    the values, CN-6, and must take them, CN-7) when another legal move would not
    (tools/cassino_sweep_gifts.py counts them)."""
    return leaves_only_their_builds(st, action, seat) and any(
        not leaves_only_their_builds(st, a, seat) for a in legal)


def _describe(a: Action) -> str:
    from game.engine.actions import format_action

    if a.verb == "capture":
        return "capture: " + format_action(a).split(" ", 2)[2]
    if a.verb == "build":
        return f"build {a.target}: you hold the card to take it"
    return "trail the least useful card"
