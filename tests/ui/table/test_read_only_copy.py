"""A second copy of the program on one saves folder (issue 27, game.saves.lock) says at the
table that it does not save, and its Leave dialog does not promise a saved game; what a
deal's end could not record is told at the table too."""

from __future__ import annotations

import os

from game.engine.actions import make
from game.i18n import t
from game.saves import lock, store


def _fingerprint(path):
    try:
        return path.read_bytes(), path.stat().st_mtime_ns
    except FileNotFoundError:
        return None


def test_a_second_copy_says_it_does_not_save(table, monkeypatch):
    folder = store.saves_dir()
    monkeypatch.setitem(lock._DECIDED, os.path.abspath(folder), None)  # another copy holds it
    before = _fingerprint(folder / "autosave.json")
    d = table("canasta", 2, seed=1)
    sc = d.screen
    assert d.settle() == "human"
    d.perform(make(0, "draw"))
    d.step(5)  # the autosave is tried once the cards have landed
    assert t("load.save_failed.in_use") in [x[0] for x in sc.presenter.toasts]
    assert _fingerprint(folder / "autosave.json") == before
    d.press(t("table.menu"))
    assert sc.dialog is not None and sc.dialog._args[1] == t("leave.body")
    assert t("table.save_as") not in [b[0] for b in sc.dialog._args[2]]


def test_what_a_deal_end_could_not_record_is_told_at_the_table(table):
    """A daily game without its number, a statistics write refused: told at the next move."""
    from game import listeners

    d = table("canasta", 2, seed=1)
    assert d.settle() == "human"
    listeners.notify("stats.daily_not_counted")
    d.perform(make(0, "draw"))
    assert t("stats.daily_not_counted") in [x[0] for x in d.screen.presenter.toasts]
    assert listeners.NOTICES == []
