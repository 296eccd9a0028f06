"""The save file: a pydantic model of everything needed to continue a game exactly.

A save is one JSON object (docs/saves.md has an example)::

    format    "cardtable-save"
    version   the format version (SAVE_VERSION, 2); older ones are migrated (game.saves.migrate)
    game_id   32 hex digits, the same for every save of one game
    created, updated   UTC times, "2026-11-21T08:04:32Z"
    practice  null, or the title/description of a bundled practice position
    summary   what a Load screen shows (derived from the session; checked on loading)
    session   GameSession.snapshot(): options, seats, bots' generators, the match (generator,
              totals, dealer, earlier deals' scores), the deal (deck, setup, actions)
    checksum  "sha256:" + hex digest of the canonical JSON of every other field

Every field is typed strictly and bounded, and unknown fields are refused; the engine then
re-checks what types cannot (that the deck is the game's deck, that every action is legal,
that cards are conserved and totals add up): see game.saves.files.
"""

from __future__ import annotations

import hashlib
import json
import re
from datetime import UTC, date, datetime
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    Tag,
    model_validator,
)

from game.engine.deals import MAX_NUMBER
from game.engine.registry import GAMES, game_info
from game.safemodel import SafeStrings

FORMAT = "cardtable-save"
SAVE_VERSION = 2

MAX_PLAYERS = 7
MAX_ACTIONS = 20_000  # one deal's actions; a long Looking and Down deal has ~1,500
MAX_DEALS = 10_000
MAX_DECK = 54 * (MAX_PLAYERS + 1)  # Looking and Down with 7 players
MAX_SCORE = 10_000_000
MAX_NAME = 40

_CARD = r"(?:A|[2-9]|10|J|Q|K)[SHDC]|JK"
CARD_RE = re.compile(rf"^(?:{_CARD})$")
_CARDS_TEXT_RE = rf"^(?:(?:{_CARD})(?: (?:{_CARD}))*)?$"

Card = Annotated[StrictStr, Field(pattern=rf"^(?:{_CARD})$")]
CardsText = Annotated[StrictStr, Field(max_length=4 * MAX_DECK, pattern=_CARDS_TEXT_RE)]
Seat = Annotated[StrictInt, Field(ge=0, lt=MAX_PLAYERS)]
Score = Annotated[StrictInt, Field(ge=-MAX_SCORE, le=MAX_SCORE)]
U64 = Annotated[StrictInt, Field(ge=0, lt=1 << 64)]
ActionText = Annotated[StrictStr, Field(min_length=3, max_length=600,
                                        pattern=r"^[0-9] [a-z]+(?: [0-9A-Za-z#=/+ ]*)?$")]
OptionName = Annotated[StrictStr, Field(min_length=1, max_length=40, pattern=r"^[a-z0-9-]+$")]
Name = Annotated[StrictStr, Field(max_length=MAX_NAME)]


def _timestamp(v: str) -> str:
    try:
        datetime.strptime(v, "%Y-%m-%dT%H:%M:%SZ")
    except ValueError:
        raise ValueError("not a UTC time like 2026-11-21T08:04:32Z") from None
    return v


Timestamp = Annotated[StrictStr, Field(max_length=20), AfterValidator(_timestamp)]


def _day(v: str) -> str:
    try:
        date.fromisoformat(v)
    except ValueError:
        raise ValueError("not a date like 2026-11-23") from None
    return v


Day = Annotated[StrictStr, Field(pattern=r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"), AfterValidator(_day)]
DealNumber = Annotated[StrictInt, Field(ge=1, le=MAX_NUMBER)]


def _declared_game(name: str) -> str:
    if name not in GAMES:  # the registry's games (a test may declare its own variant)
        raise ValueError(f"unknown game {name!r}")
    return name


GameName = Annotated[StrictStr, Field(max_length=40), AfterValidator(_declared_game)]


def now_stamp() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# ---- the session snapshot (GameSession.snapshot()) -----------------------------------------

class SeatPayload(_Strict):
    kind: Literal["human", "computer"]
    level: Annotated[StrictStr, Field(min_length=1, max_length=32, pattern=r"^[a-z0-9_-]+$")]
    name: Name


class MatchPayload(_Strict):
    rng: U64
    totals: Annotated[list[Score], Field(min_length=2, max_length=MAX_PLAYERS)]
    dealer: Seat
    keeper: Seat | None
    deals_played: Annotated[StrictInt, Field(ge=0, le=MAX_DEALS)]
    deal_history: Annotated[list[Annotated[list[Score], Field(max_length=MAX_PLAYERS)]],
                            Field(max_length=MAX_DEALS)]
    over: StrictBool
    winner: Seat | None
    # The totals before the first deal, when not zero (a game started from a position with
    # scores): the earlier deals' scores add up to the totals from there.
    start: Annotated[list[Score], Field(min_length=2, max_length=MAX_PLAYERS)] | None = None


class DealPayload(_Strict):
    deck: Annotated[list[Card], Field(max_length=MAX_DECK)]
    dealer: Seat
    scores: Annotated[list[Score], Field(max_length=MAX_PLAYERS)]
    keeper: Annotated[StrictInt, Field(ge=-1, lt=MAX_PLAYERS)]
    grab: Annotated[list[StrictBool], Field(min_length=2, max_length=2)]
    actions: Annotated[list[ActionText], Field(max_length=MAX_ACTIONS)]


MeldKey = Annotated[StrictStr, Field(pattern=r"^(?:W|A|[2-9]|10|J|Q|K)(?:#[1-9])?$")]
SeatList = Annotated[list[CardsText], Field(min_length=2, max_length=MAX_PLAYERS)]


class CanastaPosition(_Strict):
    """Keyword arguments of game.engine.canasta.position.build_position (hand-made positions)."""

    hands: SeatList
    pile: CardsText = ""
    stock: CardsText | None = None
    melds: Annotated[list[dict[MeldKey, CardsText]], Field(max_length=MAX_PLAYERS)] | None = None
    red_threes: Annotated[list[CardsText], Field(max_length=MAX_PLAYERS)] | None = None
    opened: Annotated[list[StrictBool], Field(max_length=MAX_PLAYERS)] | None = None
    turn: Seat = 0
    phase: Literal["draw", "play", "answer"] = "draw"
    scores: Annotated[list[Score], Field(max_length=MAX_PLAYERS)] | None = None
    frozen: StrictBool | None = None
    downs: Annotated[list[CardsText | None], Field(max_length=MAX_PLAYERS)] | None = None
    packet: CardsText = ""
    dealer: Seat | None = None
    keeper: Annotated[StrictInt, Field(ge=-1, lt=MAX_PLAYERS)] = -1
    options: Annotated[list[OptionName], Field(max_length=16)] = []
    took_last: Annotated[list[StrictBool], Field(max_length=MAX_PLAYERS)] | None = None
    frozen_in_time: Annotated[list[StrictBool], Field(max_length=MAX_PLAYERS)] | None = None


CardList = Annotated[list[Card], Field(max_length=52)]


class CassinoPosition(_Strict):
    """Keyword arguments of CassinoState.from_position, as its ``position()`` gives them."""

    hands: Annotated[list[CardList], Field(min_length=2, max_length=4)]
    table: CardList = []
    reservations: Annotated[list[tuple[CardList, Annotated[StrictInt, Field(ge=1, le=13)], Seat]],
                            Field(max_length=4)] = []
    turn: Seat | None = None
    first: Seat = 0
    captured: Annotated[list[CardList], Field(min_length=2, max_length=2)] | None = None
    sweeps: Annotated[list[Annotated[StrictInt, Field(ge=0, le=52)]],
                      Field(min_length=2, max_length=2)] | None = None
    deck: CardList = []
    last_capture: Seat | None = None
    options: Annotated[list[OptionName], Field(max_length=16)] = []
    # per seat, the values that could have captured when it trailed this round
    passed: Annotated[list[Annotated[list[Annotated[StrictInt, Field(ge=1, le=13)]],
                                     Field(max_length=13)]],
                      Field(min_length=2, max_length=4)] | None = None


def _position_kind(v: Any) -> str:
    """The family of a position (GameInfo.family): Cassino positions list each hand as a list
    of cards; the canasta games as one string."""
    if isinstance(v, dict):
        hands = v.get("hands")
        return "cassino" if isinstance(hands, list) and hands and isinstance(hands[0], list) \
            else "canasta"
    return "cassino" if isinstance(v, CassinoPosition) else "canasta"


Position = Annotated[
    Annotated[CanastaPosition, Tag("canasta")] | Annotated[CassinoPosition, Tag("cassino")],
    Discriminator(_position_kind),
]


class SessionPayload(SafeStrings, _Strict):
    """GameSession.snapshot(), field for field (``position`` only for hand-made positions)."""

    version: Literal[1]
    rules: GameName
    players: Annotated[StrictInt, Field(ge=2, le=MAX_PLAYERS)]
    options: Annotated[list[OptionName], Field(max_length=16)]
    seed: Annotated[StrictInt, Field(ge=-(1 << 63), lt=1 << 64)]
    deadline_ms: Annotated[StrictInt, Field(ge=1, le=600_000)]
    seats: Annotated[list[SeatPayload], Field(min_length=2, max_length=MAX_PLAYERS)]
    bots: dict[Annotated[StrictStr, Field(pattern=r"^[0-6]$")], U64]
    match: MatchPayload
    deal: DealPayload
    scored: StrictBool
    position: Position | None = None
    number: DealNumber | None = None  # the game's number (format version 2; docs/deals.md)
    daily: Day | None = None  # the daily deal's date, when the game is one
    took_back: StrictBool = False  # a move was taken back (the statistics count it apart)

    @model_validator(mode="after")
    def _consistent(self) -> SessionPayload:
        n = self.players
        if len(self.seats) != n:
            raise ValueError(f"{len(self.seats)} seats for {n} players")
        computers = {str(i) for i, s in enumerate(self.seats) if s.kind == "computer"}
        if set(self.bots) != computers:
            raise ValueError("the computer players' states do not match the computer seats")
        seats = [self.match.dealer, self.deal.dealer]
        if self.match.keeper is not None:
            seats.append(self.match.keeper)
        if any(s >= n for s in seats) or self.deal.keeper >= n:
            raise ValueError("a seat number beyond the number of players")
        if self.position is not None:
            if _position_kind(self.position) != game_info(self.rules).family:
                raise ValueError("the position is not one of this game")
        return self


# ---- the listing summary, practice texts, the file -------------------------------------------

class SummarySeat(_Strict):
    name: Name
    kind: Literal["human", "computer"]
    level: Annotated[StrictStr, Field(max_length=32)]


class Summary(_Strict):
    """What a Load screen lists, derived from the session (and checked against it)."""

    game: GameName
    players: Annotated[StrictInt, Field(ge=2, le=MAX_PLAYERS)]
    seats: Annotated[list[SummarySeat], Field(min_length=2, max_length=MAX_PLAYERS)]
    totals: Annotated[list[Score], Field(min_length=2, max_length=MAX_PLAYERS)]
    deal: Annotated[StrictInt, Field(ge=1, le=MAX_DEALS + 1)]  # the deal's number, from 1
    actions: Annotated[StrictInt, Field(ge=0, le=MAX_ACTIONS)]  # actions played in this deal
    turn: Annotated[StrictInt, Field(ge=-1, lt=MAX_PLAYERS)]  # the seat to move, -1: none
    deal_over: StrictBool
    game_over: StrictBool
    winner: Seat | None  # the winning side once the game is over (None: a draw)
    number: DealNumber | None = None  # the game's number (None: a game from before numbers)


class Texts(_Strict):
    en: Annotated[StrictStr, Field(min_length=1, max_length=600)]
    ja: Annotated[StrictStr, Field(min_length=1, max_length=600)]


class PracticeInfo(_Strict):
    """A bundled practice position's texts (both languages; the UI shows the current one)."""

    id: Annotated[StrictStr, Field(pattern=r"^[a-z0-9-]{1,40}$")]
    topic: Literal["cassino-reservation", "cassino-capture", "frozen-pile", "opening-minimum",
                   "going-out", "draw-two", "take-the-pile", "open-first", "packet",
                   "wild-canasta", "looking-then-down", "frozen-in-time", "red-three-canasta"]
    order: Annotated[StrictInt, Field(ge=0, le=999)]
    title: Texts
    description: Texts
    solution: Annotated[list[ActionText], Field(max_length=20)] = []


class SaveFile(SafeStrings, _Strict):
    format: Literal["cardtable-save"]
    version: Literal[2]
    game_id: Annotated[StrictStr, Field(pattern=r"^[0-9a-f]{32}$")]
    created: Timestamp
    updated: Timestamp
    practice: PracticeInfo | None = None
    summary: Summary
    session: SessionPayload
    checksum: Annotated[StrictStr, Field(pattern=r"^sha256:[0-9a-f]{64}$")]


# ---- canonical form and checksum -----------------------------------------------------------

def canonical(data: Any) -> bytes:
    """The canonical JSON of a value (sorted keys, no spaces, UTF-8)."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False).encode("utf-8")


def checksum_of(doc: dict) -> str:
    """The checksum of a save document: every field but ``checksum`` itself."""
    body = {k: v for k, v in doc.items() if k != "checksum"}
    return "sha256:" + hashlib.sha256(canonical(body)).hexdigest()
