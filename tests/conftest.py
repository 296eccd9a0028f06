"""Test setup: headless SDL, private user folders, and shared helpers."""

import atexit
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Private user folders (saves, settings, logs), removed when the test process ends: the suite
# never reads or writes the player's own files.
_tmp = tempfile.mkdtemp(prefix="cardtable-tests-")
atexit.register(shutil.rmtree, _tmp, ignore_errors=True)
os.environ["XDG_DATA_HOME"] = str(Path(_tmp) / "data")
os.environ["XDG_CONFIG_HOME"] = str(Path(_tmp) / "config")
os.environ["XDG_STATE_HOME"] = str(Path(_tmp) / "state")
os.environ["XDG_CACHE_HOME"] = str(Path(_tmp) / "cache")
os.environ["CARDTABLE_LOG_DIR"] = str(Path(_tmp) / "logs")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


@pytest.fixture
def app_maker(tmp_path):
    """Headless Apps, each with its own settings file (``language`` and any other settings),
    started with one frame; closed, and English restored, after the test."""
    from game import i18n
    from game.settings import SettingsStore
    from game.ui.app import App

    apps = []

    def make(size=(1280, 800), language="en", hooks=None, **settings):
        path = tmp_path / f"settings-{len(apps)}.json"
        path.write_text(json.dumps({"language": language, **settings}))
        app = App(store=SettingsStore(path), size=size, hooks=hooks)
        apps.append(app)
        app.step(present=False)
        return app

    yield make
    for app in apps:
        app.close()
    i18n.set_language("en")


@pytest.fixture(autouse=True)
def _default_look():
    """The text size and the colours are the process's (game.ui.fonts, game.ui.palette): a
    test that changes them leaves the next its defaults."""
    yield
    fonts = sys.modules.get("game.ui.fonts")
    if fonts is not None:
        fonts.set_text_scale(1.0)
    palette = sys.modules.get("game.ui.palette")
    if palette is not None:
        palette.apply(False)
    app = sys.modules.get("game.ui.app")
    if app is not None:  # pictures of words drawn at the test's text size and colours
        app.forget_drawn_text()


@pytest.fixture(autouse=True)
def _no_notices_left():
    """What a deal-end listener could not record waits for the table (game.listeners): a
    test's leftovers must not show at the next test's table."""
    yield
    listeners = sys.modules.get("game.listeners")
    if listeners is not None:
        listeners.NOTICES.clear()
