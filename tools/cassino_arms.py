"""Duplicate tournaments between variants ("arms") of Cassino's Hard level, for measuring what
each part of it adds (docs/ai.md, Hard in Cassino):

    python tools/cassino_arms.py --a ARM --b ARM [--players 2|4] [--deals K] [--seed S]
                                 [--samples N] [--deadline MS]

ARM is a level (``normal``, ``hard``, ...) or one of ARMS below. It prints the tournament's
JSON (game/lab/tournament.py), run in one process.
"""

from __future__ import annotations

import argparse
import json
import sys

from game.lab.tournament import run_tournament
from game.players.cassino_search import CassinoSearch
from game.players.heuristic_cassino import HARD_PARAMS, PARAMS
from game.players.levels import HardPlayer
from game.players.registry import LEVELS

# name -> CassinoSearch settings
ARMS = {
    "hard-solver": {"mc": False},  # the exact last round only; Hard's heuristic before it
    "hard-nofix": {"params": PARAMS},  # Hard with Normal's heuristic (hands over sweeps)
    "hard-solver-nofix": {"mc": False, "params": PARAMS},
    "hard-k3": {"top_k": 3},
    "hard-z2": {"z": 2.0},
    # the middle game's rounds solved in each sampled world instead of playouts
    "hard-round": {"middle": "round"},  # the shipped Hard since session 8
    "hard-round-z0": {"middle": "round", "z": 0.0, "round_z": 0.0},  # the best mean, no margin
    # a one-error margin everywhere (issue 30, session 16; with two players the round
    # search's margin, ``round_z``, Hard's own since)
    "hard-z1": {"z": 1.0, "round_z": 1.0},
    "hard-s15": {"round_z": 2.4},  # the round search's margin before session 16
    "hard-k6": {"top_k": 6},  # the heuristic's six best moves searched (issue 30, session 16)
    "hard-playouts": {"middle": "playouts"},  # the middle-game search shipped before it
    # the round's end with every leftover table card 0.6 to the next first player (session 8)
    "hard-share06": {"table_share": 0.6},
    # session 9's Hard: neither the worlds nor the heuristic read the trails (session 10)
    "hard-blind": {"read_trails": False, "params": {**HARD_PARAMS, "read_trails": False}},
    # ... the heuristic still blind, the worlds reading them (the first measurement)
    "hard-trails": {"read_trails": True, "params": {**HARD_PARAMS, "read_trails": False}},
}


def arm_class(name: str, settings: dict) -> type[HardPlayer]:
    class Arm(HardPlayer):
        level = name

        def make_search(self, family: str, rng):
            if family != "cassino":
                return super().make_search(family, rng)
            return CassinoSearch(rng, **settings)

    return Arm


def main(argv: list[str] | None = None) -> int:
    for name, settings in ARMS.items():
        LEVELS[name] = arm_class(name, settings)
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--a", required=True, choices=list(LEVELS))
    p.add_argument("--b", required=True, choices=list(LEVELS))
    p.add_argument("--players", type=int, choices=(2, 4), default=2)
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--samples", type=int, default=None)
    p.add_argument("--deadline", type=int, default=1000)
    args = p.parse_args(argv)
    if args.deals < 1 or (args.samples is not None and args.samples < 1):
        p.error("--deals and --samples must be at least 1")
    r = run_tournament("cassino", args.players, args.a, args.b, args.deals, args.seed,
                       deadline_ms=args.deadline, samples=args.samples)
    print(json.dumps(r))
    return 0 if not r["errors"] else 1


if __name__ == "__main__":
    sys.exit(main())
