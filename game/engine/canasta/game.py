"""The Game object shared by the four canasta-family games: one engine, one rule set each."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.base import DealSetup, Game
from game.engine.canasta.ruleset import RuleSet

if TYPE_CHECKING:
    from game.engine.canasta.state import CanastaState


class CanastaFamilyGame(Game):
    """A game of the family: its rule set (the rules' data and pure hooks) and the class of
    its deal states (the variant's own state and the turn hooks it overrides)."""

    def __init__(self, rules: RuleSet, state_class: type[CanastaState] | None = None) -> None:
        self.rules = rules
        self.info = rules.info
        self._state_class = state_class

    def deck(self, options: frozenset[str] = frozenset()) -> list[int]:
        return self.rules.deck_codes()

    def deck_for(self, players: int, options: frozenset[str] = frozenset()) -> list[int]:
        return self.rules.deck_codes_for(players)

    def from_position(self, players: int, position: dict[str, Any]) -> CanastaState:
        from game.engine.canasta.position import build_position

        kw = dict(position)
        kw["options"] = frozenset(kw.get("options", ()))
        return build_position(self.name, players, **kw)

    def new_deal(self, setup: DealSetup) -> CanastaState:
        state_class = self._state_class
        if state_class is None:  # classic Canasta: the base state
            from game.engine.canasta.state import CanastaState

            state_class = CanastaState
        return state_class(self, setup)
