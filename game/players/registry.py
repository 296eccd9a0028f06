"""Levels to player classes. Later levels register here; the table asks by level name."""

from __future__ import annotations

from game.players.base import Player
from game.players.simple import SimplePlayer

LEVELS: dict[str, type[Player]] = {
    "random": Player,
    "simple": SimplePlayer,
}
DEFAULT_LEVEL = "simple"


def make_player(level: str, seed: int) -> Player:
    cls = LEVELS.get(level) or LEVELS[DEFAULT_LEVEL]
    return cls(seed)
