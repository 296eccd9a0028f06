"""What the new-game dialog produces and the table consumes: :class:`NewGameConfig`.

Plain data (pydantic, no pygame), so it can be stored in the settings as the last game chosen
and validated when read back.
"""

from __future__ import annotations

import random
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from game.engine.deals import MAX_NUMBER
from game.engine.gameinfo import GameInfo
from game.engine.registry import GAMES

SeatKind = Literal["human", "computer"]
Level = Literal["easy", "normal", "hard"]
LEVELS: tuple[Level, ...] = ("easy", "normal", "hard")


class SeatConfig(BaseModel):
    model_config = ConfigDict(frozen=True)

    kind: SeatKind = "computer"
    level: Level = "normal"


def default_seats(players: int) -> tuple[SeatConfig, ...]:
    """Seat 0 (the lower edge of the screen) is the human, the others computers (G-1)."""
    return (SeatConfig(kind="human"),) + tuple(SeatConfig() for _ in range(players - 1))


class NewGameConfig(BaseModel):
    """A game to start. ``first_dealer`` and ``keeper`` are seats, or -1 for random."""

    model_config = ConfigDict(frozen=True)

    game: str = "canasta"
    players: int = 4
    seats: tuple[SeatConfig, ...] = Field(default_factory=lambda: default_seats(4))
    options: frozenset[str] = frozenset()
    first_dealer: int = -1
    keeper: int = -1  # Looking and Down only
    # The game's number (docs/deals.md) when the player asked for one; None: a new number.
    # Never remembered as the last game (App.start_game drops it).
    number: int | None = Field(None, ge=1, le=MAX_NUMBER)

    @model_validator(mode="after")
    def _check(self) -> NewGameConfig:
        info = GAMES.get(self.game)
        if info is None:
            raise ValueError(f"unknown game {self.game!r}")
        if self.players not in info.player_counts:
            raise ValueError(f"{self.game} is not played by {self.players}")
        if len(self.seats) != self.players:
            raise ValueError("one seat description per player")
        unknown = self.options - set(info.option_names)
        if unknown:
            raise ValueError(f"options {sorted(unknown)} do not belong to {self.game}")
        if not -1 <= self.first_dealer < self.players:
            raise ValueError("first dealer must be a seat or -1")
        if not -1 <= self.keeper < self.players:
            raise ValueError("keeper must be a seat or -1")
        if self.keeper >= 0 and not info.keeper:
            raise ValueError(f"{self.game} has no score keeper")
        return self

    @classmethod
    def default(cls, game: str = "canasta", players: int | None = None) -> NewGameConfig:
        n = GAMES[game].usual_players if players is None else players
        return cls(game=game, players=n, seats=default_seats(n))

    @property
    def info(self) -> GameInfo:
        return GAMES[self.game]

    @property
    def target(self) -> int:
        return self.info.target_for(self.options)

    def resolved(self, rng: random.Random) -> NewGameConfig:
        """A copy with a concrete first dealer and keeper (random ones drawn from ``rng``).

        The Looking and Down keeper never deals (LD-1), so a random dealer skips the keeper.
        """
        keeper = self.keeper
        if self.info.keeper and keeper < 0:
            keeper = rng.randrange(self.players)
        dealer = self.first_dealer
        if dealer < 0:
            dealer = rng.choice(self.info.dealer_choices(self.players, keeper))
        return self.model_copy(update={"first_dealer": dealer, "keeper": keeper})
