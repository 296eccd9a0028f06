"""How much a Cassino trail says (docs/ai-journal.md, issue 14 session 10): in two-player
self-play of a level, at every middle-game decision with a choice (cards still to deal), whether the
opponent passed up some values by trailing in this round (``CassinoView.passed``), what share
of the unseen cards those values make, and whether the opponent in truth held such a card.

    python tools/cassino_trails.py [--level normal] [--games N] [--seed S]

Prints one JSON object: decisions, the share with something passed up, the mean share of the
unseen cards excluded there, and the share of those where the opponent held one anyway.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys

from game.engine.cards import RANK
from game.engine.match import Match
from game.engine.registry import get_game
from game.players.base import Decision
from game.players.registry import make_player


def measure(level: str, games: int, seed: int) -> dict:
    decisions = passed = held = 0
    excluded: list[float] = []
    for g in range(games):
        st = Match(get_game("cassino"), 2, seed=seed * 1000 + g, dealer=g % 2).start_deal()
        bots = [make_player(level, seed * 1000 + g * 2 + s) for s in range(2)]
        while not st.is_over():
            seat = st.current_player()
            d = Decision.of(st, seat, [0, 0])
            view = d.view
            values = view.passed[1 - seat]
            if view.deck > 0 and len(d.legal) > 1:
                decisions += 1
                if values:
                    passed += 1
                    excluded.append(sum(RANK[c] in values for c in view.unseen)
                                    / len(view.unseen))
                    held += any(RANK[c] in values for c in st.hands[1 - seat])
            a = d.legal[0] if len(d.legal) == 1 else bots[seat].choose(d)
            st.apply(a, validate=False)
    return {"level": level, "games": games, "seed": seed, "decisions": decisions,
            "with_passed": round(passed / max(1, decisions), 4),
            "unseen_excluded": round(statistics.fmean(excluded), 4) if excluded else 0.0,
            "held_anyway": round(held / max(1, passed), 4)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--level", default="normal")
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--seed", type=int, default=9)
    args = p.parse_args(argv)
    if args.games < 1:
        p.error("--games must be at least 1")
    print(json.dumps(measure(args.level, args.games, args.seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
