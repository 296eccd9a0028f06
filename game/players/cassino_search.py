"""Cassino search for the Hard level: the exact last-round solver and determinized Monte Carlo.

- :func:`solve_last_round`: in the two-player game's last round every unseen card is in the
  opponent's hand, so the rest of the game is a perfect-information game: alpha-beta with a
  transposition table over the points still at stake (final points of our side minus theirs);
  in the four-player game's last round, applied to sampled splits of the unseen cards.
- ``CassinoState.sample_world`` (game/engine/cassino/worlds.py): a full state consistent with the
  seat's view: unseen cards dealt at random to the other hands (a reservation's owner always
  gets a card of its value, CN-6) and the rest as the deck.
- :class:`CassinoSearch`: flat Monte Carlo over Hard's heuristic's best candidates: the same
  sampled worlds for every candidate (common random numbers), each played out with that
  heuristic for every seat, candidates dropped once clearly behind the heuristic's move, which
  is kept unless another clears a margin corrected for the several comparisons. A hard deadline
  bounds it, or a fixed number of worlds (``samples``) whatever the clock.
- :func:`solve_round` and ``CassinoSearch(middle="round")``, the two-player middle game (the
  shipped Hard's since session 8 of issue 14): in each sampled world the rest of the current
  round solved exactly, its end scored statically (:func:`round_end_value`); it gains about
  half a point a game over the last-round solver alone, where playouts of the heuristic gained
  nothing measurable (docs/ai.md).
"""

from __future__ import annotations

import math
import time
from functools import lru_cache

from game.engine.cards import RANK
from game.engine.cassino.game import CARD_POINTS, CassinoState
from game.engine.cassino.view import CassinoView
from game.players.base import Decision
from game.players.explain import SearchReport, search_report
from game.players.heuristic_cassino import (
    ACES,
    HARD_PARAMS,
    TEN_D,
    TWO_S,
    CassinoContext,
    CassinoHeuristic,
)


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


def _game_end(st: CassinoState, side: int) -> float | None:
    """The leaf of the last-round solver: the end of the game, scored exactly (CN-10)."""
    if st.over:
        s = st.deal_scores()
        return s[side] - s[1 - side]
    return None


def _alphabeta(st: CassinoState, side: int, alpha: float, beta: float, tt: dict,
               deadline: float, counter: list, leaf=_game_end) -> float:
    v = leaf(st, side)
    if v is not None:
        return v
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
        v = _alphabeta(child, side, alpha, beta, tt, deadline, counter, leaf)
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
    actions = _order(st.legal_actions(seat))
    out = list(zip(_solve(st, seat % 2, actions, deadline, max_nodes, _game_end), actions,
                   strict=True))
    out.sort(key=lambda t: -t[0])
    return out


def _solve(st: CassinoState, side: int, actions: list, deadline: float, max_nodes: float,
           leaf) -> list[float]:
    """The values of ``actions`` from ``st`` by alpha-beta down to ``leaf``, one transposition
    table and one count of positions for all of them."""
    tt: dict = {}
    counter = [0, max_nodes]
    out = []
    for a in actions:
        child = st.clone()
        child.apply(a, validate=False)
        out.append(_alphabeta(child, side, -math.inf, math.inf, tt, deadline, counter, leaf))
    return out


# ---- the round solver: the rest of the current round in one sampled world ------------------
# The next round's first player meets the table's leftover cards first (CN-3) and takes each
# with odds that depend on its rank: a low card joins more captures and builds, a face card can
# only be paired (CN-5). Measured: where each card of a round's leftover table ended up, 3000
# games of Hard's heuristic against itself (docs/ai-journal.md, session 9). Ace to king:
FIRST_TAKES = (0.81, 0.72, 0.67, 0.65, 0.61, 0.60, 0.59, 0.58, 0.55, 0.57, 0.50, 0.50, 0.50)
FIRST_TAKES_POINT = {TWO_S: 0.80, TEN_D: 0.61}  # the point cards are sought more than their rank
TABLE_SHARE = 0.6  # every card alike (the leaf before session 9; the measured mean)


@lru_cache(maxsize=4)
def _first_takes(table_share: float | None) -> tuple[float, ...]:
    """Per card code, the share of a leftover table card the next round's first player takes."""
    if table_share is not None:
        return (table_share,) * 52
    return tuple(FIRST_TAKES_POINT.get(c, FIRST_TAKES[c % 13]) for c in range(52))


def _majority(lead: float, undecided: int, points: float) -> float:
    """Expected points of a majority worth ``points``, ours minus theirs (CN-10: none on a tie),
    leading by ``lead`` with ``undecided`` cards still to be taken: the final lead taken as
    normal around ``lead`` with the spread of Hard's heuristic for one side's count
    (majority_weight: 0.75 sqrt(n), lumpier than a coin per card), doubled for a lead."""
    if abs(lead) > undecided:
        return points if lead > 0 else -points
    if undecided <= 0:
        return 0.0
    spread = 2.0 * max(0.8, 0.75 * math.sqrt(undecided))
    return points * math.erf(lead / (spread * math.sqrt(2.0)))


def round_end_value(st: CassinoState, side: int, table_share: float | None = None) -> float:
    """The static value, our side's final points minus theirs expected (CN-10), of a position
    between rounds (the hands empty, the next round not played; a state just dealt is one, as
    dealing changes neither table nor piles):

    - certain: aces, 10D (2), 2S (1) and sweeps already taken;
    - the table's loose cards: each goes to the next round's first player, who meets them first
      (CN-3), with the measured odds of its rank (:data:`FIRST_TAKES`), or ``table_share`` for
      every card; its card, spade and points counted that way;
    - the majorities (3 for cards, 1 for spades): :func:`_majority` of the expected lead over
      the cards not yet taken (the table's included).

    The sweeps and the last capture still to come are taken as even: nothing for either side."""
    mine, theirs = _summary(st.captured[side]), _summary(st.captured[1 - side])
    value = float(mine[2] - theirs[2] + 2 * (mine[3] - theirs[3]) + mine[4] - theirs[4]
                  + st.sweeps[side] - st.sweeps[1 - side])
    shares = _first_takes(table_share)
    lean_cards = lean_spades = lean_points = 0.0
    for c in st.loose + [c for r in st.res for c in r[0]]:  # no reservation outlives a round
        lean = 2.0 * shares[c] - 1.0
        lean_cards += lean
        lean_points += lean * CARD_POINTS[c]
        if c < 13:
            lean_spades += lean
    sign = 1 if st.first % 2 == side else -1
    value += sign * lean_points
    out_spades = sum(1 for c in st.out if c < 13)
    undecided = 52 - len(st.out) - mine[0] - theirs[0]
    undecided_spades = 13 - out_spades - mine[1] - theirs[1]
    value += _majority(mine[0] - theirs[0] + sign * lean_cards, undecided, 3.0)
    value += _majority(mine[1] - theirs[1] + sign * lean_spades, undecided_spades, 1.0)
    return value


def solve_round(st: CassinoState, seat: int, actions: list, deadline: float,
                max_nodes: float = math.inf, table_share: float | None = None) -> list[float]:
    """The values of ``actions`` (the seat's, its turn) in ``st`` with every hand known: the
    rest of the current round solved exactly by alpha-beta, its end scored by
    :func:`round_end_value` (the game's end exactly, in the last round). Raises OutOfTime
    when the deadline passes or after ``max_nodes`` positions."""
    round0 = st.round

    def leaf(s: CassinoState, side: int) -> float | None:
        if s.over:
            return _game_end(s, side)
        if s.round != round0:  # every hand emptied and the next round dealt
            return round_end_value(s, side, table_share)
        return None

    return _solve(st, seat % 2, actions, deadline, max_nodes, leaf)


def _decision_for(st: CassinoState, seat: int) -> Decision:
    return Decision(st.game, st.players, seat, st.view(seat), st.legal_actions(seat))


class CassinoSearch:
    """The Hard level's Cassino move.

    ``mc``: search before the last round (False: the exact last-round solver only, Normal's
    move before; for measuring what the search adds). ``top_k``: candidates searched (the
    heuristic's best, its own move always among them). ``z``: the one-sided paired margin a
    candidate must clear against the heuristic's move, in standard errors (2.4: 95% with a
    Bonferroni correction for three comparisons). ``min_worlds``: below this many worlds the
    heuristic's move stands (``split_cards``, ``split_nodes``: see :meth:`_last_round`).

    ``middle``: the two-player search before the last round: ``"round"`` (the shipped one,
    :meth:`_round_search`: the rest of the current round solved in each sampled world;
    ``round_min_worlds``, ``round_nodes``: see there; ``table_share``: see
    :func:`round_end_value`) or ``"playouts"`` (the flat Monte Carlo above); four players
    always play out. ``read_trails``: the sampled worlds keep out of a seat's hand the values
    it passed up by trailing this round (game.engine.cassino.worlds; +0.13 a game, docs/ai.md).
    ``round_z``: the round search's margin, in standard errors (1.0 since issue 30, session 16:
    each world's value is exact there, and the wider margin ``z`` left gains unplayed; over
    the last round's solver alone a one-error margin gained some +0.7 a game to 2.4's +0.33)."""

    def __init__(self, rng, worlds_per_batch: int = 4, top_k: int = 4, mc: bool = True,
                 z: float = 2.4, min_worlds: int = 8, params: dict | None = None,
                 split_cards: int = 10, split_nodes: int = 20_000, middle: str = "round",
                 round_min_worlds: int = 4, round_nodes: int = 200_000,
                 table_share: float | None = None, read_trails: bool = True,
                 round_z: float = 1.0) -> None:
        if middle not in ("playouts", "round"):
            raise ValueError(f"middle is 'playouts' or 'round', not {middle!r}")
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
        self.middle = middle
        self.round_min_worlds = round_min_worlds
        self.round_nodes = round_nodes
        self.table_share = table_share
        self.read_trails = read_trails
        self.round_z = round_z
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
        ctx = CassinoContext(decision, self.heuristic.params["read_trails"])
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
        if self.middle == "round" and decision.players == 2:
            return self._round_search(view, decision.seat, cands, deadline, samples)
        return self._monte_carlo(view, decision.seat, cands, deadline, samples)

    def _last_round(self, decision: Decision, base, deadline: float, samples: int | None):
        """The exact move of the last round: in the two-player game the one world there is;
        with four players, the best on average over sampled splits of the unseen cards among
        the other hands, each split solved exactly (``samples`` of them, or as many as time
        allows). None when out of time."""
        view = decision.view
        seat = decision.seat
        if decision.players == 2:
            # the only world there is: every unseen card is in the opponent's hand
            st = CassinoState.sample_world(view, self.rng, self.read_trails)
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
            st = CassinoState.sample_world(view, self.rng, self.read_trails)
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
                world = CassinoState.sample_world(view, self.rng, self.read_trails)
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
        best = _clear_winner(values, alive[1:], self.z)
        if best:
            self.reason = "searched"
        self.report = search_report(cands, values, best, "playouts")
        return cands[best]

    def _round_search(self, view: CassinoView, seat: int, cands: list, deadline: float,
                      samples: int | None = None):
        """Perfect-information Monte Carlo over the current round: in each sampled world (the
        same for every candidate) the rest of the round is solved exactly (:func:`solve_round`).
        The heuristic's move (``cands[0]``) stands unless another's paired gain over it clears
        ``round_z`` standard errors, in at least ``round_min_worlds`` worlds; the largest such gain
        wins. The spread is now the worlds' own (each value is exact in its world), but the
        solver also sees the hidden cards, so the margin still guards against moves that only
        pay when one knows them. A world needing more than ``round_nodes`` positions is dropped
        for every candidate (a limit in positions, so a fixed budget plays alike anywhere)."""
        values: list[list[float]] = [[] for _ in cands]
        limit = samples or 10_000
        dropped = 0
        clock = time.perf_counter
        for _ in range(limit):
            if clock() > deadline:
                break  # small rounds are solved in fewer positions than the solver's clock checks
            world = CassinoState.sample_world(view, self.rng, self.read_trails)
            try:
                row = solve_round(world, seat, cands, deadline, self.round_nodes,
                                  self.table_share)
            except OutOfTime:
                if clock() > deadline:
                    break
                dropped += 1
                continue
            for i, v in enumerate(row):
                values[i].append(v)
        n = len(values[0])
        self.stats = {"worlds": n, "dropped": dropped}
        best = _clear_winner(values, range(1, len(cands)), self.round_z) \
            if n >= self.round_min_worlds else 0
        if best:
            self.reason = "searched"
        self.report = search_report(cands, values, best, "round")
        return cands[best]


def _clear_winner(values: list[list[float]], indices, z: float) -> int:
    """The candidate among ``indices`` (played in every world the heuristic's move, candidate
    0, was) whose paired gain over candidate 0 is largest and above ``z`` standard errors; 0
    when none is."""
    n = len(values[0])
    best, best_gain = 0, 0.0
    for i in indices:
        m, se = _paired(values[i], values[0])
        if len(values[i]) == n and m - z * se > 0 and m > best_gain:
            best, best_gain = i, m
    return best


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
