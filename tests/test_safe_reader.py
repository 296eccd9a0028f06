"""Issue 27, files read from disk: one safe reader for every file (game.inputs). A pipe, a
device or a link to one is refused without waiting, the byte limit holds while reading
whatever size the file reports, deep nesting is refused before parsing, and every reader
(settings, statistics, History, saves, records, ``replay``) says so in one line."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game import inputs
from game.inputs import InputError, read_file, read_json

ROOT = Path(__file__).resolve().parent.parent
DEEP = b"[" * 100_000 + b"]" * 100_000


class Hung(Exception):
    pass


@pytest.fixture
def no_hang():
    """A reader that waits on a pipe or reads /dev/zero for ever fails the test instead."""
    if not hasattr(signal, "SIGALRM"):
        yield
        return

    def stop(*_):
        raise Hung("the reader waited or kept reading")

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


@pytest.fixture
def fifo(tmp_path, no_hang):
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    p = tmp_path / "pipe.json"
    os.mkfifo(p)
    return p


@pytest.fixture
def zero_link(tmp_path, no_hang):
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero")
    p = tmp_path / "zero.json"
    p.symlink_to("/dev/zero")
    return p


def test_the_reader_refuses_pipes_devices_and_folders(tmp_path, fifo, zero_link):
    for path in (fifo, zero_link):
        with pytest.raises(InputError, match="not a regular file"):
            read_file(path)
    with pytest.raises(InputError, match="a folder"):
        read_file(tmp_path)
    with pytest.raises(inputs.NoSuchFile):
        read_file(tmp_path / "missing.json")


def test_a_pipe_swapped_in_after_the_check_is_refused_without_blocking(fifo, tmp_path,
                                                                       monkeypatch):
    """The name is checked, then opened non-blocking and checked again on the open file."""
    regular = tmp_path / "regular.json"
    regular.write_text("{}")
    real_stat = os.stat
    monkeypatch.setattr(os, "stat", lambda p, *a, **k: real_stat(regular)
                        if Path(p) == fifo else real_stat(p, *a, **k))
    with pytest.raises(InputError, match="not a regular file"):
        read_file(fifo)


def test_the_byte_limit_holds_whatever_size_the_file_reports(tmp_path, monkeypatch):
    p = tmp_path / "big.json"
    p.write_bytes(b" " * 5000)
    real_fstat = os.fstat

    class Small:  # a file that says it is empty (as /dev/zero does)
        def __init__(self, st):
            self.st_mode, self.st_size = st.st_mode, 0

    monkeypatch.setattr(os, "fstat", lambda fd: Small(real_fstat(fd)))
    with pytest.raises(InputError, match="too large"):
        read_file(p, limit=1000)
    assert len(read_file(p, limit=5000)) == 5000


def test_deep_nesting_is_refused_before_parsing(tmp_path):
    p = tmp_path / "deep.json"
    p.write_bytes(DEEP)
    with pytest.raises(InputError, match="nested too deeply"):
        read_json(p)
    assert inputs.nesting_depth('{"a": "[[[[", "b": [[1], {"c": "]\\"["}]}') == 3


# ---- every reader -------------------------------------------------------------------------

@pytest.mark.parametrize("kind", ["deep", "fifo", "zero", "folder"])
def test_a_bad_settings_file_is_set_aside_and_defaults_used(tmp_path, kind, request):
    from game import settings as S

    p = tmp_path / "settings.json"
    if kind == "deep":
        p.write_bytes(DEEP)
    elif kind == "fifo":
        request.getfixturevalue("fifo").rename(p)
    elif kind == "zero":
        request.getfixturevalue("zero_link").rename(p)
    else:
        p.mkdir()
    store = S.SettingsStore(p, defer_validation=True)  # no hang, no RecursionError
    assert store.settings == S.Settings() and store.warning
    assert store.set_aside is not None and store.set_aside.name.startswith("settings.json.bad-")
    assert os.path.lexists(store.set_aside) and not os.path.lexists(p)
    if kind == "deep":
        assert store.set_aside.read_bytes() == DEEP  # kept as it was
    store.update(volume=0.3)  # the next save writes a fresh file
    assert S.load_settings(p)[0].volume == 0.3


def test_the_menu_says_where_the_settings_file_was_kept(tmp_path):
    from game.i18n import t
    from game.settings import SettingsStore
    from game.ui.app import App

    p = tmp_path / "settings.json"
    p.write_bytes(DEEP)
    app = App(store=SettingsStore(p), size=(1280, 800))
    try:
        app.step(present=False)
        app.render()
        assert app.settings_warning
        words = t("settings.set_aside", file=app.store.set_aside.name)
        assert app.store.set_aside.name in words and words != "settings.set_aside"
    finally:
        app.close()


@pytest.mark.parametrize("kind", ["deep", "fifo", "zero"])
def test_statistics_and_history_refuse_bad_files_in_one_line(tmp_path, kind, request):
    from game.replay import history
    from game.stats import store

    for reader, name in ((store.read, "stats.json"), (history.read, "history.json")):
        p = tmp_path / name
        if kind == "deep":
            p.write_bytes(DEEP)
        else:
            os.symlink(request.getfixturevalue("fifo" if kind == "fifo" else "zero_link"), p)
        loaded = reader(p)
        assert loaded.problem and "\n" not in loaded.problem and not loaded.unreadable


def test_records_and_saves_refuse_deep_nesting(tmp_path):
    from game.engine.errors import RecordError
    from game.engine.record import load_record_bytes
    from game.saves.files import DamagedSave, read_save

    with pytest.raises(RecordError, match="nested too deeply"):
        load_record_bytes(DEEP)
    p = tmp_path / "deep.json"
    p.write_bytes(b'{"format": "cardtable-save", "x": ' + DEEP + b"}")
    with pytest.raises(DamagedSave, match="nested too deeply"):
        read_save(p)


def test_the_picture_cache_does_not_wait_on_a_pipe(fifo):
    pytest.importorskip("pygame")
    from game.ui import picture_cache

    assert picture_cache._read(fifo, "key") is None


@pytest.mark.parametrize("kind", ["fifo", "zero"])
def test_replay_refuses_a_pipe_or_a_device_with_exit_2(kind, request):
    path = request.getfixturevalue("fifo" if kind == "fifo" else "zero_link")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    try:
        r = subprocess.run([sys.executable, "-m", "game", "replay", str(path)], env=env,
                           capture_output=True, text=True, timeout=60, cwd=ROOT)
    except subprocess.TimeoutExpired:
        pytest.fail(f"replay waited on {kind}")
    assert r.returncode == 2
    assert "not a regular file" in r.stderr and "Traceback" not in r.stderr
