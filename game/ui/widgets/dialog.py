"""A small modal dialog: a dimmed backdrop, a framed box, a message, and buttons.

Built from a blocking, title-less UIWindow that covers the screen (the backdrop), holding the
box: no pygame_gui title bar, so no untranslated close-button glyph.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIImage, UIWindow

from game.ui import fonts
from game.ui.screen import panel_surface
from game.ui.widgets.textblock import text_block, text_height

Buttons = Sequence[tuple[str, Callable[[], None] | None]]


class Dialog:
    def __init__(self, screen, title: str, message: str, buttons: Buttons,
                 default: int | None = None):
        """``buttons`` are (label, callback or None); every button closes the dialog first.

        ``default``: the index of the button drawn as the primary one, which Enter presses and
        the keyboard's ring starts on (a confirmation of something that cannot be undone
        defaults to its safe choice); the last button when not given. One button is therefore
        never drawn as the default without being it."""
        self.screen = screen
        self.default = len(buttons) - 1 if default is None else default
        self._callbacks = [callback for _, callback in buttons]
        self._args = (title, message, list(buttons))
        s = screen.s
        w, h = screen.size
        self.backdrop = UIWindow(pygame.Rect(0, 0, w, h), screen.manager,
                                 window_display_title="", object_id="#backdrop",
                                 draggable=False)
        self.backdrop.set_blocking(True)
        # Wide enough for the buttons in one row (four need more than the usual 560), each
        # as wide as the longest label (bold: the last is the primary button).
        size = screen.app.font_sizes["button"]
        longest = max((fonts.font(size, True).size(label)[0] for label, _ in buttons), default=0)
        bw, bh, gap = max(s(150), longest + s(28)), s(46), s(12)
        title_w = fonts.font(screen.app.font_sizes["heading"], True).size(title)[0]
        want = max(s(560), len(buttons) * (bw + gap) - gap + s(56), title_w + s(56) + 8)
        box_w = min(w - s(40), want)
        bw = min(bw, (box_w - s(56) - (len(buttons) - 1) * gap) // max(1, len(buttons)))
        inner = box_w - s(56)
        msg_h = text_height(screen, message, inner)
        title_h = fonts.font(screen.app.font_sizes["heading"], True).get_linesize() + s(6)
        box_h = s(28) + title_h + s(10) + msg_h + s(22) + s(46) + s(24)
        box = pygame.Rect(0, 0, box_w, box_h)
        box.center = (w // 2, h // 2)
        # The box is a picture plus an invisible container: cheaper than a UIPanel.
        self.frame = UIImage(box, panel_surface(box.size, s(16), max(2, s(2)), 250),
                             screen.manager, container=self.backdrop)
        self.panel = UIContainer(box, screen.manager, container=self.backdrop,
                                 starting_height=2)
        y = s(28)
        screen.label(pygame.Rect(s(28), y, inner, title_h), title, "#heading",
                     container=self.panel)
        y += title_h + s(10)
        text_block(screen, pygame.Rect(s(28) - 4, y, inner + 8, msg_h), message,
                   container=self.panel)
        x = box_w - s(28) - len(buttons) * bw - (len(buttons) - 1) * gap
        self.buttons = []
        for i, (label, callback) in enumerate(buttons):
            primary = i == self.default
            self.buttons.append(screen.button(
                pygame.Rect(x, box_h - s(24) - bh, bw, bh), label,
                lambda cb=callback: self._press(cb), container=self.panel,
                object_id="#primary_button" if primary else None))
            x += bw + gap
        screen.dialog = self

    def press_default(self) -> bool:
        """Enter: press the default button (the one drawn as primary)."""
        if not 0 <= self.default < len(self._callbacks):
            return False
        self._press(self._callbacks[self.default])
        return True

    def _press(self, callback) -> None:
        self.close(silent=True)
        if callback is not None:
            callback()

    def close(self, silent: bool = False) -> None:
        if self.screen.dialog is self:
            self.screen.dialog = None
        self.backdrop.kill()
        # The backdrop holds three pictures of the window's size, in cycles with its buttons.
        self.screen.forget_killed()
        self.screen.app.release_memory_soon()

    def reopen_args(self):
        return (*self._args, self.default)
