"""Reading and writing ``stats.json`` in the user data folder (beside ``saves/``).

Writing goes through the saves' atomic write (a crash leaves the old file or the new one).
Reading never fails: a missing file is empty statistics; a damaged one (not JSON, not ours,
invalid, too large) gives empty statistics and a one-line reason, and the next write first sets
the file aside as ``damaged-stats-<time>.json``, its bytes untouched, as a damaged autosave is.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import platformdirs
from pydantic import ValidationError

from game.inputs import CannotRead, InputError, NoSuchFile, read_json
from game.saves.atomic import write_atomic
from game.saves.folder import APP_NAME
from game.saves.store import set_aside
from game.stats.model import FORMAT, StatsFile

FILE_NAME = "stats.json"
MAX_BYTES = 4 * 1024 * 1024  # a real file is a few tens of KB


def stats_path() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / FILE_NAME


@dataclass
class Loaded:
    stats: StatsFile
    problem: str | None = None  # why the file on disk could not be read (it is kept)
    unreadable: bool = False  # the system refused to read it (e.g. no permission): not damaged


def read(path: Path | None = None) -> Loaded:
    """The statistics; empty ones (and the reason) when the file is missing or damaged."""
    path = stats_path() if path is None else Path(path)
    try:
        doc = read_json(path, MAX_BYTES)
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            return Loaded(StatsFile(), "not a Card Table statistics file")
        return Loaded(StatsFile.model_validate(doc))
    except NoSuchFile:
        return Loaded(StatsFile())
    except CannotRead as e:
        return Loaded(StatsFile(), str(e), unreadable=True)
    except InputError as e:
        return Loaded(StatsFile(), str(e))
    except ValidationError:
        return Loaded(StatsFile(), "invalid contents")


def write(stats: StatsFile, path: Path | None = None) -> None:
    """Write atomically (OSError if the disk refuses)."""
    path = stats_path() if path is None else Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = stats.model_dump_json(indent=1) + "\n"
    write_atomic(path, text.encode("utf-8"))


def update(change: Callable[[StatsFile], bool], path: Path | None = None) -> StatsFile:
    """Read, apply ``change`` (which returns whether it changed anything), and write. A damaged
    file is set aside first, never overwritten."""
    path = stats_path() if path is None else Path(path)
    loaded = read(path)
    if loaded.unreadable:  # never write over a file that may be fine
        raise OSError(f"the statistics {loaded.problem}")
    if not change(loaded.stats):
        return loaded.stats
    if loaded.problem is not None and os.path.lexists(path):
        set_aside(path)
    write(loaded.stats, path)
    return loaded.stats


def reset(path: Path | None = None) -> None:
    """Start again from nothing (the player asked, and confirmed)."""
    update(lambda s: _clear(s), path)


def _clear(stats: StatsFile) -> bool:
    stats.buckets = {}
    stats.recent = {}
    stats.daily = {}
    stats.recorded = []
    return True


def damaged_files(path: Path | None = None) -> list[Path]:
    """The damaged statistics files set aside so far (the player may delete them)."""
    path = stats_path() if path is None else Path(path)
    try:
        return sorted(path.parent.glob(f"damaged-{path.stem}-*.json"))
    except OSError:
        return []
