"""The computer players' choices are pinned: fixed-seed self-play of every game (usual player
count) and level (Hard with a fixed number of sampled worlds per searched decision) plays the
recorded actions (tests/players/choices.json, the first actions of one deal as a hash).

A change meant to leave the play alone (a refactoring, a speed-up) must keep this passing. A
change meant to alter the play updates the file: ``python tools/ai_choices.py pin`` (the tool
also records and compares longer runs, naming the first differing action)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.engine.registry import GAME_NAMES, game_info
from game.lab.fixed_play import LEVELS, digest, play_sequence

PINNED = json.loads((Path(__file__).parent / "choices.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("rules", GAME_NAMES)
def test_players_choose_as_recorded(rules):
    for level in LEVELS:
        actions = play_sequence(rules, game_info(rules).usual_players, level, PINNED["seed"],
                                PINNED["samples"], PINNED["max_actions"])
        assert digest(actions) == PINNED["sequences"][f"{rules}/{level}"], level
