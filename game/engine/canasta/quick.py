"""Quick Canasta, the draw-two variant (RULES.md section 2, seed 003)."""

from __future__ import annotations

from typing import Self

from game.engine.canasta.classic import Canasta
from game.engine.canasta.game import CanastaFamilyGame
from game.engine.canasta.state import CanastaState
from game.engine.events import Event
from game.engine.registry import GAMES


class QuickCanasta(Canasta):
    info = GAMES["quick-canasta"]
    draw = 2  # QC-2
    concealed_bonus = None  # QC-6: no concealed going out
    pile_compulsory = False  # QC-7: the stock's end has its own rule
    take_more_naturals = False  # QC-4: exactly 2 cards from hand plus the top card

    # QC-1, QC-2, QC-6 at every player count: classic Canasta's small-table option does not
    # apply, so the declared data stands.
    def hand_size_for(self, players: int, options: frozenset[str]) -> int:
        return self.hand_size

    def draw_for(self, players: int, options: frozenset[str]) -> int:
        return self.draw

    def canastas_needed(self, players: int, options: frozenset[str]) -> int:
        return self.canastas_to_go_out


class QuickCanastaState(CanastaState):
    """QC-7: once the stock is empty, only the player after the one who drew its last card
    may still take the pile; after that player's turn the deal ends."""

    __slots__ = ("final_taker",)

    def _init_variant(self) -> None:
        self.final_taker = -1  # the seat that may take the pile after the stock's end

    def _stock_ran_out(self, seat: int) -> None:
        if self.final_taker < 0:
            self.final_taker = (seat + 1) % self.players

    def _turn_begins(self, seat: int, ev: list[Event]) -> None:
        if not self.stock and (self.final_taker != seat or not self._take_variants(seat)):
            self._end_deal("stock exhausted", ev)

    def _turn_ends_deal(self, seat: int) -> bool:
        return self.final_taker == seat and not self.stock

    def clone(self) -> Self:
        c = super().clone()
        c.final_taker = self.final_taker
        return c


QUICK_CANASTA = CanastaFamilyGame(QuickCanasta(), QuickCanastaState)
