"""Deal records (NOTATION.md, "The record"): the pydantic model, reading, writing, replaying."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

from pydantic import ConfigDict, Field, ValidationError

from game.engine.actions import Action, format_action, parse_action
from game.engine.base import DealSetup, DealState, Game
from game.engine.cards import format_card, parse_card
from game.engine.errors import CardTableError, NotationError, RecordError
from game.engine.registry import game_info, get_game
from game.inputs import MAX_BYTES, InputError, parse_json
from game.safemodel import SafeStrings

FORMAT: Literal["cardtable-record/1"] = "cardtable-record/1"


# The field a family's record names the seat a deal starts from (NOTATION.md): the canasta
# games' dealer, Cassino's first player.
START_FIELD = {"canasta": "dealer", "cassino": "first"}


class DealRecord(SafeStrings):
    model_config = ConfigDict(extra="forbid")

    format: Literal["cardtable-record/1"] = FORMAT
    rules: str
    options: list[str] = Field(default_factory=list)
    players: int
    dealer: int | None = None
    first: int | None = None  # Cassino: the seat that plays first
    keeper: int | None = None  # Looking and Down: the score keeper
    grab: tuple[bool, bool] | None = None  # Looking and Down: exact grabs
    scores: list[int] | None = None
    deck: list[str]
    actions: list[str] = Field(default_factory=list)

    def to_setup(self) -> DealSetup:
        """The deal this record starts from; RecordError if it cannot be dealt."""
        game = get_game(self.rules)
        try:
            deck = tuple(parse_card(c) for c in self.deck)
        except NotationError as e:
            raise RecordError(f"deck: {e}") from None
        info = game_info(self.rules)
        seat = getattr(self, START_FIELD[info.family])
        if seat is None:
            seat = 0
        keeper = -1
        if info.keeper:  # LD-1
            if self.keeper is None:
                raise RecordError("a Looking and Down record names the score keeper ('keeper')")
            if not 0 <= self.keeper < self.players:
                raise RecordError("the keeper must be one of the seats")
            keeper = self.keeper
        sides = game.num_sides(self.players) if self.players in game.player_counts else 0
        setup = DealSetup(
            players=self.players,
            deck=deck,
            dealer=seat,
            scores=tuple(self.scores) if self.scores is not None else (0,) * sides,
            options=frozenset(self.options),
            keeper=keeper,
            grab=self.grab or (False, False),
        )
        problem = game.check_setup(setup)
        if problem:
            raise RecordError(problem)
        return setup

    @classmethod
    def from_setup(cls, rules: str, setup: DealSetup, actions: list[str]) -> DealRecord:
        # Only the fields the game uses are set (a saved record lists no others).
        info = game_info(rules)
        fields: dict[str, Any] = {START_FIELD[info.family]: setup.dealer}
        if info.keeper:  # LD-1, LD-3
            fields.update(keeper=setup.keeper, grab=setup.grab)
        return cls(
            rules=rules,
            options=sorted(setup.options),
            players=setup.players,
            scores=list(setup.scores),
            deck=[format_card(c) for c in setup.deck],
            actions=list(actions),
            **fields,
        )


def load_record_bytes(data: bytes) -> DealRecord:
    """A record from a file's bytes (UTF-8, a byte-order mark allowed); RecordError if not."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RecordError("not text (invalid UTF-8)") from None
    return load_record_text(text)


def load_record_text(text: str) -> DealRecord:
    """Parse and validate a record; RecordError with a one-line reason if unusable."""
    if len(text.encode("utf-8", "replace")) > MAX_BYTES:
        raise RecordError("the record is too large")
    try:
        data = parse_json(text)  # bounded nesting, checked before parsing
    except InputError as e:
        raise RecordError(str(e)) from None
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    try:
        return DealRecord.model_validate(data)
    except ValidationError as e:
        first = e.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "record"
        raise RecordError(f"{where}: {first['msg']}") from None


def replay(record: DealRecord) -> tuple[dict[str, Any], int]:
    """Deal the record and apply its actions; the NOTATION.md result object and exit code."""
    game = get_game(record.rules)
    setup = record.to_setup()
    state: DealState = game.new_deal(setup)
    applied = 0
    error = None
    for i, text in enumerate(record.actions):
        try:
            action = parse_action(text)
            state.apply_recorded(action)
        except CardTableError as e:
            error = {"index": i, "action": text, "reason": str(e)}
            break
        applied += 1
    return result_object(game, setup, state, applied, error), (1 if error else 0)


def result_object(game: Game, setup: DealSetup, state: DealState, applied: int,
                  error: dict[str, Any] | None) -> dict[str, Any]:
    over = state.is_over()
    scores = state.deal_scores() if over else None
    before = list(setup.scores) or [0] * game.num_sides(setup.players)
    totals = [b + s for b, s in zip(before, scores)] if scores else before
    game_over, winner = game.game_over(totals, setup.options) if scores else (False, None)
    return {
        "ok": error is None,
        "applied": applied,
        "error": error,
        "to_move": state.current_player(),
        "deal_over": over,
        "deal_scores": scores,
        "breakdown": state.breakdown() if over else None,
        "totals": totals,
        "game_over": game_over,
        "winner": winner if game_over else None,
        "state": state.summary(),
    }


def actions_text(actions: Iterable[Action]) -> list[str]:
    return [format_action(a) for a in actions]
