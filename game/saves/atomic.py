"""Atomic file writing: a crash at any moment leaves the old file or the new one, never a mix.

    write_atomic(path, data)                  # bytes
    write_atomic(path, data, backup=bak)      # the file being replaced becomes ``bak``

The steps: create a temporary file in the same folder (so the final rename never crosses file
systems), write every byte, flush and ``fsync`` it, optionally move the current file to the
backup name, ``os.replace`` the temporary file onto the target, and ``fsync`` the folder so the
renames themselves survive a power cut (where the platform allows it; not on Windows).

If the process dies between the backup move and the final replace, the target is briefly
missing while the backup holds the previous version and the finished temporary file sits next
to it; readers (``game.saves.store.load_latest``) fall back to the backup. A failure that
raises cleans up the temporary file and, when it can, puts the backup back in place.

Nothing here is specific to saves: the settings can use it too. No pygame, no pydantic.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path

TEMP_PREFIX = ".cardtable-"
TEMP_SUFFIX = ".tmp"

# Tests set this to interrupt a write between two steps (raise, or os._exit to imitate a
# crash). Called with one of: "created", "written", "synced", "backup", "replaced", "done".
step_hook: Callable[[str], None] | None = None


def _step(name: str) -> None:
    if step_hook is not None:
        step_hook(name)


def fsync_dir(folder: Path) -> None:
    """Make renames in ``folder`` durable where the platform allows it (quietly not on Windows)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        if n <= 0:  # pragma: no cover - os.write raises rather than returning 0 on a full disk
            raise OSError("short write")
        view = view[n:]


def _refuse_unless_regular(path: Path) -> None:
    """OSError when ``path`` is there but is not a regular file (a device such as /dev/full,
    a pipe, a folder): a write replaces files only, never anything else."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return  # not there (or not reachable): the write itself says what is wrong
    if not stat.S_ISREG(mode):
        raise OSError(errno.EEXIST, "not a regular file, so it is never replaced", str(path))


def write_atomic(path: Path | str, data: bytes, *, backup: Path | str | None = None) -> None:
    """Replace ``path`` with ``data`` atomically; OSError if the disk refuses (the old file is
    then still in place) or if ``path`` or ``backup`` is there but is not a regular file. With
    ``backup``, the file being replaced (if any) is kept under that name (replacing an older
    backup)."""
    path = Path(path)
    for target in (path, backup):
        if target is not None:
            _refuse_unless_regular(Path(target))
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=TEMP_PREFIX + path.name + ".", suffix=TEMP_SUFFIX,
                                    dir=folder)
    tmp: str | None = tmp_name
    moved_to_backup = False
    try:
        try:
            _step("created")
            _write_all(fd, data)
            _step("written")
            os.fsync(fd)
        finally:
            os.close(fd)
        _step("synced")
        if backup is not None and path.exists():
            os.replace(path, backup)
            moved_to_backup = True
            _step("backup")
        os.replace(tmp_name, path)
        tmp = None
        _step("replaced")
        fsync_dir(folder)
        _step("done")
    except BaseException:
        if moved_to_backup and tmp is not None and not path.exists():
            with contextlib.suppress(OSError):  # put the previous version back
                os.replace(backup, path)
        raise
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def is_temp_name(name: str) -> bool:
    """Whether a file name is one of our temporary files (never a save)."""
    return name.startswith(TEMP_PREFIX) and name.endswith(TEMP_SUFFIX)
