"""Who listens to a game's progress: the program registers listeners (the statistics); tests
and command-line tools do not, so their games count nowhere.

Cheap to import (no engine, no pydantic): the program registers before its first frame.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

# Called with the GameSession each time one of its deals is scored.
DEAL_SCORED: list[Callable[[Any], object]] = []
# What a listener could not do, for the player: catalogue keys the table shows after the
# move that ended the deal (take_notices), then clears.
NOTICES: list[str] = []


def notify(key: str) -> None:
    """Tell the player (at the table, after this move) what a listener could not do."""
    if key not in NOTICES:
        NOTICES.append(key)


def take_notices() -> list[str]:
    """The notices not shown yet (and forget them)."""
    out = list(NOTICES)
    NOTICES.clear()
    return out


def deal_scored(session) -> None:
    for listener in list(DEAL_SCORED):
        try:
            listener(session)
        except Exception:  # a listener must never stop the game, nor fail unseen
            log.exception("a deal-end listener failed")
            notify("notice.listener_failed")
