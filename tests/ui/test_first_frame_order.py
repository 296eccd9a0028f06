"""What the App does before its first frame, in which order (issue 11, docs/startup.md)."""

from __future__ import annotations

import json

import pygame

from game.settings import SettingsStore
from game.ui.app import App


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
