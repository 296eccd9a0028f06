"""What the App does before its first frame, in which order (issue 11, docs/startup.md)."""

from __future__ import annotations

import json

import pygame

from game.settings import SettingsStore
from game.ui.app import App
from game.ui.fonts import FONT_NAME


def test_the_icon_is_set_before_the_window_opens(tmp_path, monkeypatch):
    """pygame loads an icon of its own (through importlib.resources) for a window opened
    without one, and some systems take no new icon once the window is shown."""
    calls = []
    for name in ("set_icon", "set_mode"):
        real = getattr(pygame.display, name)
        monkeypatch.setattr(pygame.display, name,
                            lambda *a, _real=real, _name=name, **k: (calls.append(_name),
                                                                     _real(*a, **k))[1])
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "en"}))
    app = App(store=SettingsStore(path), size=(1280, 800))
    app.close()
    assert calls[:2] == ["set_icon", "set_mode"]


def test_no_thread_is_started_for_the_first_frame(tmp_path, monkeypatch):
    """pygame_gui's own loader starts five threads to load the theme's few fonts, slower than
    loading them (App's LoadNow); a resize makes a new manager the same way."""
    import threading

    started = []
    real_start = threading.Thread.start
    monkeypatch.setattr(threading.Thread, "start",
                        lambda self: (started.append(self.name), real_start(self))[1])
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "en"}))
    app = App(store=SettingsStore(path), size=(1280, 800))
    try:
        app.step()
        pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
        app.on_resized()
        app.step()
        fonts = app.manager.get_theme().get_font_dictionary()
        assert fonts.check_font_preloaded(fonts.create_font_id(
            app.font_sizes["body"], FONT_NAME, False, False, True))  # loaded all the same
    finally:
        app.close()
    assert started == []
