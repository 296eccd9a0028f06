"""An unexpected error inside the window: the player is told (in their language) where the log
is, the log has the traceback, the last autosave is kept as it was, and the exit is non-zero."""

from __future__ import annotations

import json

import pygame
import pytest

from game import applog, i18n
from game.newgame import NewGameConfig, default_seats
from game.saves import store
from game.settings import SettingsStore
from game.ui.app import CRASH_EXIT, App, draw_crash
from game.ui.table import TableScreen


@pytest.fixture
def logged(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_LOG_DIR", str(tmp_path / "log"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    path = applog.configure()
    yield path
    applog.shutdown()
    i18n.set_language("en")


def _app(tmp_path, language: str) -> App:
    settings = tmp_path / "settings.json"
    settings.write_text(json.dumps({"language": language, "sound": False}))
    return App(store=SettingsStore(settings), size=(1280, 800))


def _boom(*_args, **_kw):
    raise RuntimeError("injected fault")


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("where", ["update", "draw_overlay"])
def test_fault_in_the_table_is_reported_and_the_autosave_kept(logged, tmp_path, monkeypatch,
                                                               capsys, language, where):
    app = _app(tmp_path, language)
    config = NewGameConfig(game="cassino", players=2, seats=default_seats(2))
    table = TableScreen(app, config, seed=5)
    app.show(table)
    app.step(present=False)
    table.save()
    autosave = store.saves_dir() / store.AUTOSAVE
    saved = autosave.read_bytes()
    monkeypatch.setattr(table, where, _boom)

    assert app.run() == CRASH_EXIT

    assert autosave.read_bytes() == saved  # not written again from a state that failed
    text = logged.read_text(encoding="utf-8")
    assert "Traceback" in text and "RuntimeError: injected fault" in text
    shown = app.crash_message
    assert shown.splitlines()[0] == i18n.t("app.crash.title")
    assert i18n.t("menu.continue") in shown and str(logged) in shown
    assert "Traceback" not in capsys.readouterr().err
    assert not pygame.display.get_init()  # the window is closed


def test_fault_in_the_menu_exits_non_zero(logged, tmp_path, monkeypatch):
    app = _app(tmp_path, "en")
    monkeypatch.setattr(app.screen, "update", _boom)
    assert app.run() == CRASH_EXIT
    assert "RuntimeError: injected fault" in logged.read_text(encoding="utf-8")


def test_quit_still_exits_zero(logged, tmp_path):
    app = _app(tmp_path, "en")
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.run() == 0 and app.crash_message is None


@pytest.mark.parametrize("language", ["en", "ja"])
def test_crash_message_fits_the_window(language, tmp_path):
    """Every line of the message is drawn inside the window, a long log path too."""
    pygame.display.init()
    try:
        i18n.set_language(language)
        surface = pygame.Surface((800, 600))
        surface.fill((0, 0, 0))
        where = "/home/someone/.local/state/cardtable/log/" + "x" * 80 + "/cardtable.log"
        draw_crash(surface, i18n.t("app.crash.title"),
                   i18n.t("app.crash.body", resume=i18n.t("menu.continue")), where,
                   i18n.t("app.crash.close"))
        lit = [x for x in range(800) if any(surface.get_at((x, y))[:3] != (0, 0, 0)
                                            for y in range(0, 600, 3))]
        assert lit and lit[0] > 0 and lit[-1] < 799
    finally:
        i18n.set_language("en")
