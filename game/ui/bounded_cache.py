"""Pictures cached by their arguments within a budget of bytes, the least recently used let go.

``functools.lru_cache`` bounds a cache by its number of entries, but a picture of the window's
size weighs a hundred card faces: four felts at 1920x1080 held 33 MB, while four of 800x600
held 8. Pictures keyed by a size are let go here once the budget is spent, the oldest first,
so sizes the window no longer has leave the cache as it is resized, whatever their number.

    @lru_pictures(max_mb=20)
    def felt(size, colour) -> pygame.Surface: ...

    felt.cache_clear(); felt.cache_bytes(); len(felt.cache_keys()); felt.cache_info()
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Callable
from typing import NamedTuple


class CacheInfo(NamedTuple):
    """As ``functools``' (``currsize``: the pictures held), with their bytes and the budget."""

    hits: int
    misses: int
    currsize: int
    bytes: int
    budget: int


def picture_bytes(picture) -> int:
    """The bytes of a surface's pixels (0 for a subsurface: its parent holds them)."""
    if picture.get_parent() is not None:
        return 0
    return picture.get_pitch() * picture.get_height()


def lru_pictures(max_mb: float) -> Callable:
    """Cache a function returning a surface by its (hashable, positional) arguments, holding
    at most ``max_mb`` megabytes of pixels (always the newest picture, however large)."""
    budget = round(max_mb * 2**20)

    def decorate(fn: Callable) -> Callable:
        pictures: OrderedDict[tuple, object] = OrderedDict()
        held = 0
        hits = misses = 0

        @functools.wraps(fn)
        def cached(*args):
            nonlocal held, hits, misses
            picture = pictures.get(args)
            if picture is not None:
                pictures.move_to_end(args)
                hits += 1
                return picture
            misses += 1
            picture = fn(*args)
            pictures[args] = picture
            held += picture_bytes(picture)
            while held > budget and len(pictures) > 1:
                _, old = pictures.popitem(last=False)
                held -= picture_bytes(old)
            return picture

        def cache_clear() -> None:
            nonlocal held, hits, misses
            pictures.clear()
            held = hits = misses = 0

        cached.cache_clear = cache_clear  # type: ignore[attr-defined]
        cached.cache_bytes = lambda: held  # type: ignore[attr-defined]
        cached.cache_keys = lambda: list(pictures)  # type: ignore[attr-defined]
        cached.cache_budget = budget  # type: ignore[attr-defined]
        cached.cache_info = lambda: CacheInfo(  # type: ignore[attr-defined]
            hits, misses, len(pictures), held, budget)
        return cached

    return decorate
