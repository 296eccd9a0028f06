"""Quick Canasta, the draw-two variant (RULES.md section 2, seed 003)."""

from __future__ import annotations

from game.canasta.classic import Canasta
from game.canasta.game import CanastaFamilyGame
from game.registry import GAMES


class QuickCanasta(Canasta):
    info = GAMES["quick-canasta"]
    draw = 2  # QC-2
    concealed_bonus = None  # QC-6: no concealed going out
    stock_end = "quick"  # QC-7

    def hand_size_for(self, players, options):
        return 11  # QC-1: all counts

    def draw_for(self, players, options):
        return 2

    def canastas_needed(self, players, options):
        return 1  # QC-6


QUICK_CANASTA = CanastaFamilyGame(QuickCanasta())
