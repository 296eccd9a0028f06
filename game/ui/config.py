"""What the new-game dialog produces and the table consumes: :class:`NewGameConfig`.

Plain data (pydantic, no pygame), so it can be stored in the settings as the last game chosen
and validated when read back.
"""

from __future__ import annotations

import random
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from game.registry import GAME_NAMES

# Player counts each game allows (RULES.md CA-1, QC-1, CS-1, LD-1, CN-2).
PLAYER_COUNTS: dict[str, tuple[int, ...]] = {
    "canasta": (2, 3, 4),
    "quick-canasta": (2, 3, 4),
    "canastone": (2, 3, 4, 6),
    "looking-and-down": (2, 3, 4, 5, 6, 7),
    "cassino": (2, 4),
}

# Rule options per game (RULES.md); the default of every game is "no option".
GAME_OPTIONS: dict[str, tuple[str, ...]] = {
    "canasta": ("pagat-small-tables",),
    "quick-canasta": (),
    "canastone": (
        "never-opened-double", "five-canasta-needs-both", "target-15000",
        "two-clean-to-close", "no-asking",
    ),
    "looking-and-down": ("no-grab-bonus",),
    "cassino": ("target-51",),
}

# Games with a score keeper seat (LD-1).
HAS_KEEPER = frozenset({"looking-and-down"})

SeatKind = Literal["human", "computer"]
Level = Literal["easy", "normal", "hard"]
LEVELS: tuple[Level, ...] = ("easy", "normal", "hard")


def target_score(game: str, options: frozenset[str] | set[str] = frozenset()) -> int:
    """The score that ends the game (CA-16, QC-8, CS-17, LD-15, CN-11)."""
    if game == "canastone":
        return 15000 if "target-15000" in options else 12000
    if game == "looking-and-down":
        return 10000
    if game == "cassino":
        return 51 if "target-51" in options else 21
    return 5000


def usual_players(game: str) -> int:
    from game.registry import USUAL_PLAYERS

    return USUAL_PLAYERS.get(game, PLAYER_COUNTS[game][0])


def partnership_kind(game: str, players: int) -> str:
    """How seats form sides (G-2): "partners", "teams_of_three" or "every_player"."""
    if players == 4:
        return "partners"
    if players == 6 and game == "canastone":
        return "teams_of_three"
    return "every_player"


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

    @model_validator(mode="after")
    def _check(self) -> NewGameConfig:
        if self.game not in GAME_NAMES:
            raise ValueError(f"unknown game {self.game!r}")
        if self.players not in PLAYER_COUNTS[self.game]:
            raise ValueError(f"{self.game} is not played by {self.players}")
        if len(self.seats) != self.players:
            raise ValueError("one seat description per player")
        unknown = self.options - set(GAME_OPTIONS[self.game])
        if unknown:
            raise ValueError(f"options {sorted(unknown)} do not belong to {self.game}")
        if not -1 <= self.first_dealer < self.players:
            raise ValueError("first dealer must be a seat or -1")
        if not -1 <= self.keeper < self.players:
            raise ValueError("keeper must be a seat or -1")
        if self.keeper >= 0 and self.game not in HAS_KEEPER:
            raise ValueError(f"{self.game} has no score keeper")
        return self

    @classmethod
    def default(cls, game: str = "canasta", players: int | None = None) -> NewGameConfig:
        n = usual_players(game) if players is None else players
        return cls(game=game, players=n, seats=default_seats(n))

    @property
    def target(self) -> int:
        return target_score(self.game, self.options)

    def resolved(self, rng: random.Random) -> NewGameConfig:
        """A copy with a concrete first dealer and keeper (random ones drawn from ``rng``).

        The Looking and Down keeper never deals (LD-1), so a random dealer skips the keeper.
        """
        keeper = self.keeper
        if self.game in HAS_KEEPER and keeper < 0:
            keeper = rng.randrange(self.players)
        dealer = self.first_dealer
        if dealer < 0:
            seats = [s for s in range(self.players) if s != keeper]
            dealer = rng.choice(seats)
        return self.model_copy(update={"first_dealer": dealer, "keeper": keeper})
