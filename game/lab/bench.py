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

from game.engine.errors import Misdeal
from game.engine.match import Match
from game.engine.registry import GAME_NAMES, game_info, get_game


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
    players = game_info(name).usual_players
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


# ---- start-up (``bench --startup``) ------------------------------------------------------

STARTUP_RUNS = 7


def startup_section(runs: int = STARTUP_RUNS) -> dict:
    """Wall-clock medians of child processes, in ms: the bare interpreter (``python -c pass``),
    ``python -m game --help``, and ``python -m game`` up to its first main-menu frame
    (headless; the game quits right after it, see game/ui/app.py). On systems with
    ``resource``, also the children's CPU time (steadier on a busy machine)."""
    import os
    import subprocess
    import sys
    import tempfile

    import game
    from game.ui.app import EXIT_AFTER_FIRST_FRAME

    # The children import the same package as this process, installed or from a checkout.
    imported_from = os.path.dirname(os.path.dirname(os.path.abspath(game.__file__)))
    figures = {"python": ["-c", "pass"], "help": ["-m", "game", "--help"],
               "menu_first_frame": ["-m", "game"]}
    wall: dict[str, list[float]] = {k: [] for k in figures}
    cpu: dict[str, list[float]] = {k: [] for k in figures}
    with tempfile.TemporaryDirectory(prefix="cardtable-startup-") as tmp:
        # Private settings, saves, log and cache: the user's are neither read nor written.
        # The first run fills the cache, as the game's first start does.
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   PYGAME_HIDE_SUPPORT_PROMPT="1", XDG_CONFIG_HOME=os.path.join(tmp, "config"),
                   XDG_DATA_HOME=os.path.join(tmp, "data"), CARDTABLE_LOG_DIR=tmp,
                   XDG_CACHE_HOME=os.path.join(tmp, "cache"),
                   PYTHONPATH=imported_from)
        env[EXIT_AFTER_FIRST_FRAME] = "1"
        for _ in range(runs):
            for name, args in figures.items():  # interleaved: a busy moment hits all three
                cpu0 = _children_cpu()
                t0 = time.perf_counter()
                proc = subprocess.run([sys.executable, *args], cwd=tmp, env=env,
                                      stdin=subprocess.DEVNULL, capture_output=True)
                wall[name].append(time.perf_counter() - t0)
                cpu[name].append(_children_cpu() - cpu0)
                if proc.returncode != 0:
                    last = (proc.stderr.decode(errors="replace").strip().splitlines()
                            or ["no message"])[-1]
                    raise RuntimeError(f"python {' '.join(args)} exited with "
                                       f"{proc.returncode}: {last}")
    out = {f"{k}_ms": round(1000 * statistics.median(v)) for k, v in wall.items()}
    if _children_cpu() > 0:
        out["cpu"] = {f"{k}_ms": round(1000 * statistics.median(v)) for k, v in cpu.items()}
    out["runs"] = runs
    return out


def _children_cpu() -> float:
    """User and system CPU seconds of this process's finished children (0 without
    ``resource``, as on Windows)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows
        return 0.0
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


# ---- simulation (``bench --ai``: the ``sim`` section) ------------------------------------

# Decisions are timed one by one, so the clock must cost little beside one: the process's CPU
# clock is a system call (about 8 µs on a shared Linux machine, a tenth of a decision), the
# performance counter is not. Decisions and random actions are timed alike in the same run.
_SIM_CLOCK = time.perf_counter


def _policy_deal(state, policy, totals: list[int]) -> tuple[float, int]:
    """Play one deal as Hard's playouts do (every seat Hard's policy, a Normal heuristic);
    the seconds spent in decisions (the seat's view, the legal list, the choice) and
    their number. A single legal action is played without a decision, as in the playouts."""
    from game.players.base import Decision

    spent = 0.0
    decisions = 0
    clock = _SIM_CLOCK
    n = state.players
    steps = 0
    while not state.is_over() and steps < 4000:
        steps += 1
        t0 = clock()
        seat = state.current_player()
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            a = legal[0]
        else:
            a = policy.choose(Decision(state.game, n, seat, state.view(seat), legal, totals))
            spent += clock() - t0
            decisions += 1
        state.apply(a, validate=False)
    return spent, decisions


def measure_sim(name: str, seconds: float = 1.0, runs: int = 5, seed: int = 1) -> dict:
    """One Normal decision as Hard's playouts make it, and one random-play action (as
    :func:`measure_engine`), in microseconds: medians over runs of the mean per run, both
    measured in the same run (the same machine load) with the same clock."""
    from game.players.families import players_of
    from game.players.heuristic_canasta import HARD_PARAMS

    game = get_game(name)
    players = game_info(name).usual_players
    policy = players_of(game).heuristic(0, HARD_PARAMS, None)  # Hard's, as its playouts
    decision_us, action_us = [], []
    for run in range(runs):
        rng = random.Random(seed + run)
        match = Match(game, players, seed=seed * 1000 + run)
        totals = [0] * game.num_sides(players)
        dec_spent = act_spent = 0.0
        decisions = actions = deals = 0
        while dec_spent + act_spent < seconds or not decisions or not actions:
            try:
                state = match.start_deal()
            except Misdeal:
                continue
            deals += 1
            if deals % 2:  # deals alternate: the same deals on every machine
                spent, k = _policy_deal(state, policy, totals)
                dec_spent += spent
                decisions += k
            else:
                t0 = _SIM_CLOCK()
                actions += random_deal(state, rng)
                act_spent += _SIM_CLOCK() - t0
            match.totals = [0] * len(match.totals)
        decision_us.append(1e6 * dec_spent / max(1, decisions))
        action_us.append(1e6 * act_spent / max(1, actions))
    d, a = statistics.median(decision_us), statistics.median(action_us)
    return {"players": players, "decision_us": round(d, 1), "action_us": round(a, 1),
            "ratio": round(d / a, 1), "runs": runs}


def sim_section(seconds: float = 1.0, runs: int = 5, games=GAME_NAMES) -> dict:
    return {name: measure_sim(name, seconds, runs) for name in games}
