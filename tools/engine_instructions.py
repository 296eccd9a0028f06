"""Play fixed random deals for an instruction count (docs/engine-speed.md).

``python tools/engine_instructions.py GAME DEALS play`` deals and plays DEALS seeded deals at the
game's usual player count with bots that pick uniformly from the full legal list (as
``python -m game bench``); ``... deal`` only deals them. Under
``valgrind --tool=cachegrind --cache-sim=no`` the difference of the two counts, divided by
DEALS, is the instructions per random deal: the same seeds give the same deals every run.
``play`` prints the number of actions played to standard error, for instructions per action.
"""

from __future__ import annotations

import random
import sys

from game.engine.errors import Misdeal
from game.engine.match import Match
from game.engine.registry import game_info, get_game
from game.lab.bench import random_deal


def main(argv: list[str]) -> int:
    name, deals, mode = argv[0], int(argv[1]), argv[2]
    game = get_game(name)
    match = Match(game, game_info(name).usual_players, seed=7)
    rng = random.Random(7)
    played = actions = 0
    while played < deals:
        try:
            state = match.start_deal()
        except Misdeal:
            continue
        if mode == "play":
            actions += random_deal(state, rng)
        match.totals = [0] * len(match.totals)
        played += 1
    if mode == "play":
        print(f"{actions} actions", file=sys.stderr)  # for instructions per action
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
