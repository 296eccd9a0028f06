"""The window's memory (issue 29, "Lighter on the machine"): caches keyed by a size stay
within their budget however often the window is resized or the text size changed, and what a
closed screen or an old UI manager held is let go. Counts and bytes only: the resident memory
itself is a ``bench --ui`` figure (``session_rss_mb``), not asserted on a shared machine."""

from __future__ import annotations

import gc
import os
import sys
import weakref

import pygame
import pytest

from game.settings import SettingsStore
from game.ui import cards_art, felt, fonts
from game.ui.bounded_cache import lru_pictures, picture_bytes
from game.ui.screen import panel_surface
from game.ui.table import render

SIZES = ((800, 600), (1920, 1080), (1024, 700), (1600, 1000), (1366, 768), (1100, 650),
         (1280, 800), (1700, 950))


def resize(app, size) -> None:
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.step()


def test_pictures_beyond_the_budget_are_let_go_oldest_first():
    made = []

    @lru_pictures(max_mb=1)
    def square(side: int) -> pygame.Surface:
        made.append(side)
        return pygame.Surface((side, side), pygame.SRCALPHA)

    first = square(300)  # 0.34 MB
    assert square(300) is first and made == [300]
    square(310)
    square(300)  # used again: now the newest
    square(320)  # over 1 MB: the least recently used (310) goes
    assert square.cache_keys() == [(300,), (320,)]
    assert square.cache_bytes() == picture_bytes(first) + picture_bytes(square(320))
    big = square(1000)  # alone over the budget: kept, the others let go
    assert square.cache_keys() == [(1000,)] and square(1000) is big
    square.cache_clear()
    assert square.cache_keys() == [] and square.cache_bytes() == 0


def test_felts_and_panels_stay_within_their_budget_over_many_resizes(app_maker):
    """Four felts were kept, whatever their size: 33 MB at 1920x1080. Now the felt's and the
    panels' caches hold at most their budget of bytes, the window's own felt the newest."""
    app = app_maker()
    app.show_settings()  # a screen with a panel
    for _ in range(2):
        for size in SIZES:
            resize(app, size)
            app.render()
            assert felt._felt.cache_bytes() <= felt._felt.cache_budget
            assert panel_surface.cache_bytes() <= panel_surface.cache_budget
            assert felt._felt.cache_keys()[-1][0] == size


def test_card_faces_plates_and_frames_stay_within_their_budget_over_a_sweep_of_sizes():
    """Faces were bounded by their number (a thousand: 80 MB of large ones at 1920x1080),
    plates by theirs (128, one for each count of cards), rounded frames by theirs (64 of up
    to the window's size): now by their bytes."""
    cards_art.clear_cache()
    for width in range(120, 220, 16):
        for code in range(53):
            cards_art.face(code, width)
            assert cards_art._face.cache_bytes() <= cards_art._face.cache_budget
        cards_art.back(width)
        cards_art.shadow(width)
    assert cards_art._face.cache_info().misses == 7 * 53  # each drawn once, none twice
    assert cards_art._face.cache_keys()[-1] == (52, 216, "two-colour", "normal", False)
    for size in ((300, 80), (420, 110)):
        for count in range(120):
            render._plate_image(size, "West", count, False, (), -1, False, False, -1, 150,
                                False)
            assert render._plate_image.cache_bytes() <= render._plate_image.cache_budget
    for size in SIZES * 2:  # the replay's hands board, meld areas: as large as the window
        render.rounded(size, (0, 0, 0, 255), 16)
        render._area((size[0] // 2, size[1] // 3), "West", 150, False)
        render.glow((size[0] // 4, size[1] // 8), (255, 255, 255), 12)
        for cache in (render.rounded, render._area, render.glow):
            assert cache.cache_bytes() <= cache.cache_budget


def test_the_largest_table_at_1920x1080_fits_its_caches(app_maker):
    """Drawn again, the six-player Canastone table with large cards draws no face, back,
    shadow or plate anew: its pictures fit the budgets (no thrashing)."""
    from game.newgame import NewGameConfig, SeatConfig
    from game.ui.table import TableScreen

    app = app_maker(size=(1920, 1080), card_size="large")
    seats = (SeatConfig(kind="human"),) + tuple(SeatConfig(level="easy") for _ in range(5))
    app.show(TableScreen(app, NewGameConfig(game="canastone", players=6, seats=seats), seed=3))
    for _ in range(30):
        app.step(0.1)
    caches = (cards_art._face, cards_art._back_surface, cards_art.shadow, render._plate_image)
    app.render()
    drawn = [cache.cache_info().misses for cache in caches]
    assert drawn[0] > 50  # a table's worth of faces
    app.screen.mark_dirty()
    app.render()
    assert [cache.cache_info().misses for cache in caches] == drawn


def test_fonts_of_sizes_no_longer_drawn_are_let_go():
    """Every text size and UI scale draws its own pixel sizes: each font (0.4 MB) was kept
    for good, 74 after one round of bench --ui's session."""
    fonts.font_px.cache_clear()
    for scale in (1.0, 1.25, 1.5):
        fonts.set_text_scale(scale)
        for size in range(8, 60):
            fonts.font(size)
            fonts.font(size, bold=True)
    assert fonts.font_px.cache_info().currsize <= fonts.FONTS_KEPT


def test_an_old_ui_manager_is_let_go(app_maker):
    """pygame_gui kept the first manager made as its default, with its fonts and theme,
    after every new text size or UI scale."""
    app = app_maker()
    old = weakref.ref(app.manager)
    app.set_look(text_size="larger")
    resize(app, (1920, 1080))  # a new UI scale: a new manager again
    gc.collect()
    assert old() is None


def test_a_closed_screen_is_let_go_at_once(app_maker):
    """The elements of a screen left behind hold each other in cycles: the rules' text box
    (two pictures of 30 MB at 1920x1080) stayed until the collector's next full pass."""
    app = app_maker()
    app.show_rules("canasta")
    app.step()
    box = weakref.ref(app.screen._boxes["canasta"])
    screen = weakref.ref(app.screen)
    gc.disable()  # only the switch of screens may collect
    try:
        app.show_main_menu()
        app.step()
        assert screen() is None and box() is None
    finally:
        gc.enable()


def test_a_closed_dialog_and_its_backdrop_are_let_go(app_maker):
    """A dialog's buttons stayed in their screen's table of callbacks after it closed, each
    holding the dialog and so its backdrop: three pictures of the window's size (25 MB at
    1920x1080) for every dialog a game opened, till the game's end. Closed by its button, as a
    player does, it is let go within a few frames, without waiting for the collector."""
    from game.ui.widgets.dialog import Dialog

    app = app_maker()
    app.show_settings()
    app.step()
    for _ in range(3):
        dialog = Dialog(app.screen, "Title", "A message.", [("No", None), ("Yes", None)])
        app.step()
        backdrop, pictures = weakref.ref(dialog.backdrop), dialog.backdrop.image.get_size()
        assert pictures == app.screen.size
        pos = dialog.buttons[1].rect.center
        del dialog
        gc.disable()  # only the app may collect
        try:
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                pygame.event.post(pygame.event.Event(kind, {"pos": pos, "button": 1}))
            for _ in range(4):
                app.step()
            assert app.screen.dialog is None and backdrop() is None
        finally:
            gc.enable()
    assert all(element.alive() for element in app.screen._on_click)


def test_the_rules_keep_only_the_shown_games_text(app_maker):
    """pygame_gui draws a text box's whole text into one picture (38 MB for Canasta's rules
    at 1920x1080): the rules kept every game's box once seen, hidden, 200 MB for the five."""
    from game.engine.registry import GAME_NAMES

    app = app_maker()
    app.show_rules(GAME_NAMES[0])
    app.step()
    seen = []
    gc.disable()  # only the app may collect
    try:
        for game in GAME_NAMES[1:] + GAME_NAMES[:1]:
            seen.append(weakref.ref(app.screen._boxes[app.screen.game]))
            pos = app.screen.tabs.buttons[game].rect.center  # the tab, clicked
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                pygame.event.post(pygame.event.Event(kind, {"pos": pos, "button": 1}))
            for _ in range(4):
                app.step()
            assert [ref() for ref in seen if ref() is not None] == []
            assert list(app.screen._boxes) == [game]
            assert app.screen._boxes[game].visible
    finally:
        gc.enable()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_rules_text_picture_holds_one_section(app_maker, language):
    """Issue 29: the rules' page was the window's peak: pygame_gui drew the whole rule book
    into one picture, 1256x8643 (43 MB) for Canasta at 1920x1080 and 125 % text, 48 MB in
    Japanese. Shown a section at a time, every section of every game is under 12 MB."""
    from game.engine.registry import GAME_NAMES

    app = app_maker(size=(1920, 1080), language=language, text_size="large")
    app.show_rules("canasta")
    app.step()
    sc = app.screen

    def text_picture(game: str) -> int:
        return picture_bytes(sc._boxes[game].text_box_layout.finalised_surface)

    assert 1_000_000 < text_picture("canasta") < 12_000_000  # as the page opens
    largest = 0
    for game in GAME_NAMES:
        sc.select(game)
        for place in range(len(sc._sections)):
            sc.show_section(place)
            largest = max(largest, text_picture(game))
            assert text_picture(game) < 12_000_000, (game, sc._heading)
    assert largest > 3_000_000  # the pictures were measured, not empty


def test_the_window_is_not_drawn_through_opengl(tmp_path, monkeypatch):
    """SDL drew an X window through OpenGL, loading Mesa's LLVM or the graphics driver (120
    MB resident in an X window) to see whether it was accelerated. The hint is declared
    before the display starts, unless the user set it."""
    from game.ui import app as app_module

    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    seen = []
    real_init = pygame.display.init
    monkeypatch.setattr(pygame.display, "init",
                        lambda: (seen.append(os.environ.get("SDL_FRAMEBUFFER_ACCELERATION")),
                                 real_init()))
    app_module.App(store=SettingsStore(tmp_path / "settings.json"), size=(800, 600)).close()
    assert seen and set(seen) == {"0"}
    monkeypatch.setenv("SDL_FRAMEBUFFER_ACCELERATION", "1")
    app_module.declare_display_hints()
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "1"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc")
def test_big_pictures_get_mappings_of_their_own():
    from game.ui.memory import give_big_blocks_back

    assert give_big_blocks_back()
