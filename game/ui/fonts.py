"""The shipped UI font (Noto Sans CJK JP subset) as cached ``pygame.font.Font`` objects.

One font for all text, in both languages, so English and Japanese screens look alike and no
system font can turn Japanese into tofu boxes.

The player's text size (Settings: 100, 125 or 150 %) is applied here: every size given to
:func:`font`, :func:`render` and :func:`fit_size` is a size at 100 %, drawn :func:`px` pixels
high. Code that hands a size to pygame_gui (HTML ``pixel_size``) converts it with :func:`px`;
the theme's sizes are scaled alike (game.ui.theme), so measuring with :func:`font` matches what
pygame_gui draws. :func:`font_px` is for pictures whose text must not grow (card indices).
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui.paths import FONT_BOLD, FONT_REGULAR

FONT_NAME = "cardtable"  # the name pygame_gui themes use for it (see game.ui.theme)
FONTS_KEPT = 48


_text_scale = 1.0


def set_text_scale(scale: float) -> None:
    """Draw every text ``scale`` times its size from now on (the player's text size)."""
    global _text_scale
    _text_scale = float(scale)


def text_scale() -> float:
    return _text_scale


def px_at(size: float, scale: float) -> int:
    """The pixel size text of ``size`` is drawn at, at text size ``scale``."""
    return max(4, round(size * scale))


def px(size: float) -> int:
    """The pixel size text of ``size`` is drawn at, with the player's text size."""
    return px_at(size, _text_scale)


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The UI font for text of ``size`` (at the player's text size: :func:`px` pixels)."""
    return font_px(px(size), bold)


# A font weighs 0.4 MB (the CJK face's tables): the sizes of a few text sizes and UI scales
# are kept, not every size met since the start (74 after one round of bench --ui's session).
@lru_cache(maxsize=FONTS_KEPT)
def font_px(pixels: int, bold: bool = False) -> pygame.font.Font:
    """The UI font at exactly ``pixels`` (cached; pygame.font is initialised on first use)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(FONT_BOLD if bold else FONT_REGULAR, max(4, int(pixels)))


def render(text: str, size: int, colour, bold: bool = False,
           shadow: tuple[int, int, int, int] | None = None,
           backing: tuple[int, int, int] | None = None) -> pygame.Surface:
    """Antialiased text; with ``shadow`` (RGBA) a soft one-pixel drop shadow under it, or
    with ``backing`` (RGB) on a solid ground instead (the table's words in high contrast)."""
    f = font(size, bold)
    surf = f.render(text, True, colour)
    if backing is not None:
        pad = max(2, px(size) // 6)
        out = pygame.Surface((surf.get_width() + 2 * pad, surf.get_height()))
        out.fill(backing)
        out.blit(surf, (pad, 0))
        return out
    if shadow is None:
        return surf
    off = max(1, size // 18)
    out = pygame.Surface((surf.get_width() + off, surf.get_height() + off), pygame.SRCALPHA)
    sh = f.render(text, True, shadow[:3])
    if len(shadow) > 3:
        sh.set_alpha(shadow[3])
    out.blit(sh, (off, off))
    out.blit(surf, (0, 0))
    return out


def fit_size(text: str, max_width: int, size: int, bold: bool = False, minimum: int = 8) -> int:
    """The largest size <= ``size`` at which ``text`` fits in ``max_width`` pixels, drawn no
    smaller than ``minimum`` pixels (so larger text shrinks as far as 100 % text would where
    room is short)."""
    while px(size) > minimum and font(size, bold).size(text)[0] > max_width:
        size -= 1
    return size
