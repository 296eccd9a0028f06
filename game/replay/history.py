"""History: the last few finished deals, kept so that they can be replayed.

One JSON file in the user data folder (``history.json`` beside ``stats.json``), newest deal
first, at most :data:`MAX_DEALS`. Written atomically like the saves; a damaged file is reported
(``Loaded.problem``) and set aside as ``damaged-history-<time>.json`` before a new one is
written, never overwritten. A deal is added when it is scored (a ``game.listeners``
listener registered by the program, so tests and command-line tools add nothing).
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

import platformdirs
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from game import listeners
from game.engine.record import DealRecord
from game.inputs import CannotRead, InputError, NoSuchFile, read_json
from game.safemodel import SafeStrings
from game.saves.atomic import write_atomic
from game.saves.folder import APP_NAME
from game.saves.store import set_aside

log = logging.getLogger(__name__)

FORMAT = "cardtable-history/1"
FILE_NAME = "history.json"
MAX_DEALS = 20
MAX_BYTES = 8 * 1024 * 1024  # 20 records of a few KB each; far more is not ours


class HistoryEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")

    finished: str  # UTC, "2026-11-23T18:04:32Z"
    number: int | None = None  # the game's number (docs/deals.md), if it has one
    deal_scores: list[int] = Field(default_factory=list)
    record: DealRecord


class HistoryFile(SafeStrings):
    model_config = ConfigDict(extra="forbid")

    format: Literal["cardtable-history/1"] = FORMAT
    deals: list[HistoryEntry] = Field(default_factory=list)


@dataclass
class Loaded:
    deals: list[HistoryEntry] = field(default_factory=list)
    problem: str | None = None  # why the file on disk could not be read (it is kept)
    unreadable: bool = False  # the system refused to read it (e.g. no permission): not damaged


def history_path() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / FILE_NAME


def read(path: Path | None = None) -> Loaded:
    """The recent finished deals, newest first; none (and the reason) if the file is
    missing or damaged."""
    path = history_path() if path is None else Path(path)
    try:
        doc = read_json(path, MAX_BYTES)
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            return Loaded(problem="not a Card Table history file")
        return Loaded(HistoryFile.model_validate(doc).deals[:MAX_DEALS])
    except NoSuchFile:
        return Loaded()
    except CannotRead as e:
        return Loaded(problem=str(e), unreadable=True)
    except InputError as e:
        return Loaded(problem=str(e))
    except ValidationError:
        return Loaded(problem="invalid contents")


def add(entry: HistoryEntry, path: Path | None = None) -> list[HistoryEntry]:
    """Put ``entry`` first and keep the newest :data:`MAX_DEALS`; a damaged file is set aside
    first. OSError if the disk refuses."""
    path = history_path() if path is None else Path(path)
    loaded = read(path)
    if loaded.unreadable:  # never write over a file that may be fine
        raise OSError(f"the history {loaded.problem}")
    if loaded.problem is not None and os.path.lexists(path):
        set_aside(path)
    deals = [entry, *loaded.deals][:MAX_DEALS]
    path.parent.mkdir(parents=True, exist_ok=True)
    text = HistoryFile(deals=deals).model_dump_json(indent=1) + "\n"
    write_atomic(path, text.encode("utf-8"))
    return deals


def entry_of(session) -> HistoryEntry:
    """The History entry of a session whose deal has just been scored."""
    state = session.state
    scores = list(state.deal_scores()) if state is not None and state.is_over() else []
    return HistoryEntry(finished=datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
                        number=session.number, deal_scores=scores, record=session.record())


def record_finished_deal(session) -> None:
    """The ``game.listeners.DEAL_SCORED`` listener: the scored deal goes into the History.
    Hand-made positions (practice) have no dealt deck to replay and are left out."""
    if session.position is not None:
        return
    try:
        add(entry_of(session))
    except Exception:  # a disk or a file problem: the game goes on, and the player is told
        log.exception("the history could not be written")
        listeners.notify("history.not_kept")
