"""Issue 27, files read from disk: strings made safe at the models' boundary, an unreadable data
folder said on the screens, statistics that keep counting past a limit, and the temporary
files of killed statistics and History writes cleaned at start."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.replay import history
from game.stats import store
from game.stats.model import StatsFile
from tests.replay.helpers import finished_record

NASTY = "A\x00B\x1b[2J\u202eC\u2028D"


@pytest.fixture(autouse=True)
def own_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def history_with(record: dict, finished: str = "2026-11-23T10:00:00Z") -> dict:
    return {"format": history.FORMAT,
            "deals": [{"finished": finished, "number": 7, "deal_scores": [1, 2],
                       "record": record}]}


# ---- control characters: made safe where the models read them ----------------------------

def test_every_string_of_a_history_entry_is_made_safe_when_read(tmp_path):
    record = finished_record().model_dump(mode="json")
    record["rules"] = "canasta" + NASTY
    record["options"] = [NASTY]
    path = history.history_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(history_with(record, finished=NASTY)))
    loaded = history.read()
    assert loaded.problem is None
    entry = loaded.deals[0]
    for text in (entry.finished, entry.record.rules, *entry.record.options):
        assert not any(c in text for c in "\x00\x1b\u202e\u2028")
    assert entry.record.rules == "canastaA?B?[2J?C?D"


def test_the_history_screen_draws_an_entry_holding_a_nul(tmp_path):
    """The font raised ValueError on the NUL of a history entry (the screen's list row)."""
    pytest.importorskip("pygame")
    from game.ui.screens.history_screen import HistoryScreen
    from tests.ui.table.driver import make_app

    record = finished_record().model_dump(mode="json")
    record["rules"] = "canasta\x00"
    path = history.history_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(history_with(record)))
    app = make_app(tmp_path)
    try:
        app.show(HistoryScreen(app))
        app.step(present=False)
        app.render()
    finally:
        app.close()


def test_statistics_and_records_are_made_safe_when_read(tmp_path):
    from game.record import load_record_text

    doc = StatsFile().model_dump(mode="json")
    doc["recent"] = {NASTY: []}
    p = tmp_path / "stats.json"
    p.write_text(json.dumps(doc))
    loaded = store.read(p)
    assert loaded.problem is None and list(loaded.stats.recent) == ["A?B?[2J?C?D"]
    record = finished_record().model_dump(mode="json")
    record["actions"] = record["actions"][:3] + ["0 draw\x00"]
    assert load_record_text(json.dumps(record)).actions[-1] == "0 draw?"


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

