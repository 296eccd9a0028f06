"""The player's settings: a pydantic model stored as JSON in the user's config folder.

Reading never fails: a missing, oversized, unreadable or invalid file gives the defaults (or
keeps the valid fields) plus a warning for the screen; the damaged file is left untouched.
Writing is atomic (temporary file in the same folder, fsync, ``os.replace``), so a crash while
saving leaves the old file or the new one, never half of each. No pygame here.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Literal

import platformdirs
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from game.ui.config import NewGameConfig

APP_NAME = "cardtable"
FILE_NAME = "settings.json"
MAX_BYTES = 256 * 1024  # a real file is under 2 KB; anything bigger is not ours
MIN_WINDOW = (800, 600)

# Animation durations are multiplied by this.
ANIMATION_SCALE = {"slow": 1.6, "normal": 1.0, "fast": 0.55}
CARD_SIZES = ("small", "medium", "large")


class Settings(BaseModel):
    model_config = ConfigDict(extra="ignore", validate_assignment=True)

    version: int = 1
    language: Literal["auto", "en", "ja"] = "auto"
    sound: bool = True
    volume: float = Field(0.8, ge=0.0, le=1.0)
    animation_speed: Literal["slow", "normal", "fast"] = "normal"
    card_size: Literal["small", "medium", "large"] = "medium"
    deck_style: Literal["two-colour", "four-colour"] = "two-colour"
    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 800)
    ai_deadline_ms: int = Field(1000, ge=50, le=60_000)
    warn_risky_discard: bool = True  # ask before a discard that hands the opponents the pile
    confirm_pile_take: bool = True  # a click on the pile asks first (a drag takes at once)
    take_back_turns: bool = False  # practice: take back whole turns against computers only
    last_game: NewGameConfig | None = None

    @field_validator("window_size")
    @classmethod
    def _window(cls, v: tuple[int, int]) -> tuple[int, int]:
        w, h = v
        if not (MIN_WINDOW[0] <= w <= 16384 and MIN_WINDOW[1] <= h <= 16384):
            raise ValueError(f"window size {w}x{h} out of range")
        return v

    @property
    def animation_scale(self) -> float:
        return ANIMATION_SCALE[self.animation_speed]


def settings_path() -> Path:
    """``<user config dir>/cardtable/settings.json`` (honours XDG_CONFIG_HOME on Linux)."""
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)) / FILE_NAME


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The stored settings and a warning (None when all went well). Never raises."""
    path = settings_path() if path is None else Path(path)
    try:
        if not path.exists():
            return Settings(), None
        size = path.stat().st_size
        if size > MAX_BYTES:
            return Settings(), f"{path} is {size} bytes, too large to be settings; defaults used"
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, UnicodeDecodeError, ValueError) as e:  # JSONDecodeError is a ValueError
        return Settings(), f"{path} could not be read ({e}); defaults used"
    if not isinstance(data, dict):
        return Settings(), f"{path} does not hold a JSON object; defaults used"
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
    """The settings in use, saved on every change. ``warning`` holds the last load/save problem."""

    def __init__(self, path: Path | None = None):
        self.path = settings_path() if path is None else Path(path)
        self.settings, self.warning = load_settings(self.path)

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
