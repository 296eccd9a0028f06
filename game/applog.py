"""The program's log: a rotating file in the user log folder, and the terminal with ``--verbose``.

Everything that goes wrong is written here with its traceback, so that a player can be shown a
short message and the log's location instead of a traceback. Imports only the standard library
and platformdirs, so that any command can call it before deciding what else to load.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
from pathlib import Path

APP_NAME = "cardtable"
LOG_NAME = "cardtable.log"
# A few deals' worth of detail per file; five files are kept.
MAX_BYTES = 1_000_000
BACKUPS = 4
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

# Set by ``configure``; tests and the crash screen read it through ``log_file``.
_configured: Path | None = None


def log_dir() -> Path:
    """The folder of the log files (``CARDTABLE_LOG_DIR`` overrides it, as tests do)."""
    override = os.environ.get("CARDTABLE_LOG_DIR")
    if override:
        return Path(override)
    from platformdirs import user_log_dir

    return Path(user_log_dir(APP_NAME, appauthor=False))


def log_file() -> Path:
    """The file that this run logs to (or would log to, before ``configure``)."""
    return _configured if _configured is not None else log_dir() / LOG_NAME


def configure(verbose: bool = False) -> Path | None:
    """Send the log to the rotating file (and to standard error when ``verbose``).

    Returns the log file, or None when its folder cannot be written: the program then runs
    without a log file rather than not at all. Calling it again replaces the earlier handlers.
    Warnings (pygame_gui's "Label Rect is too small"...) go to the log too, not the terminal.
    """
    global _configured
    shutdown()
    root = logging.getLogger()
    root.setLevel(logging.DEBUG if verbose else logging.INFO)
    path: Path | None = log_dir() / LOG_NAME
    try:
        assert path is not None
        path.parent.mkdir(parents=True, exist_ok=True)
        file_handler: logging.Handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8", delay=True
        )
    except OSError:
        path = None
    else:
        file_handler.setFormatter(logging.Formatter(FORMAT))
        file_handler._cardtable = True  # type: ignore[attr-defined]
        root.addHandler(file_handler)
    if verbose:
        terminal = logging.StreamHandler()
        terminal.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
        terminal._cardtable = True  # type: ignore[attr-defined]
        root.addHandler(terminal)
    logging.captureWarnings(True)  # as records of the "py.warnings" logger
    _configured = path
    return path


def shutdown() -> None:
    """Remove and close the handlers that ``configure`` added; warnings print again."""
    global _configured
    logging.captureWarnings(False)
    root = logging.getLogger()
    for handler in list(root.handlers):
        if getattr(handler, "_cardtable", False):
            root.removeHandler(handler)
            handler.close()
    _configured = None
