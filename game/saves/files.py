"""One save file: building it from a session, and reading it back without trusting it.

Reading (:func:`read_save`) never trusts the file and never raises anything but
:class:`DamagedSave` (a ``CardTableError`` whose message is one short line):

1. size limit (:data:`MAX_BYTES`), then UTF-8, then JSON only (no pickle, no eval; no NaN,
   no duplicate keys, bounded nesting and number length);
2. the format name and version: a newer version is "made by a newer Card Table"; an older one
   is migrated (game.saves.migrate); a current one must match its checksum;
3. pydantic validation of every field (game.saves.model);
4. the engine rebuilds the game by replaying the deal's actions, each checked for legality;
5. the rebuilt game must conserve cards (``check_invariants``), its totals must add up with
   the deal's scores, and the stored summary must be the one the game gives.

The file itself is only read: never rewritten, moved or deleted here.
"""

from __future__ import annotations

import json
import uuid
import weakref
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from game.engine.actions import parse_action
from game.engine.errors import CardTableError
from game.engine.registry import game_info
from game.inputs import MAX_BYTES, InputError, nesting_depth, read_file  # one reader, one limit
from game.players.registry import LEVELS
from game.safetext import display_text, quoted
from game.saves.families import validator_of
from game.saves.migrate import MigrationError, migrate
from game.saves.model import (
    FORMAT,
    SAVE_VERSION,
    PracticeInfo,
    SaveFile,
    SessionPayload,
    Summary,
    checksum_of,
    now_stamp,
)
from game.session import GameSession

MAX_DEPTH = 32


class SaveError(CardTableError):
    """A save that cannot be written or read; the message is one line for a person."""


class DamagedSave(SaveError):
    """A file that is not a loadable save (damaged, truncated, edited, or from a newer
    Card Table). ``code`` sorts the reason for translated screens (see :data:`DAMAGE_CODES`).
    The message is always one safe line of at most 300 characters, whatever it quotes."""

    def __init__(self, message: str = "") -> None:
        super().__init__(display_text(message))

    @property
    def code(self) -> str:
        return damage_code(str(self))


# Reason prefixes -> a short code the UI translates (load.damaged.<code>); first match wins.
DAMAGE_CODES = (
    ("too large", "too_large"),
    ("no such file", "missing"),
    ("a folder", "unreadable"),
    ("not a regular file", "unreadable"),
    ("cannot be read", "unreadable"),
    ("empty file", "truncated"),
    ("not valid JSON: it ends too early", "truncated"),
    ("not valid JSON", "not_save"),
    ("not text", "not_save"),
    ("not a save", "not_save"),
    ("not a Card Table save", "not_save"),
    ("made by a newer", "newer"),
    ("cannot be updated", "old"),
    ("edited or damaged", "edited"),
    ("invalid save: checksum", "edited"),
    ("invalid save", "invalid"),
    ("no valid format version", "invalid"),
    ("the game does not replay", "illegal"),
    ("impossible game", "impossible"),
    ("the game cannot be rebuilt", "impossible"),
    ("the cards do not add up", "impossible"),
    ("impossible scores", "scores"),
    ("unknown computer level", "invalid"),
    ("the deal number", "number"),
    ("a daily game", "number"),
)


def damage_code(reason: str) -> str:
    for prefix, code in DAMAGE_CODES:
        if reason.startswith(prefix):
            return code
    return "inconsistent"


@dataclass
class LoadedSave:
    path: Path | None
    save: SaveFile
    session: GameSession
    migrated_from: int | None = None  # the file's older format version, if it was migrated


# ---- which game a session belongs to -------------------------------------------------------

@dataclass
class SaveMeta:
    game_id: str
    created: str
    practice: PracticeInfo | None = None


_META: weakref.WeakKeyDictionary[GameSession, SaveMeta] = weakref.WeakKeyDictionary()


def meta_of(session: GameSession) -> SaveMeta:
    """The save identity of a session (a new game id the first time a session is saved)."""
    meta = _META.get(session)
    if meta is None:
        meta = _META[session] = SaveMeta(uuid.uuid4().hex, now_stamp())
    return meta


def set_meta(session: GameSession, meta: SaveMeta) -> None:
    _META[session] = meta


# ---- building ------------------------------------------------------------------------------

def summarize(session: GameSession) -> Summary:
    state = session.state
    m = session.match
    over = state.is_over()
    return Summary(
        game=session.rules,
        players=session.players,
        seats=[{"name": s.name, "kind": s.kind, "level": s.level} for s in session.seats],
        totals=list(m.totals),
        deal=m.deals_played + (0 if session.scored else 1),
        actions=len(session.history),
        turn=-1 if over else state.current_player(),
        deal_over=over,
        game_over=m.over,
        winner=m.winner if m.over else None,
        number=session.number,
    )


def build_document(session: GameSession, meta: SaveMeta | None = None,
                   updated: str | None = None) -> dict:
    """The save document of a session, as JSON data with its checksum."""
    if session.state is None:
        raise SaveError("there is no deal to save yet")
    meta = meta or meta_of(session)
    doc = {
        "format": FORMAT,
        "version": SAVE_VERSION,
        "game_id": meta.game_id,
        "created": meta.created,
        "updated": updated or now_stamp(),
        "practice": meta.practice.model_dump(mode="json") if meta.practice else None,
        "summary": summarize(session).model_dump(mode="json"),
        "session": session.snapshot(),
    }
    doc["checksum"] = checksum_of(doc)
    return doc


def encode(doc: dict) -> bytes:
    return (json.dumps(doc, ensure_ascii=False, indent=1, allow_nan=False) + "\n").encode()


# ---- reading -------------------------------------------------------------------------------

def _no_constants(name: str):
    raise ValueError(f"{name} is not allowed")


def _no_duplicates(pairs):
    out = {}
    for k, v in pairs:
        if k in out:
            raise ValueError(f"the key '{quoted(k, 20)}' appears twice")
        out[k] = v
    return out


def _depth(value, limit: int = MAX_DEPTH) -> bool:
    """Whether ``value`` nests no deeper than ``limit`` (iteratively, no recursion)."""
    stack = [(value, 1)]
    while stack:
        v, d = stack.pop()
        if d > limit:
            return False
        if isinstance(v, dict):
            stack.extend((x, d + 1) for x in v.values())
        elif isinstance(v, list):
            stack.extend((x, d + 1) for x in v)
    return True


def read_bytes(path: Path, limit: int = MAX_BYTES) -> bytes:
    """The file's bytes through the one safe reader (game.inputs): regular files only, at most
    ``limit`` bytes; DamagedSave with the reader's reason otherwise."""
    try:
        return read_file(path, limit)
    except InputError as e:
        reason = str(e)
        if reason.startswith("a folder"):
            reason = "a folder, not a save"
        elif reason.startswith("too large"):
            reason = reason.replace("too large", "too large to be a save", 1)
        raise DamagedSave(reason) from None


def parse_document(data: bytes) -> dict:
    """Bytes to a JSON object, refusing everything that is not plain JSON."""
    if not data.strip():
        raise DamagedSave("empty file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise DamagedSave("not text (invalid UTF-8): damaged") from None
    if nesting_depth(text) > MAX_DEPTH:  # before parsing: deep nesting exhausts the parser
        raise DamagedSave("not a save (nested too deeply)")
    try:
        doc = json.loads(text, parse_constant=_no_constants, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as e:
        if e.pos >= len(text.rstrip()) or e.msg.startswith("Unterminated string"):
            raise DamagedSave("not valid JSON: it ends too early (truncated)") from None
        raise DamagedSave(f"not valid JSON ({e.msg}, line {e.lineno})") from None
    except RecursionError:
        raise DamagedSave("not a save (nested too deeply)") from None
    except ValueError as e:  # NaN, duplicate keys, numbers of thousands of digits
        raise DamagedSave(f"not valid JSON ({str(e).splitlines()[0][:80]})") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise DamagedSave("not a Card Table save")
    if not _depth(doc):
        raise DamagedSave("not a save (nested too deeply)")
    return doc


def _validation_reason(e: ValidationError, prefix: str = "") -> str:
    first = e.errors()[0]
    where = ".".join(quoted(p) for p in first["loc"] if not str(p).startswith("function-"))
    where = prefix + where if where else prefix.rstrip(".") or "file"
    msg = first["msg"]
    if msg.startswith("Value error, "):
        msg = msg[len("Value error, "):]
    elif first["type"] == "string_pattern_mismatch":
        msg = f"'{quoted(first.get('input', ''))}' is not allowed here"
    return f"invalid save: {quoted(where, 80)}: {quoted(msg, 90)}"


def _restore(payload: SessionPayload) -> GameSession:
    snap = payload.model_dump(mode="json", exclude_unset=True)
    snap["position"] = (payload.position.model_dump(mode="json", exclude_unset=True)
                        if payload.position is not None else None)
    for seat in payload.seats:
        if seat.kind == "computer" and seat.level not in LEVELS:
            raise DamagedSave(f"unknown computer level '{quoted(seat.level)}'")
    if snap["position"] is not None:
        problem = _position_problem(payload.rules, payload.players, snap["position"])
        if problem is None and sorted(snap["position"].get("options", [])) != snap["options"]:
            problem = "the position's rule options are not the game's"
        if problem:
            raise DamagedSave(f"impossible game: {problem}")
    try:
        session = GameSession.restore(snap)
    except CardTableError as e:
        raise DamagedSave(_replay_problem(snap, e)) from None
    except Exception as e:  # an impossible position, or an engine surprise: never a crash
        raise DamagedSave(f"the game cannot be rebuilt: {_line(e) or type(e).__name__}") from None
    problem = verify(session)
    if problem:
        raise DamagedSave(problem)
    return session


def _replay_problem(snap: dict, error: Exception) -> str:
    """Which action of the history is refused, and why (replays once more to find it)."""
    actions = snap["deal"]["actions"]
    try:
        session = GameSession.restore({**snap, "deal": {**snap["deal"], "actions": []}})
    except Exception:
        return f"the game does not replay: {_line(error)}"
    for i, text in enumerate(actions):
        try:
            session.state.apply_recorded(parse_action(text))
        except Exception as e:
            return f"the game does not replay: action {i + 1} '{quoted(text, 40)}': {_line(e)}"
    return f"the game does not replay: {_line(error)}"


def _line(e: BaseException) -> str:
    text = str(e)[:1000].strip()
    return quoted(text.splitlines()[0] if text else "", 120)


def _position_problem(rules: str, players: int, position: dict) -> str | None:
    return validator_of(rules).position_problem(rules, players, position)


def _state_problem(session: GameSession) -> str | None:
    """What no play can reach in the rebuilt deal (melds, per-seat lists, a seat to move)."""
    state = session.state
    problem = validator_of(session.rules).state_problem(state)
    if problem is None and not state.is_over() and not state.legal_actions(
            state.current_player()):
        problem = "the player to move has no legal move"
    return problem


def _match_problem(session: GameSession) -> str | None:
    """Whether the match around the deal follows the rules: the earlier deals' scores add up to
    the totals, the game did not end before (G-6, CA-16, CN-11...), the winner and the next
    dealer (G-7, LD-2) follow, and only Looking and Down has a score keeper (LD-1)."""
    game, m, setup = session.game, session.match, session.setup
    sides = game.num_sides(session.players)
    if len(m.start) != sides:
        return f"the starting scores must list {sides} sides"
    if not m.over and m.winner is not None:
        return "a winner while the game is not over"
    earlier = m.deal_history[:-1] if session.scored else m.deal_history
    running = list(m.start)
    for k in range(len(earlier) + 1):
        if game.game_over(running, session.options)[0]:
            return f"the game was already over after deal {k}" if k else \
                "the game starts over the target"
        if k < len(earlier):
            running = [a + b for a, b in zip(running, earlier[k])]
    before = list(setup.scores) or [0] * sides
    if running != before:
        return "the earlier deals' scores do not add up to the totals"
    if session.scored and m.dealer != game.next_dealer(setup):
        return "the next dealer does not follow from the dealer rules (G-7)"
    if not game_info(session.rules).keeper and (m.keeper is not None or setup.keeper != -1):
        return "only Looking and Down has a score keeper"
    return None


def _number_problem(session: GameSession) -> str | None:
    """A numbered game's cards follow from its number alone (docs/deals.md): its seed is the
    number's, and its deal is the one the number's generator dealt; a daily game carries the
    day's number."""
    from datetime import date

    from game.engine.deals import daily_number, deals_deck, seed_of

    number = session.number
    if session.daily is not None:
        if number is None:
            return "a daily game without its deal number"
        if number != daily_number(session.rules, date.fromisoformat(session.daily)):
            return f"a daily game of {session.daily} with another day's number ({number})"
    if number is None:
        return None
    m = session.match
    if session.seed != seed_of(number) or session.position is not None or not deals_deck(
            number, session.game.deck_for(session.players, session.options),
            list(session.setup.deck), m.rng.state, m.deals_played):
        return f"the deal number {number} does not give this game's cards"
    return None


def verify(session: GameSession) -> str | None:
    """What is wrong with a rebuilt session (cards, totals, dealer...), or None."""
    game = session.game
    state = session.state
    m = session.match
    setup = session.setup
    try:
        problems = state.check_invariants()
    except Exception as e:  # pragma: no cover - an engine surprise on odd data
        return f"the game's cards cannot be checked: {_line(e)}"
    if problems:
        return f"the cards do not add up: {problems[0]}"
    sides = game.num_sides(session.players)
    if len(m.totals) != sides or any(len(d) != sides for d in m.deal_history):
        return f"the scores must list {sides} sides"
    if m.deals_played != len(m.deal_history):
        return "the number of deals played does not match the earlier deals' scores"
    before = list(setup.scores) or [0] * sides
    if len(before) != sides:
        return f"the deal's scores must list {sides} sides"
    if session.scored != state.is_over():
        return "the deal's end and its scoring disagree"
    if session.scored:
        scores = state.deal_scores()
        if m.totals != [b + s for b, s in zip(before, scores)]:
            return "impossible scores: the totals do not add up with the deal's scores"
        if not m.deal_history or m.deal_history[-1] != scores:
            return "impossible scores: the last deal's scores are not in the game's history"
        over, winner = game.game_over(m.totals, session.options)
        if (m.over, m.winner) != (over, winner):
            return "impossible scores: the end of the game does not follow from the totals"
    else:
        if m.totals != before:
            return "impossible scores: the totals do not match the deal's starting scores"
        if m.over:
            return "impossible scores: a deal in progress after the end of the game"
        if m.dealer != setup.dealer:
            return "the dealer does not match the deal"
    if game_info(session.rules).keeper and m.keeper != setup.keeper:
        return "the score keeper does not match the deal"
    try:
        problem = _state_problem(session)
        if problem:
            return f"impossible game: {problem}"
        problem = _match_problem(session)
    except Exception as e:  # an engine surprise on odd data: refused, never a crash
        return f"impossible game: {_line(e) or type(e).__name__}"
    if problem:
        return f"impossible scores: {problem}"
    return _number_problem(session)


def load_document(doc: dict, path: Path | None = None) -> LoadedSave:
    """Validate a parsed document and rebuild its game (DamagedSave otherwise)."""
    version = doc.get("version")
    if type(version) is not int or version < 0:
        raise DamagedSave("no valid format version")
    if version > SAVE_VERSION:
        raise DamagedSave(f"made by a newer Card Table (format version {version})")
    if version >= 1 and doc.get("checksum") != checksum_of(doc):  # version 0 had none
        if "checksum" not in doc:
            raise DamagedSave("invalid save: checksum missing")
        raise DamagedSave("edited or damaged: the contents do not match the checksum")
    migrated_from = None
    if version < SAVE_VERSION:
        try:
            doc = migrate(doc, SAVE_VERSION)
        except MigrationError as e:
            raise DamagedSave(f"cannot be updated from version {version}: {e}") from None
        migrated_from = version
        try:
            payload = SessionPayload.model_validate(doc.get("session"))
        except ValidationError as e:
            raise DamagedSave(_validation_reason(e, "session.")) from None
        session = _restore(payload)
        doc = dict(doc)
        doc["summary"] = summarize(session).model_dump(mode="json")
        doc["checksum"] = checksum_of(doc)
    try:
        save = SaveFile.model_validate(doc)
    except ValidationError as e:
        raise DamagedSave(_validation_reason(e)) from None
    if migrated_from is None:
        session = _restore(save.session)
        if summarize(session) != save.summary:
            raise DamagedSave("the summary does not match the game")
    set_meta(session, SaveMeta(save.game_id, save.created, save.practice))
    return LoadedSave(path, save, session, migrated_from)


def read_save(path: Path | str, limit: int = MAX_BYTES) -> LoadedSave:
    """Read, check and rebuild a save; DamagedSave (one-line reason) if it is not loadable."""
    path = Path(path)
    try:
        return load_document(parse_document(read_bytes(path, limit)), path)
    except DamagedSave:
        raise
    except RecursionError:
        raise DamagedSave("not a save (nested too deeply)") from None
    except Exception as e:  # never crash the program on a file
        raise DamagedSave(f"cannot be loaded: {_line(e) or type(e).__name__}") from None
