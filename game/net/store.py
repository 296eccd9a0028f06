"""The server's tables on disk: every started table is saved after each action, and a table
not started yet after each change of its seats, so that a server that stops (a crash, a
restart) resumes its tables and lobbies and their players rejoin with their seat tokens
(issue 31).

One file a table, ``<code>.json`` in the tables folder, written atomically
(game.saves.atomic: the old file or the new one, never a mix) and readable by the server's
user only (it holds the seat tokens). The deal in progress is the table's
:meth:`GameSession.snapshot` (the deck and the actions so far, the computers' generators), the
same snapshot the window's autosave keeps; :meth:`GameSession.restore` replays it, each action
checked by the engine. A file that does not load is left where it is and reported, never
guessed at.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from game.net.messages import CODE_PATTERN, MAX_SEATS, TOKEN_PATTERN, Create

log = logging.getLogger(__name__)

STORE_VERSION = 1
MAX_FILE = 4 * 1024 * 1024  # a whole game's snapshot is tens of kilobytes


class SavedTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    version: int = STORE_VERSION
    code: Annotated[str, Field(pattern=CODE_PATTERN)]
    host_token: Annotated[str, Field(pattern=TOKEN_PATTERN)]
    spec: Create
    names: list[str]
    tokens: list[Annotated[str, Field(pattern=TOKEN_PATTERN)] | None]
    # the seat the table's creator took: the host's window, which sits back down there after
    # its program restarts (None: the creator took no seat, or an older file)
    host_seat: Annotated[int, Field(ge=0, lt=MAX_SEATS)] | None = None
    deal: int  # deals begun
    asks: int  # questions asked (their numbers never repeat)
    session: dict[str, Any] | None = None  # GameSession.snapshot(); None: not started yet


def tables_dir() -> Path:
    """The default folder: ``tables`` beside the saves, in the user's data folder."""
    import platformdirs

    return Path(platformdirs.user_data_dir("cardtable", appauthor=False)) / "tables"


def hosted(folder: Path) -> list[SavedTable]:
    """The tables saved in ``folder`` that a window hosted (its seat and token are there, for
    the host's program to sit back down after a restart)."""
    return [t for t in TableStore(folder).load_all()
            if t.host_seat is not None and t.host_seat < len(t.tokens)
            and t.tokens[t.host_seat] is not None]


class TableStore:
    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)

    def path(self, code: str) -> Path:
        return self.folder / f"{code}.json"

    def save(self, saved: SavedTable) -> None:
        from game.saves.atomic import write_atomic

        write_atomic(self.path(saved.code), saved.model_dump_json().encode("utf-8"))

    def remove(self, code: str) -> None:
        self.path(code).unlink(missing_ok=True)

    def load_all(self) -> list[SavedTable]:
        """Every table that loads; the others are reported in the log and left alone."""
        out: list[SavedTable] = []
        if not self.folder.is_dir():
            return out
        for path in sorted(self.folder.glob("*.json")):
            try:
                if path.stat().st_size > MAX_FILE:
                    raise ValueError("too large")
                saved = SavedTable.model_validate(json.loads(path.read_bytes()))
                if saved.version != STORE_VERSION or path.stem != saved.code:
                    raise ValueError("not a table of this version")
            except (OSError, ValueError, ValidationError) as e:  # JSONDecodeError: ValueError
                log.warning("table file %s not loaded: %s", path.name,
                            " ".join(str(e).split())[:200])
                continue
            out.append(saved)
        return out
