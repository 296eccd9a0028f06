"""Count Cassino's handed-over sweeps: a capture that leaves on the table nothing but the next
player's own builds, which that player holds the value of (CN-6) and must take (CN-7): a certain
sweep for them, when another legal move would have left something else.

    python tools/cassino_sweep_gifts.py --a LEVEL --b LEVEL [--games N] [--seed S] [--samples K]

Plays N two-player games per pair of seatings (A first, then B first, the same shuffle) and
prints, as JSON, per level the gifts, the games played by that level and the gifts per game.
LEVEL is a level (simple, easy, normal, hard) or ``normal+owner``: Normal's heuristic with
Hard's ``owner_holds`` (docs/ai.md). ``--samples``: Hard's fixed budget of sampled worlds.
"""

from __future__ import annotations

import argparse
import json
import sys

from game.engine.match import Match
from game.engine.registry import get_game
from game.players.base import Decision
from game.players.heuristic_cassino import HARD_PARAMS, CassinoHeuristic, is_sweep_gift
from game.players.registry import LEVELS, make_player


def make(level: str, seed: int, samples: int | None):
    if level == "normal+owner":
        return CassinoHeuristic(seed, params=HARD_PARAMS)
    bot = make_player(level, seed)
    if samples is not None and hasattr(bot, "samples"):
        bot.samples = samples
    return bot


def play(levels: list[str], seed: int, samples: int | None) -> list[int]:
    """One game; the gifts made by each seat."""
    match = Match(get_game("cassino"), 2, seed=seed, dealer=seed % 2)
    st = match.start_deal()
    bots = [make(levels[s], seed * 131 + s * 7 + 1, samples) for s in range(2)]
    gifts = [0, 0]
    while not st.is_over():
        seat = st.current_player()
        d = Decision.of(st, seat)
        a = bots[seat].choose(d)
        if is_sweep_gift(st, a, d.legal, seat):
            gifts[seat] += 1
        st.apply(a, validate=False)
    return gifts


def main(argv: list[str] | None = None) -> int:
    names = [*LEVELS, "normal+owner"]
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--a", required=True, choices=names)
    p.add_argument("--b", required=True, choices=names)
    p.add_argument("--games", type=int, default=100, help="shuffles, each played twice")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--samples", type=int, default=None)
    args = p.parse_args(argv)
    if args.games < 1 or (args.samples is not None and args.samples < 1):
        p.error("--games and --samples must be at least 1")
    gifts = {args.a: 0, args.b: 0}
    games = {args.a: 0, args.b: 0}
    for i in range(args.games):
        for levels in ([args.a, args.b], [args.b, args.a]):
            g = play(levels, args.seed * 1_000_003 + i, args.samples)
            for s in range(2):
                gifts[levels[s]] += g[s]
                games[levels[s]] += 1
    out = {lv: {"gifts": gifts[lv], "games": games[lv],
                "per_game": round(gifts[lv] / games[lv], 3)} for lv in gifts}
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
