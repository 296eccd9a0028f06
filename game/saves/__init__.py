"""Save and resume: pydantic snapshots in the user data folder, written atomically, read
without trusting them (docs/saves.md).

The table and the menu use these::

    autosave(session) -> SaveFailure | None  # after every action and on quit; never raises
    remove_temp_files()                      # at start: what killed saves left behind
    load_latest() -> GameSession | None      # "Continue"
    can_continue() -> bool
    list_saves() -> list[SaveEntry]          # the Load screen (damaged files included)
    list_practice() -> list[SaveEntry]       # bundled practice positions
    save_as(session, name, overwrite=False) -> Path
    load(path) -> GameSession                # DamagedSave (one-line reason) if it does not load
    start_practice(path) -> GameSession
    delete(path); rename(path, new_name, overwrite=False) -> Path
"""

from game.saves.files import DamagedSave, LoadedSave, SaveError, read_save, summarize
from game.saves.model import SAVE_VERSION, SaveFile, Summary
from game.saves.store import (
    SaveEntry,
    SaveExistsError,
    SaveFailure,
    SaveNameError,
    autosave,
    can_continue,
    check,
    check_name,
    delete,
    latest_entry,
    list_practice,
    list_saves,
    load,
    load_entry,
    load_latest,
    practice_dir,
    remove_temp_files,
    rename,
    save_as,
    saves_dir,
    start_practice,
)

__all__ = [
    "SAVE_VERSION", "DamagedSave", "LoadedSave", "SaveEntry", "SaveError", "SaveExistsError",
    "SaveFailure", "SaveFile", "SaveNameError", "Summary", "autosave", "can_continue", "check",
    "check_name", "delete", "latest_entry", "list_practice", "list_saves", "load", "load_entry",
    "load_latest", "practice_dir", "read_save", "remove_temp_files", "rename", "save_as",
    "saves_dir", "start_practice", "summarize",
]
