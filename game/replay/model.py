"""A deal record stepped through: the state after any number of its actions.

A record read from disk is untrusted: :class:`Replay` deals it and applies every action once
through the engine before anything is shown, so a record the engine refuses is a one-line
:class:`~game.engine.errors.RecordError`, never a half-drawn table.
"""

from __future__ import annotations

from game.engine.actions import Action, parse_action
from game.engine.base import DealState
from game.engine.errors import CardTableError, RecordError
from game.engine.record import DealRecord, load_record_bytes
from game.engine.registry import get_game


class ActionRefused(RecordError):
    """An action of the record that cannot be read or that the engine refuses (``index``:
    its number, from 1)."""

    def __init__(self, message: str, index: int) -> None:
        super().__init__(message)
        self.index = index


def _check(record: DealRecord) -> list[Action]:
    """The record's actions, each accepted by the engine in turn; RecordError if not."""
    game = get_game(record.rules)
    state = game.new_deal(record.to_setup())
    actions = []
    for i, text in enumerate(record.actions, 1):
        try:
            action = parse_action(text)
            if state.apply_recorded(action) is None:  # an older record's step (LD-13)
                continue
        except CardTableError as e:
            raise ActionRefused(f"action {i} ({text[:40]}) is refused: {e}", i) from None
        actions.append(action)
    return actions


class Replay:
    """A record and a position in it (``step``: how many of its actions have been played)."""

    def __init__(self, record: DealRecord) -> None:
        self.record = record
        self.game = get_game(record.rules)
        self.setup = record.to_setup()
        self.actions = _check(record)
        self.step = 0
        self.state: DealState = self.game.new_deal(self.setup)

    @classmethod
    def from_bytes(cls, data: bytes) -> Replay:
        """A replay of a record file's bytes; RecordError (one line) if it is unusable."""
        return cls(load_record_bytes(data))

    @property
    def total(self) -> int:
        return len(self.actions)

    def state_at(self, step: int) -> DealState:
        """A fresh state: the deal dealt again and its first ``step`` actions applied."""
        state = self.game.new_deal(self.setup)
        for action in self.actions[:step]:
            state.apply(action, validate=False)
        return state

    def go(self, step: int) -> list:
        """Move to ``step`` (kept within 0..total): forward by applying the next actions (their
        events are returned, for the table's card flights), back by dealing again (the
        engine's states do not undo; no events)."""
        step = max(0, min(self.total, step))
        events: list = []
        if step < self.step:
            self.state = self.state_at(step)
        else:
            for action in self.actions[self.step:step]:
                events += self.state.apply(action, validate=False)
        self.step = step
        return events

    def forward(self) -> None:
        self.go(self.step + 1)

    def back(self) -> None:
        self.go(self.step - 1)

    def to_start(self) -> None:
        self.go(0)

    def to_end(self) -> None:
        self.go(self.total)

    @property
    def at_end(self) -> bool:
        return self.step >= self.total

    def history(self) -> list[str]:
        """The actions played so far, as the record writes them (the move log's lines)."""
        return list(self.record.actions[: self.step])
