"""Where a Cassino round's leftover table goes, in two-player self-play of Hard's heuristic
(docs/ai-journal.md, "Issue 14, session 9"): the measurement behind the round solver's leaf.

    python tools/cassino_leftovers.py shares [--games N] [--seed S]
    python tools/cassino_leftovers.py leaf [--games N] [--seed S]

``shares``: for each rank (and the point cards 2S and 10D), the share of the cards left on the
table at a round's end that the next round's first player (CN-3) has taken by the game's end.
``leaf``: at each round's end, the squared error of ``round_end_value`` (by rank, and with one
share of 0.6 for every card) against the game's final points difference, each first player's
constant removed (it is the same for every move of a decision). Prints JSON.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterator
from statistics import mean

from game.engine.base import DealSetup
from game.engine.cards import RANK_NAMES
from game.engine.cassino.game import CassinoState
from game.engine.registry import get_game
from game.players.base import Decision
from game.players.cassino_search import TABLE_SHARE, TEN_D, TWO_S, round_end_value
from game.players.heuristic_cassino import HARD_PARAMS, CassinoHeuristic

RANKS = RANK_NAMES[1:]  # ace to king, as card codes run within a suit


def self_play(games: int, seed: int) -> Iterator[tuple[list[CassinoState], CassinoState]]:
    """Each game's states just after a round's end (the next round dealt) and its last state."""
    game = get_game("cassino")
    player = CassinoHeuristic(0, params=HARD_PARAMS)
    shuffler = random.Random(seed)
    for g in range(games):
        deck = list(range(52))
        shuffler.shuffle(deck)
        st = game.new_deal(DealSetup(players=2, deck=tuple(deck), dealer=g % 2))
        ends = []
        rnd = st.round
        while not st.over:
            d = Decision.of(st, st.turn)
            st.apply(d.legal[0] if len(d.legal) == 1 else player.choose(d), validate=False)
            if not st.over and st.round != rnd:
                rnd = st.round
                ends.append(st.clone())
        yield ends, st


def shares(games: int, seed: int) -> dict:
    took: dict[str, list[int]] = {}  # kind -> [taken by the next first player, cards]
    for ends, last in self_play(games, seed):
        for st in ends:
            for c in st.loose + [c for r in st.res for c in r[0]]:
                first_took = (c in last.captured[0]) == (st.first % 2 == 0)
                kinds = [RANKS[c % 13]] + [k for k, code in (("2S", TWO_S), ("10D", TEN_D))
                                            if c == code]
                for k in kinds:
                    row = took.setdefault(k, [0, 0])
                    row[0] += first_took
                    row[1] += 1
    return {k: {"share": round(a / n, 3), "cards": n} for k, (a, n) in took.items()}


def leaf(games: int, seed: int) -> dict:
    rows: dict[int, list[tuple[float, float, int, int]]] = {}
    for ends, last in self_play(games, seed):
        sc = last.deal_scores()
        final = sc[0] - sc[1]
        for st in ends:
            rows.setdefault(st.round, []).append(
                (round_end_value(st, 0), round_end_value(st, 0, TABLE_SHARE),
                 1 if st.first % 2 == 0 else -1, final))
    out = {}
    for rnd, rs in sorted(rows.items()):
        errs = []
        for k in (0, 1):
            res = [(r[3] - r[k], r[2]) for r in rs]
            const = {s: mean([e for e, s2 in res if s2 == s] or [0.0]) for s in (1, -1)}
            errs.append(round(mean([(e - const[s]) ** 2 for e, s in res]), 3))
        out[f"round {rnd}"] = {"by rank": errs[0], "one share": errs[1], "ends": len(rs)}
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("what", choices=("shares", "leaf"))
    p.add_argument("--games", type=int, default=3000)
    p.add_argument("--seed", type=int, default=8)
    args = p.parse_args(argv)
    if args.games < 1:
        p.error("--games must be at least 1")
    print(json.dumps((shares if args.what == "shares" else leaf)(args.games, args.seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
