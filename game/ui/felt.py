"""The green baize of the table: a subtle procedural texture at any window size.

Made of cheap layers (no numpy): blotches from a tiny random image blown up with smoothscale,
a fine fibre grain tiled from a small noise tile, and a vignette that darkens the edges.
Seeded, so the cloth looks the same every time.
"""

from __future__ import annotations

import random
from functools import lru_cache

import pygame

from game.ui import palette, picture_cache


def _noise(size: tuple[int, int], rng: random.Random, amplitude: int) -> pygame.Surface:
    """Grey noise, drawn column by column (x outer, y inner: the order of the seeded draws)."""
    w, h = size
    columns = bytes(rng.randrange(amplitude + 1) for _ in range(w * h))
    grey = b"".join(columns[y::h] for y in range(h))  # row by row, as images are stored
    rgb = bytearray(3 * w * h)
    for channel in range(3):  # one bulk copy per channel, not one call per pixel
        rgb[channel::3] = grey
    surf = pygame.Surface(size)
    surf.blit(pygame.image.frombytes(bytes(rgb), size, "RGB"), (0, 0))
    return surf


def _blotches(size: tuple[int, int], rng: random.Random, cell: int,
              amplitude: int) -> pygame.Surface:
    small = _noise((max(2, size[0] // cell), max(2, size[1] // cell)), rng, amplitude)
    return pygame.transform.smoothscale(small, size)


def _vignette(size: tuple[int, int], strength: int) -> pygame.Surface:
    """Black with alpha rising toward the edges (drawn small, scaled up smooth)."""
    sw, sh = 48, 30
    small = pygame.Surface((sw, sh), pygame.SRCALPHA)
    for x in range(sw):
        for y in range(sh):
            dx = (x + 0.5) / sw * 2 - 1
            dy = (y + 0.5) / sh * 2 - 1
            d = min(1.0, (dx * dx + dy * dy) / 2) ** 1.2
            small.set_at((x, y), (0, 0, 0, round(strength * d)))
    return pygame.transform.smoothscale(small, size)


@lru_cache(maxsize=4)
def felt(size: tuple[int, int], colour: tuple[int, int, int] = palette.FELT,
         seed: int = 7) -> pygame.Surface:
    """A felt background of ``size`` (cached, in memory and on disk for the next start: blit
    it, do not draw on it)."""
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    colour = tuple(colour)
    surf = picture_cache.cached("felt", f"{w}x{h} {colour} {seed}", (__name__,),
                                lambda: _draw(w, h, colour, seed))
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        surf = surf.convert()
    return surf


def _draw(w: int, h: int, colour: tuple[int, ...], seed: int) -> pygame.Surface:
    rng = random.Random(seed)
    surf = pygame.Surface((w, h))
    surf.fill(colour)
    for cell, amp in ((160, 10), (40, 6)):
        light = _blotches((w, h), rng, cell, amp)
        surf.blit(light, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
        dark = _blotches((w, h), rng, cell, amp)
        surf.blit(dark, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    # Fibre grain: a small tile of fine noise, repeated.
    tile_add = _noise((96, 96), rng, 7)
    tile_sub = _noise((96, 96), rng, 7)
    for x in range(0, w, 96):
        for y in range(0, h, 96):
            surf.blit(tile_add, (x, y), special_flags=pygame.BLEND_RGB_ADD)
            surf.blit(tile_sub, (x, y), special_flags=pygame.BLEND_RGB_SUB)
    surf.blit(_vignette((w, h), 150), (0, 0))
    return surf
