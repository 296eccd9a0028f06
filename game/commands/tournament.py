"""``python -m game tournament``: duplicate deals between two computer-player levels.

Every shuffle is played twice with the levels swapped (game/lab/tournament.py explains sides, seat
rotation for games of more than two sides, and what the figures mean). Prints side a's mean
points per deal with a 95% confidence interval, its share of deals won and the decision times.
"""

from __future__ import annotations

import json
import sys

from game.cli import (
    LazyChoices,
    add_players_argument,
    add_rules_argument,
    add_seed_argument,
    int_range,
    level_names,
)

MAX_DEALS = 1_000_000  # the pairs are listed before they are played
MAX_JOBS = 256
MAX_DEADLINE_MS = 600_000
MAX_SAMPLES = 100_000


def add_arguments(p) -> None:
    levels = LazyChoices(level_names)
    add_rules_argument(p)
    add_players_argument(p)
    p.add_argument("--a", required=True, choices=levels, metavar="LEVEL",
                   help="level of side a: %(choices)s")
    p.add_argument("--b", required=True, choices=levels, metavar="LEVEL",
                   help="level of the other side: %(choices)s")
    p.add_argument("--deals", type=int_range(1, MAX_DEALS), default=100,
                   help="duplicate pairs (default 100)")
    add_seed_argument(p, 1, "random seed")
    p.add_argument("--option", action="append", default=[], metavar="NAME",
                   help="a rule option from RULES.md (repeatable)")
    p.add_argument("--deadline", type=int_range(1, MAX_DEADLINE_MS), default=1000, metavar="MS",
                   help="decision deadline given to the players in ms (default 1000)")
    p.add_argument("--samples", type=int_range(1, MAX_SAMPLES), default=None, metavar="N",
                   help="Hard searches N sampled worlds per decision whatever the clock "
                        "(reproducible; default: as many as the deadline allows)")
    p.add_argument("--jobs", type=int_range(1, MAX_JOBS), default=1,
                   help="worker processes (default 1)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--progress", action="store_true", help="report progress on stderr")


def run(args) -> int:
    from game.cli import check_options, player_count
    from game.lab.tournament import run_tournament

    players = player_count(args)
    check_options(args)

    def progress(done: int, total: int) -> None:
        if args.progress and (done % 10 == 0 or done == total):
            print(f"  {done}/{total} pairs", file=sys.stderr, flush=True)

    r = run_tournament(args.rules, players, args.a, args.b, args.deals, args.seed,
                       options=frozenset(args.option), deadline_ms=args.deadline,
                       jobs=args.jobs, progress=progress, samples=args.samples)
    if args.json:
        print(json.dumps(r))
        return 0 if not r["errors"] else 1
    lo, hi = r["a_points_ci95"]
    print(f"{r['rules']} with {players} players: {r['a']} (side a) against {r['b']}, "
          f"{r['deals']} duplicate pairs, seed {r['seed']}"
          + (f", Hard {r['samples']} worlds a decision" if r["samples"] else ""))
    print(f"  side a points per deal: {r['a_points_mean']:+.1f}  (95% CI {lo:+.1f} .. {hi:+.1f})")
    print(f"  deals won by side a: {100 * r['a_deal_win_rate']:.1f}%")
    for lv, t in r["times"].items():
        print(f"  {lv:8} decisions {t['decisions']:>7}  median {t['median_ms']:.2f} ms  "
              f"p95 {t['p95_ms']:.2f} ms  max {t['max_ms']:.2f} ms")
    for e in r["errors"]:
        print("  problem:", e)
    print(f"  {r['seconds']} s")
    return 0 if not r["errors"] else 1
