"""A row of buttons of which exactly one is selected (a segmented control).

Used instead of drop-down menus: every choice is visible at once and needs one click.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

import pygame

from game.ui import fonts


class Segmented:
    def __init__(self, screen, rect: pygame.Rect, choices: Sequence[tuple[Hashable, str]],
                 selected: Hashable, on_change: Callable[[Hashable], None], container=None,
                 gap: int | None = None, enabled: bool = True, fit_text: bool = True,
                 small: bool = False):
        """``choices`` are (value, label); widths follow the labels when ``fit_text``;
        ``small``: in the theme's small type (a crowded row at a large text size)."""
        self.screen = screen
        self.value = selected
        self.on_change = on_change
        self.buttons: dict[Hashable, object] = {}
        gap = screen.s(6) if gap is None else gap
        n = len(choices)
        avail = rect.w - gap * (n - 1)
        widths = [avail / n] * n
        if fit_text:
            size = screen.app.font_sizes["small" if small else "body"]
            text_w = [fonts.font(size).size(label)[0] for _, label in choices]
            # Roomy first, then snug, then tight (a crowded row at a large text size).
            for padding in (screen.s(28), screen.s(14), screen.s(6), 2):
                natural = [tw + padding for tw in text_w]
                if sum(natural) <= avail:
                    extra = (avail - sum(natural)) / n
                    widths = [w + extra for w in natural]
                    break
        x = float(rect.x)
        for (value, label), w in zip(choices, widths):
            r = pygame.Rect(round(x), rect.y, round(x + w) - round(x), rect.h)
            b = screen.button(r, label, lambda v=value: self._pick(v),
                              object_id="#small_segment" if small else "#segment",
                              container=container)
            if value == selected:
                b.select()
            if not enabled:
                b.disable()
            self.buttons[value] = b
            x += w + gap

    def _pick(self, value: Hashable) -> None:
        if value == self.value:
            return
        self.set(value)
        self.on_change(value)

    def enable(self, on: bool = True) -> None:
        # Select first: pygame_gui's select()/unselect() redraw a button as enabled.
        self.set(self.value)
        for b in self.buttons.values():
            if on:
                b.enable()
                if b is self.buttons.get(self.value):
                    b.select()  # enable() drops the selected look
            else:
                b.disable()

    def set(self, value: Hashable) -> None:
        self.value = value
        for v, b in self.buttons.items():
            if v == value:
                b.select()
            else:
                b.unselect()
