"""Two copies of the program on one saves folder (issue 27): each moved the other's autosave
among the recent games, pruning deleted an unrelated unfinished game, copy 1's last position
was in no file and autosaves failed. Now the first copy holds the folder (game.saves.lock) and
a second one only reads it and says so; and no unfinished game is ever pruned away."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from game import saves
from game.saves import lock, store

from .helpers import fingerprint, new_session, play

ROOT = Path(__file__).resolve().parents[2]

# Copy 1: autosaves a game, says "ready", waits, plays on and autosaves its last position.
FIRST_COPY = textwrap.dedent("""
    import sys
    from game import saves
    from tests.saves.helpers import new_session, play

    s = play(new_session("canasta", 4, seed=21), 8)
    assert saves.autosave(s) is None
    print("ready", flush=True)
    sys.stdin.readline()
    play(s, 7)
    assert saves.autosave(s) is None
    print(len(s.history), flush=True)
    sys.stdin.readline()
""")


@pytest.fixture
def first_copy(data_home):
    env = {**os.environ, "XDG_DATA_HOME": str(data_home), "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-c", FIRST_COPY], cwd=ROOT, env=env, text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert proc.stdout.readline().strip() == "ready"
    yield proc
    proc.kill()
    proc.wait()


def test_a_second_copy_never_costs_the_first_one_a_game(first_copy, folder):
    autosave = folder / "autosave.json"
    before = fingerprint(autosave)
    mine = play(new_session("cassino", 2, seed=4), 5)
    failure = saves.autosave(mine)
    assert failure is not None and failure.key == "load.save_failed.in_use"
    assert fingerprint(autosave) == before  # not moved among the recent games, not replaced
    assert not (folder / "recent").exists()
    with pytest.raises(store.FolderInUse):
        saves.save_as(mine, "mine")
    with pytest.raises(store.FolderInUse):
        saves.delete(autosave)
    with pytest.raises(store.FolderInUse):
        saves.rename(autosave, "taken")
    assert saves.load_latest() is not None  # the second copy still reads

    first_copy.stdin.write("\n")
    first_copy.stdin.flush()
    played = int(first_copy.stdout.readline())
    assert len(saves.load(autosave).history) == played  # copy 1's last position is kept
    first_copy.stdin.write("\n")
    first_copy.stdin.flush()
    assert first_copy.wait(timeout=60) == 0
    # Copy 1 is gone, but this copy began read-only: it stays so (its game may be older).
    assert saves.autosave(mine).key == "load.save_failed.in_use"
    assert lock.any_read_only()


def test_the_first_copy_takes_the_folder_and_keeps_it(folder):
    assert lock.writable(folder) and not lock.read_only(folder)
    assert lock.writable(folder)  # decided once: the same answer, the same lock
    s = play(new_session("cassino", 2, seed=4), 5)
    assert saves.autosave(s) is None


def test_the_menu_says_a_second_copy_does_not_save(folder, app_maker, monkeypatch):
    monkeypatch.setitem(lock._DECIDED, os.path.abspath(folder), None)
    app = app_maker()
    assert lock.any_read_only()
    from game.i18n import t

    assert t("menu.read_only") != "menu.read_only"
    app.step(present=False)  # the footer's note is drawn without error


def test_no_unfinished_game_is_ever_pruned_away(folder):
    """Starting game after game keeps every replaced unfinished game (issue 27: pruning at
    ten deleted an unrelated unfinished game); only an older copy of the same game goes."""
    sessions = []
    for seed in range(13):
        s = play(new_session("cassino", 2, seed=seed), 2)
        assert saves.autosave(s) is None
        sessions.append(s)
    recent = [e for e in saves.list_saves() if e.kind == "recent"]
    assert len(recent) == 12
    assert {tuple(saves.load(e.path).history) for e in recent} == \
        {tuple(s.history) for s in sessions[:-1]}
    # A recent game continued, then replaced again: its older copy goes, nothing else.
    again = saves.load(recent[-1].path)
    play(again, 3)
    assert saves.autosave(again) is None
    assert saves.autosave(play(new_session("canasta", 2, seed=50), 1)) is None
    recent = [e for e in saves.list_saves() if e.kind == "recent"]
    assert len(recent) == 13
    histories = [tuple(saves.load(e.path).history) for e in recent]
    assert tuple(again.history) in histories
    assert len({e.game_id for e in recent}) == 13


def test_a_damaged_autosave_is_not_touched_by_a_second_copy(folder):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "autosave.json").write_bytes(b"{damaged")
    lock._DECIDED[os.path.abspath(folder)] = None  # another copy holds the folder
    before = fingerprint(folder / "autosave.json")
    assert saves.autosave(play(new_session("cassino", 2, seed=4), 2)) is not None
    assert fingerprint(folder / "autosave.json") == before
    assert [p.name for p in folder.iterdir() if p.name.startswith("damaged")] == []
