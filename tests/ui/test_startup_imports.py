"""What the main menu's first frame imports (issue 11, docs/startup.md), without timing:
``python -X importtime -m game`` in a fresh headless process that quits after its first
frame, with private settings, saves and log folders."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Modules the menu does not need until the player asks for a game, a save or the rules.
NOT_AT_START = ("game.players", "game.engine.canasta", "game.engine.cassino", "game.session",
                "game.engine.match",
                "game.saves.model", "game.saves.files", "game.saves.store",
                "game.saves.migrate", "game.ui.table")
# Deferred past the first frame: the settings are validated (pydantic) after it, the version
# is read without importlib.metadata (which brings the email package), and the picture cache's
# keys need no hashlib (OpenSSL).
NOT_BEFORE_FIRST_FRAME = ("pydantic", "pydantic_core", "game.settings_model", "game.newgame",
                          "importlib.metadata", "email", "hashlib", "_hashlib")


def first_frame_imports(tmp_path: Path, *, autosave: bytes | None = None,
                        settings: dict | None = None) -> set[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", CARDTABLE_EXIT_AFTER_FIRST_FRAME="1",
               XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "data"),
               CARDTABLE_LOG_DIR=str(tmp_path / "logs"))
    if autosave is not None:
        folder = tmp_path / "data" / "cardtable" / "saves"
        folder.mkdir(parents=True)
        (folder / "autosave.json").write_bytes(autosave)
    if settings is not None:
        folder = tmp_path / "config" / "cardtable"
        folder.mkdir(parents=True)
        (folder / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "game"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, env=env)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return {line.rsplit("|", 1)[1].strip() for line in proc.stderr.splitlines()
            if line.startswith("import time:") and "|" in line}


def test_first_menu_frame_imports_no_players_engines_or_save_model(tmp_path):
    modules = first_frame_imports(tmp_path)
    assert {m for m in modules if m.startswith(NOT_AT_START)} == set()
    assert {"game.ui.app", "game.ui.screens.main_menu", "game.saves.folder"} <= modules


def _under(modules: set[str], prefixes: tuple[str, ...]) -> set[str]:
    return {m for m in modules if m in prefixes or m.startswith(tuple(p + "." for p in prefixes))}


def test_first_menu_frame_waits_for_no_settings_model_and_no_metadata(tmp_path):
    """A player's settings file (every field valid) is validated after the first frame; the
    version in the footer comes without importlib.metadata."""
    stored = {"language": "ja", "fullscreen": False, "window_size": [1024, 700],
              "deck_style": "four-colour", "volume": 0.5, "card_size": "large",
              "last_game": {"game": "cassino", "players": 2}}
    modules = first_frame_imports(tmp_path, settings=stored)
    assert _under(modules, NOT_BEFORE_FIRST_FRAME) == set()
    assert {"game.settings", "game.ui.screens.main_menu"} <= modules


def test_a_doubtful_settings_file_is_validated_before_the_first_frame(tmp_path):
    """The contrast: a first-frame field the cheap check cannot vouch for (the model turns 1
    into True) brings the model in before the first frame, which then shows the warning."""
    modules = first_frame_imports(tmp_path, settings={"fullscreen": 1})
    assert {"pydantic", "game.settings_model"} <= modules


def test_an_autosave_is_read_at_start_to_decide_continue(tmp_path):
    """The contrast that shows the check above sees lazy imports: with an autosave there,
    the menu reads it (a damaged one leaves Continue disabled, as before)."""
    modules = first_frame_imports(tmp_path, autosave=b"{ not a save")
    assert "game.saves.store" in modules
