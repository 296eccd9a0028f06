"""Issue 27, files read from disk: strings made safe at the models' boundary, an unreadable data
folder said on the screens, statistics that keep counting past a limit, and the temporary
files of killed statistics and History writes cleaned at start."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from game import listeners
from game.replay import history
from game.stats import recorder, store
from game.stats.model import MAX_COUNT, Bucket, StatsFile, bucket_key
from tests.replay.helpers import finished_record

NASTY = "A\x00B\x1b[2J\u202eC\u2028D"


@pytest.fixture(autouse=True)
def own_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    listeners.NOTICES.clear()
    yield
    listeners.NOTICES.clear()


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
    from game.engine.record import load_record_text

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


def test_the_stats_command_says_the_file_cannot_be_read(unreadable, capsys):
    from game.cli import main

    assert main(["stats"]) == 0
    err = capsys.readouterr().err
    assert "Permission denied" in err and "no deal is counted" in err
    assert "a new one is started" not in err and "Traceback" not in err


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


# ---- counts at their limit ----------------------------------------------------------------

def test_counting_goes_on_past_a_count_at_its_limit(tmp_path):
    from tests.stats.test_stats import human_session, play_deal

    p = tmp_path / "stats.json"
    key = bucket_key("cassino", 2, "normal")
    full = Bucket()
    full.deals.played = MAX_COUNT
    full.sweeps = MAX_COUNT
    store.write(StatsFile(buckets={key: full}), p)
    for seed in (7, 8):
        s = human_session("cassino", 2, seed)
        play_deal(s)
        assert recorder.record_deal(s, p) is True  # counted, not a ValidationError
    bucket = store.read(p).stats.buckets[key]
    assert bucket.deals.played == MAX_COUNT and bucket.sweeps == MAX_COUNT
    assert bucket.deals.won + bucket.deals.lost + bucket.deals.drawn == 2
    assert len(store.read(p).stats.recorded) == 2
    assert bucket.at_limit() and not Bucket().at_limit()
    assert listeners.take_notices() == []


def test_a_deal_that_cannot_be_counted_is_said_at_the_table(unreadable):
    from tests.stats.test_stats import human_session, play_deal

    listeners.DEAL_SCORED.append(recorder.record_deal)
    listeners.DEAL_SCORED.append(history.record_finished_deal)
    try:
        s = human_session("cassino", 2, 7)
        play_deal(s)  # no exception
    finally:
        listeners.DEAL_SCORED.remove(recorder.record_deal)
        listeners.DEAL_SCORED.remove(history.record_finished_deal)
    assert s.scored
    assert listeners.take_notices() == ["stats.not_counted", "history.not_kept"]


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_table_says_what_a_deal_end_listener_could_not_do(tmp_path, language):
    pytest.importorskip("pygame")
    from game import i18n
    from game.newgame import NewGameConfig, SeatConfig
    from game.ui.table import TableScreen
    from tests.ui.table.driver import make_app

    app = make_app(tmp_path, language=language)
    try:
        cfg = NewGameConfig(game="cassino", players=2,
                            seats=(SeatConfig(kind="human"), SeatConfig(level="normal")))
        screen = TableScreen(app, cfg, seed=1)
        app.show(screen)
        screen.toasts = []
        listeners.notify("stats.not_counted")
        listeners.notify("history.not_kept")
        seat = screen.reads.current_player  # the move that ended a deal says it
        assert screen.moves.play(screen.reads.legal_actions(seat)[0], computer=seat != 0) is None
        shown = [x[0] for x in screen.toasts if x[0] in (i18n.t("stats.not_counted"),
                                                          i18n.t("history.not_kept"))]
        assert shown == [i18n.t("stats.not_counted"), i18n.t("history.not_kept")]
        assert i18n.catalogue(language)["stats.not_counted"] == shown[0]
        assert listeners.NOTICES == []  # said once
    finally:
        app.close()
        i18n.set_language("en")


def test_the_statistics_screen_says_a_count_is_at_its_limit(tmp_path):
    pytest.importorskip("pygame")
    from game.i18n import t
    from game.ui.screens.stats_screen import StatsScreen
    from tests.ui.table.driver import make_app

    full = Bucket()
    full.went_out = MAX_COUNT + 5  # clamped, not refused
    assert full.went_out == MAX_COUNT
    store.write(StatsFile(buckets={bucket_key("cassino", 2, "normal"): full}))
    app = make_app(tmp_path)
    try:
        s = StatsScreen(app, "cassino")
        assert s.problem is None
        assert t("stats.at_limit", n=MAX_COUNT) in s.notes()
    finally:
        app.close()


# ---- temporary files of killed writes -----------------------------------------------------

def test_temporary_files_of_killed_statistics_history_and_settings_writes_are_removed():
    from game.saves import atomic, folder
    from game.settings import settings_path

    places = [folder.saves_dir(), store.stats_path().parent, history.history_path().parent,
              settings_path().parent]
    left = []
    for i, where in enumerate(places):
        where.mkdir(parents=True, exist_ok=True)
        p = where / f"{atomic.TEMP_PREFIX}x{i}.json.abc{atomic.TEMP_SUFFIX}"
        p.write_bytes(b"half")
        os.utime(p, (time.time() - 60, time.time() - 60))
        left.append(p)
    keep = store.stats_path().parent / "stats.json"
    keep.write_text("{}")
    assert folder.remove_temp_files() == len(set(left))
    assert not any(p.exists() for p in left) and keep.exists()
