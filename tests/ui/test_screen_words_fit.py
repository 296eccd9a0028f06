"""Every button's words fit it, on every screen of the menus, at the smallest window (where
words are tightest), in every language (むずかしい was cut to むずかし on New game at
800x600)."""

from __future__ import annotations

import pytest
from pygame_gui.elements import UIButton

from game import i18n
from game.engine.registry import GAMES

SIZES = [(800, 600)]


def _screens(app):
    from game.newgame import NewGameConfig
    from game.ui.screens.daily_screen import DailyScreen
    from game.ui.screens.history_screen import HistoryScreen
    from game.ui.screens.load_screen import LoadScreen
    from game.ui.screens.main_menu import MainMenu
    from game.ui.screens.new_game import NewGameScreen
    from game.ui.screens.rules import RulesScreen
    from game.ui.screens.settings_screen import SettingsScreen
    from game.ui.screens.stats_screen import StatsScreen

    yield "menu", MainMenu(app)
    for game, info in GAMES.items():  # each game at its largest count: the most seat rows
        config = NewGameConfig.default(game, max(info.player_counts))
        yield f"new game {game}", NewGameScreen(app, config)
    yield "load", LoadScreen(app)
    yield "settings", SettingsScreen(app)
    yield "statistics", StatsScreen(app)
    yield "history", HistoryScreen(app)
    yield "daily deal", DailyScreen(app)
    yield "rules", RulesScreen(app)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_buttons_words_fit_it(app_maker, size, lang):
    app = app_maker(size=size, language=lang)
    for name, screen in _screens(app):
        app.show(screen)
        app.step(0.05, present=False)
        for b in app.screen.manager.get_sprite_group().sprites():
            if isinstance(b, UIButton) and b.visible and b.text:
                assert b.font.size(b.text)[0] + 6 <= b.rect.w, (name, b.text, b.rect)
