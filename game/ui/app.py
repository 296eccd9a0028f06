"""The application shell: window, pygame_gui manager, screens, settings, and the main loop.

    app = App()            # opens the window on the main menu
    app.run()              # until Quit or the window is closed

Tests drive it without a loop: post pygame events, then ``app.step()``; ``app.render()``
draws a frame onto any surface.

Other parts plug in through :class:`AppHooks` (saves: Continue/Load) and through
``game.ui.table.TableScreen(app, config)``, which "Start" opens when that package exists.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import logging
import warnings
from collections.abc import Callable
from dataclasses import dataclass

import pygame
import pygame_gui

from game import i18n
from game.i18n import t
from game.settings import MIN_WINDOW, Settings, SettingsStore
from game.ui import audio, cards_art, theme
from game.ui.config import NewGameConfig
from game.ui.fonts import FONT_NAME
from game.ui.markdown import FINE_SIZES

log = logging.getLogger(__name__)

DESIGN_SIZE = (1280, 800)  # the UI scale is 1.0 at this window size


def _never() -> bool:
    return False


@dataclass
class AppHooks:
    """How the rest of the program joins the menu. The saves layer sets the first four."""

    can_continue: Callable[[], bool] = _never
    on_continue: Callable[[App], None] | None = None
    can_load: Callable[[], bool] = _never
    on_load: Callable[[App], None] | None = None
    # Replaces the default "Start" behaviour (open game.ui.table.TableScreen) when set.
    on_start: Callable[[App, NewGameConfig], None] | None = None


def ui_scale(size: tuple[int, int]) -> float:
    """1.0 at 1280x800, larger on big windows, in steps of 0.05 so small drags keep the theme."""
    s = min(size[0] / DESIGN_SIZE[0], size[1] / DESIGN_SIZE[1])
    return round(max(0.75, min(2.0, s)) * 20) / 20


class App:
    def __init__(self, store: SettingsStore | None = None, hooks: AppHooks | None = None,
                 size: tuple[int, int] | None = None, fullscreen: bool | None = None):
        pygame.display.init()
        pygame.font.init()
        self.store = store if store is not None else SettingsStore()
        self.settings_warning = self.store.warning
        if self.settings_warning:
            log.warning("%s", self.settings_warning)
        self.hooks = hooks or AppHooks()
        i18n.set_language(self.settings.language)
        audio.init(self.settings)
        self.fullscreen = self.settings.fullscreen if fullscreen is None else fullscreen
        self._windowed_size = tuple(size or self.settings.window_size)
        self.window = self._open_window()
        self._set_caption_and_icon()
        self.scale = ui_scale(self.window_size)
        self.font_sizes = theme.font_sizes(self.scale)
        self.manager = self._make_manager()
        self.clock = pygame.time.Clock()
        self.running = True
        self.screen = None
        self._save_due: float | None = None  # seconds until pending settings are written
        self._pending: dict = {}
        from game.ui.screens.main_menu import MainMenu

        self.show(MainMenu(self))

    # --- settings ---------------------------------------------------------------------

    @property
    def settings(self) -> Settings:
        return self.store.settings

    def update_settings(self, delay: float = 0.0, **changes) -> None:
        """Apply changes now; write them after ``delay`` seconds (sliders, window drags)."""
        if delay > 0:
            self._pending.update(changes)
            new = self.settings.model_copy(update={})
            for k, v in changes.items():
                setattr(new, k, v)
            self.store.settings = new
            self._save_due = delay
        else:
            self._pending.update(changes)
            self.flush_settings()
        audio.apply(self.settings)

    def flush_settings(self) -> None:
        if self._pending:
            self.store.update(**self._pending)
            self._pending.clear()
        self._save_due = None

    def set_language(self, code: str) -> None:
        self.update_settings(language=code)
        i18n.set_language(code)
        self._set_caption_and_icon()
        self.rebuild()

    # --- window -----------------------------------------------------------------------

    @property
    def window_size(self) -> tuple[int, int]:
        return self.window.get_size()

    def _open_window(self) -> pygame.Surface:
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        w = max(MIN_WINDOW[0], self._windowed_size[0])
        h = max(MIN_WINDOW[1], self._windowed_size[1])
        surface = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        # The layouts are designed down to 800x600. from_display_module is the only way in
        # pygame-ce 2.5 to reach the display's window; it warns, harmlessly, about rendering.
        with contextlib.suppress(AttributeError, pygame.error), warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = MIN_WINDOW
        return surface

    def _set_caption_and_icon(self) -> None:
        pygame.display.set_caption(t("app.title"))
        icon = pygame.Surface((64, 64), pygame.SRCALPHA)
        card = cards_art.face(0, 44)
        icon.blit(card, card.get_rect(center=(32, 32)))
        pygame.display.set_icon(icon)

    def toggle_fullscreen(self) -> None:
        self.set_fullscreen(not self.fullscreen)

    def set_fullscreen(self, on: bool) -> None:
        if on == self.fullscreen:
            return
        if on:
            self._windowed_size = self.window_size  # to return to
        self.fullscreen = on
        self.window = self._open_window()
        self.update_settings(fullscreen=on)
        self.on_resized()

    def on_resized(self) -> None:
        self.window = pygame.display.get_surface()
        size = self.window_size
        scale = ui_scale(size)
        if scale != self.scale:
            self.scale = scale
            self.font_sizes = theme.font_sizes(scale)
            # A new theme needs a new manager; the screen's old elements are killed by the
            # rebuild below, which keeps an open dialog and its typed text.
            self.manager = self._make_manager()
        else:
            self.manager.set_window_resolution(size)
        self.rebuild()
        if not self.fullscreen:
            self._windowed_size = size
            small = size[0] < MIN_WINDOW[0] or size[1] < MIN_WINDOW[1]
            if not small and tuple(size) != tuple(self.settings.window_size):
                self.update_settings(delay=0.8, window_size=size)  # not for no-op events

    def _make_manager(self) -> pygame_gui.UIManager:
        manager = pygame_gui.UIManager(self.window_size, theme.build_theme(self.scale))
        sizes = set(self.font_sizes.values())
        body = self.font_sizes["body"]
        # The rules text uses a few more sizes (headings, spacing lines): see markdown.to_html.
        sizes |= {round(body * f) for f in (1.55, 1.2, 1.05, 0.6, 0.5)}
        sizes |= set(FINE_SIZES)
        fd = manager.get_theme().get_font_dictionary()
        manager.preload_fonts(
            [{"name": FONT_NAME, "point_size": n, "style": style, "antialiased": "1"}
             for n in sorted(sizes) for style in ("regular", "bold")
             if not fd.check_font_preloaded(
                 fd.create_font_id(n, FONT_NAME, style == "bold", False, True))]
        )
        return manager

    # --- screens ----------------------------------------------------------------------

    def show(self, screen) -> None:
        if self.screen is not None:
            self.screen.leave()
        self.screen = screen
        screen.enter()

    def rebuild(self) -> None:
        if self.screen is not None:
            self.screen.rebuild()

    def show_main_menu(self) -> None:
        from game.ui.screens.main_menu import MainMenu

        self.show(MainMenu(self))

    def show_settings(self) -> None:
        from game.ui.screens.settings_screen import SettingsScreen

        self.show(SettingsScreen(self))

    def show_new_game(self) -> None:
        from game.ui.screens.new_game import NewGameScreen

        self.show(NewGameScreen(self))

    def show_rules(self, game: str | None = None) -> None:
        from game.ui.screens.rules import RulesScreen

        self.show(RulesScreen(self, game))

    def can_continue(self) -> bool:
        return self._ask(self.hooks.can_continue)

    def can_load(self) -> bool:
        return self._ask(self.hooks.can_load)

    @staticmethod
    def _ask(hook: Callable[[], bool]) -> bool:
        try:
            return bool(hook())
        except Exception:  # a broken saves layer must not take the menu down
            log.exception("menu hook failed")
            return False

    def continue_game(self) -> None:
        if self.hooks.on_continue is not None:
            self.hooks.on_continue(self)

    def load_game(self) -> None:
        if self.hooks.on_load is not None:
            self.hooks.on_load(self)

    def start_game(self, config: NewGameConfig) -> None:
        """Remember the choices, then open the table (or say it is not there yet)."""
        self.update_settings(last_game=config)
        if self.hooks.on_start is not None:
            self.hooks.on_start(self, config)
            return
        table = self._table_screen_class()
        if table is not None:
            self.show(table(self, config))
            return
        from game.ui.widgets.dialog import Dialog

        Dialog(self.screen, t("dialog.table_missing.title"),
               t("dialog.table_missing", game=i18n.game_name(config.game)),
               [(t("common.ok"), None)])

    @staticmethod
    def _table_screen_class():
        if importlib.util.find_spec("game.ui.table") is None:
            return None
        try:
            return importlib.import_module("game.ui.table").TableScreen
        except (ImportError, AttributeError):
            log.exception("game.ui.table has no usable TableScreen")
            return None

    def quit(self) -> None:
        self.running = False

    # --- the loop ---------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self.on_resized()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        consumed = self.manager.process_events(event)
        if self.screen is not None and not consumed:
            self.screen.process_event(event)

    def step(self, dt: float = 1 / 60, present: bool = True) -> bool:
        """One frame: events, updates, drawing. Returns False once the app should end."""
        for event in pygame.event.get():
            self.handle_event(event)
            if not self.running:
                return False
        self.manager.update(dt)
        if self.screen is not None:
            self.screen.update(dt)
        if self._save_due is not None:
            self._save_due -= dt
            if self._save_due <= 0:
                self.flush_settings()
        if present:
            self.render(self.window)
            pygame.display.flip()
        return self.running

    def render(self, surface: pygame.Surface | None = None) -> pygame.Surface:
        """Draw the current frame onto ``surface`` (default: a new surface of window size)."""
        if surface is None:
            surface = pygame.Surface(self.window_size)
        if self.screen is not None:
            self.screen.draw_background(surface)
        self.manager.draw_ui(surface)
        if self.screen is not None:
            self.screen.draw_overlay(surface)
        return surface

    def run(self) -> int:
        try:
            while self.running:
                dt = self.clock.tick(60) / 1000
                self.step(min(dt, 0.1))
        finally:
            self.close()
        return 0

    def close(self) -> None:
        self.flush_settings()
        if self.screen is not None:
            self.screen.leave()
            self.screen = None
        audio.get().quit()
        pygame.display.quit()
