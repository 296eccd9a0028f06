"""Play fixed deals with Hard's playout policy for an instruction count of one simulated
decision (docs/engine-speed.md, "Simulation").

``python tools/sim_instructions.py GAME DEALS once`` plays DEALS seeded deals at the game's usual
player count as ``python -m game bench --ai`` times them (every seat Hard's heuristic; a decision
is the seat's view, the legal list and the choice; a single legal action is played without
one); ``... twice`` makes every decision a second time before playing it (Normal's heuristic is
deterministic, so the deals are the same). Under ``valgrind --tool=cachegrind --cache-sim=no``
the difference of the two counts divided by the number of decisions (printed to standard error)
is the instructions per simulated decision: the same seeds give the same deals every run.
``... worlds`` also samples one world per decision of the canasta family as Hard's search
does (``CanastaState.sample_world``, seeded): less ``once``, the instructions per world. With
``tools/engine_instructions.py``'s instructions per random action it gives the "sim" ratio
without the clock's noise. (The second decision finds the odds tables the first one filled, as
a long playout does.)
"""

from __future__ import annotations

import sys

from game.engine.errors import Misdeal
from game.engine.match import Match
from game.engine.registry import game_info, get_game
from game.engine.rng import Rng
from game.players.base import Decision
from game.players.canasta_search import sample_world
from game.players.families import players_of
from game.players.heuristic_canasta import HARD_PARAMS


def main(argv: list[str]) -> int:
    name, deals, mode = argv[0], int(argv[1]), argv[2]
    game = get_game(name)
    n = game_info(name).usual_players
    policy = players_of(game).heuristic(0, HARD_PARAMS, None)
    match = Match(game, n, seed=7)
    totals = [0] * game.num_sides(n)
    repeat = 2 if mode == "twice" else 1
    rng = Rng(7)
    worlds = mode == "worlds" and game.info.family == "canasta"  # the canasta sample_world
    played = decisions = 0
    while played < deals:
        try:
            state = match.start_deal()
        except Misdeal:
            continue
        steps = 0
        while not state.is_over() and steps < 4000:
            steps += 1
            seat = state.current_player()
            for _ in range(repeat):
                legal = state.legal_actions(seat)
                if len(legal) == 1:
                    a = legal[0]
                    break
                d = Decision(game, n, seat, state.view(seat), legal, totals)
                a = policy.choose(d)
                if worlds:
                    sample_world(d, rng)
            else:
                decisions += 1
            state.apply(a, validate=False)
        match.totals = [0] * len(match.totals)
        played += 1
    print(f"{decisions} decisions", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
