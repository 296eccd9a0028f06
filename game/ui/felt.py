"""The green baize of the table: a subtle procedural texture at any window size.

Made of cheap layers (no numpy): blotches from a tiny random image blown up with smoothscale,
a fine fibre grain tiled from a small noise tile, and a vignette that darkens the edges.
Seeded, so the cloth looks the same every time.
"""

from __future__ import annotations

import random
import sys

import pygame

from game.ui import palette, picture_cache
from game.ui.bounded_cache import lru_pictures


def small_draws(rng: random.Random, n: int, count: int) -> bytes:
    """``count`` values of ``rng.randrange(n)`` for ``n`` up to 256: the same values, leaving
    ``rng`` in the same state, as that many calls, but drawn in bulk.

    randrange(n) takes the top ``n.bit_length()`` bits of the generator's next 32-bit word
    and draws again while they make n or more. getrandbits(32 * m) gives the next m words in
    one number, so each round draws as many words as values are still missing (never one
    too many) and keeps the accepted ones, in order.
    """
    k = n.bit_length()
    if not 1 <= k <= 8:
        return bytes(rng.randrange(n) for _ in range(count))
    top_bits = bytes(b >> (8 - k) for b in range(256))
    refused = bytes(b for b in range(256) if b >> (8 - k) >= n)
    top_byte = 3 if sys.byteorder == "little" else 0  # of each word, as laid out in memory
    out = bytearray()
    while len(out) < count:
        m = count - len(out)
        words = rng.getrandbits(32 * m).to_bytes(4 * m, sys.byteorder)
        out += words[top_byte::4].translate(top_bits, refused)
    return bytes(out)


def _noise(size: tuple[int, int], rng: random.Random, amplitude: int) -> pygame.Surface:
    """Grey noise, drawn column by column (x outer, y inner: the order of the seeded draws)."""
    w, h = size
    columns = small_draws(rng, amplitude + 1, w * h)
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


def felt(size: tuple[int, int], colour: tuple[int, int, int] | None = None,
         seed: int = 7) -> pygame.Surface:
    """A felt background of ``size`` in the palette's cloth colour (cached, in memory and on
    disk for the next start: blit it, do not draw on it). High contrast: plain, no texture."""
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    return _felt((w, h), tuple(colour or palette.FELT), seed, palette.HIGH_CONTRAST)


# One felt of the largest window (8 MB at 1920x1080), or a few of smaller ones.
@lru_pictures(max_mb=10)
def _felt(size: tuple[int, int], colour: tuple[int, ...], seed: int,
          plain: bool) -> pygame.Surface:
    w, h = size
    if plain:  # no grain, no shading: nothing competes with the cards and the text
        surf = pygame.Surface((w, h))
        surf.fill(colour)
    else:
        surf = picture_cache.cached("felt", f"{w}x{h} {colour} {seed}", (__name__,),
                                    lambda: _draw(w, h, colour, seed))
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        surf = surf.convert()
    return surf


felt.cache_clear = _felt.cache_clear  # type: ignore[attr-defined]


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
