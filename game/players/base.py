"""The seat interface: what a computer player is given and what it returns.

A player never sees the state. It gets a :class:`Decision`: its seat, the observation of that
seat (``DealState.observation``), the legal actions of that seat (which depend only on what the
seat may see), the game and the match scores, and a deadline. It returns one of the legal
actions. Players are plain objects with their own seeded generator, so a saved game resumes
with the same computer moves.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.actions import Action
from game.rng import Rng


@dataclass
class Decision:
    rules: str
    players: int
    seat: int
    observation: dict
    legal: list[Action]
    totals: list[int] = field(default_factory=list)
    options: frozenset[str] = frozenset()
    deadline_ms: int = 1000


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
