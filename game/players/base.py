"""The seat interface: what a computer player is given and what it returns.

A player never sees the state. It gets a :class:`Decision`: its seat, the typed public view of
that seat (``state.view(seat)``: game.engine.canasta.seatview,
game.engine.cassino.view), the legal actions of
that seat (which depend only on what the seat may see), the game and the match scores, and a
deadline. It returns one of the legal
actions. Players are plain objects with their own seeded generator, so a saved game resumes
with the same computer moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from game.engine.actions import Action
from game.engine.base import Game
from game.engine.canasta.seatview import SeatView
from game.engine.cassino.view import CassinoView
from game.engine.rng import Rng


@dataclass
class Decision:
    game: Game  # the rules object itself: a player never looks the game up again by name
    players: int
    seat: int
    view: SeatView | CassinoView
    legal: list[Action]
    totals: list[int] = field(default_factory=list)
    options: frozenset[str] = frozenset()
    deadline_ms: int = 1000

    @property
    def rules(self) -> str:
        """The game's name (as records and explanations write it)."""
        return self.game.name

    @classmethod
    def of(cls, state: Any, seat: int, totals: Sequence[int] = (),
           options: frozenset[str] = frozenset(), deadline_ms: int = 1000) -> Decision:
        """The decision of ``seat`` in ``state``: its view and its legal actions."""
        return cls(state.game, state.players, seat, state.view(seat),
                   state.legal_actions(seat), list(totals), options, deadline_ms)


class Player:
    """Base class: ``choose`` returns one action of ``decision.legal``."""

    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, decision: Decision) -> Action:
        return self.rng.choice(decision.legal)

    def choose_optional(self, decision: Decision) -> Action | None:
        """An out-of-turn right (Looking and Down, frozen in time): an action of
        ``decision.legal``, or None to let the moment pass. By default the player waits."""
        return None

    # The generator's state is saved with the game (issue: resume identically).
    def get_state(self) -> int:
        return self.rng.state

    def set_state(self, state: int) -> None:
        self.rng.state = state
