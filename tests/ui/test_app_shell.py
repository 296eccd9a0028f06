"""The application shell: DPI awareness and the layout's scale on scaled displays, and the
version on the main menu."""

from __future__ import annotations

import json
import os

import pygame
import pytest

import game
from game.settings import SettingsStore
from game.ui import app as app_module
from game.ui.app import App, pixel_density, ui_scale
from game.ui.screens.main_menu import MainMenu


def _app(tmp_path, size=(1280, 800)) -> App:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "en", "sound": False}))
    return App(store=SettingsStore(path), size=size)


@pytest.mark.parametrize("density", [1.0, 1.25, 1.5, 1.75, 2.0])
@pytest.mark.parametrize("points", [(800, 600), (1280, 800), (1920, 1080), (2560, 1440)])
def test_scaled_display_keeps_the_layout_of_its_size_in_points(points, density):
    """A window of the same size in points lays out alike at every display scale, drawn with
    ``density`` times the pixels: text and cards keep their size and stay sharp."""
    pixels = (round(points[0] * density), round(points[1] * density))
    assert ui_scale(pixels, density) == pytest.approx(ui_scale(points) * density, abs=0.051)


def test_small_window_on_a_scaled_display_is_not_shrunk():
    """800x500 points at 200 %: as large as the smallest layout allows, not half of it."""
    assert ui_scale((1600, 1000), 2.0) == 1.5
    assert ui_scale((1600, 1000)) == 1.25  # the same pixels at 100 %: a big window


def test_pixel_density():
    assert pixel_density((1280, 800), (1280, 800)) == 1.0
    assert pixel_density((1280, 800), (2560, 1600)) == 2.0  # window in points (macOS)
    assert pixel_density((1920, 1200), (1920, 1200), 1.5) == 1.5  # in pixels (Windows)
    assert pixel_density((0, 0), (0, 0), 1.25) == 1.25


def test_display_hints_are_declared_before_the_display_starts(tmp_path, monkeypatch):
    """DPI awareness (sharp at 125-200 %), before SDL reads it."""
    names = ("SDL_WINDOWS_DPI_AWARENESS", "SDL_VIDEO_HIGHDPI_DISABLED")
    for name in names:
        monkeypatch.delenv(name, raising=False)
    seen = {}
    real_init = pygame.display.init

    def init():
        seen.update({k: os.environ.get(k) for k in names})
        real_init()

    monkeypatch.setattr(pygame.display, "init", init)
    app = _app(tmp_path)
    app.close()
    assert seen == {"SDL_WINDOWS_DPI_AWARENESS": "permonitorv2",
                    "SDL_VIDEO_HIGHDPI_DISABLED": "0"}


def test_one_x11_window_class_however_the_game_is_started():
    """pygame names the X11 window class after sys.argv[0] when first imported ("__main__.py"
    under ``python -m game``) unless it is set already: the play command sets it first."""
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEO_X11_WMCLASS"}
    env["DISPLAY"] = ":0"  # pygame sets the class only when there is an X display
    code = ("import os; from game.commands import play; play.prepare_environment(); "
            "import pygame; print(os.environ['SDL_VIDEO_X11_WMCLASS'])")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "cardtable"


def test_windows_scale_opens_the_window_at_its_size_in_points(tmp_path, monkeypatch):
    """At 150 % on Windows the window gets 1.5 times the pixels of the size in the settings,
    the layout 1.5 times the scale, and a resize is remembered in points."""
    monkeypatch.setattr(app_module, "desktop_scale", lambda: 1.5)
    app = _app(tmp_path, size=(1000, 700))
    try:
        assert app.window_size == (1500, 1050)
        assert app.density == 1.5
        assert app.scale == pytest.approx(ui_scale((1000, 700)) * 1.5, abs=0.051)
        pygame.display.set_mode((1800, 1200), pygame.RESIZABLE)
        app.on_resized()
        app.flush_settings()
        assert app.settings.window_size == (1200, 800)
    finally:
        app.close()


def test_main_menu_shows_the_installed_version(tmp_path, monkeypatch):
    monkeypatch.setattr(game, "__version__", "9.8.7")
    assert MainMenu.version_text() == "Version 9.8.7"
    app = _app(tmp_path)
    try:
        app.render()  # the footer draws
    finally:
        app.close()
