"""Fixtures for the table tests: a headless app with fast animations, closed afterwards."""

import pytest

from game import i18n
from game.newgame import NewGameConfig, SeatConfig
from game.ui.table import TableScreen

from .driver import Driver, make_app


@pytest.fixture
def table(tmp_path):
    """``table(game, players, seed=1, humans=(0,), size=..., language=..., text_size=...,
    high_contrast=..., **config)`` opens a table and returns a Driver."""
    apps = []

    def open_table(game, players, seed=1, humans=(0,), size=(1280, 800), language="en",
                   level="normal", text_size="normal", high_contrast=False, **config):
        app = make_app(tmp_path, size=size, language=language, text_size=text_size,
                       high_contrast=high_contrast)
        apps.append(app)
        seats = tuple(SeatConfig(kind="human") if s in humans else SeatConfig(level=level)
                      for s in range(players))
        cfg = NewGameConfig(game=game, players=players, seats=seats, **config)
        screen = TableScreen(app, cfg, seed=seed)
        app.show(screen)
        return Driver(app, screen)

    yield open_table
    for app in apps:
        app.close()
    i18n.set_language("en")

