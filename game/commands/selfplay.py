"""``python -m game selfplay``: whole games between simple bots, checking every action."""

from __future__ import annotations

import json

from game.registry import GAME_NAMES, get_game
from game.selfplay import run_selfplay


def add_arguments(p) -> None:
    p.add_argument("--rules", choices=GAME_NAMES, required=True, help="which game")
    p.add_argument("--players", type=int, default=None, help="seats (default: the usual)")
    p.add_argument("--games", type=int, default=1, help="whole games to play (default 1)")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.add_argument("--option", action="append", default=[], metavar="NAME",
                   help="a rule option from RULES.md (repeatable)")
    p.add_argument("--policy", choices=("greedy", "random"), default="greedy",
                   help="the bots: greedy (tries to win, default) or uniformly random")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def run(args) -> int:
    from game.registry import USUAL_PLAYERS

    game = get_game(args.rules)
    players = args.players or USUAL_PLAYERS[args.rules]
    if players not in game.player_counts:
        counts = ", ".join(map(str, game.player_counts))
        print(f"selfplay: {args.rules} is played by {counts} players")
        return 2
    unknown = [o for o in args.option if o not in game.options]
    if unknown:
        print(f"selfplay: unknown option(s) for {args.rules}: {', '.join(unknown)}")
        return 2
    if args.games < 1:
        print("selfplay: --games must be at least 1")
        return 2
    report = run_selfplay(args.rules, players, args.games, args.seed,
                          options=frozenset(args.option), policy=args.policy)
    d = report.as_dict()
    if args.json:
        print(json.dumps(d))
    else:
        print(f"{d['rules']} with {players} players: {d['completed']}/{d['games']} games "
              f"completed, {d['deals']} deals, {d['actions']} actions in {d['seconds']} s")
        for line in d["errors"] + d["violations"]:
            print("  problem:", line)
    return 0 if not report.errors and not report.violations else 1
