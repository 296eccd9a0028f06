"""Duplicate-deal tournaments between two computer-player levels.

Every shuffle is played twice with the levels swapped, and the pair is the unit of analysis
(notes/ai.md section 4.1), which cancels most of the card luck:

- **Two sides** (2 players, or partnerships: sides are ``seat % 2``): the first time side 0's
  seats play level A and side 1's level B; the second time the other way round. A pair scores
  the mean over its two deals of (A's side points minus B's side points).
- **More than two sides** (3-player Canasta or Canastone, Looking and Down with 3+ players):
  side a is one seat against the rest, and that seat rotates with the deal number
  (seat = deal % players). The first time that seat plays A and everybody else B; the second
  time that seat plays B and everybody else A. A pair scores the mean over its two deals of (A's
  mean points per seat minus B's mean points per seat).

A deal is *won* by the level of its top scorer (a tie between the levels counts half), so equal
levels win half of the deals. Every deal starts from zero totals (opening minimums of a new
game). Points are per deal (in Cassino per game, one pass through the deck).

Each deal is played by the one deal driver (game.driver), which also offers Looking and Down's
frozen-in-time seats their out-of-turn right at the start of each turn.
"""

from __future__ import annotations

import math
import statistics
import time
from dataclasses import dataclass, field

from game import driver
from game.engine.match import Match
from game.engine.registry import get_game
from game.players.base import Decision
from game.players.registry import make_player

MAX_ACTIONS = 6000


@dataclass
class DealResult:
    points: list[int]  # per seat (a partner's points are the side's)
    levels: list[str]  # per seat
    actions: int
    times: dict[str, list[float]] = field(default_factory=dict)  # level -> seconds per decision
    error: str | None = None


def pair_deal_seed(seed: int, index: int) -> int:
    """The deal seed of a tournament's pair ``index`` (both of its deals use it)."""
    return seed * 1_000_003 + index


def make_bots(levels: list[str], bot_seed: int, samples: int | None = None) -> list:
    """One player per seat, ``levels[seat]`` at each, seeded from ``bot_seed`` as every
    tournament deal seeds them; with ``samples``, Hard searches that many worlds a decision."""
    bots = []
    for seat, level in enumerate(levels):
        bot = make_player(level, bot_seed * 131 + seat * 7 + 1)
        if samples is not None and hasattr(bot, "samples"):
            bot.samples = samples  # Hard: a fixed number of sampled worlds per searched decision
        bots.append(bot)
    return bots


class _Timed:
    """A seat whose every decision's time goes into ``times``."""

    def __init__(self, bot, times: list[float]) -> None:
        self.bot = bot
        self.times = times

    def choose(self, d: Decision):
        t0 = time.perf_counter()
        try:
            return self.bot.choose(d)
        finally:
            self.times.append(time.perf_counter() - t0)

    def choose_optional(self, d: Decision):
        t0 = time.perf_counter()
        try:
            return self.bot.choose_optional(d)
        finally:
            self.times.append(time.perf_counter() - t0)


def play_deal(rules: str, players: int, levels: list[str], deal_seed: int, dealer: int,
              bot_seed: int, options: frozenset[str] = frozenset(),
              deadline_ms: int = 1000, samples: int | None = None) -> DealResult:
    """Play one deal (a Cassino game) with ``levels[seat]`` at each seat. With ``samples``,
    Hard searches that many sampled worlds per decision whatever the clock (reproducible)."""
    game = get_game(rules)
    state = Match(game, players, seed=deal_seed, options=options, dealer=dealer).start_deal()
    totals = [0] * game.num_sides(players)
    times: dict[str, list[float]] = {lv: [] for lv in set(levels)}
    seats = [_Timed(bot, times[levels[s]])
             for s, bot in enumerate(make_bots(levels, bot_seed, samples))]
    end = driver.play_deal(state, seats, max_actions=MAX_ACTIONS + 1,
                           decide=lambda seat: Decision.of(state, seat, totals, options,
                                                           deadline_ms))
    if end.error is not None:
        return DealResult([0] * players, levels, end.actions, times, end.error)
    scores = state.deal_scores()
    points = [scores[game.side_of(s, players)] for s in range(players)]
    return DealResult(points, levels, end.actions, times)


def _pair(rules: str, players: int, a: str, b: str, seed: int, index: int,
          options: frozenset[str], deadline_ms: int, samples: int | None = None) -> dict:
    """Play shuffle ``index`` twice, levels swapped; the pair's figures."""
    game = get_game(rules)
    nsides = game.num_sides(players)
    deal_seed = pair_deal_seed(seed, index)
    dealer = index % players
    if nsides == 2:
        side_a = [game.side_of(s, players) == 0 for s in range(players)]
    else:
        k = index % players
        side_a = [s == k for s in range(players)]
    first = [a if x else b for x in side_a]
    second = [b if x else a for x in side_a]
    results = []
    for levels in (first, second):
        results.append(play_deal(rules, players, levels, deal_seed, dealer,
                                 bot_seed=deal_seed, options=options, deadline_ms=deadline_ms,
                                 samples=samples))
    diffs = []
    wins = []
    for j, r in enumerate(results):
        is_a = [x if j == 0 else not x for x in side_a]
        pa = [p for p, x in zip(r.points, is_a) if x]
        pb = [p for p, x in zip(r.points, is_a) if not x]
        diffs.append(statistics.fmean(pa) - statistics.fmean(pb))
        top = max(r.points)
        tops = {x for p, x in zip(r.points, is_a) if p == top}
        wins.append(0.5 if len(tops) == 2 else (1.0 if True in tops else 0.0))
    times: dict[str, list[float]] = {}
    for r in results:
        for lv, ts in r.times.items():
            times.setdefault(lv, []).extend(ts)
    errors = [r.error for r in results if r.error]
    return {
        "index": index,
        "diff": statistics.fmean(diffs),
        "wins": wins,
        "times": times,
        "errors": errors,
        "actions": sum(r.actions for r in results),
    }


def _worker(args) -> dict:
    return _pair(*args)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    s = sorted(values)
    k = (len(s) - 1) * q
    lo = math.floor(k)
    hi = math.ceil(k)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def time_summary(seconds: list[float]) -> dict:
    ms = [t * 1000.0 for t in seconds]
    return {
        "decisions": len(ms),
        "median_ms": round(statistics.median(ms), 3) if ms else 0.0,
        "p95_ms": round(percentile(ms, 0.95), 3),
        "max_ms": round(max(ms), 3) if ms else 0.0,
    }


def run_tournament(rules: str, players: int, a: str, b: str, deals: int, seed: int,
                   options: frozenset[str] = frozenset(), deadline_ms: int = 1000,
                   jobs: int = 1, progress=None, samples: int | None = None) -> dict:
    """Play ``deals`` duplicate pairs; the figures for level ``a`` (see the module doc). With
    ``samples``, Hard's search uses that many sampled worlds per decision, not the clock."""
    tasks = [(rules, players, a, b, seed, i, frozenset(options), deadline_ms, samples)
             for i in range(deals)]
    start = time.perf_counter()
    if jobs > 1:
        import multiprocessing as mp

        with mp.Pool(jobs) as pool:
            pairs = []
            for res in pool.imap(_worker, tasks, chunksize=max(1, min(8, deals // (jobs * 4)))):
                pairs.append(res)
                if progress:
                    progress(len(pairs), deals)
    else:
        pairs = []
        for t in tasks:
            pairs.append(_worker(t))
            if progress:
                progress(len(pairs), deals)
    diffs = [p["diff"] for p in pairs]
    wins = [w for p in pairs for w in p["wins"]]
    n = len(diffs)
    mean = statistics.fmean(diffs) if diffs else 0.0
    sd = statistics.stdev(diffs) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n) if n > 1 else 0.0
    times: dict[str, list[float]] = {}
    for p in pairs:
        for lv, ts in p["times"].items():
            times.setdefault(lv, []).extend(ts)
    return {
        "rules": rules,
        "players": players,
        "a": a,
        "b": b,
        "seed": seed,
        "deals": n,
        "deadline_ms": deadline_ms,
        "samples": samples,
        "a_points_mean": round(mean, 2),
        "a_points_ci95": [round(mean - half, 2), round(mean + half, 2)],
        "a_points_sd": round(sd, 2),
        "a_deal_win_rate": round(statistics.fmean(wins), 4) if wins else 0.0,
        "times": {lv: time_summary(ts) for lv, ts in sorted(times.items())},
        "errors": [e for p in pairs for e in p["errors"]][:20],
        "actions": sum(p["actions"] for p in pairs),
        "seconds": round(time.perf_counter() - start, 1),
    }


AI_LEVELS = ("easy", "normal")


def measure_ai(rules: str, level: str, seconds: float = 1.0, seed: int = 1,
               deadline_ms: int = 1000, min_deals: int = 2) -> dict:
    """Decision times of one level at a game's usual player count, deals played until
    ``seconds`` of play (at least ``min_deals``). Every seat plays the level, except ``hard``:
    one seat (rotating) plays Hard and the others Normal, to keep the measurement short."""
    from game.engine.registry import game_info

    players = game_info(rules).usual_players
    times: list[float] = []
    spent = 0.0
    deal = 0
    if level == "hard":
        min_deals = 1
    while spent < seconds or deal < min_deals:
        t0 = time.perf_counter()
        if level == "hard":
            levels = ["hard" if s == deal % players else "normal" for s in range(players)]
        else:
            levels = [level] * players
        r = play_deal(rules, players, levels, seed * 7919 + deal, deal % players,
                      bot_seed=seed + deal, deadline_ms=deadline_ms)
        spent += time.perf_counter() - t0
        times.extend(r.times.get(level, []))
        deal += 1
    out = time_summary(times)
    out["deals"] = deal
    out["players"] = players
    return out


def ai_section(games, levels=AI_LEVELS, seconds: float = 1.0, deadline_ms: int = 1000) -> dict:
    """``bench --ai``: per game, per level, median / p95 / max decision time in ms."""
    out = {}
    for g in games:
        out[g] = {}
        for lv in levels:
            r = measure_ai(g, lv, seconds, deadline_ms=deadline_ms)
            if lv == "hard":
                r["deadline_ms"] = deadline_ms
            out[g][lv] = r
    return out
