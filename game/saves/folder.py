"""Where the player's saves live, and what the main menu needs before any save is read:
whether there may be a game to continue, and the clean-up of what killed saves left behind.
Cheap to import (no pydantic, no session, no computer players), so the menu's first frame
does not wait for the rest of game.saves."""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path

import platformdirs

from game.saves import atomic

APP_NAME = "cardtable"
AUTOSAVE = "autosave.json"
BACKUP = "autosave.bak.json"
# Unfinished games that a new game replaced in the autosave slot: kept apart from the player's
# own saves.
RECENT = "recent"


def saves_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "saves"


def has_latest(folder: Path | None = None) -> bool:
    """Whether an autosave or its backup is there (loaded or not): without either, there is
    nothing to continue and nothing needs to be read."""
    folder = saves_dir() if folder is None else Path(folder)
    return any((folder / name).is_file() for name in (AUTOSAVE, BACKUP))


def remove_temp_files(folder: Path | None = None, older_than: float = 5.0) -> int:
    """Remove what killed saves left behind (``.cardtable-*.tmp``), at start: any older than
    a few seconds (a save takes milliseconds, so none of them is still being written).
    Returns how many were removed; never raises."""
    folder = saves_dir() if folder is None else Path(folder)
    removed = 0
    try:
        names = os.listdir(folder)
    except OSError:
        return 0
    now = time.time()
    for n in names:
        if atomic.is_temp_name(n):
            with contextlib.suppress(OSError):
                if now - os.stat(folder / n).st_mtime >= older_than:
                    os.unlink(folder / n)
                    removed += 1
    return removed
