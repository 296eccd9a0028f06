"""The boundary of the models read from disk (saves, statistics, history, deal records): every
string of their input is made safe (game.safetext.safe_strings) before validation, so a NUL
or an escape sequence in a file reaches no screen and no terminal."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, model_validator

from game.safetext import safe_strings


class SafeStrings(BaseModel):
    """Mixin for a model read from disk: put it first among the bases."""

    @model_validator(mode="before")
    @classmethod
    def _safe_strings(cls, data: Any) -> Any:
        return safe_strings(data) if isinstance(data, (dict, list)) else data
