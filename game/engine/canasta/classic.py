"""Classic Canasta (RULES.md section 1, seed 004, Pagat Classic Canasta)."""

from __future__ import annotations

from game.engine.canasta.game import CanastaFamilyGame
from game.engine.canasta.ruleset import RuleSet
from game.engine.registry import GAMES


class Canasta(RuleSet):
    info = GAMES["canasta"]
    decks = 2  # CA-1: two 54-card decks
    hand_size = 11
    draw = 1
    opening = ((3000, 120), (1500, 90), (0, 50), (None, 15))  # CA-7
    concealed_bonus: int | None = 200  # CA-15
    take_more_naturals = True  # CA-9: 2 or more natural cards, all melded with the top card

    def hand_size_for(self, players: int, options: frozenset[str]) -> int:
        if "pagat-small-tables" in options:
            return {2: 15, 3: 13}.get(players, 11)
        return 11

    def draw_for(self, players: int, options: frozenset[str]) -> int:
        return 2 if "pagat-small-tables" in options and players == 2 else 1

    def canastas_needed(self, players: int, options: frozenset[str]) -> int:
        return 2 if "pagat-small-tables" in options and players == 2 else 1


CANASTA = CanastaFamilyGame(Canasta())
