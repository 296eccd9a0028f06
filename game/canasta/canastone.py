"""Canastone, Italian canasta (RULES.md section 3, seed 000, Pagat Canastone)."""

from __future__ import annotations

from game.canasta.game import CanastaFamilyGame
from game.canasta.ruleset import NATURAL_RANKS, RuleSet, is_wild
from game.registry import GAMES


class Canastone(RuleSet):
    info = GAMES["canastone"]
    decks = 3  # CS-1: three 54-card decks
    hand_size = 15  # CS-1
    draw = 2  # CS-10
    max_wild_in_meld = 2  # CS-5
    black_three_meld = None
    wild_meld = True  # CS-6
    # CS-8 (200 only matters when the target is above 12000)
    opening = ((12000, 200), (10000, 180), (7000, 160), (5000, 120), (3000, 90), (None, 50))
    concealed_bonus = None
    going_out_bonus = 300  # CS-15: closing
    discard_to_go_out = True  # CS-12
    take_with_wild = False  # CS-11: natural cards only
    take_by_adding = False  # CS-11: never by adding the top card alone
    take_naturals_frozen = 3
    unopened_pile_frozen = False  # CS-9 already keeps an unopened side off the pile
    open_first = True  # CS-9
    ask_right_after_draw = False  # CS-13: any time before closing, before the draw too
    draw_after_take = 1  # CS-10
    deal_style = "canastone"
    stock_end = "canastone"

    def natural_meld_problem(self, nat, wild, size):
        """CS-5: at most 2 wild cards, and fewer wild cards than natural cards."""
        if size < 3:
            return "meld_three_cards"
        if wild > 2:
            return "cs_meld_two_wild"
        if wild >= nat:
            return "cs_meld_fewer_wild"
        return None

    fixed_wild_room = False

    def wild_room(self, nat, wild, size):
        return min(2, nat - 1) - wild

    def canasta_accepts_wild(self):
        return False  # CS-7: only natural cards are added to a natural-rank canasta

    def wild_meld_clean(self, jokers, twos):
        """CS-7: dirty exactly when it holds at least 2 twos and at least 1 joker."""
        return not (twos >= 2 and jokers >= 1)

    def canasta_bonus(self, meld):
        """CS-15."""
        if meld.rank == 0:
            if not self.wild_meld_clean(meld.jok, meld.two):
                return 2000
            return 3000 if meld.jok == 0 else 5000
        if meld.rank == 1:
            return 1000 if meld.wild == 0 else 500
        return 500 if meld.wild == 0 else 300

    def red_three_score(self, count, opened, clean, dirty):
        """CS-16: per red three by the side's canastas, doubled with four or more."""
        if clean and dirty:
            each = 100
        elif clean:
            each = 0
        elif dirty:
            each = -100
        else:
            each = -200
        return each * count * (2 if count >= 4 else 1)

    def five_canasta_bonus(self, clean: int, dirty: int, options) -> int:
        """CS-15: five or more canastas +1000, or +2000 with five natural and one mixed."""
        if clean + dirty < 5:
            return 0
        if clean >= 5 and dirty >= 1:
            return 2000
        if "five-canasta-needs-both" in options and not (clean and dirty):
            return 0
        return 1000

    def going_out_allowed(self, clean, dirty, canastas, needed, wild_meld_open, options):
        """CS-12 (and the option two-clean-to-close)."""
        if wild_meld_open:
            return False
        return (clean >= 1 and dirty >= 1) or ("two-clean-to-close" in options and clean >= 2)

    def going_out_discard_ok(self, code):
        """CS-12: the closing discard is a natural card 4..A."""
        from game.cards import RANK

        return not is_wild(code) and RANK[code] in NATURAL_RANKS


CANASTONE = CanastaFamilyGame(Canastone())
