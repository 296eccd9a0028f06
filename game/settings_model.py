"""The settings' pydantic model, which validates every field read from disk.

Kept apart from :mod:`game.settings` so that the main menu's first frame does not wait for
pydantic: the window opens with the few fields it needs (``game.settings.first_frame``), and
the whole file is validated here right after that frame (docs/startup.md). Import it through
``game.settings`` (``from game.settings import Settings``).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from game.newgame import NewGameConfig
from game.settings import (
    ANIMATION_SCALE,
    ANIMATION_SPEEDS,
    CARD_SIZES,
    DECK_STYLES,
    FIRST_FRAME_DEFAULTS,
    LANGUAGES,
    TEXT_SCALE,
    TEXT_SIZES,
    window_size_problem,
)


class Settings(BaseModel):
    model_config = ConfigDict(extra="ignore", validate_assignment=True)

    version: int = 1
    # Literal[tuple] is Literal of its items: the choices are declared once, in game.settings.
    language: Literal[LANGUAGES] = FIRST_FRAME_DEFAULTS.language  # type: ignore[valid-type]
    sound: bool = True
    volume: float = Field(0.8, ge=0.0, le=1.0)
    animation_speed: Literal[ANIMATION_SPEEDS] = "normal"  # type: ignore[valid-type]
    card_size: Literal[CARD_SIZES] = "medium"  # type: ignore[valid-type]
    deck_style: Literal[DECK_STYLES] = FIRST_FRAME_DEFAULTS.deck_style  # type: ignore[valid-type]
    fullscreen: bool = FIRST_FRAME_DEFAULTS.fullscreen
    window_size: tuple[int, int] = FIRST_FRAME_DEFAULTS.window_size
    ai_deadline_ms: int = Field(1000, ge=50, le=60_000)
    warn_risky_discard: bool = True  # ask before a discard that hands the opponents the pile
    confirm_pile_take: bool = True  # a click on the pile asks first (a drag takes at once)
    log_pinned: bool = False  # the move log stays open at every window size
    take_back_turns: bool = False  # practice: take back whole turns against computers only
    text_size: Literal[TEXT_SIZES] = FIRST_FRAME_DEFAULTS.text_size  # type: ignore[valid-type]
    high_contrast: bool = FIRST_FRAME_DEFAULTS.high_contrast
    last_game: NewGameConfig | None = None

    @field_validator("window_size")
    @classmethod
    def _window(cls, v: tuple[int, int]) -> tuple[int, int]:
        problem = window_size_problem(*v)
        if problem:
            raise ValueError(problem)
        return v

    @property
    def animation_scale(self) -> float:
        return ANIMATION_SCALE[self.animation_speed]

    @property
    def text_scale(self) -> float:
        return TEXT_SCALE[self.text_size]
