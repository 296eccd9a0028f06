"""Every screen of the menus at 800x600, 1280x800 and 1920x1080, in both languages, at 100 % and
150 % text (issue 29): every button's and label's words fit it (pygame_gui's "too small"
warnings included), everything lies inside the window and inside its panel (a check box's
words ran past the New game panel), and no two controls overlap. The table's own words are
held by tests/ui/table/test_table_defects.py."""

from __future__ import annotations

import itertools
import warnings

import pygame
import pytest
from pygame_gui.elements import UIButton, UICheckBox, UILabel, UITextEntryLine

from game.registry import GAMES

SIZES = [(800, 600), (1280, 800), (1920, 1080)]
TEXT_SIZES = ["normal", "larger"]


def _elements(container):
    for element in container.elements:
        yield element
        inner = getattr(element, "elements", None)
        if inner is not None and hasattr(element, "get_container"):
            yield from _elements(element.get_container())
        elif hasattr(element, "elements"):
            yield from _elements(element)


def _screens(app):
    from game.ui.screens.daily_screen import DailyScreen
    from game.ui.screens.history_screen import HistoryScreen
    from game.ui.screens.load_screen import LoadScreen
    from game.ui.screens.rules import RulesScreen
    from game.ui.screens.stats_screen import StatsScreen

    app.show_main_menu()
    yield "menu"
    app.show_settings()
    yield "settings display"
    app.screen.show_page("play")
    yield "settings play"
    app.show_new_game()
    for game, info in GAMES.items():  # the most seat rows, and the first
        for n in sorted({min(info.player_counts), max(info.player_counts)}, reverse=True):
            app.screen.set_game(game)
            app.screen.set_players(n)
            yield f"new game {game} {n}"
    for name, cls in (("load", LoadScreen), ("statistics", StatsScreen),
                      ("history", HistoryScreen), ("daily deal", DailyScreen),
                      ("rules", RulesScreen)):
        app.show(cls(app))
        yield name


def _panel(screen, rect):
    """The panel (window coordinates) whose area holds ``rect``'s centre, if any."""
    return next((p for p in getattr(screen, "_panels", []) if p.collidepoint(rect.center)), None)


@pytest.mark.parametrize("text_size", TEXT_SIZES)
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SIZES)
def test_every_screens_words_fit_at_every_size(app_maker, size, lang, text_size):
    app = app_maker(size=size, language=lang, text_size=text_size, sound=False)
    window = pygame.Rect((0, 0), size)
    for where in _screens(app):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            app.step(1 / 60, present=False)
        too_small = [str(w.message) for w in caught if "too small" in str(w.message)]
        assert not too_small, (where, too_small)
        shown = [e for e in _elements(app.screen.root) if e.visible]
        for e in shown:
            assert window.contains(e.rect), (where, getattr(e, "text", e), e.rect)
            boxed = isinstance(getattr(e, "parent_element", None), UICheckBox)  # its box's height
            panel = _panel(app.screen, e.rect)
            if panel is not None and e.rect.w and e.rect.h:
                assert panel.contains(e.rect), (where, getattr(e, "text", e), e.rect, panel)
            if isinstance(e, (UIButton, UILabel)) and e.text and not boxed:
                w, h = e.font.size(e.text)
                assert w <= e.rect.w and h <= e.rect.h + 2, (where, e.text, (w, h), e.rect)
        controls = [e for e in shown if isinstance(e, (UIButton, UICheckBox, UITextEntryLine))]
        for a, b in itertools.combinations(controls, 2):
            assert not a.rect.colliderect(b.rect), (where, a, b)


def test_settings_stay_in_place_between_their_pages(app_maker):
    """Issue 29: Settings jumped between its tabs (each page's panel was as tall as its rows,
    and its labels as wide as its own)."""
    app = app_maker(size=(1280, 800), language="ja", sound=False)
    app.show_settings()
    places = []
    for page in ("display", "play", "display"):
        app.screen.show_page(page)
        app.step(1 / 60, present=False)
        sc = app.screen
        places.append((sc._panels[0], sc.tabs.rect if hasattr(sc.tabs, "rect") else None,
                       sc._rows[0].x, sc.back_button.rect))
    assert places[0] == places[1] == places[2]
