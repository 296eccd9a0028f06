"""Levels to player classes. Later levels register here; the table asks by level name.

- ``random``: uniformly random legal moves (tests only).
- ``simple``: the fallback: legal and greedy, knows nothing of strategy.
- ``easy``: the Normal heuristic with deliberate human-like slips.
- ``normal``: the tuned heuristic of each game (game/players/heuristic_*.py).
- ``hard``: a time-bounded search over its heuristic's best moves (game/players/*_search.py;
  the heuristic is Normal's, retuned for Hard in every game: docs/ai-journal.md, Tuning).
- ``exploiter``: tournaments only (not in the New game menu): takes every pile it can and
  baits with its discards (game/players/exploiter.py).
"""

from __future__ import annotations

from game.players.base import Player
from game.players.exploiter import ExploiterPlayer
from game.players.levels import EasyPlayer, HardPlayer, NormalPlayer
from game.players.simple import SimplePlayer

LEVELS: dict[str, type[Player]] = {
    "random": Player,
    "simple": SimplePlayer,
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "hard": HardPlayer,
    "exploiter": ExploiterPlayer,
}
DEFAULT_LEVEL = "normal"  # Normal beats Simple in every game (docs/ai.md)


def make_player(level: str, seed: int) -> Player:
    cls = LEVELS.get(level) or LEVELS[DEFAULT_LEVEL]
    return cls(seed)
