"""Atomic writing: interrupt a save between every two steps (an exception, a refused system
call, or the process killed outright) and the previous save stays loadable; no partial file
ever replaces a good one."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from game import saves
from game.saves import atomic
from game.saves.store import AUTOSAVE, BACKUP

from .helpers import new_session, play

STEPS = ["created", "written", "synced", "backup", "replaced", "done"]
ROOT = Path(__file__).resolve().parents[2]


class Boom(OSError):
    pass


def two_states():
    s = play(new_session("canasta", 4, seed=41), 10)
    return s


def temp_files(folder: Path) -> list[str]:
    return [n for n in os.listdir(folder) if atomic.is_temp_name(n)]


@pytest.mark.parametrize("at", STEPS)
def test_interrupted_autosave_leaves_a_loadable_save(at, folder):
    s = two_states()
    assert saves.autosave(s) is None
    first = (folder / AUTOSAVE).read_bytes()
    history_1 = list(s.history)
    play(s, 3)

    def hook(step):
        if step == at:
            raise Boom(f"interrupted at {step}")

    atomic.step_hook = hook
    warning = saves.autosave(s)
    atomic.step_hook = None
    assert warning and "interrupted" in str(warning)
    assert warning.key in ("load.save_failed.disk", "load.save_failed.unexpected")
    assert temp_files(folder) == []
    latest = saves.load_latest()
    assert latest is not None
    if at in ("replaced", "done"):  # the new file was in place before the interruption
        assert latest.history == s.history
    else:
        assert latest.history == history_1
        assert (folder / AUTOSAVE).read_bytes() == first  # put back after the backup move
    assert all(e.ok for e in saves.list_saves())


@pytest.mark.parametrize("call", ["write", "fsync", "replace"])
def test_refused_system_calls(call, folder, monkeypatch):
    s = two_states()
    path = saves.save_as(s, "game")
    good = path.read_bytes()
    play(s, 2)
    real = getattr(os, call)
    calls = {"n": 0}

    def refuse(*args, **kw):
        calls["n"] += 1
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, call, refuse)
    with pytest.raises(saves.SaveError, match="could not write"):
        saves.save_as(s, "game", overwrite=True)
    monkeypatch.setattr(os, call, real)
    assert calls["n"] >= 1
    assert path.read_bytes() == good
    assert temp_files(folder) == []
    assert saves.load(path).history != s.history  # the old one, intact


def test_short_writes_are_completed(folder, monkeypatch):
    real = os.write

    def dribble(fd, data):
        return real(fd, bytes(data[:7]))

    monkeypatch.setattr(os, "write", dribble)
    s = two_states()
    path = saves.save_as(s, "dribbled")
    monkeypatch.setattr(os, "write", real)
    assert saves.load(path).history == s.history


def test_backup_is_the_previous_autosave(folder):
    s = two_states()
    saves.autosave(s)
    previous = (folder / AUTOSAVE).read_bytes()
    play(s, 1)
    saves.autosave(s)
    assert (folder / BACKUP).read_bytes() == previous
    # A damaged autosave: Continue falls back to the backup.
    (folder / AUTOSAVE).write_bytes(previous[: len(previous) // 2])
    assert saves.load_latest().history == s.history[:-1]


CRASH = textwrap.dedent("""
    import os, sys
    sys.path.insert(0, {root!r})
    from game.saves import atomic, autosave
    from tests.saves.helpers import new_session, play
    s = play(new_session("canasta", 4, seed=41), 10)
    assert autosave(s) is None
    play(s, 3)
    def hook(step):
        if step == {at!r}:
            os._exit(3)
    atomic.step_hook = hook
    autosave(s)
    os._exit(0)
""")


@pytest.mark.parametrize("at", STEPS[:5])
def test_killed_during_autosave(at, data_home, folder):
    """The process dies (os._exit, no clean-up) between two steps of a write."""
    env = dict(os.environ, XDG_DATA_HOME=str(data_home))
    r = subprocess.run([sys.executable, "-c", CRASH.format(root=str(ROOT), at=at)], env=env,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 3, r.stderr
    latest = saves.load_latest()
    assert latest is not None
    assert len(latest.history) in (10, 13)
    assert len(latest.history) == (13 if at == "replaced" else 10)
    # Whatever the crash left behind lists without damage (a left-over temp file is ignored).
    assert all(e.ok for e in saves.list_saves())
    # The next start removes the temporary file a kill left (once it is a few seconds old:
    # a save in progress takes milliseconds).
    left = temp_files(folder)
    assert left or at == "replaced"
    for name in left:
        os.utime(folder / name, (time.time() - 60, time.time() - 60))
    assert saves.remove_temp_files() == len(left)
    assert temp_files(folder) == []
    # And the next autosave works normally.
    play(latest, 1)
    assert saves.autosave(latest) is None
    assert saves.load_latest().history == latest.history


@pytest.mark.parametrize("code,kind", [(errno.ENOSPC, "full"), (errno.EACCES, "denied"),
                                       (errno.EROFS, "denied"), (errno.EIO, "disk")])
def test_every_failed_autosave_is_reported_with_a_catalogue_key(folder, monkeypatch, code,
                                                                 kind):
    """Each failure, not only the first, returns a key and parameters for the screen (the
    table translates it), never an English sentence to show."""
    from game import i18n

    s = two_states()

    def refuse(*args, **kwargs):
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(atomic, "write_atomic", refuse)
    failures = [saves.autosave(play(s, 1)) for _ in range(3)]
    assert all(isinstance(f, saves.SaveFailure) for f in failures)
    assert {f.key for f in failures} == {f"load.save_failed.{kind}"}
    for language in i18n.LANGUAGES:
        i18n.set_language(language)
        assert i18n.t(failures[0].key, **failures[0].params) != failures[0].key
    i18n.set_language("en")
