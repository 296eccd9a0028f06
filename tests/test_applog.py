"""The log file: where it goes, that it rotates, and that an unwritable folder is not fatal."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

from game import applog


def test_configure_writes_to_the_log_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_LOG_DIR", str(tmp_path / "logs"))
    try:
        path = applog.configure()
        assert path == tmp_path / "logs" / applog.LOG_NAME == applog.log_file()
        logging.getLogger("game.test").error("something went wrong: %s", "detail")
        for handler in logging.getLogger().handlers:
            handler.flush()
        assert "something went wrong: detail" in path.read_text(encoding="utf-8")
    finally:
        applog.shutdown()


def test_configure_twice_keeps_one_file_handler(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_LOG_DIR", str(tmp_path))
    try:
        applog.configure()
        applog.configure(verbose=True)
        ours = [h for h in logging.getLogger().handlers if getattr(h, "_cardtable", False)]
        assert sorted(type(h).__name__ for h in ours) == ["RotatingFileHandler", "StreamHandler"]
    finally:
        applog.shutdown()


def test_unwritable_log_folder_is_not_fatal(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("CARDTABLE_LOG_DIR", str(blocker / "logs"))
    try:
        assert applog.configure() is None
        logging.getLogger("game.test").error("still runs")
    finally:
        applog.shutdown()


def test_a_logged_command_starts_its_log_with_the_version(tmp_path, monkeypatch):
    """The first line of a run names the version and the command (what a bug report needs)."""
    import game
    from game.cli import main

    monkeypatch.setenv("CARDTABLE_LOG_DIR", str(tmp_path))
    try:
        # screenshot with an output folder that does not exist: refused after the log starts
        assert main(["screenshot", "--rules", "cassino", "--out",
                     str(tmp_path / "missing" / "x.png")]) == 2
        for handler in logging.getLogger().handlers:
            handler.flush()
        first = (tmp_path / applog.LOG_NAME).read_text(encoding="utf-8").splitlines()[0]
        assert f"cardtable {game.__version__} screenshot" in first
    finally:
        applog.shutdown()


def test_pygame_gui_warnings_go_to_the_log_not_the_terminal(tmp_path):
    """Issue 27: pygame_gui printed "UserWarning: Label Rect is too small" on the terminal.
    A real label too small for its text, in a program that configured its log."""
    code = (
        "import pathlib, sys\n"
        "import pygame, pygame_gui\n"
        "from game import applog\n"
        "applog.configure()\n"
        "from game.settings import SettingsStore\n"
        "from game.ui.app import App\n"
        "app = App(store=SettingsStore(pathlib.Path(sys.argv[1])), size=(800, 600))\n"
        "pygame_gui.elements.UILabel(pygame.Rect(0, 0, 12, 12), 'far too long', app.manager)\n"
        "app.close()\n"
        "applog.shutdown()\n"
    )
    repo = Path(__file__).resolve().parents[1]
    env = {**os.environ, "CARDTABLE_LOG_DIR": str(tmp_path), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1",
           "PYTHONPATH": str(repo)}
    env.pop("PYTHONWARNINGS", None)
    run = subprocess.run([sys.executable, "-c", code, str(tmp_path / "settings.json")],
                         capture_output=True, text=True, env=env, cwd=repo, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "too small" not in run.stderr and "Warning" not in run.stderr
    logged = (tmp_path / applog.LOG_NAME).read_text(encoding="utf-8")
    assert "WARNING py.warnings" in logged and "Label Rect is too small" in logged
