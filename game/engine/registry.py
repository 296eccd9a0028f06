"""Every game, declared once: its :class:`~game.engine.gameinfo.GameInfo`, and its rules object.

The declarations are plain data; a game's engine is imported only by :func:`get_game`, when
the game is played (``python -m game --help`` never loads one).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from game.engine.errors import RecordError
from game.engine.gameinfo import GameInfo, Option

if TYPE_CHECKING:
    from game.engine.base import Game

_CANASTA = GameInfo(
    name="canasta", title="Canasta", family="canasta", module="game.engine.canasta.classic",
    attr="CANASTA",
    player_counts=(2, 3, 4), usual_players=4, partnership_counts=(4,),  # CA-1
    target=5000,  # CA-16
    options=(Option("pagat-small-tables", "2 players get 15 cards, draw 2 and need 2 canastas "
                    "to go out; 3 players get 13 cards"),),
)
_QUICK_CANASTA = GameInfo(
    name="quick-canasta", title="Quick Canasta", family="canasta",
    module="game.engine.canasta.quick",
    attr="QUICK_CANASTA",
    player_counts=(2, 3, 4), usual_players=4, partnership_counts=(4,),  # QC-1
    target=5000,  # QC-8
)
_CANASTONE = GameInfo(
    name="canastone", title="Canastone", family="canasta", module="game.engine.canasta.canastone",
    attr="CANASTONE",
    # CS-1: two partnerships at 4, two teams of three seated alternately at 6
    player_counts=(2, 3, 4, 6), usual_players=4, partnership_counts=(4, 6),
    target=12000,  # CS-17
    packets=True,  # CS-3
    options=(
        Option("never-opened-double", "a side that never opened counts its hand cards double"),
        Option("five-canasta-needs-both",
               "the five-canasta bonus needs a clean and a dirty canasta"),
        Option("target-15000", "play to 15000 instead of 12000", target=15000),
        Option("two-clean-to-close",
               "two clean canastas also allow closing (besides clean + dirty)"),
        Option("no-asking", "players may not ask partner before closing"),
    ),
)
_LOOKING_AND_DOWN = GameInfo(
    name="looking-and-down", title="Looking and Down", family="canasta",
    module="game.engine.canasta.looking_down", attr="LOOKING_AND_DOWN",
    player_counts=(2, 3, 4, 5, 6, 7), usual_players=4, partnership_counts=(),  # LD-1
    target=10000, level_plays_on=True,  # LD-15
    options=(Option("no-grab-bonus", "no bonus for an exact grab when dealing"),),
    keeper=True, two_dealers=True, downs=True, out_of_turn=True,  # LD-1, LD-2, LD-10
)
_CASSINO = GameInfo(
    name="cassino", title="Cassino", family="cassino", module="game.engine.cassino.game",
    attr="CASSINO", deal_word="game", game_word="match",
    player_counts=(2, 4), usual_players=2, partnership_counts=(4,),  # CN-2
    target=21, level_plays_on=True,  # CN-11
    options=(Option("target-51", "the match is played to 51 points instead of 21 (CN-11)",
                    target=51),),
)

GAMES: dict[str, GameInfo] = {
    g.name: g for g in (_CANASTA, _QUICK_CANASTA, _CANASTONE, _LOOKING_AND_DOWN, _CASSINO)
}
GAME_NAMES = tuple(GAMES)

def game_info(name: str) -> GameInfo:
    """The declaration of a game, without loading its engine."""
    if name not in GAMES:
        raise RecordError(f"unknown game '{name}' (one of: {', '.join(GAME_NAMES)})")
    return GAMES[name]


def get_game(name: str) -> Game:
    info = game_info(name)
    game: Game = getattr(import_module(info.module), info.attr)
    return game
