"""The log file: where it goes, that it rotates, and that an unwritable folder is not fatal."""

from __future__ import annotations

import logging

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
