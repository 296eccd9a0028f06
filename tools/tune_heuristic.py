"""Screen variants ("arms") of a heuristic's parameters in duplicate tournaments against Normal
(docs/ai-journal.md, Tuning):

    python tools/tune_heuristic.py --rules R [--players N] [--deals K] [--seed S] [--jobs J]
                                   [--base hard|normal] [--against LEVEL] ARM [ARM ...]

An ARM is ``name:param=value,param=value`` (or ``name:`` for the base itself; a value per
player count as ``0/0/1/0/11``): the base
heuristic's parameters (``HARD_PARAMS`` by default, ``PARAMS`` with ``--base normal``) with those
changed, played without search (a Normal-speed player). Every arm plays the same ``K`` pairs
(common seeds), one arm per process, against ``--against`` (default ``normal``; in the canasta
family also an exploiter of tools/canasta_exploiters.py such as ``sprinter``). Prints one JSON
line per arm: its points per deal (Cassino: per game) against the opponent, the 95% interval
and the pair standard deviation.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import sys
from dataclasses import fields, replace
from pathlib import Path

from game.engine.registry import game_info
from game.lab.tournament import run_tournament
from game.players.heuristic_canasta import HARD_PARAMS, PARAMS, CanastaHeuristic, CanastaParams
from game.players.heuristic_cassino import HARD_PARAMS as CASSINO_HARD
from game.players.heuristic_cassino import PARAMS as CASSINO_NORMAL
from game.players.levels import NormalPlayer
from game.players.registry import LEVELS


def parse_arm(text: str, rules: str, base: str) -> tuple[str, dict]:
    """``"name:a=1,b=2"`` -> ``("name", {"a": 1.0, "b": 2.0})``, checked against the fields."""
    name, _, body = text.partition(":")
    if not name:
        raise ValueError(f"arm {text!r} has no name")
    known: dict[str, type]
    if game_info(rules).family == "cassino":
        table = CASSINO_HARD if base == "hard" else CASSINO_NORMAL
        known = {k: type(v) for k, v in table.items()}
    else:
        known = {f.name: type(getattr(CanastaParams(), f.name)) for f in fields(CanastaParams)}
    changes: dict = {}
    for item in filter(None, body.split(",")):
        key, _, value = item.partition("=")
        if key not in known:
            raise ValueError(f"unknown parameter {key!r} (known: {', '.join(sorted(known))})")
        kind = known[key]
        if kind is tuple:  # per player count, e.g. hoard_hand=0/0/1/0/11
            changes[key] = tuple(int(x) for x in value.split("/"))
        else:
            changes[key] = (value.lower() in ("1", "true", "yes")) if kind is bool else kind(value)
    return name, changes


def arm_class(name: str, rules: str, base: str, changes: dict) -> type[NormalPlayer]:
    if game_info(rules).family == "cassino":
        params = {**(CASSINO_HARD if base == "hard" else CASSINO_NORMAL), **changes}

        class CassinoArm(NormalPlayer):
            level = name

            def make_heuristic(self, family: str):
                if family != "cassino":
                    return super().make_heuristic(family)
                from game.players.heuristic_cassino import CassinoHeuristic

                return CassinoHeuristic(0, params=params)

        return CassinoArm
    table = dict(HARD_PARAMS if base == "hard" else PARAMS)
    table[rules] = replace(table[rules], **changes)

    class CanastaArm(NormalPlayer):
        level = name

        def make_heuristic(self, family: str):
            if family != "canasta":
                return super().make_heuristic(family)
            return CanastaHeuristic(self.seed, params=table)

    return CanastaArm


def _run(job: tuple) -> dict:
    name, rules, players, against, deals, seed = job
    r = run_tournament(rules, players, name, against, deals, seed, deadline_ms=1000)
    return {"arm": name, "mean": r["a_points_mean"], "ci95": r["a_points_ci95"],
            "sd": r["a_points_sd"], "won": r["a_deal_win_rate"], "pairs": deals,
            "seed": seed, "errors": len(r["errors"]), "seconds": r["seconds"]}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rules", required=True)
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--deals", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--base", choices=("hard", "normal"), default="hard")
    p.add_argument("--against", default="normal")
    p.add_argument("arms", nargs="+")
    args = p.parse_args(argv)
    players = args.players or game_info(args.rules).usual_players
    jobs = []
    for text in args.arms:
        try:
            name, changes = parse_arm(text, args.rules, args.base)
        except ValueError as e:
            p.error(str(e))
        LEVELS[name] = arm_class(name, args.rules, args.base, changes)
        jobs.append((name, args.rules, players, args.against, args.deals, args.seed))
    if game_info(args.rules).family != "cassino":
        sys.path.insert(0, str(Path(__file__).resolve().parent))  # imported, not run, too
        from canasta_exploiters import register

        register()  # the exploiters of Hard's inferences, as opponents (``--against sprinter``)
    if args.against not in LEVELS:  # make_player would quietly play Normal instead
        p.error(f"--against {args.against!r} is neither a level nor an arm given "
                f"(known: {', '.join(sorted(LEVELS))})")
    # fork: the children inherit the arms registered above
    with mp.get_context("fork").Pool(max(1, min(args.jobs, len(jobs)))) as pool:
        for res in pool.imap(_run, jobs):
            res["spec"] = next(t for t in args.arms if t.partition(":")[0] == res["arm"])
            print(json.dumps(res), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
