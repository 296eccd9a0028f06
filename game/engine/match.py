"""A whole game: deals one after another until a side wins (or a Cassino match).

The match owns the seeded generator (its state is part of the saved game), the cumulative
totals and the rotation of dealers. Each deal is dealt from a deck shuffled by that generator,
so the same seed gives the same games on every machine.
"""

from __future__ import annotations

from typing import Any

from game.engine.base import DealSetup, DealState, Game
from game.engine.errors import Misdeal
from game.engine.rng import Rng


class Match:
    def __init__(
        self,
        game: Game,
        players: int,
        *,
        seed: int = 0,
        options: frozenset[str] = frozenset(),
        dealer: int | None = None,
        keeper: int | None = None,
    ) -> None:
        err = None if players in game.player_counts else f"{game.name}: bad player count"
        if err:
            raise ValueError(err)
        self.game = game
        self.players = players
        self.options = frozenset(options)
        self.rng = Rng(seed)
        self.totals = [0] * game.num_sides(players)
        self.start = list(self.totals)  # the totals before the first deal (a position's scores)
        self.dealer = self.rng.below(players) if dealer is None else dealer  # G-7
        self.keeper = keeper
        self.deals_played = 0
        self.deal: DealState | None = None
        self.setup: DealSetup | None = None
        self.over = False
        self.winner: int | None = None
        self.deal_history: list[list[int]] = []  # each finished deal's scores per side

    def start_deal(self, grab: tuple[bool, bool] | None = None) -> DealState:
        deck = self.game.deck_for(self.players, self.options)
        self.rng.shuffle(deck)
        extra: dict[str, Any] = {}
        keeper = -1
        info = self.game.info
        if info.keeper:  # LD-1
            if self.keeper is None:
                self.keeper = self.rng.below(self.players)
            keeper = self.keeper
            if grab is None:  # LD-3: computer dealers grab exactly about one time in ten
                grab = (self.rng.below(10) == 0, self.rng.below(10) == 0)
            self.dealer = info.dealers(self.dealer, keeper, self.players)[0]  # never the keeper
        self.setup = DealSetup(
            players=self.players,
            deck=tuple(deck),
            dealer=self.dealer,
            scores=tuple(self.totals),
            options=self.options,
            keeper=keeper,
            grab=grab or (False, False),
            extra=extra,
        )
        try:
            self.deal = self.game.new_deal(self.setup)
        except Misdeal:
            return self.start_deal(grab)  # CS-2: the same dealer deals again
        return self.deal

    def finish_deal(self) -> None:
        """Add the finished deal's points, decide the game, and pass the deal on."""
        assert self.deal is not None and self.deal.is_over()
        scores = self.deal.deal_scores() or [0] * len(self.totals)
        self.totals = [t + s for t, s in zip(self.totals, scores)]
        self.deal_history.append(list(scores))
        self.deals_played += 1
        self.over, self.winner = self.game.game_over(self.totals, self.options)
        assert self.setup is not None
        self.dealer = self.game.next_dealer(self.setup)
