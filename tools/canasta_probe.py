"""Probes of the canasta family's Hard search (docs/ai-journal.md, "Issue 14, session 7"):

    python tools/canasta_probe.py deals --rules R [--deals K] [--seed S]
    python tools/canasta_probe.py playouts --rules R [--deals K] [--seed S]
    python tools/canasta_probe.py oracle --rules R [--deals K] [--worlds N] [--seed S] [--limit D]
    python tools/canasta_probe.py parts --rules R --a A --b B [--deals K] [--seed S] [--samples N]
    python tools/canasta_probe.py overrides --rules R [--players N] [--a ARM] [--deals K]
                                  [--seed S] [--samples N] [--worlds W]

- ``deals``: how Normal's self-play deals go (4 players): turns, how they end, each side's
  score by part, the piles taken and their sizes (mean and standard deviation).
- ``playouts``: what sampling a world and one playout cost (median ms): one round after the
  move, and to the end of the deal, from every 15th decision of Hard's heuristic in self-play.
- ``oracle``: the search as an oracle. Hard's heuristic plays every seat; at every second
  decision that the search has candidates for (plus every discard when the pile holds 6 cards
  or more) each candidate is played to the end of the deal in the same N sampled worlds. One
  JSON line per decision: the candidates, the heuristic's move (the first), and each
  candidate's mean points against it with its standard error. ``--limit`` stops after D
  decisions. A line whose best alternative is above 2.5 standard errors and 20 points is a
  decision the heuristic gets wrong.
- ``parts``: where level A gains over level B, in the duplicate pairs of the tournament (the
  same shuffles and seats, 4 players, partners): per side and deal, each part of the score
  (CA-15), the piles taken and their cards, the freezes (wild discards), going out and the
  canastas made; for each, A's mean, B's mean and A minus B with its 95% interval. A and B are
  levels or heuristic arms as in tools/tune_heuristic.py (``name:param=value,...``, Hard's
  heuristic without search); ``--samples`` gives Hard a fixed number of worlds.
- ``overrides``: whether the search's overrides are right. One seat of each deal (the
  dealer's index cycles) searches as arm A of tools/canasta_arms.py (``--a``, default
  ``hard``) with ``--samples`` worlds (default 8); every other seat plays Hard's heuristic.
  Wherever the searched move differs from the heuristic's, both are played to the end of the
  deal in ``--worlds`` fresh sampled worlds. One JSON line per override: the two moves, the
  pile and hand sizes, the search's means and the override's gain by the deal's end (mean
  and standard error); a last line counts the searched decisions.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections import defaultdict

from game.engine.match import Match
from game.engine.registry import get_game
from game.engine.rng import Rng
from game.lab.tournament import make_bots, pair_deal_seed
from game.players.base import Decision
from game.players.canasta_search import CanastaSearch, evaluate, sample_world
from game.players.canasta_view import CanastaView, is_wild
from game.players.heuristic_canasta import HARD_PARAMS, PARAMS, CanastaHeuristic
from game.players.registry import LEVELS

PLAYERS = 4


def _deal(rules: str, seed: int, index: int):
    return Match(get_game(rules), PLAYERS, seed=seed * 1000 + index,
                 dealer=index % PLAYERS).start_deal()


def deal_stats(rules: str, deals: int, seed: int) -> dict[str, tuple[float, float]]:
    """Mean and standard deviation of each figure over Normal's self-play deals."""
    heuristic = CanastaHeuristic(0, params=PARAMS)
    got: dict[str, list[float]] = defaultdict(list)
    for i in range(deals):
        st = _deal(rules, seed, i)
        takes = [0] * st.nsides
        taken = [0] * st.nsides
        while not st.is_over():
            seat = st.current_player()
            d = Decision.of(st, seat, [0] * st.nsides)
            a = heuristic.choose(d)
            if a.verb == "take":
                takes[st.side[seat]] += 1
                taken[st.side[seat]] += len(d.view.discard)
            st.apply(a, validate=False)
        got["turns"].append(st.turn_no)
        got["went_out"].append(float(st.went_out >= 0))
        for side, parts in enumerate(st.breakdown() or []):
            for key, value in parts.items():
                got[key].append(value)
            got["score"].append(sum(parts.values()))
            got["piles_taken"].append(takes[side])
            got["pile_cards_taken"].append(taken[side])
    return {k: (round(statistics.fmean(v), 1), round(statistics.pstdev(v), 1))
            for k, v in got.items()}


def playout_costs(rules: str, deals: int, seed: int) -> dict[str, float]:
    """Median ms of sampling a world, of a one-round playout and of one to the deal's end."""
    heuristic = CanastaHeuristic(0, params=HARD_PARAMS)
    search = CanastaSearch(Rng(seed), params=HARD_PARAMS)
    times: dict[str, list[float]] = defaultdict(list)
    clock = time.perf_counter
    for i in range(deals):
        st = _deal(rules, seed, i)
        k = 0
        while not st.is_over():
            d = Decision.of(st, st.current_player(), [0] * st.nsides)
            a = heuristic.choose(d)
            if k % 15 == 7 and a.verb in ("draw", "take", "discard"):
                for name, rounds in (("one_round", 1), ("to_the_end", None)):
                    for _ in range(5):
                        t0 = clock()
                        world = sample_world(d, search.rng)
                        times["sample"].append(clock() - t0)
                        if world is None:
                            continue
                        t0 = clock()
                        world.apply(a, validate=False)
                        search._rollout(world, d, math.inf, rounds)
                        times[name].append(clock() - t0)
            k += 1
            st.apply(a, validate=False)
    return {k: round(statistics.median(v) * 1000, 3) for k, v in times.items()}


def _side_figures(st, freezes: list[int], takes: list[int], taken: list[int]) -> list[dict]:
    out = []
    for side, parts in enumerate(st.breakdown() or []):
        row = {k: float(v) for k, v in parts.items()}
        row["score"] = float(sum(parts.values()))
        row["piles_taken"] = float(takes[side])
        row["pile_cards_taken"] = float(taken[side])
        row["freezes"] = float(freezes[side])
        row["went_out"] = float(st.went_out >= 0 and st.side[st.went_out] == side)
        sizes = [len(m.cards) for m in st.melds[side] if m.rank != 3]
        row["canasta_count"] = float(sum(n >= st.rules.canasta_size for n in sizes))
        out.append(row)
    return out


def parts(rules: str, a: str, b: str, deals: int, seed: int,
          samples: int | None = None) -> dict[str, dict[str, float]]:
    """Where level ``a`` gains over level ``b`` (see the module's doc)."""
    game = get_game(rules)
    diffs: dict[str, list[float]] = defaultdict(list)
    means: dict[str, tuple[list[float], list[float]]] = defaultdict(lambda: ([], []))
    for index in range(deals):
        deal_seed = pair_deal_seed(seed, index)  # the tournament's own pairs and players
        for a_side in (0, 1):
            levels = [a if s % 2 == a_side else b for s in range(PLAYERS)]
            st = Match(game, PLAYERS, seed=deal_seed, dealer=index % PLAYERS).start_deal()
            bots = make_bots(levels, deal_seed, samples)
            freezes, takes, taken = [0, 0], [0, 0], [0, 0]
            while not st.is_over():
                seat = st.current_player()
                d = Decision.of(st, seat, [0, 0])
                act = bots[seat].choose(d)
                side = st.side[seat]
                if act.verb == "take":
                    takes[side] += 1
                    taken[side] += len(d.view.discard)
                elif act.verb == "discard" and is_wild(act.groups[0][0]):
                    freezes[side] += 1
                st.apply(act, validate=False)
            rows = _side_figures(st, freezes, takes, taken)
            for key in rows[0]:
                x, y = rows[a_side][key], rows[1 - a_side][key]
                means[key][0].append(x)
                means[key][1].append(y)
                diffs[key].append(x - y)
    out = {}
    for key, d in diffs.items():
        half = 1.96 * statistics.stdev(d) / math.sqrt(len(d)) if len(d) > 1 else math.inf
        out[key] = {"a": round(statistics.fmean(means[key][0]), 2),
                    "b": round(statistics.fmean(means[key][1]), 2),
                    "diff": round(statistics.fmean(d), 2), "ci95": round(half, 2)}
    return out


def oracle(rules: str, deals: int, worlds: int, seed: int, limit: int | None = None):
    """Yield one record per probed decision (see the module's doc)."""
    heuristic = CanastaHeuristic(0, params=HARD_PARAMS)
    search = CanastaSearch(Rng(seed), params=HARD_PARAMS)
    pick = random.Random(seed)  # which decisions are probed: as the first runs did
    done = 0
    for i in range(deals):
        st = _deal(rules, seed, i)
        while not st.is_over():
            d = Decision.of(st, st.current_player(), [0] * st.nsides)
            a = heuristic.choose(d)
            cands = search.candidates(d) if len(d.legal) > 1 else []
            v = d.view
            if cands and cands[0].verb in ("discard", "meld", "add") and len(v.discard) >= 6:
                cands += [x for x in d.legal if x.verb == "discard" and x not in cands]
            if len(cands) >= 2 and pick.random() < 0.5:
                yield _probe(d, cands, worlds, search, i, st.turn_no)
                done += 1
                if limit is not None and done >= limit:
                    return
            st.apply(a, validate=False)


def _probe(d: Decision, cands: list, worlds: int, search: CanastaSearch, deal: int,
           turn: int, rng: Rng | None = None) -> dict:
    side = CanastaView(d).side
    totals: list[list[float]] = [[] for _ in cands]
    for _ in range(worlds):
        world = sample_world(d, rng or search.rng)
        if world is None:
            continue
        for k, c in enumerate(cands):
            st = world.clone()
            st.apply(c, validate=False)
            search._rollout(st, d, math.inf, None)
            totals[k].append(evaluate(st, side))
    n = len(totals[0])
    gains = []
    for xs in totals:
        diffs = [xs[j] - totals[0][j] for j in range(n)]
        mean = statistics.fmean(diffs) if n else 0.0
        se = statistics.stdev(diffs) / math.sqrt(n) if n > 1 else math.inf
        gains.append((round(mean, 1), round(se, 1)))
    v = d.view
    return {"deal": deal, "turn": turn, "pile": len(v.discard), "frozen": v.frozen,
            "stock": v.stock, "hand": len(v.hand), "worlds": n,
            "candidates": [str(c) for c in cands], "gains": gains}


def overrides(rules: str, players: int, arm: str, deals: int, seed: int, samples: int,
              worlds: int):
    """Yield one record per override of the search, then the count (see the module's doc)."""
    from canasta_arms import ARMS  # tools/ is this script's folder

    settings = ARMS.get(arm, {})
    search = CanastaSearch(Rng(seed), params=settings.get("params", HARD_PARAMS))
    for key, value in settings.items():
        if key != "params":
            setattr(search, key, value)
    others = CanastaHeuristic(0, params=HARD_PARAMS)
    judge_rng = Rng(seed + 99)
    searched = 0
    game = get_game(rules)
    for i in range(deals):
        st = Match(game, players, seed=pair_deal_seed(seed, i), dealer=i % players).start_deal()
        me = i % players
        while not st.is_over():
            seat = st.current_player()
            d = Decision.of(st, seat, [0] * st.nsides)
            if seat != me:
                st.apply(others.choose(d), validate=False)
                continue
            search.report = None
            act = search.choose(d, math.inf, samples=samples)
            searched += search.report is not None
            base = search.heuristic.choose(d)
            if act != base:
                record = _probe(d, [base, act], worlds, search, i, st.turn_no, judge_rng)
                record["search_means"] = [None if m is None else round(m, 1)
                                          for m in search.stats.get("means", [])]
                yield record
            st.apply(act, validate=False)
    yield {"searched": searched, "deals": deals}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("probe", choices=("deals", "playouts", "oracle", "parts", "overrides"))
    p.add_argument("--rules", default="canasta",
                   choices=("canasta", "quick-canasta", "canastone", "looking-and-down"))
    p.add_argument("--deals", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--worlds", type=int, default=100)
    p.add_argument("--limit", type=int, default=None)
    p.add_argument("--a", default="hard")
    p.add_argument("--b", default="normal")
    p.add_argument("--samples", type=int, default=None)
    p.add_argument("--players", type=int, default=PLAYERS)
    args = p.parse_args(argv)
    if args.deals < 1 or args.worlds < 2 or (args.limit is not None and args.limit < 1):
        p.error("--deals and --limit must be at least 1, --worlds at least 2")
    if args.probe == "deals":
        print(json.dumps(deal_stats(args.rules, args.deals, args.seed)))
    elif args.probe == "parts":
        from tune_heuristic import arm_class, parse_arm  # tools/ is this script's folder

        for text in (args.a, args.b):
            if text in LEVELS:
                continue
            try:
                name, changes = parse_arm(text, args.rules, "hard")
            except ValueError as e:
                p.error(str(e))
            LEVELS[text] = arm_class(name, args.rules, "hard", changes)
        print(json.dumps(parts(args.rules, args.a, args.b, args.deals, args.seed, args.samples)))
    elif args.probe == "overrides":
        for record in overrides(args.rules, args.players, args.a, args.deals, args.seed,
                                args.samples or 8, args.worlds):
            print(json.dumps(record), flush=True)
    elif args.probe == "playouts":
        print(json.dumps(playout_costs(args.rules, args.deals, args.seed)))
    else:
        for record in oracle(args.rules, args.deals, args.worlds, args.seed, args.limit):
            print(json.dumps(record), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
