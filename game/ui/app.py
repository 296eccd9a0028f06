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
import functools
import importlib
import importlib.util
import logging
import os
import sys
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core.resource_loaders import IResourceLoader
from pygame_gui.core.utility import FontResource, ImageResource, set_default_manager

from game import i18n
from game.i18n import t
from game.settings import MIN_WINDOW, SettingsStore
from game.ui import audio, cards_art, fonts, palette, textlayout, theme
from game.ui.fonts import FONT_NAME
from game.ui.markdown import FINE_SIZES
from game.ui.memory import give_big_blocks_back, release_memory

if TYPE_CHECKING:  # pydantic models: imported after the first frame (docs/startup.md)
    from game.newgame import NewGameConfig
    from game.settings import Settings

log = logging.getLogger(__name__)

DESIGN_SIZE = (1280, 800)  # the UI scale is 1.0 at this window size
CRASH_EXIT = 70  # EX_SOFTWARE: an internal error ended the program
# Set in the environment, the game quits after its first frame (``bench --startup``).
EXIT_AFTER_FIRST_FRAME = "CARDTABLE_EXIT_AFTER_FIRST_FRAME"
# The main loop draws only when something changes. After the last input it keeps drawing
# this long (pygame_gui's hover fades and tool tips), then sleeps until an event comes, or
# at most IDLE_WAKE seconds (less while a text field's cursor blinks).
ACTIVE_AFTER_INPUT = 1.5
IDLE_WAKE = 1.0
CURSOR_BLINK = 0.4
IDLE_POLL = 0.008
RESIZE_SETTLE = 0.05  # a window drag sends resizes in bursts: one rebuild per burst


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


def ui_scale(size: tuple[int, int], density: float = 1.0) -> float:
    """The UI's scale for a window of ``size`` pixels at ``density`` pixels per point.

    1.0 at 1280x800 points, larger on big windows (up to 2), in steps of 0.05 so small drags
    keep the theme; then times the density, so that text and cards keep their size on a
    display scaled to 125-200 % and are drawn with all its pixels (sharp, not stretched).
    """
    w, h = size[0] / density, size[1] / density
    s = min(w / DESIGN_SIZE[0], h / DESIGN_SIZE[1])
    return round(max(0.75, min(2.0, s)) * density * 20) / 20


def pixel_density(window_size: tuple[int, int], drawable_size: tuple[int, int],
                  desktop_scale: float = 1.0) -> float:
    """Pixels per point: the desktop's scale (Windows, where the DPI-aware window is sized in
    pixels) times drawable over window size (where the window is sized in points)."""
    if window_size[0] <= 0 or drawable_size[0] <= 0:
        return max(1.0, desktop_scale)
    return max(1.0, desktop_scale * drawable_size[0] / window_size[0])


def desktop_scale() -> float:
    """The desktop's scale factor (1.5 at 150 %). Only Windows needs asking: elsewhere SDL
    sizes windows in points and the drawable size tells the ratio."""
    if sys.platform != "win32":
        return 1.0
    try:
        import ctypes

        return max(1.0, ctypes.windll.user32.GetDpiForSystem() / 96)  # type: ignore[attr-defined]
    except (AttributeError, OSError):  # before Windows 10 1607
        return 1.0


DISPLAY_HINTS = {
    # The program draws at the display's real resolution: Windows must then not stretch the
    # window's bitmap (blurry text at 125-200 %), and high-DPI windows are not turned off.
    "SDL_WINDOWS_DPI_AWARENESS": "permonitorv2",
    "SDL_VIDEO_HIGHDPI_DISABLED": "0",
    # The window's pixels go to X11 as they are (shared memory), as pygame always did. Unset,
    # SDL loads OpenGL to see whether it is accelerated, then draws the window through it:
    # Mesa's software GL (LLVM) or the graphics driver took 120 MB of a 260 MB process in an
    # X window. Windows and macOS are not changed by it (docs/ui.md, "Memory").
    "SDL_FRAMEBUFFER_ACCELERATION": "0",
}


def forget_drawn_text() -> None:
    """Drop the pictures cached with text or theme colours in them (their keys hold sizes at
    100 % and no colours), after a change of text size or theme. The table's modules are
    cleared only if they were loaded."""
    from game.ui.screen import panel_surface

    panel_surface.cache_clear()
    for name in ("game.ui.table.render", "game.ui.table.movelog"):
        module = sys.modules.get(name)
        if module is not None:
            module.clear_caches()


def declare_display_hints() -> None:
    """Give SDL the hints it reads when the display starts. A value the user set in the
    environment wins."""
    for name, value in DISPLAY_HINTS.items():
        os.environ.setdefault(name, value)


def _draw_icon() -> pygame.Surface:
    """The window's icon: the ace of spades."""
    icon = pygame.Surface((64, 64), pygame.SRCALPHA)
    card = cards_art.face(0, 44)
    icon.blit(card, card.get_rect(center=(32, 32)))
    return icon


@functools.cache
def window_icon() -> pygame.Surface:
    """The icon, from the picture cache (see game.ui.picture_cache)."""
    from game.ui.screens.main_menu import cached_card_art

    return cached_card_art("icon", "64", _draw_icon)


def draw_crash(surface: pygame.Surface, title: str, body: str, where: str, close: str,
               scale: float = 1.0) -> None:
    """The crash message on a dimmed copy of the last frame: the title, what became of the
    game, the log file's path, and how to close."""
    w, h = surface.get_size()
    veil = pygame.Surface((w, h), pygame.SRCALPHA)
    veil.fill((0, 0, 0, 200))
    surface.blit(veil, (0, 0))
    size = max(12, round(22 * scale))
    pad = round(32 * scale)
    width = min(w - 2 * pad - round(40 * scale), round(820 * scale))
    lines = [(line, True, palette.GOLD_LIGHT) for line in textlayout.wrap(title, width, size,
                                                                           True)]
    lines += [("", False, palette.TEXT)]
    lines += [(line, False, palette.TEXT) for line in textlayout.wrap(body, width, size)]
    lines += [(where, False, palette.GOLD_LIGHT), ("", False, palette.TEXT)]
    lines += [(line, False, palette.TEXT_DIM) for line in textlayout.wrap(close, width, size)]
    step = round(size * 1.5)
    panel = pygame.Rect(0, 0, width + 2 * pad, step * len(lines) + 2 * pad)
    panel.center = (w // 2, h // 2)
    pygame.draw.rect(surface, palette.PANEL, panel, border_radius=round(14 * scale))
    pygame.draw.rect(surface, palette.GOLD, panel, max(1, round(2 * scale)),
                     border_radius=round(14 * scale))
    y = panel.top + pad
    for text, bold, colour in lines:
        if text:
            # A long path has no place to break: it gets smaller instead.
            fitted = fonts.fit_size(text, width, size, bold) if text == where else size
            img = fonts.render(text, fitted, colour, bold=bold)
            surface.blit(img, img.get_rect(midtop=(w // 2, y)))
        y += step


class LoadNow(IResourceLoader):
    """pygame_gui's resource loading in this thread: the theme's few fonts and images load
    sooner than its default loader starts five threads and hands them over (before the first
    frame, docs/startup.md). Fonts and images first, then the surfaces made from them."""

    def __init__(self) -> None:
        self._files: list = []
        self._surfaces: list = []
        self._started = False

    def add_resource(self, resource) -> None:
        if self._started:
            raise ValueError("Too late to add this resource to the loader")  # as pygame_gui's
        is_file = isinstance(resource, (FontResource, ImageResource))
        (self._files if is_file else self._surfaces).append(resource)

    def start(self) -> None:
        self._started = True

    def started(self) -> bool:
        return self._started

    def update(self) -> tuple[bool, float]:
        for queue in (self._files, self._surfaces):
            while queue:
                error = queue.pop(0).load()
                if error is not None:
                    warnings.warn(str(error), stacklevel=2)
        return True, 1.0


class App:
    def __init__(self, store: SettingsStore | None = None, hooks: AppHooks | None = None,
                 size: tuple[int, int] | None = None, fullscreen: bool | None = None):
        declare_display_hints()
        pygame.display.init()
        pygame.font.init()
        self.desktop_scale = desktop_scale()
        # The first frame needs only a few settings: the whole file is validated (pydantic)
        # and the sound started after it (see _after_first_frame), unless a field it needs is
        # doubtful, when the store validates at once and the first frame shows the warning.
        self.store = store if store is not None else SettingsStore(defer_validation=True)
        self.settings_warning: str | None = None
        if self.store.validated:
            self._take_settings_warning()
        self.hooks = hooks or AppHooks()
        first = self.store.first_frame
        i18n.set_language(first.language)
        fonts.set_text_scale(first.text_scale)
        palette.apply(first.high_contrast)
        self.fullscreen = first.fullscreen if fullscreen is None else fullscreen
        self._windowed_size = tuple(size or first.window_size)
        # Before the window opens: pygame then loads no icon of its own (through
        # importlib.resources), and some systems take no new icon once a window is shown.
        self._set_caption_and_icon()
        self.window = self._open_window()
        self.density = self._density()
        self.scale = ui_scale(self.window_size, self.density)
        self.font_sizes = theme.font_sizes(self.scale)
        self._presented = False  # whether a first frame has been drawn (step)
        self._started = False  # whether _after_first_frame has run
        self.manager = self._make_manager()
        self.clock = pygame.time.Clock()
        self.running = True
        self.screen = None
        self._save_due: float | None = None  # seconds until pending settings are written
        self._release_due = 0  # frames until the garbage is collected (release_memory_soon)
        self._pending: dict = {}
        self.crash_message: str | None = None  # what report_crash told the player
        self._frame_wanted = True  # something changed: draw a frame (run's idle waiting)
        # The time of the events being handled: every step's dt counted before its events, as
        # that time passed before they came (a sleep while idle, a frame). Whatever measures
        # time between inputs (a double click) reads it.
        self.now = 0.0
        from game.ui.screens.main_menu import MainMenu

        self.show(MainMenu(self))

    # --- settings ---------------------------------------------------------------------

    @property
    def settings(self) -> Settings:
        if not self.store.validated:
            self._validate_settings()
        return self.store.settings

    def _take_settings_warning(self) -> None:
        self.settings_warning = self.store.warning
        if self.settings_warning:
            log.warning("%s", self.settings_warning)

    def _validate_settings(self) -> None:
        """Validate the whole settings file (deferred past the first frame). Its first-frame
        fields passed a check as strict as the model, so they stay; should the model still
        reset the language, the text size or the theme, the screen follows it."""
        before = self.store.first_frame
        self.store.validate()
        self._take_settings_warning()
        after = self.store.first_frame
        if (after.text_size, after.high_contrast) != (before.text_size, before.high_contrast):
            self.apply_look()
        if after.language != before.language:
            i18n.set_language(after.language)
            self._set_caption_and_icon()
            self.rebuild()

    def _after_first_frame(self) -> None:
        """What the first frame did not wait for: the settings' validation, the sound, and
        the text boxes' extra fonts. Called at the start of every later step (cheap once
        done)."""
        if not self._started:
            self._started = True
            give_big_blocks_back()  # before the big pictures are drawn (game.ui.memory)
            audio.init(self.settings)
        self.load_pending_fonts()

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

    def set_look(self, **changes) -> None:
        """Change the text size or the high-contrast theme (``text_size=``,
        ``high_contrast=``): saved, and applied at once to every screen."""
        self.update_settings(**changes)
        self.apply_look()

    def apply_look(self) -> None:
        """Draw everything in the settings' text size and colours from the next frame."""
        first = self.store.first_frame
        fonts.set_text_scale(first.text_scale)
        palette.apply(first.high_contrast)
        forget_drawn_text()
        self.manager = self._make_manager()  # the theme's fonts and colours
        self.rebuild()
        self.request_frame()
        release_memory()

    # --- window -----------------------------------------------------------------------

    @property
    def window_size(self) -> tuple[int, int]:
        return self.window.get_size()

    def _points(self, size: tuple[int, int]) -> tuple[int, int]:
        """A window size in pixels as the settings keep it, in points (the desktop's units)."""
        return round(size[0] / self.desktop_scale), round(size[1] / self.desktop_scale)

    def _density(self) -> float:
        return pixel_density(pygame.display.get_window_size(), self.window_size,
                             self.desktop_scale)

    def _open_window(self) -> pygame.Surface:
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        # Sizes are kept in points; a DPI-aware window on Windows is sized in pixels.
        w = round(max(MIN_WINDOW[0], self._windowed_size[0]) * self.desktop_scale)
        h = round(max(MIN_WINDOW[1], self._windowed_size[1]) * self.desktop_scale)
        surface = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        # The layouts are designed down to 800x600. from_display_module is the only way in
        # pygame-ce 2.5 to reach the display's window; it warns, harmlessly, about rendering.
        with contextlib.suppress(AttributeError, pygame.error), warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = tuple(
                round(v * self.desktop_scale) for v in MIN_WINDOW)
        return surface

    def _set_caption_and_icon(self) -> None:
        pygame.display.set_caption(t("app.title"))
        pygame.display.set_icon(window_icon())

    def toggle_fullscreen(self) -> None:
        self.set_fullscreen(not self.fullscreen)

    def set_fullscreen(self, on: bool) -> None:
        if on == self.fullscreen:
            return
        if on:
            self._windowed_size = self._points(self.window_size)  # to return to
        self.fullscreen = on
        self.window = self._open_window()
        self.update_settings(fullscreen=on)
        self.on_resized()

    def on_resized(self) -> None:
        self.window = pygame.display.get_surface()
        size = self.window_size
        self.density = self._density()
        scale = ui_scale(size, self.density)
        if scale != self.scale:
            self.scale = scale
            self.font_sizes = theme.font_sizes(scale)
            # A new theme needs a new manager; the screen's old elements are killed by the
            # rebuild below, which keeps an open dialog and its typed text.
            self.manager = self._make_manager()
            self.rebuild()
            release_memory()  # the old manager's fonts and the old size's pictures
        else:
            self.manager.set_window_resolution(size)
            self.rebuild()
        self.request_frame()
        if not self.fullscreen:
            points = self._points(size)
            self._windowed_size = points
            small = points[0] < MIN_WINDOW[0] or points[1] < MIN_WINDOW[1]
            if not small and tuple(points) != tuple(self.settings.window_size):
                self.update_settings(delay=0.8, window_size=points)  # not for no-op events

    def _make_manager(self) -> pygame_gui.UIManager:
        loader = LoadNow()
        look = theme.build_theme(self.scale, fonts.text_scale(), palette.HIGH_CONTRAST)
        manager = pygame_gui.UIManager(self.window_size, look, resource_loader=loader)
        # pygame_gui keeps the first manager made as its default for good: with its fonts,
        # theme and root container, a whole old manager stayed after every new text size or
        # UI scale. The manager in use is the default, so an old one is let go.
        set_default_manager(manager)
        loader.start()  # what UIManager does with its own loader, once the theme is read
        loader.update()
        sizes = {fonts.px(n) for n in self.font_sizes.values()}
        body = self.font_sizes["body"]
        # The rules text uses a few more sizes (headings, spacing lines): see markdown.to_html.
        sizes |= {fonts.px(round(body * f)) for f in (1.55, 1.2, 1.05)}
        sizes |= {fonts.px(body * f) for f in (0.6, 0.5)}
        sizes |= set(FINE_SIZES)
        fd = manager.get_theme().get_font_dictionary()
        # The theme has loaded what its elements use; these (text boxes' <font> sizes) are
        # loaded after the first frame, or when a screen that needs them is made
        # (Screen.needs_text_fonts): each costs milliseconds the menu need not wait for.
        self._pending_fonts = [
            {"name": FONT_NAME, "point_size": n, "style": style, "antialiased": "1"}
            for n in sorted(sizes) for style in ("regular", "bold")
            if not fd.check_font_preloaded(
                fd.create_font_id(n, FONT_NAME, style == "bold", False, True))]
        if getattr(self, "_presented", False):
            self.load_pending_fonts(manager)
        return manager

    def load_pending_fonts(self, manager: pygame_gui.UIManager | None = None) -> None:
        if self._pending_fonts:
            (manager or self.manager).preload_fonts(self._pending_fonts)
            self._pending_fonts = []

    # --- screens ----------------------------------------------------------------------

    def show(self, screen) -> None:
        left = self.screen is not None
        if left:
            self.screen.leave()
        self.screen = screen
        screen.enter()
        if left:
            # The old screen's pygame_gui elements hold each other in cycles: without a
            # collection now, the pictures they drew (the rules' page: 60 MB at 1920x1080)
            # stayed until the collector's next full pass, often minutes later.
            release_memory()

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
        self.update_settings(last_game=config.model_copy(update={"number": None}))
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

    def request_frame(self) -> None:
        """Draw a frame soon: something on screen changed without an event (a computer's
        move, a toast)."""
        self._frame_wanted = True

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

    def step(self, dt: float = 1 / 60, present: bool | None = True) -> bool:
        """One frame: events, updates, drawing. Returns False once the app should end.
        ``present=None``: draw only if something changed (an event, a screen's request)."""
        if self._presented:
            self._after_first_frame()
        self.now += dt
        events = pygame.event.get()
        resizes = [e for e in events if e.type == pygame.VIDEORESIZE]
        for event in events:
            if event.type == pygame.VIDEORESIZE and event is not resizes[-1]:
                continue  # the window's last size is the one to build for
            self.handle_event(event)
            if not self.running:
                return False
        if events:
            self._frame_wanted = True
        if self._release_due:
            self._release_due -= 1
            if not self._release_due:
                events = resizes = event = None  # noqa: F841 (they may hold a closed window)
                release_memory()
        self.manager.update(dt)
        if self.screen is not None:
            self.screen.update(dt)
        if self._save_due is not None:
            self._save_due -= dt
            if self._save_due <= 0:
                self.flush_settings()
        if present or (present is None and self._frame_wanted):
            self.render(self.window)
            pygame.display.flip()
        self._frame_wanted = False
        self._presented = True
        return self.running

    def release_memory_soon(self) -> None:
        """Collect the garbage at the next frame's end, once the events that still name what
        was closed (pygame_gui's window-closed event) have been read: a closed dialog's
        pictures, in cycles with its buttons, waited for the collector's rare full pass."""
        self._release_due = 2

    def animating(self) -> bool:
        """Whether frames are needed without input (a text field's blinking cursor is
        served by a short wait instead)."""
        screen = self.screen
        return screen is not None and screen.animating()

    def _idle_wait(self) -> float | None:
        """Seconds the loop may sleep waiting for an event, or None to draw the next frame at
        once (something moves, or input came a moment ago)."""
        if self.animating() or self._frame_wanted:
            return None
        wait = IDLE_WAKE
        if self.manager.get_focus_set():
            wait = CURSOR_BLINK  # a focused text field's cursor blinks
        if self._save_due is not None:
            wait = min(wait, max(0.0, self._save_due))
        change = self.screen.next_change() if self.screen is not None else None
        if change is not None:
            wait = min(wait, change)
        return wait

    def _wait_for_event(self, seconds: float) -> None:
        """Sleep until an event arrives or ``seconds`` pass (the event stays queued).

        Not ``pygame.event.wait(timeout)``: pygame looks for events every millisecond there,
        2 % of a core for nothing. Every IDLE_POLL seconds is quick enough for the hand (a
        frame is 16 ms) and costs a tenth of that."""
        deadline = time.perf_counter() + seconds
        while not pygame.event.peek() and time.perf_counter() < deadline:
            pygame.time.wait(round(IDLE_POLL * 1000))
        self._settle_resizes()

    @staticmethod
    def _settle_resizes() -> None:
        """A drag of the window's edge sends resizes in a burst over many frames: wait until
        they stop and keep only the last, so the UI is rebuilt once for the drag."""
        if not pygame.event.peek(pygame.VIDEORESIZE):
            return
        last = None
        for _ in range(20):  # at most a second
            more = pygame.event.get(pygame.VIDEORESIZE)
            if not more:
                break
            last = more[-1]
            pygame.time.wait(round(RESIZE_SETTLE * 1000))
        if last is not None:
            pygame.event.post(last)

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
        """The main loop; 0 after Quit, CRASH_EXIT after an unexpected error (reported)."""
        crashed = False
        last_input = -ACTIVE_AFTER_INPUT  # no input yet: the first frame is wanted anyway
        try:
            while self.running:
                now = time.perf_counter()
                wait = self._idle_wait() if now - last_input > ACTIVE_AFTER_INPUT else None
                if wait is not None:
                    self._wait_for_event(wait)
                    self.clock.tick()  # the time slept is no animation's business
                    if pygame.event.peek():
                        last_input = time.perf_counter()
                    # Timers (toasts, settings) age by the real time slept.
                    self.step(min(time.perf_counter() - now, 5.0), present=None)
                    continue
                dt = self.clock.tick(60) / 1000
                self._settle_resizes()
                if pygame.event.peek():
                    last_input = time.perf_counter()
                self.step(min(dt, 0.1))
        except Exception:
            crashed = True
            log.critical("unexpected error: Card Table closes", exc_info=True)
            self.report_crash()
            return CRASH_EXIT
        finally:
            self.close(save=not crashed)
        return 0

    def close(self, save: bool = True) -> None:
        """Leave the screen (the table saves its game) and close the window. After a crash
        (``save=False``) the game is not saved again: its state may be what failed, and the
        autosave written after the last move is the one to continue from."""
        with contextlib.suppress(Exception):  # settings are not the game: keep a change made
            self.flush_settings()
        if self.screen is not None:
            if save:
                self.screen.leave()
            self.screen = None
        audio.get().quit()
        pygame.display.quit()

    # --- crash report -----------------------------------------------------------------

    def report_crash(self) -> None:
        """Tell the player, in their language, that the program must close, that the game is
        saved, and where the log is; on the terminal too. Never raises."""
        from game import applog

        title = t("app.crash.title")
        body = t("app.crash.body", resume=t("menu.continue"))
        where = str(applog.log_file())
        self.crash_message = "\n".join((title, body, where))
        print(self.crash_message, file=sys.stderr)
        try:
            self._show_crash(title, body, where)
        except Exception:  # the window itself may be what failed: the terminal has it
            log.exception("the crash message could not be shown")

    def _show_crash(self, title: str, body: str, where: str) -> None:
        surface = pygame.display.get_surface() or self.window
        draw_crash(surface, title, body, where, t("app.crash.close"), self.scale)
        pygame.display.flip()
        if pygame.display.get_driver() == "dummy":
            return  # no one can see it (headless): nothing to wait for
        pygame.event.clear()
        while True:
            for event in pygame.event.get():
                if event.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                    return
            self.clock.tick(20)
