"""Cassino search for the Hard level: the exact last-round solver and determinized Monte Carlo.

- :func:`solve_last_round`: in the two-player game's last round every unseen card is in the
  opponent's hand, so the rest of the game is a perfect-information game: alpha-beta with a
  transposition table over the points still at stake (final points of our side minus theirs).
- ``CassinoState.sample_world`` (game/cassino/worlds.py): a full state consistent with the
  seat's view: unseen cards dealt at random to the other hands (a reservation's owner always
  gets a card of its value, CN-6) and the rest as the deck.
- :class:`CassinoSearch`: flat Monte Carlo over the Normal heuristic's best candidates: the same
  sampled worlds for every candidate (common random numbers), each played out with the heuristic
  for every seat, candidates dropped once clearly behind, and the heuristic's move kept unless
  another is clearly better. A hard deadline bounds it.
"""

from __future__ import annotations

import math
import time

from game.cards import RANK
from game.cassino.game import CassinoState
from game.cassino.view import CassinoView
from game.players.base import Decision
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
        tuple(sorted(st.hands[0])), tuple(sorted(st.hands[1])),
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
    if counter[0] & 31 == 0 and time.perf_counter() > deadline:
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


def solve_last_round(st: CassinoState, seat: int, deadline: float):
    """Exact values of the seat's legal actions: [(value, action)], best first. Raises
    OutOfTime when the deadline passes."""
    side = seat % 2
    tt: dict = {}
    counter = [0]
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
    """The Hard level's Cassino move."""

    def __init__(self, rng, worlds_per_batch: int = 6, top_k: int = 5) -> None:
        self.rng = rng
        self.heuristic = CassinoHeuristic(0, params=HARD_PARAMS)
        self.rollout_policy = self.heuristic  # every seat of a playout plays Hard's heuristic
        self.batch = worlds_per_batch
        self.top_k = top_k
        self.reason = ""
        self.stats: dict = {}

    def choose(self, decision: Decision, budget_s: float, samples: int | None = None):
        """The searched move within ``budget_s`` seconds; with ``samples``, after that many
        sampled worlds whatever the clock (reproducible, for comparisons and tests)."""
        start = time.perf_counter()
        deadline = math.inf if samples else start + budget_s
        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        view = decision.view
        ctx = CassinoContext(decision)
        ranked = sorted(((self.heuristic.score(ctx, a), i, a) for i, a in enumerate(legal)),
                        key=lambda t: (-t[0], t[1]))
        base = ranked[0][2]
        # the last round of the two-player game: solve exactly
        if decision.players == 2 and view.deck == 0:
            st = CassinoState.sample_world(view, self.rng)  # the only world there is
            try:
                values = solve_last_round(st, decision.seat, deadline)
            except OutOfTime:
                values = None
            if values:
                best_v = values[0][0]
                for v, a in values:
                    if v == best_v and a == base:
                        return base  # keep the heuristic's move among equals
                self.reason = "exact"
                return next(a for v, a in values if v == best_v)
        cands = [t[2] for t in ranked[:self.top_k]]
        if len(cands) == 1:
            return base
        return self._monte_carlo(view, decision.seat, cands, deadline, samples)

    def _monte_carlo(self, view: CassinoView, seat: int, cands: list, deadline: float,
                     samples: int | None = None):
        side = seat % 2
        worlds = 0
        totals = [[] for _ in cands]
        alive = list(range(len(cands)))
        policy = self.rollout_policy
        while True:
            for _ in range(self.batch):
                if time.perf_counter() > deadline:
                    break
                world = CassinoState.sample_world(view, self.rng)
                worlds += 1
                results = {}
                clock = time.perf_counter
                try:
                    for i in alive:
                        st = world.clone()
                        st.apply(cands[i], validate=False)
                        while not st.over:
                            if clock() > deadline:
                                raise OutOfTime
                            s = st.turn
                            d = _decision_for(st, s)
                            a = d.legal[0] if len(d.legal) == 1 else policy.choose(d)
                            st.apply(a, validate=False)
                        sc = st.deal_scores()
                        results[i] = sc[side] - sc[1 - side]
                except OutOfTime:
                    break  # an unfinished world is dropped for every candidate (pairing)
                for i, v in results.items():
                    totals[i].append(v)
            n = min(len(totals[i]) for i in alive)
            if n < 2 or time.perf_counter() > deadline or (samples and worlds >= samples):
                break
            # drop candidates clearly behind the leader (paired differences)
            means = {i: sum(totals[i][:n]) / n for i in alive}
            lead = max(alive, key=lambda i: means[i])
            keep = []
            for i in alive:
                if i == lead:
                    keep.append(i)
                    continue
                diffs = [totals[lead][k] - totals[i][k] for k in range(n)]
                m, se = _mean_se(diffs)
                if m - 2.5 * se <= 0:
                    keep.append(i)
            alive = keep
            if len(alive) == 1:
                break
        n = min(len(totals[i]) for i in range(len(cands)) if totals[i]) if totals[0] else 0
        self.stats = {"worlds": n, "alive": len(alive)}
        if n < 4:
            return cands[0]
        # keep the heuristic move unless another is clearly better (paired)
        best = 0
        best_gain = 0.0
        for i in alive:
            if i == 0 or len(totals[i]) < n:
                continue
            diffs = [totals[i][k] - totals[0][k] for k in range(n)]
            m, se = _mean_se(diffs)
            if m - 1.5 * se > 0 and m > best_gain:
                best, best_gain = i, m
        return cands[best]


def _mean_se(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, math.inf
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, math.sqrt(var / n)
