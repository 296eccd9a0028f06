"""The window's memory: freed pictures go back to the system.

pygame's surfaces are allocated with C's malloc. glibc serves a block of 128 KiB or more with
its own mapping, given back when freed, until the first such block is freed: from then on it
raises that threshold to the freed block's size (up to 32 MiB), so window-sized pictures (the
felt, the static layer, a text box's page: 4 to 30 MB each) came from the heap, and the heap
kept the freed ones for later. Over an evening of resizes, text sizes and screens the process
grew to 450 MB while its live pictures were under 100 MB (docs/ui.md, "Memory").
"""

from __future__ import annotations

import contextlib
import sys

# Blocks this large and larger get a mapping of their own, returned to the system when freed.
# Card faces (60 KB at the usual sizes) and text stay on the heap: no system call per card.
BIG_BLOCK = 256 * 1024
_M_MMAP_THRESHOLD = -3  # mallopt's parameter (malloc.h)


def _libc():
    import ctypes

    return ctypes.CDLL("libc.so.6")


def give_big_blocks_back() -> bool:
    """Fix glibc's mapping threshold at BIG_BLOCK (no longer raised as blocks are freed).
    False where there is no glibc (macOS, Windows, musl): nothing changes there."""
    if not sys.platform.startswith("linux"):
        return False
    with contextlib.suppress(OSError, AttributeError):
        return bool(_libc().mallopt(_M_MMAP_THRESHOLD, BIG_BLOCK))
    return False


def release_memory() -> None:
    """Give freed memory back to the system after a big rebuild (a new UI scale frees a whole
    pygame_gui manager with its fonts, and the old size's pictures). glibc keeps such freed
    blocks for later by default, so the process grew by ~200 MB over a few resizes; elsewhere
    this only collects the garbage."""
    import gc

    gc.collect()
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            _libc().malloc_trim(0)
