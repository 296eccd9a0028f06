"""Regenerate the golden Cassino records (run from the repository root):

    .venv/bin/python tests/golden/cassino/make_records.py

Each record is one whole Cassino game dealt from ``Rng(seed)`` shuffling the 52 cards, played
by a fixed policy for every seat, chosen to exercise captures, reservations, overrides and
sweeps:

1. under CN-7 (own reservation), capture it with as many cards as possible;
2. otherwise the capture taking the most cards, if it takes at least 2 table cards or any
   table card worth a point (an ace, 2S, 10D) or empties the table;
3. otherwise the first listed reservation;
4. otherwise a single-card capture;
5. otherwise trail the lowest card (ties: first in hand).
The expected scores in the tests were worked out separately (see the .md files).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from game.engine.actions import format_action  # noqa: E402
from game.engine.base import DealSetup  # noqa: E402
from game.engine.cards import RANK, format_card  # noqa: E402
from game.engine.cassino.game import CASSINO  # noqa: E402
from game.engine.record import DealRecord  # noqa: E402
from game.engine.rng import Rng  # noqa: E402

POINT_CARDS = {0, 13, 26, 39, 1, 35}  # aces, 2S, 10D


def choose(state):
    acts = state.legal_actions()
    caps = [a for a in acts if a.verb == "capture"]
    if state.owned(state.turn) is not None:
        return max(caps or acts, key=lambda a: len(a.cards()))
    table_size = len(state.loose) + sum(len(r[0]) for r in state.res)
    best = max(caps, key=lambda a: len(a.cards()), default=None)
    if best is not None and (len(best.groups[1]) >= 2 or POINT_CARDS & set(best.groups[1])
                             or len(best.groups[1]) == table_size):
        return best
    builds = [a for a in acts if a.verb == "build"]
    if builds:
        return builds[0]
    if best is not None:
        return best
    trails = [a for a in acts if a.verb == "trail"]
    return min(trails, key=lambda a: RANK[a.groups[0][0]])


def make(players: int, seed: int, first: int) -> dict:
    deck = list(range(52))
    Rng(seed).shuffle(deck)
    setup = DealSetup(players=players, deck=tuple(deck), dealer=first, scores=(0, 0))
    state = CASSINO.new_deal(setup)
    actions = []
    while not state.is_over():
        a = choose(state)
        actions.append(format_action(a))
        state.apply(a)
    rec = DealRecord.from_setup("cassino", setup, actions)
    assert [format_card(c) for c in deck] == rec.deck
    return rec.model_dump(exclude_none=True)


GAMES = {"game_2p.json": (2, 2026, 1), "game_4p.json": (4, 77, 2)}

if __name__ == "__main__":
    here = Path(__file__).resolve().parent
    for name, (players, seed, first) in GAMES.items():
        (here / name).write_text(json.dumps(make(players, seed, first), indent=1) + "\n")
        print("wrote", name)
