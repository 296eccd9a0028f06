"""``python -m game tournament``: duplicate deals between two computer-player levels.

Every shuffle is played twice with the levels swapped (game/tournament.py explains sides, seat
rotation for games of more than two sides, and what the figures mean). Prints side a's mean
points per deal with a 95% confidence interval, its share of deals won and the decision times.
"""

from __future__ import annotations

import json
import sys

from game.registry import GAME_NAMES


def add_arguments(p) -> None:
    from game.players.registry import LEVELS

    levels = sorted(LEVELS)
    p.add_argument("--rules", choices=GAME_NAMES, required=True, help="which game")
    p.add_argument("--players", type=int, default=None, help="seats (default: the usual)")
    p.add_argument("--a", required=True, choices=levels, help="level of side a")
    p.add_argument("--b", required=True, choices=levels, help="level of the other side")
    p.add_argument("--deals", type=int, default=100, help="duplicate pairs (default 100)")
    p.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    p.add_argument("--option", action="append", default=[], metavar="NAME",
                   help="a rule option from RULES.md (repeatable)")
    p.add_argument("--deadline", type=int, default=1000, metavar="MS",
                   help="decision deadline given to the players in ms (default 1000)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--progress", action="store_true", help="report progress on stderr")


def run(args) -> int:
    from game.registry import USUAL_PLAYERS, get_game
    from game.tournament import run_tournament

    game = get_game(args.rules)
    players = args.players or USUAL_PLAYERS[args.rules]
    if players not in game.player_counts:
        counts = ", ".join(map(str, game.player_counts))
        print(f"tournament: {args.rules} is played by {counts} players")
        return 2
    unknown = [o for o in args.option if o not in game.options]
    if unknown:
        print(f"tournament: unknown option(s) for {args.rules}: {', '.join(unknown)}")
        return 2
    if args.deals < 1 or args.jobs < 1 or args.deadline < 1:
        print("tournament: --deals, --jobs and --deadline must be at least 1")
        return 2

    def progress(done: int, total: int) -> None:
        if args.progress and (done % 10 == 0 or done == total):
            print(f"  {done}/{total} pairs", file=sys.stderr, flush=True)

    r = run_tournament(args.rules, players, args.a, args.b, args.deals, args.seed,
                       options=frozenset(args.option), deadline_ms=args.deadline,
                       jobs=args.jobs, progress=progress)
    if args.json:
        print(json.dumps(r))
        return 0 if not r["errors"] else 1
    lo, hi = r["a_points_ci95"]
    print(f"{r['rules']} with {players} players: {r['a']} (side a) against {r['b']}, "
          f"{r['deals']} duplicate pairs, seed {r['seed']}")
    print(f"  side a points per deal: {r['a_points_mean']:+.1f}  (95% CI {lo:+.1f} .. {hi:+.1f})")
    print(f"  deals won by side a: {100 * r['a_deal_win_rate']:.1f}%")
    for lv, t in r["times"].items():
        print(f"  {lv:8} decisions {t['decisions']:>7}  median {t['median_ms']:.2f} ms  "
              f"p95 {t['p95_ms']:.2f} ms  max {t['max_ms']:.2f} ms")
    for e in r["errors"]:
        print("  problem:", e)
    print(f"  {r['seconds']} s")
    return 0 if not r["errors"] else 1
