"""Engine speed: random deals between bots that pick uniformly from the full legal list.

Each game is measured at its usual player count, several runs each; we report medians. The
bots call ``legal_actions`` before every action and apply without re-validation (the engine's
inner loop), as computer players searching many simulated deals will. Times are the process's
CPU time, which other programs on a shared machine disturb less than wall-clock time.
"""

from __future__ import annotations

import random
import statistics
import time

from game.errors import Misdeal
from game.match import Match
from game.registry import GAME_NAMES, USUAL_PLAYERS, get_game


def random_deal(state, rng: random.Random) -> int:
    """Play one deal with uniformly random legal actions; the number of actions."""
    n = 0
    choice = rng.choice
    while not state.is_over():
        legal = state.legal_actions()
        state.apply(choice(legal), validate=False)
        n += 1
    return n


def measure_engine(name: str, seconds: float = 1.0, runs: int = 5, seed: int = 1) -> dict:
    game = get_game(name)
    players = USUAL_PLAYERS[name]
    deal_rates, action_rates = [], []
    for run in range(runs):
        rng = random.Random(seed + run)
        match = Match(game, players, seed=seed * 1000 + run)
        deals = actions = 0
        spent = 0.0
        while spent < seconds:
            try:
                state = match.start_deal()
            except Misdeal:
                continue
            t0 = time.process_time()  # CPU time: steadier than wall time on a shared machine
            actions += random_deal(state, rng)
            spent += time.process_time() - t0
            deals += 1
            match.totals = [0] * len(match.totals)  # keep opening minimums comparable
        deal_rates.append(deals / spent)
        action_rates.append(actions / spent)
    return {
        "players": players,
        "actions_per_s": round(statistics.median(action_rates)),
        "deals_per_s": round(statistics.median(deal_rates), 1),
        "actions_per_deal": round(sum(action_rates) / sum(deal_rates), 1),
        "runs": runs,
    }


def engine_section(seconds: float = 1.0, runs: int = 5, games=GAME_NAMES) -> dict:
    return {name: measure_engine(name, seconds, runs) for name in games}
