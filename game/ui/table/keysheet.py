"""The F1 sheet: every key of the table, for the game being played (``keyboard.SHEET``).

A modal overlay like the score sheet: F1, Esc or its Close button closes it. The lines come
from :meth:`KeyboardPlay.sheet` and every word from the catalogues (``keys.*``); the picture is
made once per size and language and kept while the sheet is open.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.i18n import current_language, game_name, t
from game.ui import fonts, palette
from game.ui.table.keyboard import cap_text
from game.ui.table.overlay import Overlay
from game.ui.textlayout import wrap

# One sheet: (section title, [(key caps, what they do)]) in the sheet's order.
Sections = tuple[tuple[str, tuple[tuple[tuple[str, ...], str], ...]], ...]


class KeySheet(Overlay):
    closable = True
    close_key = pygame.K_F1

    def rect(self) -> pygame.Rect:
        m = self.model
        w, h = m.window_size
        r = pygame.Rect(0, 0, min(w - m.s(40), m.s(1060)), min(h - m.s(30), m.s(760)))
        r.center = (w // 2, h // 2)
        return r

    def build(self) -> None:
        self.close_button(self.rect())

    def sections(self) -> Sections:
        out: list[tuple[str, list]] = []
        for line in self.model.key_sheet():
            title = t(line.section)
            if not out or out[-1][0] != title:
                out.append((title, []))
            out[-1][1].append((tuple(cap_text(c) for c in line.caps), t(line.what)))
        return tuple((title, tuple(rows)) for title, rows in out)

    def draw(self, surface: pygame.Surface) -> None:
        m = self.model
        s = m.s
        self.dim(surface, 150)
        rect = self.rect()
        self.panel(surface, rect)
        fs = m.font_sizes
        x0, y = rect.x + s(28), rect.y + s(20)
        title = fonts.render(t("keys.title"), fs["heading"], palette.GOLD_LIGHT, bold=True)
        surface.blit(title, (x0, y))
        sub = fonts.render(game_name(m.game), fs["small"], palette.TEXT_DIM)
        surface.blit(sub, (rect.right - s(28) - sub.get_width(),
                           y + title.get_height() - sub.get_height()))
        y += title.get_height() + s(10)
        bottom = rect.bottom - s(16) - s(42) - s(10)  # above the Close button
        body = sheet_picture(self.sections(), t("keys.intro"), rect.w - s(56), bottom - y,
                             fs["body"], round(m.scale * 100), current_language(),
                             fonts.text_scale())
        surface.blit(body, (x0, y))


@lru_cache(maxsize=2)  # a few MB each at 1920x1080
def sheet_picture(sections: Sections, intro: str, width: int, height: int, size: int,
                  scale100: int, language: str, text_scale: float = 1.0) -> pygame.Surface:
    """The sheet's text in two columns (one when narrow), at the largest font size from
    ``size`` down that fits ``height`` (``text_scale``, the player's text size, keys the
    cache: the sizes are drawn at it).

    The smallest size is drawn at 10 pixels whatever the text size: at 150 % in 800x600 the
    sheet ran past its panel at the size that is 10 at 100 %."""
    least = next(f for f in range(1, size + 1) if fonts.px_at(f, text_scale) >= 10)
    for fsize in range(size, least - 1, -1):
        pic = _layout(sections, intro, width, fsize, scale100)
        if pic.get_height() <= height:
            return pic
    return _layout(sections, "", width, least, scale100)  # the keys before the introduction


def _layout(sections: Sections, intro: str, width: int, size: int,
            scale100: int) -> pygame.Surface:
    s = scale100 / 100
    gap = round(28 * s)
    columns = 2 if width >= round(560 * s) else 1
    col_w = (width - gap * (columns - 1)) // columns
    f = fonts.font(size)
    lh = f.get_linesize()
    cap_size = max(9, size - 2)
    caps = {rows_caps: _caps(rows_caps, cap_size, s) for _t, rows in sections
            for rows_caps, _w in rows}
    cap_w = min(col_w * 45 // 100, max(img.get_width() for img in caps.values()))
    text_w = col_w - cap_w - round(12 * s)
    blocks = []  # (height, [(surface, x, y)]) per section
    for title, rows in sections:
        items = []
        img = fonts.render(title, size, palette.GOLD_LIGHT, bold=True)
        items.append((img, 0, 0))
        y = img.get_height() + round(6 * s)
        for row_caps, what in rows:
            lines = wrap(what, text_w, size)
            cap = caps[row_caps]
            items.append((cap, 0, y + max(0, (lh - cap.get_height()) // 2)))
            for i, line in enumerate(lines):
                items.append((f.render(line, True, palette.TEXT), cap_w + round(12 * s),
                              y + i * lh))
            y += max(len(lines) * lh, cap.get_height()) + round(5 * s)
        blocks.append((y + round(10 * s), items))
    intro_lines = wrap(intro, width, size) if intro else []
    top = len(intro_lines) * lh + round(12 * s)
    # Sections fill the first column to about half the total, then the second.
    total = sum(h for h, _ in blocks)
    cols: list[list] = [[] for _ in range(columns)]
    used = [0] * columns
    c = 0
    for h, items in blocks:
        if c + 1 < columns and used[c] and used[c] + h / 2 > total / columns:
            c += 1
        cols[c].append((used[c], items))
        used[c] += h
    pic = pygame.Surface((width, top + max(used)), pygame.SRCALPHA)
    for i, line in enumerate(intro_lines):
        pic.blit(f.render(line, True, palette.TEXT_DIM), (0, i * lh))
    for ci, col in enumerate(cols):
        x = ci * (col_w + gap)
        for y0, items in col:
            for img, dx, dy in items:
                pic.blit(img, (x + dx, top + y0 + dy))
    return pic


def _caps(caps: tuple[str, ...], size: int, s: float) -> pygame.Surface:
    """Key caps side by side, each a small framed key."""
    f = fonts.font(size, True)
    pad, gap = max(4, round(7 * s)), max(3, round(5 * s))
    h = f.get_linesize() + round(4 * s)
    imgs = [f.render(c, True, palette.IVORY) for c in caps]
    widths = [max(h, img.get_width() + 2 * pad) for img in imgs]
    surf = pygame.Surface((sum(widths) + gap * (len(imgs) - 1), h), pygame.SRCALPHA)
    x = 0
    for img, w in zip(imgs, widths):
        r = pygame.Rect(x, 0, w, h)
        pygame.draw.rect(surf, (30, 72, 50), r, border_radius=round(5 * s))
        pygame.draw.rect(surf, palette.GOLD_DARK, r, max(1, round(1.5 * s)),
                         border_radius=round(5 * s))
        surf.blit(img, (x + (w - img.get_width()) // 2, (h - img.get_height()) // 2))
        x += w + gap
    return surf
