"""One running copy of Card Table writes a saves folder; any other copy only reads it.

Two copies on one folder used to move each other's autosave among the recent games, lose the
last position of one of them and fail saves. Now the first copy to start (or to save) takes
an exclusive lock on ``.cardtable.lock`` in the folder and keeps it until it exits (the system
releases it even when the program is killed); a copy that finds the lock taken stays
read-only for its whole life: it lists and loads games but never writes, renames, deletes or
cleans up anything there, and says so. The decision is made once per folder and process: a
read-only copy that began from an older autosave must not overwrite the first copy's games
once that one exits.

POSIX: ``fcntl.flock``; Windows: ``msvcrt.locking`` on the file's first byte. Cheap to import
(no pydantic, no session): the main menu asks before its first frame.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

LOCK_NAME = ".cardtable.lock"

# folder -> the open lock file's descriptor (this copy writes there) or None (read-only)
_DECIDED: dict[str, int | None] = {}


def _try_lock(fd: int) -> bool:
    if sys.platform == "win32":
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _key(folder: Path) -> str:
    return os.path.abspath(folder)


def writable(folder: Path) -> bool:
    """Whether this copy may write in ``folder``: the first call decides, taking the folder's
    lock (and keeping it until the process ends); False when another running copy holds it.
    A folder that cannot be created or locked at all (a read-only disk) counts as writable:
    the writes themselves then fail and say why."""
    key = _key(folder)
    if key in _DECIDED:
        return _DECIDED[key] is not None
    try:
        Path(folder).mkdir(parents=True, exist_ok=True)
        fd = os.open(Path(folder) / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        return True  # not decided: no lock file, so no other copy holds one either
    try:
        locked = _try_lock(fd)
    except OSError:  # a file system without locks: as before, unguarded
        locked = True
    if not locked:
        os.close(fd)
    _DECIDED[key] = fd if locked else None
    return locked


def read_only(folder: Path) -> bool:
    """Whether another running copy was found holding ``folder`` (never decides anything)."""
    return _DECIDED.get(_key(folder), 0) is None


def any_read_only() -> bool:
    """Whether this copy found any folder held by another running copy."""
    return None in _DECIDED.values()


def release(folder: Path) -> None:
    """Let go of ``folder`` (tests; the system does it when the program ends)."""
    fd = _DECIDED.pop(_key(folder), None)
    if fd is not None:
        with contextlib.suppress(OSError):
            os.close(fd)
