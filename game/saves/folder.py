"""Where the player's saves live, and what the main menu needs before any save is read:
whether there may be a game to continue, and the clean-up of what killed writes left behind
(saves, statistics, History, settings).
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


def data_dir() -> Path:
    """The user data folder: ``saves/``, the statistics and the History."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def saves_dir() -> Path:
    return data_dir() / "saves"


def written_folders() -> list[Path]:
    """Every folder Card Table writes atomically (game.saves.atomic): the saves, the data
    folder (statistics, History) and the settings' folder."""
    from game.settings import settings_path  # cheap: no pydantic

    return [saves_dir(), data_dir(), settings_path().parent]


def has_latest(folder: Path | None = None) -> bool:
    """Whether an autosave or its backup is there (loaded or not): without either, there is
    nothing to continue and nothing needs to be read."""
    folder = saves_dir() if folder is None else Path(folder)
    return any((folder / name).is_file() for name in (AUTOSAVE, BACKUP))


def remove_temp_files(folder: Path | None = None, older_than: float = 5.0) -> int:
    """Remove what killed writes left behind (``.cardtable-*.tmp``) in ``folder``, or in every
    folder Card Table writes (:func:`written_folders`), at start: any older than a few seconds
    (a write takes milliseconds, so none of them is still being written).
    Returns how many were removed; never raises."""
    folders = written_folders() if folder is None else [Path(folder)]
    return sum(_remove_temp_files(f, older_than) for f in folders)


def _remove_temp_files(folder: Path, older_than: float) -> int:
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
