"""The Game object shared by the four canasta-family games: one engine, one rule set each."""

from __future__ import annotations

from game.base import DealSetup, Game
from game.canasta.ruleset import RuleSet


class CanastaFamilyGame(Game):
    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.name = rules.name
        self.player_counts = rules.player_counts
        self.options = dict(rules.options)

    def deck(self, options=frozenset()):
        return self.rules.deck_codes()

    def deck_for(self, players, options=frozenset()):
        if hasattr(self.rules, "deck_codes_for"):
            return self.rules.deck_codes_for(players)
        return self.rules.deck_codes()

    def num_sides(self, players):
        return self.rules.sides(players)

    def side_of(self, seat, players):
        return self.rules.side_of(seat, players)

    def target(self, options):
        return self.rules.target_for(options)

    def new_deal(self, setup: DealSetup):
        from game.canasta.state import CanastaState

        return CanastaState(self, setup)

    def game_over(self, totals, options):
        over, winner = super().game_over(totals, options)
        if over and winner is None and self.name == "looking-and-down":
            return False, None  # LD-15: a shared highest plays another deal
        return over, winner

    def next_dealer(self, setup):
        if self.rules.deal_style == "looking":
            from game.canasta.deal import down_dealer

            return down_dealer(setup.dealer, setup.keeper, setup.players)  # LD-2
        return (setup.dealer + 1) % setup.players

    def check_setup(self, setup):
        problem = super().check_setup(setup)
        if problem is None and self.rules.deal_style == "looking":
            if setup.dealer == setup.keeper and setup.players > 1:
                return "the score keeper never deals (LD-1)"
        return problem
