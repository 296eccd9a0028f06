"""Which heuristic, search and hint warning play each family of games: the players' one table
(GameInfo.family). A new family registers its parts here; no player asks a game's name.

The parts are imported when first used, so a player of one family never loads the other's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.engine.base import Game


@dataclass(frozen=True)
class FamilyPlayers:
    """``heuristic(seed, params, slips)``: Easy's and Normal's player (``slips``: Easy's
    mistakes, None at Normal; ``params``: the heuristic's parameters, None for its own);
    ``search(rng, params)``: Hard's search over that heuristic; ``warning(decision, action,
    threshold)``: the hint's warning before a risky move, or None; ``speaks``: the heuristic's
    one-line reason names the aim of its move (Cassino's reasons follow from the move itself)."""

    heuristic: Callable[[int, Any, Any], Any]
    search: Callable[[Any, Any], Any]
    warning: Callable[[Any, Any, float], Any]
    speaks: bool


def _canasta_heuristic(seed: int, params: Any, slips: Any) -> Any:
    from game.players.heuristic_canasta import CanastaHeuristic

    return CanastaHeuristic(seed, params=params, slips=slips)


def _canasta_search(rng: Any, params: Any) -> Any:
    from game.players.canasta_search import CanastaSearch

    return CanastaSearch(rng, params=params)


def _canasta_warning(decision: Any, action: Any, threshold: float) -> Any:
    from game.players.hints import pile_warning

    return pile_warning(decision, action, threshold)


def _cassino_heuristic(seed: int, params: Any, slips: Any) -> Any:
    from game.players.heuristic_cassino import CassinoHeuristic

    return CassinoHeuristic(0, easy=slips is not None)


def _cassino_search(rng: Any, params: Any) -> Any:
    from game.players.cassino_search import CassinoSearch

    return CassinoSearch(rng)


def _cassino_warning(decision: Any, action: Any, threshold: float) -> Any:
    from game.players.hints import trail_warning

    return trail_warning(decision, action, threshold)


FAMILIES: dict[str, FamilyPlayers] = {
    "canasta": FamilyPlayers(_canasta_heuristic, _canasta_search, _canasta_warning, True),
    "cassino": FamilyPlayers(_cassino_heuristic, _cassino_search, _cassino_warning, False),
}


def players_of(game: Game) -> FamilyPlayers:
    """The parts that play ``game`` (its declared family's)."""
    return FAMILIES[game.info.family]
