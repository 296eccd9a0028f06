"""The shipped UI font (Noto Sans CJK JP subset) as cached ``pygame.font.Font`` objects.

One font for all text, in both languages, so English and Japanese screens look alike and no
system font can turn Japanese into tofu boxes.
"""

from __future__ import annotations

from functools import cache

import pygame

from game.ui.paths import FONT_BOLD, FONT_REGULAR

FONT_NAME = "cardtable"  # the name pygame_gui themes use for it (see game.ui.theme)


@cache
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The UI font at ``size`` pixels (cached; pygame.font is initialised on first use)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(FONT_BOLD if bold else FONT_REGULAR, max(4, int(size)))


def render(text: str, size: int, colour, bold: bool = False,
           shadow: tuple[int, int, int, int] | None = None) -> pygame.Surface:
    """Antialiased text; with ``shadow`` (RGBA) a soft one-pixel drop shadow under it."""
    f = font(size, bold)
    surf = f.render(text, True, colour)
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
    """The largest size <= ``size`` at which ``text`` fits in ``max_width`` pixels."""
    while size > minimum and font(size, bold).size(text)[0] > max_width:
        size -= 1
    return size
