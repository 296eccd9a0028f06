"""How a save checks a position of each family of games: the saves' one table
(GameInfo.family). Each family's engine has its own validator (game/engine/canasta/validate.py,
game/engine/cassino/validate.py); a new family registers its own here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.engine.registry import game_info


@dataclass(frozen=True)
class FamilyValidator:
    """``position_problem(rules, players, position)``: what is impossible in a hand-made
    position, or None; ``state_problem(state)``: what no play can reach in a rebuilt deal."""

    position_problem: Callable[[str, int, dict[str, Any]], str | None]
    state_problem: Callable[[Any], str | None]


def _canasta_position(rules: str, players: int, position: dict[str, Any]) -> str | None:
    from game.engine.canasta.validate import position_problem

    return position_problem(rules, players, position)


def _canasta_state(state: Any) -> str | None:
    from game.engine.canasta.validate import state_problem

    return state_problem(state)


def _cassino_position(rules: str, players: int, position: dict[str, Any]) -> str | None:
    from game.engine.cassino.validate import position_problem

    return position_problem(players, position)


def _cassino_state(state: Any) -> str | None:
    from game.engine.cassino.validate import state_problem

    return state_problem(state)


FAMILIES: dict[str, FamilyValidator] = {
    "canasta": FamilyValidator(_canasta_position, _canasta_state),
    "cassino": FamilyValidator(_cassino_position, _cassino_state),
}


def validator_of(rules: str) -> FamilyValidator:
    """The validator of the game ``rules``'s family."""
    return FAMILIES[game_info(rules).family]
