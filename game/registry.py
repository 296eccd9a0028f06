"""Game names (as in records and on the command line) to their rules objects."""

from __future__ import annotations

from importlib import import_module

from game.base import Game
from game.errors import RecordError

# name -> (module, attribute); imported on first use so that each game loads only when needed.
_GAMES = {
    "canasta": ("game.canasta.classic", "CANASTA"),
    "quick-canasta": ("game.canasta.quick", "QUICK_CANASTA"),
    "canastone": ("game.canasta.canastone", "CANASTONE"),
    "looking-and-down": ("game.canasta.looking_down", "LOOKING_AND_DOWN"),
    "cassino": ("game.cassino.game", "CASSINO"),
}
GAME_NAMES = tuple(_GAMES)

# The usual player count of each game (bench, defaults in menus).
USUAL_PLAYERS = {
    "canasta": 4, "quick-canasta": 4, "canastone": 4, "looking-and-down": 4, "cassino": 2,
}


def get_game(name: str) -> Game:
    if name not in _GAMES:
        raise RecordError(f"unknown game '{name}' (one of: {', '.join(GAME_NAMES)})")
    module, attr = _GAMES[name]
    return getattr(import_module(module), attr)
