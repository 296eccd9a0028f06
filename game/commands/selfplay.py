"""``python -m game selfplay``: whole games between simple bots, checking every action."""

from __future__ import annotations

import json

from game.cli import add_players_argument, add_rules_argument, add_seed_argument, int_range

MAX_GAMES = 1_000_000


def add_arguments(p) -> None:
    add_rules_argument(p)
    add_players_argument(p)
    p.add_argument("--games", type=int_range(1, MAX_GAMES), default=1,
                   help="whole games to play (default 1)")
    add_seed_argument(p, 0, "random seed")
    p.add_argument("--option", action="append", default=[], metavar="NAME",
                   help="a rule option from RULES.md (repeatable)")
    p.add_argument("--policy", choices=("greedy", "random"), default="greedy",
                   help="the bots: greedy (tries to win, default) or uniformly random")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def run(args) -> int:
    from game.cli import check_options, player_count
    from game.lab.selfplay import run_selfplay

    players = player_count(args)
    check_options(args)
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
