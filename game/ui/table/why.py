""""Why?" at the table (issue 14): why a computer made a move, in the player's words.

A click on a move's line in the move log, or the W key (the last computer move), opens a small
panel (:class:`WhyPanel`, a modal overlay like the key sheet: W, Esc or Close close it) with
the move as the log tells it and its explanation (game.players.explain.explanation_lines),
which the move log keeps with each computer move. The text is wrapped here and drawn at the
largest size from the body's down that fits the window.
A human's move, or one from a loaded game, says that it has no explanation. The words never
name a card the computer held hidden (only the seat itself may read them, and only where the
table shows that seat's hand).
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.engine.actions import parse_action
from game.engine.errors import NotationError
from game.i18n import t
from game.players.explain import explanation_lines
from game.ui import fonts, palette
from game.ui.table.movelog import describe
from game.ui.table.overlay import Overlay
from game.ui.textlayout import wrap


class WhyView:
    """Reads the table through ``model``, asks through ``do`` (game/ui/table/hub.py); the
    moves and their explanations are the ``movelog``'s."""

    def __init__(self, model, do, movelog) -> None:
        self.model = model
        self.do = do
        self.movelog = movelog
        self.shown: tuple[int, int] | None = None  # the move last explained: (deal, index)

    def last_computer_move(self) -> tuple[int, int] | None:
        """The log's last move made by a computer seat, as (deal, index), or None."""
        m = self.model
        for deal, index in reversed(self.movelog.moves()):
            text, _e = self.movelog.move(deal, index)
            try:
                seat = parse_action(text).seat
            except NotationError:
                continue
            if 0 <= seat < m.players and m.is_computer(seat):
                return deal, index
        return None

    def open_last(self) -> None:
        """The W key: why the last computer move was made."""
        move = self.last_computer_move()
        if move is None:
            self.do.toast(t("why.no_move"), "info")
            return
        self.open(*move)

    def lines(self, deal: int, index: int) -> list[str]:
        """The dialog's text: the move as the log tells it, then its explanation."""
        m = self.model
        text, e = self.movelog.move(deal, index)
        viewer = m.viewer if m.revealed() else -1  # a hidden hand is nobody's to read
        head = f"{index + 1}. {describe(text, m.names(), m.you())}"
        return [head, *explanation_lines(e, viewer)]

    def open(self, deal: int, index: int) -> None:
        m = self.model
        if m.dialog is not None or m.overlay is not None:
            return
        self.shown = (deal, index)
        self.do.overlay(WhyPanel, deal, index)


class WhyPanel(Overlay):
    """The "Why?" of one move: a framed panel in the middle of the table."""

    closable = True
    close_key = pygame.K_w

    def __init__(self, screen, deal: int, index: int) -> None:
        super().__init__(screen)
        self.move = (deal, index)

    def lines(self) -> list[str]:
        """The move, then its explanation, in the current language (read when drawn)."""
        return self.model.why_lines(*self.move)

    def text(self) -> str:
        return "\n".join(self.lines())

    def box(self) -> pygame.Rect:
        m = self.model
        s = m.s
        w, h = m.window_size
        width = min(w - s(40), max(s(620), round(w * 0.42)))
        pic = self.picture(width)
        r = pygame.Rect(0, 0, width, min(h - s(30), self.chrome() + pic.get_height()))
        r.center = (w // 2, h // 2)
        return r

    def chrome(self) -> int:
        """The panel's height around the text: title, margins, the Close button."""
        m = self.model
        s = m.s
        title = fonts.font(m.font_sizes["heading"], True).get_linesize()
        return s(20) + title + s(12) + s(16) + s(42) + s(16)

    def picture(self, width: int) -> pygame.Surface:
        m = self.model
        s = m.s
        room = m.window_size[1] - s(30) - self.chrome()
        colours = (palette.IVORY, palette.TEXT, palette.TEXT_DIM)  # the theme's, now
        return why_picture(tuple(self.lines()), width - s(56), max(s(60), room),
                           m.font_sizes["body"], round(m.scale * 100), colours)

    def build(self) -> None:
        self.close_button(self.box())

    def draw(self, surface: pygame.Surface) -> None:
        m = self.model
        s = m.s
        self.dim(surface, 120)
        rect = self.box()
        self.panel(surface, rect)
        x0, y = rect.x + s(28), rect.y + s(20)
        title = fonts.render(t("why.title"), m.font_sizes["heading"], palette.GOLD_LIGHT,
                             bold=True)
        surface.blit(title, (x0, y))
        y += title.get_height() + s(12)
        surface.blit(self.picture(rect.w), (x0, y))


@lru_cache(maxsize=4)
def why_picture(lines: tuple[str, ...], width: int, height: int, size: int,
                scale100: int, colours: tuple) -> pygame.Surface:
    """The move (first line, bright) and its explanation, wrapped to ``width``, at the
    largest font size from ``size`` down that fits ``height``."""
    for fsize in range(size, 9, -1):
        pic = _layout(lines, width, fsize, scale100, colours)
        if pic.get_height() <= height or fsize == 10:
            return pic
    raise AssertionError("unreachable")


def _layout(lines: tuple[str, ...], width: int, size: int, scale100: int,
            colours: tuple) -> pygame.Surface:
    s = scale100 / 100
    f = fonts.font(size)
    lh = f.get_linesize()
    gap = round(8 * s)
    indent = round(14 * s)
    safe = max(4, round(6 * s))  # a line drawn whole can be a little wider than its words
    items: list[tuple[pygame.Surface, int, int]] = []
    y = 0
    for i, line in enumerate(lines):
        bold = i == 0
        dx = indent if i > 1 else 0  # the explanation's first line, then what it weighed
        colour = colours[min(i, 2)]  # the move, the verdict, the rest
        parts = wrap(line, width - dx - safe, size, bold)
        for j, part in enumerate(parts):
            items.append((fonts.render(part, size, colour, bold=bold), dx, y + j * lh))
        y += len(parts) * lh + (gap * 2 if i == 0 else gap)
    pic = pygame.Surface((width, max(1, y - gap)), pygame.SRCALPHA)
    for img, dx, dy in items:
        pic.blit(img, (dx, dy))
    return pic
