"""Cassino search for the Hard level: the exact last-round solver and determinized Monte Carlo.

- :func:`solve_last_round`: in the two-player game's last round every unseen card is in the
  opponent's hand, so the rest of the game is a perfect-information game: alpha-beta with a
  transposition table over the points still at stake (final points of our side minus theirs);
  in the four-player game's last round, applied to sampled splits of the unseen cards.
- ``CassinoState.sample_world`` (game/cassino/worlds.py): a full state consistent with the
  seat's view: unseen cards dealt at random to the other hands (a reservation's owner always
  gets a card of its value, CN-6) and the rest as the deck.
- :class:`CassinoSearch`: flat Monte Carlo over Hard's heuristic's best candidates: the same
  sampled worlds for every candidate (common random numbers), each played out with that
  heuristic for every seat, candidates dropped once clearly behind the heuristic's move, which
  is kept unless another clears a margin corrected for the several comparisons. A hard deadline
  bounds it, or a fixed number of worlds (``samples``) whatever the clock.
"""

from __future__ import annotations

import math
import time

from game.cards import RANK
from game.cassino.game import CassinoState
from game.cassino.view import CassinoView
from game.players.base import Decision
from game.players.explain import SearchReport, search_report
from game.players.heuristic_cassino import HARD_PARAMS, CassinoContext, CassinoHeuristic

TEN_D, TWO_S = 35, 1
ACES = frozenset((0, 13, 26, 39))


class OutOfTime(Exception):
    pass


def _summary(pile: list[int]) -> tuple:
    spades = aces = 0
    ten = two = False
    for c in pile:
        if c < 13:
            spades += 1
        if c in ACES:
            aces += 1
        if c == TEN_D:
            ten = True
        elif c == TWO_S:
            two = True
    return (len(pile), spades, aces, ten, two)


def _key(st: CassinoState) -> tuple:
    return (
        st.turn,
        tuple(tuple(sorted(h)) for h in st.hands),
        tuple(sorted(st.loose)), tuple(sorted((tuple(sorted(r[0])), r[1], r[2]) for r in st.res)),
        _summary(st.captured[0]), _summary(st.captured[1]),
        tuple(st.sweeps), st.last_capture,
    )


def _order(actions) -> list:
    """Captures (largest first), then builds, then trails: good moves first for alpha-beta."""
    def k(a):
        if a.verb == "capture":
            return (0, -len(a.groups[1]))
        if a.verb == "build":
            return (1, -len(a.groups[1]))
        return (2, RANK[a.groups[0][0]])
    return sorted(actions, key=k)


_EXACT, _LOWER, _UPPER = 0, 1, 2


def _alphabeta(st: CassinoState, side: int, alpha: float, beta: float, tt: dict,
               deadline: float, counter: list) -> float:
    if st.over:
        s = st.deal_scores()
        return s[side] - s[1 - side]
    counter[0] += 1
    if counter[0] & 31 == 0 and (time.perf_counter() > deadline or counter[0] > counter[1]):
        raise OutOfTime
    key = _key(st)
    hit = tt.get(key)
    a0 = alpha
    if hit is not None:
        flag, val = hit
        if flag == _EXACT:
            return val
        if flag == _LOWER:
            alpha = max(alpha, val)
        else:
            beta = min(beta, val)
        if alpha >= beta:
            return val
    maximizing = st.turn % 2 == side
    best = -math.inf if maximizing else math.inf
    for a in _order(st.legal_actions()):
        child = st.clone()
        child.apply(a, validate=False)
        v = _alphabeta(child, side, alpha, beta, tt, deadline, counter)
        if maximizing:
            if v > best:
                best = v
            alpha = max(alpha, v)
        else:
            if v < best:
                best = v
            beta = min(beta, v)
        if alpha >= beta:
            break
    if best <= a0:
        flag = _UPPER
    elif best >= beta:
        flag = _LOWER
    else:
        flag = _EXACT
    tt[key] = (flag, best)
    return best


def solve_last_round(st: CassinoState, seat: int, deadline: float,
                     max_nodes: float = math.inf):
    """Exact values of the seat's legal actions: [(value, action)], best first (the points
    still at stake, our side's minus theirs; sides are ``seat % 2``, CN-2). Raises OutOfTime
    when the deadline passes or after ``max_nodes`` positions (a limit the clock does not
    change)."""
    side = seat % 2
    tt: dict = {}
    counter = [0, max_nodes]
    out = []
    for a in _order(st.legal_actions(seat)):
        child = st.clone()
        child.apply(a, validate=False)
        v = _alphabeta(child, side, -math.inf, math.inf, tt, deadline, counter)
        out.append((v, a))
    out.sort(key=lambda t: -t[0])
    return out


def _decision_for(st: CassinoState, seat: int) -> Decision:
    return Decision("cassino", st.players, seat, st.view(seat), st.legal_actions(seat))


class CassinoSearch:
    """The Hard level's Cassino move.

    ``mc``: search before the last round (False: the exact last-round solver only, Normal's
    move before; for measuring what the search adds). ``top_k``: candidates searched (the
    heuristic's best, its own move always among them). ``z``: the one-sided paired margin a
    candidate must clear against the heuristic's move, in standard errors (2.4: 95% with a
    Bonferroni correction for three comparisons). ``min_worlds``: below this many worlds the
    heuristic's move stands (``split_cards``, ``split_nodes``: see :meth:`_last_round`)."""

    def __init__(self, rng, worlds_per_batch: int = 4, top_k: int = 4, mc: bool = True,
                 z: float = 2.4, min_worlds: int = 8, params: dict | None = None,
                 split_cards: int = 10, split_nodes: int = 20_000) -> None:
        self.rng = rng
        self.heuristic = CassinoHeuristic(0, params=params or HARD_PARAMS)
        self.rollout_policy = self.heuristic  # every seat of a playout plays Hard's heuristic
        self.batch = worlds_per_batch
        self.top_k = top_k
        self.mc = mc
        self.z = z
        self.min_worlds = min_worlds
        # four players' last round: solve sampled splits once at most ``split_cards`` cards
        # are left in the hands, each split within ``split_nodes`` positions (a limit in
        # positions, not time, so a fixed budget plays the same on any machine)
        self.split_cards = split_cards
        self.split_nodes = split_nodes
        self.reason = ""
        self.stats: dict = {}
        # the last choice's own figures (None: the heuristic's move, unsearched)
        self.report: SearchReport | None = None

    def choose(self, decision: Decision, budget_s: float, samples: int | None = None):
        """The searched move within ``budget_s`` seconds; with ``samples``, after that many
        sampled worlds whatever the clock (reproducible, for comparisons and tests)."""
        start = time.perf_counter()
        deadline = math.inf if samples else start + budget_s
        legal = decision.legal
        self.reason = ""
        self.report = None
        if len(legal) == 1:
            return legal[0]
        view = decision.view
        ctx = CassinoContext(decision)
        ranked = sorted(((self.heuristic.score(ctx, a), i, a) for i, a in enumerate(legal)),
                        key=lambda t: (-t[0], t[1]))
        base = ranked[0][2]
        if view.deck == 0:
            best = self._last_round(decision, base, deadline, samples)
            if best is not None:
                return best
        if not self.mc:
            return base
        cands = [t[2] for t in ranked[:self.top_k]]
        if len(cands) == 1:
            return base
        return self._monte_carlo(view, decision.seat, cands, deadline, samples)

    def _last_round(self, decision: Decision, base, deadline: float, samples: int | None):
        """The exact move of the last round: in the two-player game the one world there is;
        with four players, the best on average over sampled splits of the unseen cards among
        the other hands, each split solved exactly (``samples`` of them, or as many as time
        allows). None when out of time."""
        view = decision.view
        seat = decision.seat
        if decision.players == 2:
            st = CassinoState.sample_world(view, self.rng)  # the only world there is
            try:
                values = solve_last_round(st, seat, deadline)
            except OutOfTime:
                return None
            self.reason = "exact"
            best = _best_of(values, base)
            self.report = search_report([a for _, a in values], [[v] for v, _ in values],
                                        [a for _, a in values].index(best), "exact")
            return best
        if sum(view.hand_counts) > self.split_cards:
            return None  # too many cards left to solve each split in time: search instead
        splits = samples or 64
        totals: dict = {}
        each: dict = {}  # every split's value, per action (the report)
        n = 0
        for _ in range(splits):
            st = CassinoState.sample_world(view, self.rng)
            try:
                values = solve_last_round(st, seat, deadline, self.split_nodes)
            except OutOfTime:
                break
            for v, a in values:
                totals[a] = totals.get(a, 0.0) + v
                each.setdefault(a, []).append(v)
            n += 1
        if not n:
            return None
        self.reason = "exact splits"
        self.stats = {"splits": n}
        best = _best_of([(v / n, a) for a, v in totals.items()], base)
        acts = list(each)
        self.report = search_report(acts, [each[a] for a in acts], acts.index(best), "splits")
        return best

    def _playout(self, world: CassinoState, action, side: int, deadline: float) -> float:
        st = world.clone()
        st.apply(action, validate=False)
        policy = self.rollout_policy
        clock = time.perf_counter
        while not st.over:
            if clock() > deadline:
                raise OutOfTime
            d = _decision_for(st, st.turn)
            a = d.legal[0] if len(d.legal) == 1 else policy.choose(d)
            st.apply(a, validate=False)
        sc = st.deal_scores()
        return sc[side] - sc[1 - side]

    def _monte_carlo(self, view: CassinoView, seat: int, cands: list, deadline: float,
                     samples: int | None = None):
        """Every candidate played out in the same worlds (common random numbers); a candidate
        replaces the heuristic's move (``cands[0]``) only if its paired gain over it clears
        ``z`` standard errors (corrected for the several comparisons); the largest such gain
        wins. Candidates clearly behind the heuristic's move stop being played."""
        side = seat % 2
        values: list[list[float]] = [[] for _ in cands]
        alive = list(range(len(cands)))
        worlds = 0
        limit = samples or 10_000
        while worlds < limit:
            for _ in range(min(self.batch, limit - worlds)):
                world = CassinoState.sample_world(view, self.rng)
                try:
                    row = {i: self._playout(world, cands[i], side, deadline) for i in alive}
                except OutOfTime:
                    worlds = limit  # an unfinished world is dropped for every candidate
                    break
                worlds += 1
                for i, v in row.items():
                    values[i].append(v)
            n = len(values[0])
            if n >= self.min_worlds:
                # stop playing a candidate clearly behind the heuristic's move
                alive = [i for i in alive if i == 0 or _paired(values[i], values[0])[0] +
                         self.z * _paired(values[i], values[0])[1] > 0]
            if len(alive) == 1:
                break
        n = len(values[0])
        self.stats = {"worlds": n, "alive": len(alive)}
        if n < self.min_worlds:
            self.report = search_report(cands, values, 0, "playouts")
            return cands[0]
        best, best_gain = 0, 0.0
        for i in alive[1:]:
            m, se = _paired(values[i], values[0])
            if len(values[i]) == n and m - self.z * se > 0 and m > best_gain:
                best, best_gain = i, m
        if best:
            self.reason = "searched"
        self.report = search_report(cands, values, best, "playouts")
        return cands[best]


def _best_of(values: list, base):
    """The best-valued action, the heuristic's move kept among equals."""
    best_v = max(v for v, _ in values)
    if any(v == best_v and a == base for v, a in values):
        return base
    return next(a for v, a in values if v == best_v)


def _paired(xs: list[float], base: list[float]) -> tuple[float, float]:
    """Mean and standard error of ``xs`` minus ``base`` over their common worlds."""
    n = min(len(xs), len(base))
    return _mean_se([xs[k] - base[k] for k in range(n)])


def _mean_se(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, math.inf
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, math.sqrt(var / n)
