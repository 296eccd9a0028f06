"""The base of every screen: it owns pygame_gui elements inside one root container.

A screen builds its elements in :meth:`layout` from the window size and the UI scale, and is
rebuilt from scratch when either changes or the language changes (pygame_gui elements are
cheap: about half a millisecond each). State that must survive a rebuild lives in plain
attributes, not in the widgets.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UILabel

from game.ui import audio, felt, fonts, palette
from game.ui.bounded_cache import lru_pictures

if TYPE_CHECKING:
    from game.ui.app import App


@lru_pictures(max_mb=12)  # panels of a few window-sized screens
def panel_surface(size: tuple[int, int], radius: int, border: int,
                  alpha: int = 218) -> pygame.Surface:
    """Deep green glass with a thin gold rim (theme colours)."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, (*palette.PANEL, alpha), surf.get_rect(), border_radius=radius)
    rim = (*palette.GOLD, 170) if alpha < 240 else (*palette.GOLD_LIGHT, 255)
    pygame.draw.rect(surf, rim, surf.get_rect(), border, border_radius=radius)
    return surf


class Button(UIButton):
    """A pygame_gui button that keeps its selected look: pygame_gui draws a button as
    "normal" when a press on it ends, even while it is selected (a click on the chosen
    option of a segmented row took its highlight away)."""

    def _set_inactive(self):
        if self.drawable_shape is not None:
            self.drawable_shape.set_active_state(self._get_appropriate_state_name())


class Screen:
    # Esc goes back (to the main menu by default); the main menu overrides this.
    escape_goes_back = True
    # Whether the screen's text boxes may use every font size (App.load_pending_fonts). Only
    # the main menu, the first screen, does without them, so that it is drawn sooner.
    needs_text_fonts = True

    def __init__(self, app: App):
        self.app = app
        if self.needs_text_fonts:
            app.load_pending_fonts()
        self.root: UIContainer | None = None
        self._on_click: dict[pygame_gui.core.UIElement, Callable[[], None]] = {}
        self.dialog = None  # a widgets.dialog.Dialog while one is open
        self._panels: list[pygame.Rect] = []

    # --- life cycle -----------------------------------------------------------------------

    @property
    def manager(self) -> pygame_gui.UIManager:
        return self.app.manager

    @property
    def size(self) -> tuple[int, int]:
        return self.app.window_size

    def s(self, value: float) -> int:
        """A length at the current UI scale (1.0 at 1280x800)."""
        return round(value * self.app.scale)

    def line(self, key: str = "body", bold: bool = False, pad: float = 0) -> int:
        """The height of a line of the theme's ``key`` text (at the player's text size) plus
        ``pad`` (at the UI scale): rows that hold words are at least this tall."""
        return fonts.font(self.app.font_sizes[key], bold).get_linesize() + self.s(pad)

    def text_width(self, text: str, key: str = "button", bold: bool = True) -> int:
        """How wide ``text`` is drawn in the theme's ``key`` type (a button's, bold as the
        primary one: the wider of the two), at the player's text size."""
        return fonts.font(self.app.font_sizes[key], bold).size(text)[0]

    def enter(self) -> None:
        self.build()

    def leave(self) -> None:
        self.teardown()

    def build(self) -> None:
        self._panels = []
        self.root = UIContainer(pygame.Rect((0, 0), self.size), self.manager)
        self.layout()

    def teardown(self) -> None:
        if self.dialog is not None:
            self.dialog.close(silent=True)
        if self.root is not None:
            self.root.kill()
        self.root = None
        self._on_click.clear()

    def rebuild(self) -> None:
        """Build again (after a resize, a new UI scale, or a language change).

        An open dialog comes back at the new size with its content: every dialog class is
        built again as ``type(dialog)(screen, *dialog.reopen_args())``.
        """
        dialog = self.dialog
        reopen = (type(dialog), dialog.reopen_args()) if dialog is not None else None
        self.teardown()
        self.build()
        if reopen is not None:
            cls, args = reopen
            cls(self, *args)

    def layout(self) -> None:
        """Create the screen's elements in ``self.root``; override."""

    # --- helpers for subclasses -----------------------------------------------------------

    def button(self, rect: pygame.Rect, text: str, on_click: Callable[[], None] | None,
               object_id: str | None = None, container=None, enabled: bool = True,
               tool_tip: str | None = None) -> UIButton:
        b = Button(rect, text, self.manager, container=container or self.root,
                     object_id=object_id, tool_tip_text=tool_tip)
        if on_click is not None:
            self.on_click(b, on_click)
        if not enabled:
            b.disable()
        return b

    def label(self, rect: pygame.Rect, text: str, object_id: str | None = None,
              container=None) -> UILabel:
        return UILabel(rect, text, self.manager, container=container or self.root,
                       object_id=object_id)

    def panel(self, rect: pygame.Rect) -> UIContainer:
        """A framed translucent panel holding elements.

        The frame is painted by :meth:`draw_background`; the container itself is invisible,
        because pygame_gui draws large rounded shapes slowly (seconds at 1920x1080).
        """
        self._panels.append(pygame.Rect(rect))
        return UIContainer(rect, self.manager, container=self.root)

    def on_click(self, element, callback: Callable[[], None]) -> None:
        self.forget_killed()
        self._on_click[element] = callback

    def forget_killed(self) -> None:
        """Let go of the callbacks of elements killed since (a closed dialog's buttons). A
        dialog's callback holds the dialog, and so its backdrop's three pictures of the
        window's size (25 MB at 1920x1080): every dialog of a game stayed till its end."""
        for element in [e for e in self._on_click if not e.alive()]:
            del self._on_click[element]

    # --- events and drawing ---------------------------------------------------------------

    def process_event(self, event: pygame.event.Event) -> bool:
        """Handle one event after pygame_gui has seen it; True if used."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            callback = self._on_click.get(event.ui_element)
            if callback is not None and self._still_pressable(event.ui_element):
                audio.play("click")
                callback()
                return True
        if (event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and self.dialog is not None
                and hasattr(self.dialog, "submit")):
            self.dialog.submit()  # Enter in a dialog's text field (a name box) is its OK
            return True
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                and self.dialog is not None and hasattr(self.dialog, "press_default")
                and self.dialog.press_default()):
            return True
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
                and self.escape_goes_back):
            if self.dialog is not None:
                self.dialog.close()
            else:
                self.back()
            return True
        return False

    def _still_pressable(self, element) -> bool:
        """Presses are queued: two clicks in one slow frame both arrive after the first has
        opened a dialog or closed the buttons' box. A press on a button gone or hidden since,
        or outside the dialog open now, is stale and ignored (it opened a second dialog, or
        dealt twice)."""
        if not element.alive() or not element.visible:
            return False
        if self.dialog is None:
            return True
        inside = self.dialog.backdrop.get_container()
        seen = set()
        container = element.ui_container
        while container is not None and id(container) not in seen:
            if container is inside:
                return True
            seen.add(id(container))
            container = container.ui_container
        return False

    def back(self) -> None:
        self.app.show_main_menu()

    def update(self, dt: float) -> None:
        pass

    def animating(self) -> bool:
        """Whether the screen needs frames with no input (the main loop sleeps otherwise)."""
        return False

    def next_change(self) -> float | None:
        """Seconds until the screen changes by itself, or None."""
        return None

    def draw_background(self, surface: pygame.Surface) -> None:
        surface.blit(felt.felt(surface.get_size()), (0, 0))
        for rect in self._panels:
            surface.blit(panel_surface(rect.size, self.s(16), max(1, self.s(1.5))), rect)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Drawn after the pygame_gui elements."""
