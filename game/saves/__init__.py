"""Save and resume: pydantic snapshots in the user data folder, written atomically, read
without trusting them (docs/saves.md).

The table and the menu use these::

    autosave(session) -> SaveFailure | None  # after every action and on quit; never raises
    remove_temp_files()                      # at start: what killed writes left behind
    load_latest() -> GameSession | None      # "Continue"
    can_continue() -> bool
    list_saves() -> list[SaveEntry]          # the Load screen (damaged files included)
    list_practice() -> list[SaveEntry]       # bundled practice positions
    save_as(session, name, overwrite=False) -> Path
    load(path) -> GameSession                # DamagedSave (one-line reason) if it does not load
    start_practice(path) -> GameSession
    delete(path); rename(path, new_name, overwrite=False) -> Path
"""

import sys

# Where each name lives. The package loads them when first asked (PEP 562), so that the main
# menu can import game.saves.folder without the pydantic model, the session and the players.
_HOMES = {
    "files": ("DamagedSave", "LoadedSave", "SaveError", "read_save", "summarize"),
    "model": ("SAVE_VERSION", "SaveFile", "Summary"),
    "store": ("SaveEntry", "SaveExistsError", "SaveFailure", "SaveNameError", "autosave",
              "can_continue", "check", "check_name", "delete", "latest_entry",
              "list_practice", "list_saves", "load", "load_entry", "load_latest",
              "practice_dir", "rename", "save_as", "start_practice"),
    "folder": ("remove_temp_files", "saves_dir"),
}
_HOME = {name: module for module, names in _HOMES.items() for name in names}
_SUBMODULES = ("atomic", "bench", "files", "folder", "migrate", "model", "practice", "store")


def _submodule(name: str):
    # __import__ rather than importlib.import_module: `python -X importtime` lists what it
    # loads (tests/ui/test_startup_imports.py relies on that).
    __import__(f"game.saves.{name}")
    return sys.modules[f"game.saves.{name}"]


def __getattr__(name: str):
    if name in _HOME:
        value = getattr(_submodule(_HOME[name]), name)
    elif name in _SUBMODULES:
        value = _submodule(name)
    else:
        raise AttributeError(f"module 'game.saves' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__, *_SUBMODULES})


__all__ = [
    "SAVE_VERSION", "DamagedSave", "LoadedSave", "SaveEntry", "SaveError", "SaveExistsError",
    "SaveFailure", "SaveFile", "SaveNameError", "Summary", "autosave", "can_continue", "check",
    "check_name", "delete", "latest_entry", "list_practice", "list_saves", "load", "load_entry",
    "load_latest", "practice_dir", "read_save", "remove_temp_files", "rename", "save_as",
    "saves_dir", "start_practice", "summarize",
]
