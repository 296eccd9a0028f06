"""Multi-line text that wraps properly in Japanese (see game.ui.textlayout)."""

from __future__ import annotations

import html

import pygame
from pygame_gui.elements import UITextBox

from game.ui import fonts
from game.ui.textlayout import wrap


def text_block(screen, rect: pygame.Rect, text: str, size_key: str = "body",
               object_id: str | None = None, container=None,
               colour: str | None = None) -> UITextBox:
    """A borderless text box whose lines are broken here, not by pygame_gui."""
    size = screen.app.font_sizes[size_key]
    lines = wrap(text, _room(screen, rect.w), size)
    body = "<br>".join(html.escape(line, quote=False) for line in lines)
    if colour:
        body = f"<font color='{colour}'>{body}</font>"
    body = f"<font pixel_size={fonts.px(size)}>{body}</font>"
    return UITextBox(body, rect, screen.manager, container=container or screen.root,
                     object_id=object_id)


def _room(screen, width: int) -> int:
    """The width a text box of ``width`` holds a line in: the theme's text_box padding (4 a
    side) and a margin. pygame_gui measures a line a few pixels wider than its words (379 for
    375) and breaks it again at that: at 800x600 a scaled margin (4) was too little."""
    return width - 4 * 2 - max(8, screen.s(6))


def tool_tip(screen, text: str) -> str:
    """Tool-tip HTML with our line breaks (pygame_gui would hyphenate Japanese)."""
    from game.ui.theme import TOOL_TIP_PAD, TOOL_TIP_WIDTH

    width = screen.s(TOOL_TIP_WIDTH) - 2 * TOOL_TIP_PAD - screen.s(10)
    lines = wrap(text, width, screen.app.font_sizes["small"])
    return "<br>".join(html.escape(line, quote=False) for line in lines)


def text_height(screen, text: str, width: int, size_key: str = "body") -> int:
    """The height :func:`text_block` needs for ``text`` at ``width``."""
    size = screen.app.font_sizes[size_key]
    lines = wrap(text, _room(screen, width), size)
    return len(lines) * round(fonts.font(size).get_linesize() * 1.3) + 4 * 2 + 2
