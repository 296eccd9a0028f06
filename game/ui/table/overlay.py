"""The base of the table's full-window moments (score sheet, game over, cover, exact grab).

An overlay paints itself over the table in ``draw`` (a dimmed backdrop and a panel) and makes
its buttons in ``build`` (called from the screen's ``layout``, so they follow resizes and
language changes). While a modal overlay is open the table ignores the mouse. It reads the
table through its model and asks through its commands (game/ui/table/hub.py); the screen it
is made with is its buttons' parent.
"""

from __future__ import annotations

import pygame

from game.i18n import t
from game.ui import palette
from game.ui.screen import panel_surface


class Overlay:
    modal = True
    closable = False  # Esc closes it
    close_key: int | None = None  # another key that closes it (the one that opened it)

    def __init__(self, screen) -> None:
        self.screen = screen
        self.model = screen.model  # what it reads
        self.do = screen.do  # what it asks for
        self.buttons: list = []

    def build(self) -> None:
        """Create pygame_gui elements in ``self.screen.root``."""

    def kill(self) -> None:
        for b in self.buttons:
            b.kill()
        self.buttons = []

    def close(self) -> None:
        self.kill()
        self.do.overlay_closed(self)

    def update(self, dt: float) -> None:
        pass

    def process_event(self, event: pygame.event.Event) -> bool:
        if self.close_key is not None and event.type == pygame.KEYDOWN and \
                event.key == self.close_key:
            self.close()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pass

    # helpers
    def dim(self, surface: pygame.Surface, alpha: int = 150) -> None:
        shade = _shade(surface.get_size(), alpha)
        surface.blit(shade, (0, 0))

    def panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        s = self.model.s
        surface.blit(panel_surface(rect.size, s(16), max(2, s(2)), 250), rect)

    def close_button(self, panel: pygame.Rect) -> None:
        """The Close button, in the panel's bottom-right corner."""
        s = self.model.s
        r = pygame.Rect(0, 0, s(170), s(42))
        r.bottomright = (panel.right - s(24), panel.bottom - s(16))
        self.button(r, t("common.close"), self.close, primary=True)

    def button(self, rect, text, callback, primary=False):
        b = self.do.button(rect, text, callback, "#primary_button" if primary else None)
        self.buttons.append(b)
        return b


_shades: dict = {}


def _shade(size, alpha):
    key = (size, alpha)
    surf = _shades.get(key)
    if surf is None:
        if len(_shades) > 8:
            _shades.clear()
        surf = pygame.Surface(size, pygame.SRCALPHA)
        surf.fill((*palette.FELT_DARK[:3], 0))
        surf.fill((4, 16, 10, alpha))
        _shades[key] = surf
    return surf
