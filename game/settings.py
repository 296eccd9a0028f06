"""The player's settings: a pydantic model stored as JSON in the user's config folder.

Reading never fails: a missing, oversized, unreadable or invalid file gives the defaults (or
keeps the valid fields) plus a warning for the screen. A file that cannot be used at all (not
a regular file, too large, not JSON, nested too deeply) is set aside as
``settings.json.bad-<time>``, its bytes untouched; one with invalid values is left in place.
Writing is atomic (temporary file in the same folder, fsync, ``os.replace``), so a crash while
saving leaves the old file or the new one, never half of each. No pygame here.

This module imports no pydantic: the model lives in game.settings_model and is reached through
``Settings`` here when first used. The window and the main menu's first frame need only
:class:`FirstFrameSettings`; a :class:`SettingsStore` made with ``defer_validation`` gives them
from a cheap check of the file and validates the whole of it when first asked (after that
frame, see game.ui.app and docs/startup.md).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

import platformdirs

if TYPE_CHECKING:
    from game.settings_model import Settings

APP_NAME = "cardtable"
FILE_NAME = "settings.json"
MAX_BYTES = 256 * 1024  # a real file is under 2 KB; anything bigger is not ours
MAX_DEPTH = 8  # a real file nests 2 deep
MIN_WINDOW = (800, 600)
MAX_WINDOW_SIDE = 16384

# The choices of the model's Literal fields (game.settings_model).
LANGUAGES = ("auto", "en", "ja")
ANIMATION_SPEEDS = ("slow", "normal", "fast")
CARD_SIZES = ("small", "medium", "large")
DECK_STYLES = ("two-colour", "four-colour")
TEXT_SIZES = ("normal", "large", "larger")
# Every text is drawn this much larger (game.ui.fonts, game.ui.theme).
TEXT_SCALE = {"normal": 1.0, "large": 1.25, "larger": 1.5}
# Animation durations are multiplied by this.
ANIMATION_SCALE = {"slow": 1.6, "normal": 1.0, "fast": 0.55}


def window_size_problem(width: int, height: int) -> str | None:
    """Why a stored window size is refused (None when it is fine)."""
    if MIN_WINDOW[0] <= width <= MAX_WINDOW_SIDE and MIN_WINDOW[1] <= height <= MAX_WINDOW_SIDE:
        return None
    return f"window size {width}x{height} out of range"


@dataclass(frozen=True)
class FirstFrameSettings:
    """What the window and the main menu's first frame take from the settings. The defaults
    are the model's (game.settings_model uses these)."""

    language: str = "auto"
    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 800)
    deck_style: str = "two-colour"
    text_size: str = "normal"  # the first frame's text is drawn at the player's size
    high_contrast: bool = False  # and in the player's colours

    @property
    def text_scale(self) -> float:
        return TEXT_SCALE[self.text_size]


FIRST_FRAME_DEFAULTS = FirstFrameSettings()


def _plain_window_size(v: Any) -> bool:
    return (isinstance(v, (list, tuple)) and len(v) == 2 and all(type(n) is int for n in v)
            and window_size_problem(*v) is None)


# Each first-frame field's check: only plainly valid JSON values pass (exact types, no
# conversions), so that what passes is what the model keeps.
_PLAIN = {
    "language": lambda v: type(v) is str and v in LANGUAGES,
    "fullscreen": lambda v: type(v) is bool,
    "window_size": _plain_window_size,
    "deck_style": lambda v: type(v) is str and v in DECK_STYLES,
    "text_size": lambda v: type(v) is str and v in TEXT_SIZES,
    "high_contrast": lambda v: type(v) is bool,
}


def first_frame(data: dict) -> FirstFrameSettings | None:
    """The first frame's fields of a settings file's JSON object, each as stored or its
    default; None when any of them is present but not plainly valid (the model then decides,
    with a warning)."""
    values = {}
    for name, plain in _PLAIN.items():
        if name in data:
            if not plain(data[name]):
                return None
            values[name] = tuple(data[name]) if name == "window_size" else data[name]
    return FirstFrameSettings(**values)


def __getattr__(name: str):
    # PEP 562: the pydantic model is imported when first asked for, not with this module.
    if name == "Settings":
        from game.settings_model import Settings

        return Settings
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def settings_path() -> Path:
    """``<user config dir>/cardtable/settings.json`` (honours XDG_CONFIG_HOME on Linux)."""
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)) / FILE_NAME


def read_settings_file(path: Path) -> tuple[dict | None, str | None]:
    """The file's JSON object, unvalidated (None if there is no file), or None and why it
    cannot be used. Never raises; reads through the one safe reader (regular files only, a
    byte limit while reading, bounded nesting)."""
    from game.inputs import InputError, NoSuchFile, read_json

    try:
        data = read_json(path, MAX_BYTES, max_depth=MAX_DEPTH)
    except NoSuchFile:
        return None, None
    except InputError as e:
        return None, f"{path} could not be read ({e}); defaults used"
    if not isinstance(data, dict):
        return None, f"{path} does not hold a JSON object; defaults used"
    return data, None


def set_aside(path: Path) -> Path | None:
    """Rename an unusable settings file (or whatever stands at its name) to
    ``settings.json.bad-<time>`` beside it, so that the next save does not replace it; the
    new name, or None if there is nothing to move or it cannot be moved."""
    import os
    import time

    target = path.with_name(f"{path.name}.bad-{time.strftime('%Y%m%d-%H%M%S')}")
    n = 2
    while os.path.lexists(target):
        target = path.with_name(f"{path.name}.bad-{time.strftime('%Y%m%d-%H%M%S')}-{n}")
        n += 1
    try:
        if not os.path.lexists(path):
            return None
        os.rename(path, target)  # a link is moved, not what it points to
    except OSError:
        return None
    return target


def validate_settings(data: dict | None, path: Path) -> tuple[Settings, str | None]:
    """The settings in ``data`` (defaults when None) and a warning naming the fields reset."""
    from pydantic import ValidationError

    from game.settings_model import Settings

    if data is None:
        return Settings(), None
    reset: list[str] = []
    for _ in range(len(Settings.model_fields) + 1):
        try:
            settings = Settings.model_validate(data)
            break
        except ValidationError as e:
            # Keep what is valid: drop each offending field and try again.
            bad = {str(err["loc"][0]) for err in e.errors() if err["loc"]}
            if not bad or not bad & data.keys():
                return Settings(), f"{path} has invalid settings ({e.error_count()}); defaults used"
            reset += sorted(bad & data.keys())
            data = {k: v for k, v in data.items() if k not in bad}
    else:  # pragma: no cover - each round removes a field, so this cannot loop forever
        return Settings(), f"{path} has invalid settings; defaults used"
    if reset:
        return settings, f"{path}: invalid values reset to defaults: {', '.join(reset)}"
    return settings, None


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The stored settings and a warning (None when all went well). Never raises."""
    path = settings_path() if path is None else Path(path)
    data, problem = read_settings_file(path)
    if problem:
        return validate_settings(None, path)[0], problem
    return validate_settings(data, path)


def save_settings(settings: Settings, path: Path | None = None) -> str | None:
    """Write atomically; returns None, or a warning if the disk refused (never raises)."""
    from game.saves.atomic import write_atomic  # the one atomic writer (temp, fsync, replace)

    path = settings_path() if path is None else Path(path)
    data = (settings.model_dump_json(indent=2) + "\n").encode("utf-8")
    try:
        write_atomic(path, data)
        return None
    except OSError as e:
        return f"settings could not be saved to {path}: {e}"


class SettingsStore:
    """The settings in use, saved on every change. ``warning`` holds the last load/save problem.

    With ``defer_validation`` the file is read and its first-frame fields checked now, and the
    whole of it validated when :attr:`settings` is first asked for (or by :meth:`validate`);
    a file whose first-frame fields are not plainly valid is validated at once.
    """

    def __init__(self, path: Path | None = None, *, defer_validation: bool = False):
        self.path = settings_path() if path is None else Path(path)
        self.warning: str | None = None
        self.set_aside: Path | None = None  # where an unusable file was moved (for the screen)
        self._settings: Settings | None = None
        self._data, problem = read_settings_file(self.path)
        self._first_frame = None if problem else first_frame(self._data or {})
        if problem:
            self.set_aside = set_aside(self.path)
            if self.set_aside is not None:
                problem += f"; the file was kept as {self.set_aside.name}"
            self._settings, self.warning = validate_settings(None, self.path)[0], problem
        elif not defer_validation or self._first_frame is None:
            self.validate()

    @property
    def validated(self) -> bool:
        return self._settings is not None

    def validate(self) -> str | None:
        """Validate the file read (once); returns the warning, as ``warning``."""
        if self._settings is None:
            self._settings, self.warning = validate_settings(self._data, self.path)
            self._data = None
        return self.warning

    @property
    def settings(self) -> Settings:
        self.validate()
        return self._settings

    @settings.setter
    def settings(self, value: Settings) -> None:
        self._settings = value

    @property
    def first_frame(self) -> FirstFrameSettings:
        """The first frame's fields: the validated settings' once validated, else the file's."""
        if self._settings is None:
            return self._first_frame
        s = self._settings
        return FirstFrameSettings(*(getattr(s, f.name) for f in fields(FirstFrameSettings)))

    def update(self, **changes) -> Settings:
        """Apply validated changes (raises ValueError for a bad value) and save."""
        new = self.settings.model_copy(update={})
        for k, v in changes.items():
            setattr(new, k, v)  # validate_assignment checks each value
        self.settings = new
        problem = save_settings(new, self.path)
        if problem:
            self.warning = problem
        return new
