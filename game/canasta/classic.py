"""Classic Canasta (RULES.md section 1, seed 004, Pagat Classic Canasta)."""

from __future__ import annotations

from game.canasta.game import CanastaFamilyGame
from game.canasta.ruleset import RuleSet


class Canasta(RuleSet):
    name = "canasta"
    title = "Canasta"
    decks = 2  # CA-1: two 54-card decks
    player_counts = (2, 3, 4)
    partnership_counts = (4,)
    options = {
        "pagat-small-tables": "2 players get 15 cards, draw 2 and need 2 canastas to go out; "
        "3 players get 13 cards",
    }
    target = 5000  # CA-16
    hand_size = 11
    draw = 1
    opening = ((3000, 120), (1500, 90), (0, 50), (None, 15))  # CA-7
    concealed_bonus = 200  # CA-15

    def hand_size_for(self, players, options):
        if "pagat-small-tables" in options:
            return {2: 15, 3: 13}.get(players, 11)
        return 11

    def draw_for(self, players, options):
        return 2 if "pagat-small-tables" in options and players == 2 else 1

    def canastas_needed(self, players, options):
        return 2 if "pagat-small-tables" in options and players == 2 else 1


CANASTA = CanastaFamilyGame(Canasta())
