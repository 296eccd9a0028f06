"""The protocol: every frame is one JSON object, a versioned pydantic model (docs/network.md).

Each frame names its ``type`` and the protocol version ``v``. Frames are validated whole on
both sides (no unknown field, every text and number bounded) before anything reads them; a
frame that is not one of these is refused with a one-line reason.

>>> parse_client('{"type": "pass", "v": 1, "n": 3}')
Pass(v=1, type='pass', n=3)
>>> try:
...     parse_client('{"type": "pass", "v": 1, "n": "x"}')
... except FrameError as e:
...     print(e)
pass.n: Input should be a valid integer, unable to parse string as an integer
"""

from __future__ import annotations

import secrets
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from game.safetext import display_text

PROTOCOL = 1
# The largest frame a server reads (a client sends short texts) and a client reads (a view of
# seven hands at Looking and Down is a few kilobytes).
MAX_CLIENT_FRAME = 8 * 1024
MAX_SERVER_FRAME = 256 * 1024

# Table codes: no vowels (no words), no 0/O or 1/I to misread. 28**6 is about 480 million
# codes; a connection that names wrong codes is closed after MAX_WRONG_CODES tries.
CODE_ALPHABET = "BCDFGHJKLMNPQRSTVWXZ23456789"
CODE_LENGTH = 6
CODE_PATTERN = f"^[{CODE_ALPHABET}]{{{CODE_LENGTH}}}$"
TOKEN_PATTERN = "^[0-9a-f]{32}$"
MAX_WRONG_CODES = 5
MAX_NAME = 24
MAX_SEATS = 8
MAX_WHY = 1000  # alternatives a computer's explanation may weigh (a search weighs tens)


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    """A seat's (or a host's) secret: 128 bits, lower-case hex (never a card's name)."""
    return secrets.token_hex(16)


class FrameError(ValueError):
    """A frame that is not a message of the protocol; the text is one line for the sender."""


class Msg(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    v: Literal[1] = 1  # PROTOCOL


Code = Annotated[str, Field(pattern=CODE_PATTERN)]
Token = Annotated[str, Field(pattern=TOKEN_PATTERN)]
Seat = Annotated[int, Field(ge=0, lt=MAX_SEATS)]
Count = Annotated[int, Field(ge=0, le=1_000_000_000)]
Short = Annotated[str, Field(max_length=40)]
Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME)]


# ---- client to server ---------------------------------------------------------------------

class Create(Msg):
    """Open a table; the answer is :class:`Created` (the code to pass on, the host's token)."""

    type: Literal["create"] = "create"
    game: Short
    players: Annotated[int, Field(ge=1, le=MAX_SEATS)]
    options: Annotated[list[Short], Field(max_length=10)] = []
    seed: Annotated[int, Field(ge=0, lt=2**64)] | None = None  # None: a random deal number
    level: Short = "normal"  # the computers in the seats nobody takes
    deals: Annotated[int, Field(ge=0, le=1000)] = 0  # 0: the whole game
    deadline_ms: Annotated[int, Field(ge=1, le=60_000)] = 1000
    wait_s: Annotated[float, Field(ge=0, le=600)] = 30.0  # a dropped seat's grace
    # how long a connected seat may think before a computer makes that one move for it
    move_s: Annotated[float, Field(gt=0, le=86400)] = 600.0
    # Looking and Down's out-of-turn moment (LD-10): how long a player who may meld out of
    # turn has to do it or pass before the turn goes on (a pass)
    optional_s: Annotated[float, Field(gt=0, le=600)] = 8.0


class Join(Msg):
    """Take a seat (``seat`` None: the first free one), or take one's own back (``token``)."""

    type: Literal["join"] = "join"
    code: Code
    name: Name
    seat: Seat | None = None
    token: Token | None = None
    # A window at the table: every deal's start and every action also bring the seat's view
    # and the table's public figures (``table``: game.net.wire.table_to_wire).
    views: bool = False


class Start(Msg):
    type: Literal["start"] = "start"
    code: Code
    host_token: Token


class Act(Msg):
    """A move in the record notation, answering the :class:`YourMove` numbered ``n``."""

    type: Literal["action"] = "action"
    n: Count
    text: Annotated[str, Field(min_length=1, max_length=400)]


class Pass(Msg):
    """Let an out-of-turn right pass (the :class:`YourMove` numbered ``n`` was optional)."""

    type: Literal["pass"] = "pass"
    n: Count


# ---- server to client ---------------------------------------------------------------------

class Hello(Msg):
    """The server's first frame on every connection: what it speaks and what it takes."""

    type: Literal["hello"] = "hello"
    program: Short  # "cardtable 0.1.0"
    protocol: int = PROTOCOL
    max_frame: int = MAX_CLIENT_FRAME  # the largest frame it reads


class Created(Msg):
    type: Literal["created"] = "created"
    code: Code
    host_token: Token


class SeatInfo(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: Annotated[str, Field(max_length=MAX_NAME)] = ""
    taken: bool = False  # a player joined it
    connected: bool = False
    computer: bool = False  # a computer plays it (nobody took it, or its player is away)


class Lobby(Msg):
    """The table's seats, sent to everyone at the table whenever they change."""

    type: Literal["lobby"] = "lobby"
    code: Code
    game: Short
    players: int
    options: list[Short]
    started: bool
    seats: list[SeatInfo]


class Joined(Msg):
    """You have ``seat``; keep ``token`` to take it back after a drop."""

    type: Literal["joined"] = "joined"
    code: Code
    seat: Seat
    token: Token
    game: Short
    players: int
    options: list[Short]


class WireEvent(BaseModel):
    """One event as a seat sees it (game.net.wire): cards in the notation, ``"??"`` hidden."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: Short
    seat: int
    cards: list[Annotated[str, Field(max_length=3)]]
    info: Any = None


class Catchup(Msg):
    """A seat that rejoins mid-deal: the deal's actions so far (public, in the notation), and
    the deal's own events and each action's, as this seat sees them (its move log from the
    deal's start)."""

    type: Literal["catchup"] = "catchup"
    deal: Count
    actions: list[str]
    table: dict[str, Any] | None = None  # the seat's table now (a client that asked views)
    dealt: list[WireEvent] = []
    events: list[list[WireEvent]] = []  # one list an action, in the order of ``actions``


class DealStart(Msg):
    """A deal begins (``deal`` counts from 1): the automatic steps as this seat sees them."""

    type: Literal["deal"] = "deal"
    deal: Count
    events: list[WireEvent]
    table: dict[str, Any] | None = None  # the seat's table after them (views asked)


class YourMove(Msg):
    """Ask ``n`` of the table: this seat's view, its legal actions in the notation, the match
    totals and options, the deadline; ``optional`` when the seat may pass (LD-11)."""

    type: Literal["your_move"] = "your_move"
    deal: Count
    n: Count
    seat: Seat
    optional: bool
    view: dict[str, Any]
    legal: list[str]
    totals: list[int]
    options: list[Short]
    deadline_ms: int


class Applied(Msg):
    type: Literal["applied"] = "applied"
    n: Count
    text: str


class Refused(Msg):
    """Your move was not played: the engine's reason (``key`` translates it), or the table's."""

    type: Literal["refused"] = "refused"
    n: Count | None = None
    reason: str
    key: str | None = None
    params: dict[str, str | int] | None = None  # the engine reason's, for translating it


class Events(Msg):
    """Action ``seq`` of deal ``deal`` was played; its events as this seat sees them."""

    type: Literal["events"] = "events"
    deal: Count
    seq: Count
    action: str
    events: list[WireEvent]
    table: dict[str, Any] | None = None  # the seat's table after the action (views asked)


class WhyAlternative(BaseModel):
    """A move the computer weighed: ``action`` in the notation, or None when it would play a
    card hidden from this seat (then only its ``verb`` is sent)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    action: Annotated[str, Field(max_length=400)] | None = None
    verb: Short
    gain: float
    worlds: Count
    hidden: bool  # hidden from this seat (never its cards)
    error: float | None = None  # the standard error of ``gain`` (None: not known)


class Why(Msg):
    """Why a computer at the server made action ``seq`` of deal ``deal``, as this seat may read
    it (game.players.explain.seen_by: no card the computer held hidden from this seat).
    ``first``: the heuristic's own move, an index of ``alternatives``, -1 for the move made,
    None for none named."""

    type: Literal["why"] = "why"
    deal: Count
    seq: Count
    seat: Seat
    kind: Literal["heuristic", "playouts", "exact", "splits", "round"]  # explain.KINDS
    reason: Short | None = None  # the heuristic's reason's catalogue key (why.r.* / reason.*)
    params: dict[str, str | int] | None = None  # ... and its parameters
    first: Annotated[int, Field(ge=-1, lt=MAX_WHY)] | None = None
    worlds: Count = 0
    alternatives: Annotated[list[WhyAlternative], Field(max_length=MAX_WHY)] = []
    unit: Literal["deal", "game"] = "deal"  # what a point figure is per
    forced: bool = False


class DealOver(Msg):
    type: Literal["deal_over"] = "deal_over"
    deal: Count
    scores: list[int]
    totals: list[int]
    last: bool  # the table closes: the game is over (or its deals are played)
    winner: int | None = None


class Error(Msg):
    """A frame refused (one line); ``fatal`` when the server closes the connection after it."""

    type: Literal["error"] = "error"
    reason: str
    fatal: bool = False
    key: Short | None = None  # a join's refusal, for a window to say it in its language


ClientFrame = Annotated[Create | Join | Start | Act | Pass, Field(discriminator="type")]
ServerFrame = Annotated[
    Hello | Created | Lobby | Joined | Catchup | DealStart | YourMove | Applied | Refused | Events
    | Why | DealOver | Error,
    Field(discriminator="type")]
_CLIENT = TypeAdapter(ClientFrame)
_SERVER = TypeAdapter(ServerFrame)


def _one_line(e: ValidationError) -> str:
    err = e.errors(include_url=False, include_input=False)[0]
    if err["loc"][-1:] == ("v",):
        return f"this side speaks protocol version {PROTOCOL} only"
    where = ".".join(str(p) for p in err["loc"])
    text = f"{where}: {err['msg']}" if where else err["msg"]
    return one_line(text)


def one_line(text: object, limit: int = 200) -> str:
    """A reason as one safe line (a field name or an action echoed from the sender may hold
    line breaks, control characters or thousands of characters)."""
    return display_text(" ".join(str(text).split()), limit)


def reason_params(reason) -> dict[str, str | int] | None:
    """An engine reason's parameters as the protocol carries them (numbers, or text)."""
    params = getattr(reason, "params", None)
    if not params:
        return None
    return {str(k)[:40]: v if type(v) is int else one_line(v, 80) for k, v in params.items()}


def _parse(adapter: TypeAdapter, frame: str | bytes, limit: int):
    if isinstance(frame, bytes):
        raise FrameError("frames are JSON text, not binary")
    if len(frame) > limit:
        raise FrameError(f"a frame is at most {limit} characters")
    try:
        return adapter.validate_json(frame)
    except ValidationError as e:
        raise FrameError(_one_line(e)) from None


def parse_client(frame: str | bytes) -> Create | Join | Start | Act | Pass:
    """A client's frame, validated; FrameError (one line) if it is not one."""
    return _parse(_CLIENT, frame, MAX_CLIENT_FRAME)


def parse_server(frame: str | bytes):
    """A server's frame, validated; FrameError (one line) if it is not one."""
    return _parse(_SERVER, frame, MAX_SERVER_FRAME)


def dump(msg: Msg) -> str:
    return msg.model_dump_json()
