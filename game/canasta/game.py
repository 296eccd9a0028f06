"""The Game object shared by the four canasta-family games: one engine, one rule set each."""

from __future__ import annotations

from game.base import DealSetup, Game
from game.canasta.ruleset import RuleSet


class CanastaFamilyGame(Game):
    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.info = rules.info

    def deck(self, options=frozenset()):
        return self.rules.deck_codes()

    def deck_for(self, players, options=frozenset()):
        if hasattr(self.rules, "deck_codes_for"):
            return self.rules.deck_codes_for(players)
        return self.rules.deck_codes()

    def new_deal(self, setup: DealSetup):
        from game.canasta.state import CanastaState

        return CanastaState(self, setup)
