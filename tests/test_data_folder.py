"""Issue 27, files read from disk: strings made safe at the models' boundary, an unreadable data
folder said on the screens, statistics that keep counting past a limit, and the temporary
files of killed statistics and History writes cleaned at start."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.replay import history
from game.stats import store
from tests.replay.helpers import finished_record


@pytest.fixture(autouse=True)
def own_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))



# ---- an unreadable data folder ------------------------------------------------------------

@pytest.fixture
def unreadable(monkeypatch):
    """The data folder as chmod 000 makes it for a normal user (tests may run as root): every
    look inside it is refused."""
    data = Path(os.environ["XDG_DATA_HOME"])
    real_stat, real_open = os.stat, os.open

    def refuse(path):
        if str(path).startswith(str(data / "cardtable")):
            raise PermissionError(13, "Permission denied", str(path))

    def stat(path, *a, **k):
        refuse(path)
        return real_stat(path, *a, **k)

    def open_(path, *a, **k):
        refuse(path)
        return real_open(path, *a, **k)

    (data / "cardtable").mkdir(parents=True)
    monkeypatch.setattr(os, "stat", stat)
    monkeypatch.setattr(os, "open", open_)
    return data / "cardtable"


def test_unreadable_files_are_reported_not_replaced(unreadable):
    loaded = store.read()
    assert loaded.unreadable and "Permission denied" in loaded.problem
    assert history.read().unreadable
    with pytest.raises(OSError):
        store.update(lambda s: True)  # never written over a file that may be fine
    with pytest.raises(OSError):
        history.add(history.HistoryEntry(finished="2026-11-23T10:00:00Z",
                                         record=finished_record()))


@pytest.mark.parametrize("screen", ["stats", "daily", "history"])
def test_the_screens_say_the_data_folder_cannot_be_read(tmp_path, unreadable, screen):
    pytest.importorskip("pygame")
    from game.i18n import t
    from game.ui.screens.daily_screen import DailyScreen
    from game.ui.screens.history_screen import HistoryScreen
    from game.ui.screens.stats_screen import StatsScreen
    from tests.ui.table.driver import make_app

    app = make_app(tmp_path)
    try:
        made = {"stats": StatsScreen, "daily": DailyScreen, "history": HistoryScreen}[screen]
        s = made(app)
        app.show(s)
        app.step(present=False)
        app.render()
        if screen == "stats":
            assert t("stats.unreadable") in s.notes()
        elif screen == "daily":
            assert s.unreadable and s.play_buttons  # said, and still playable
        else:
            assert s.unreadable
    finally:
        app.close()

