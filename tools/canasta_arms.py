"""Duplicate tournaments between variants ("arms") of the canasta family's Hard level, for
measuring what each part of its search adds (docs/ai.md, Hard):

    python tools/canasta_arms.py --rules R [--players N] --a ARM --b ARM [--deals K] [--seed S]
                                 [--samples N] [--deadline MS] [--jobs J]

ARM is a level (``normal``, ``hard``, ...) or one of ARMS below (Hard with one search setting
changed). It prints the tournament's JSON (game/lab/tournament.py).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace

from game.lab.tournament import run_tournament
from game.players.canasta_search import CanastaSearch
from game.players.heuristic_canasta import HARD_PARAMS
from game.players.levels import HardPlayer
from game.players.registry import LEVELS

# take-or-draw and freezes judged one round ahead, and no meld plans to the end of the deal,
# as Hard searched until issue 30, session 16 (the arms measured before then keep it)
_ONE_ROUND = {"take_rounds": 1, "freeze_rounds": 1, "meld_games": frozenset()}

# name -> CanastaSearch attributes to set ("params": the heuristic's parameters instead)
ARMS: dict[str, dict] = {
    # Hard with a new meld's rank shown for free (no ``new_meld_cost``; session 11 measured
    # it as session 10's Hard, before the pile's price of session 12)
    "hard-showing": {"params": {**HARD_PARAMS, **{
        r: replace(HARD_PARAMS[r], new_meld_cost=0.0) for r in ("canasta", "quick-canasta")}}},
    # Canasta and Quick Canasta played to the end of the deal (takes, discards that risk a
    # pile of 5 or more, meld plans) with a 3-standard-error margin (session 7)
    "hard-deep": {"PLAN": {**CanastaSearch.PLAN, "canasta": (True, True, None, 3.0),
                           "quick-canasta": (True, True, None, 3.0)}},
    "hard-2rounds": {"rounds": 2},
    # the meld plans searched with the table judge, as Hard's search did before session 12
    "hard-meldplans": {"judge": "table", "melds": True, **_ONE_ROUND},
    # the table judge, no meld plans: Hard's search from session 12 to session 15 (the name
    # of session 15's runs, when the keep judge and the meld plans were tried as Hard's)
    "hard-table": {"judge": "table", "melds": False, **_ONE_ROUND},
    # take or draw searched one round ahead, nothing else (session 12; not measured)
    "hard-takes": {"PLAN": {**CanastaSearch.PLAN, "canasta": (True, False, 1, 2.0),
                            "quick-canasta": (True, False, 1, 2.0)}},
    # session 11's Hard: the pile priced as Normal prices it, no meld price by the pile
    "hard-s11": {"params": {**HARD_PARAMS, **{
        r: replace(HARD_PARAMS[r], pile_card=9.0, meld_pile=0.0)
        for r in ("canasta", "quick-canasta")}}},
    # every discard decision played to the end of the deal, with the old 2-error margin
    "hard-deal-all": {"PLAN": {**CanastaSearch.PLAN, "canasta": (True, True, None, 2.0),
                               "quick-canasta": (True, True, None, 2.0)}, "deep_pile": 0},
    # Hard's heuristic alone: nothing searched (for what the search itself adds)
    "hard-nosearch": {"PLAN": {r: (False, False, None, 2.0) for r in
                               ("canasta", "quick-canasta", "canastone", "looking-and-down")},
                      "meld_games": frozenset()},
    # one-round playouts judged by the learned linear model (game/players/canasta_eval.py)
    "hard-learned": {"judge": "learned"},
    # issue 30, session 15, on the table judge without meld plans (as measured): take-or-draw,
    # and discards with a freeze among the candidates, played to the end of the deal (as
    # Looking and Down's takes); the rest one round. Hard's own search since session 16
    "hard-deeptakes": {"judge": "table", "melds": False, "take_rounds": None,
                       "freeze_rounds": None},
    # ... and a freeze searched whenever one is possible (a wild card held, no black three,
    # the pile unfrozen and of 5 cards or more with it, an opponent next), not only when
    # every natural discard is risky
    "hard-freezeall": {"judge": "table", "melds": False, "take_rounds": None,
                       "freeze_rounds": None, "freeze_pile": 5, "freeze_chance": 0.0},
    # take-or-draw and the meld plans played to the end of the deal (issue 30, session 16;
    # session 17: two-player Canasta -79.3, Quick Canasta +158.1, Hard's own there since)
    "hard-deepmelds": {"judge": "table", "melds": True, "take_rounds": None,
                       "meld_rounds": None},
    # Looking and Down's meld plans (melding against not melding, once a turn) searched too,
    # to the end of the deal as its takes (issue 30, session 17), Canastone's, and Quick
    # Canasta's (as ``hard-deepmelds``): all three Hard's own since then; ``hard-s16`` is Hard
    # without them
    "hard-ldmelds": {"meld_games": frozenset({"looking-and-down"})},
    "hard-stonemelds": {"meld_games": frozenset({"canastone"})},
    "hard-s16": {"meld_games": frozenset()},
    # Canastone's discards searched too, to the end of the deal, when the pile with the
    # discard holds deep_pile cards or more (issue 30, session 16)
    "hard-stonedisc": {"PLAN": {**CanastaSearch.PLAN, "canastone": (True, True, None, 2.0)}},
    # the keep judge (canasta_eval.held_credits) without the meld plans
    "hard-keep": {"judge": "keep", **_ONE_ROUND},
    # ... with the meld plans (issue 30, session 15: +214 a deal over the heuristic of sessions
    # 13 and 14 in two-player Canasta; -372 over the heuristic that holds its hand back)
    "hard-keep-melds": {"judge": "keep", "melds": True, **_ONE_ROUND},
    # ... over the heuristic before it read a hand held back (the search helper's Hard of
    # session 15, before the merge)
    "hard-nohoard": {"judge": "keep", "melds": True, **_ONE_ROUND, "params": {**HARD_PARAMS, **{
        r: replace(HARD_PARAMS[r], hoard_hand=(), hoard_read=())
        for r in ("canasta", "quick-canasta")}}},
}


def arm_class(name: str, settings: dict) -> type[HardPlayer]:
    class Arm(HardPlayer):
        level = name

        def make_search(self, family: str, rng):
            if family != "canasta":
                return super().make_search(family, rng)
            search = CanastaSearch(rng, params=settings.get("params", self.params))
            for key, value in settings.items():
                if key != "params":
                    setattr(search, key, value)
            return search

    return Arm


def main(argv: list[str] | None = None) -> int:
    for name, settings in ARMS.items():
        LEVELS[name] = arm_class(name, settings)
    return tournament_main(argv, __doc__.split("\n\n")[0])


def tournament_main(argv: list[str] | None, description: str,
                    rules: tuple[str, ...] | None = None) -> int:
    """The tournament between two levels (arms and exploiters among them) that these tools
    run from the command line; prints its figures as JSON."""
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--rules", required=True, choices=rules)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--a", required=True, choices=list(LEVELS))
    p.add_argument("--b", required=True, choices=list(LEVELS))
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--samples", type=int, default=None)
    p.add_argument("--deadline", type=int, default=1000)
    p.add_argument("--jobs", type=int, default=1)
    args = p.parse_args(argv)
    if args.deals < 1 or (args.samples is not None and args.samples < 1):
        p.error("--deals and --samples must be at least 1")
    r = run_tournament(args.rules, args.players, args.a, args.b, args.deals, args.seed,
                       deadline_ms=args.deadline, samples=args.samples, jobs=args.jobs)
    print(json.dumps(r))
    return 0

if __name__ == "__main__":
    sys.exit(main())
