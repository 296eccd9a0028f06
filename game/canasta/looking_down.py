"""Looking and Down, a Hand and Foot variant (RULES.md section 4, seed 001, Pagat New Canasta)."""

from __future__ import annotations

from game.canasta.game import CanastaFamilyGame
from game.canasta.ruleset import CARD_POINTS, RuleSet
from game.registry import GAMES


class LookingAndDown(RuleSet):
    info = GAMES["looking-and-down"]
    hand_size = 11  # LD-2: 11 looking and 11 down cards
    draw = 2  # LD-9
    points = tuple(0 if c in (2, 41) else p for c, p in enumerate(CARD_POINTS))  # G-4: 3S 3C are 0
    black_three_meld = (7, 7)  # LD-7
    one_meld_per_rank = False  # LD-5
    canasta_closed = True  # LD-6
    melds_per_player = True
    # LD-8
    opening = ((7001, 210), (5001, 150), (3001, 120), (1501, 90), (0, 50), (None, 15))
    canastas_to_go_out = 2  # LD-12
    concealed_bonus = None
    asking = False
    take_with_wild = False
    take_by_adding = False
    red_threes_laid_out = False  # LD-7
    unopened_pile_frozen = False
    deal_style = "looking"
    stock_end = "looking"

    def deck_codes_for(self, players: int) -> list[int]:
        return (list(range(52)) + [52, 52]) * (players + 1)  # LD-1

    def natural_meld_problem(self, nat, wild, size):
        """LD-5: 3 to 7 cards, wild cards fewer than half."""
        if size < 3:
            return "meld_three_cards"
        if size > 7:
            return "ld_meld_seven"
        if 2 * wild >= size:
            return "ld_meld_half_wild"
        return None

    fixed_wild_room = False

    def wild_room(self, nat, wild, size):
        return min(size - 2 * wild - 1, 7 - size)

    def canasta_bonus(self, meld):
        """LD-6: red 500, black 300, red with a red three 1000."""
        if meld.wild:
            return 300
        return 1000 if meld.red3 else 500


LOOKING_AND_DOWN = CanastaFamilyGame(LookingAndDown())
