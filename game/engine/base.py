"""The interface every game implements, after OpenSpiel's Game/State split.

A :class:`Game` knows a game's rules for a whole game (decks, seats, sides, options, how deals
follow one another, when the game ends) and makes :class:`DealState` objects. A deal state is
one deal (in Cassino one game, a pass through the deck): whose move it is, which actions are
legal and why not, applying an action, the score at the end, and what each seat may see.

Both are plain Python (no pygame). Validation with pydantic happens at the boundaries
(records, saves, settings), never here.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any

from game.engine.actions import Action
from game.engine.events import Event, seen_by
from game.engine.gameinfo import GameInfo


@dataclass(frozen=True)
class DealSetup:
    """Everything that fixes a deal before its first action (NOTATION.md, "The record").

    ``dealer`` is the dealer's seat; in Looking and Down the looking dealer; in Cassino the seat
    that plays first. ``scores`` are each side's totals before the deal.
    """

    players: int
    deck: tuple[int, ...]
    dealer: int = 0
    scores: tuple[int, ...] = ()
    options: frozenset[str] = frozenset()
    keeper: int = -1  # Looking and Down's score keeper
    grab: tuple[bool, bool] = (False, False)  # Looking and Down's exact grabs
    extra: dict[str, Any] = field(default_factory=dict, compare=False)


class DealState(ABC):
    """One deal in progress. Mutable; ``clone`` gives an independent copy."""

    game: Game
    setup: DealSetup
    players: int

    @abstractmethod
    def current_player(self) -> int:
        """The seat whose turn it is, or -1 when the deal is over."""

    def actors(self) -> list[int]:
        """Every seat that may act now, the current player first (out-of-turn rights too)."""
        p = self.current_player()
        return [] if p < 0 else [p]

    def turn_count(self) -> int:
        """How many turns of this deal have begun: with the current player, it tells a new turn
        (when the out-of-turn rights are offered again, game.driver)."""
        return 0

    @abstractmethod
    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The legal actions of ``seat`` (default: the current player)."""

    @abstractmethod
    def why_illegal(self, action: Action) -> str | None:
        """None when the action is legal here, else a sentence a player understands."""

    def is_legal(self, action: Action) -> bool:
        return self.why_illegal(action) is None

    def apply_recorded(self, action: Action) -> list[Event] | None:
        """Apply an action read from a record or a save, checked as ``apply`` does, but as an
        older version wrote it: a step the rules no longer ask for reads as nothing (None;
        Looking and Down's draw in the last round, LD-13), and a move whose conditions grew
        stricter since stands (a variant says which). Every reader of recorded actions calls
        this, so that older records and saves keep loading."""
        return self.apply(action)

    # Event kinds that move cards into a seat's hidden hand (each game declares its own).
    private_events: frozenset[str] = frozenset()

    def events_seen_by(self, events: list[Event], seat: int) -> list[Event]:
        """``events`` as ``seat`` may see them: other seats' hidden cards as HIDDEN
        (game.engine.events.seen_by), every public card as it is."""
        return seen_by(events, seat, self.private_events)

    @abstractmethod
    def apply(self, action: Action, *, validate: bool = True) -> list[Event]:
        """Apply an action, returning its events; raise IllegalActionError(reason) if refused.
        ``validate=False`` skips the check, for actions taken from ``legal_actions``."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def deal_scores(self) -> list[int] | None:
        """Each side's points for this deal once it is over, else None."""

    @abstractmethod
    def breakdown(self) -> list[dict[str, int]] | None:
        """Per side, the named parts of the deal's points, once it is over."""

    @abstractmethod
    def clone(self) -> DealState: ...

    @abstractmethod
    def observation(self, seat: int) -> dict[str, Any]:
        """Everything ``seat`` may know, and nothing more (JSON-friendly)."""

    @abstractmethod
    def summary(self) -> dict[str, Any]:
        """The replay ``state`` object of NOTATION.md (the whole table, hands included)."""

    @abstractmethod
    def check_invariants(self) -> list[str]:
        """Violations of card conservation and score arithmetic; empty when all is well."""


class Game(ABC):
    """A game's rules for a whole game; a factory for deals. Its declared facts (name, player
    counts, sides, options, target, dealers) come from ``info``, registered in
    game.engine.registry."""

    info: GameInfo

    @property
    def name(self) -> str:
        """The record's "rules" name."""
        return self.info.name

    @property
    def player_counts(self) -> tuple[int, ...]:
        return self.info.player_counts

    @property
    def options(self) -> dict[str, str]:
        """Option name -> one-line description."""
        return self.info.option_summaries()

    @abstractmethod
    def deck(self, options: frozenset[str] = frozenset()) -> list[int]:
        """Every card of the game's decks, in a fixed order."""

    def deck_for(self, players: int, options: frozenset[str] = frozenset()) -> list[int]:
        """The deck for a player count (Looking and Down uses one deck more than players)."""
        return self.deck(options)

    def num_sides(self, players: int) -> int:
        return self.info.num_sides(players)

    def side_of(self, seat: int, players: int) -> int:
        return self.info.side_of(seat, players)

    @abstractmethod
    def new_deal(self, setup: DealSetup) -> DealState:
        """Deal from ``setup.deck`` and play the automatic steps."""

    def target(self, options: frozenset[str]) -> int:
        return self.info.target_for(options)

    def game_over(self, totals: list[int], options: frozenset[str]) -> tuple[bool, int | None]:
        """(over, winning side or None for a draw) after a deal: the game ends when a side
        reaches the target and the higher total wins; level is a draw (G-6), or plays another
        deal where the game declares it (LD-15, CN-11)."""
        if max(totals) < self.target(options):
            return False, None
        best = max(totals)
        winners = [s for s, t in enumerate(totals) if t == best]
        if len(winners) > 1:
            return (False, None) if self.info.level_plays_on else (True, None)
        return True, winners[0]

    def from_position(self, players: int, position: dict[str, Any]) -> DealState:
        """A deal set up from a position as practice files and saves write it (the fields of
        each game's position builder); ValueError (RecordError) when it is impossible."""
        raise NotImplementedError(f"{self.name} has no positions")

    def next_dealer(self, setup: DealSetup) -> int:
        """The next deal's dealer (G-7; Looking and Down LD-2)."""
        return self.info.next_dealer(setup.dealer, setup.keeper, setup.players)

    def check_setup(self, setup: DealSetup) -> str | None:
        """None when the setup can be dealt, else why not (for records)."""
        if setup.players not in self.player_counts:
            counts = ", ".join(map(str, self.player_counts))
            return f"{self.name} is played by {counts} players, not {setup.players}"
        if sorted(setup.deck) != sorted(self.deck_for(setup.players, setup.options)):
            return f"the deck must hold every card of the {self.name} decks exactly once"
        if not 0 <= setup.dealer < setup.players:
            return "the dealer must be one of the seats"
        unknown = sorted(set(setup.options) - set(self.info.option_names))
        if unknown:
            return f"unknown option(s) for {self.name}: {', '.join(unknown)}"
        sides = self.num_sides(setup.players)
        if setup.scores and len(setup.scores) != sides:
            return f"scores must list {sides} sides"
        if self.info.keeper and setup.dealer == setup.keeper and setup.players > 1:
            return "the score keeper never deals (LD-1)"
        return None
