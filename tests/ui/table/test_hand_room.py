"""The player's hand gets the room first (issue 29): the figures ``bench --ui`` reports hold
their floors at every game's largest table, at three window sizes and two text sizes; the move
log opens by itself only where the table keeps its room, and the player can pin it open."""

from __future__ import annotations

import pygame
import pytest

from game.engine.registry import GAMES
from game.newgame import NewGameConfig, SeatConfig
from game.ui.table import TableScreen, room
from game.ui.table import layout as L

from .driver import Driver, make_app, post


@pytest.mark.parametrize("text_scale", [1.0, 1.5])
@pytest.mark.parametrize("size", room.SIZES)
@pytest.mark.parametrize("game, players", room.largest_tables())
def test_the_hand_holds_its_floors(game, players, size, text_scale):
    """A hand card is at least 12.5 % of the window's height (12 % at 800x600), and every
    card of a 15-card hand, and of a 25-card hand after a pile, shows its whole index."""
    r = room.hand_room(game, players, size, text_scale)
    floor = room.MIN_CARD_H_FRAC_SMALL if size[1] < 700 else room.MIN_CARD_H_FRAC
    assert r["card_h_frac"] >= floor, r
    assert r["strip"] >= r["index"] and r["full_strip"] >= r["index"], r
    if size == (1280, 800):  # the laptop window: the log gives the hand its room
        assert not r["log_open"] and r["strip"] >= 0.6 * r["card_w"], r


def test_the_hand_does_not_shrink_with_more_seats():
    """Opponents' tiles make room for six and seven seats; the player's cards stay as they
    are at two."""
    for game, info in GAMES.items():
        for size in room.SIZES:
            lays = [L.compute(size, game, n, room.sides_of(game, n), 0, "medium",
                              L.log_opens(size, game, n, 1.0), text_scale=1.0)
                    for n in info.player_counts]
            assert len({(lay.card_w, lay.hand.size) for lay in lays}) == 1, (game, size)


def test_the_log_opens_only_where_the_table_keeps_its_room():
    assert not L.log_opens((800, 600), "canasta", 4, 1.0)
    assert not L.log_opens((1280, 800), "canasta", 4, 1.0)
    assert L.log_opens((1920, 1080), "canasta", 4, 1.0)
    for size in ((1024, 700), (1280, 800), (1600, 1000), (1920, 1080), (2560, 1440)):
        for ts in (1.0, 1.25, 1.5):
            if L.log_opens(size, "canasta", 4, ts):
                s = L.ui_scale(size)
                assert size[0] - L.log_width(size, s, ts) >= L.TABLE_ROOM * s


def _resize(d, size) -> None:
    pygame.display.set_mode(size, pygame.RESIZABLE)
    post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    d.step(2, dt=0.01)


def _table(tmp_path, size, **settings) -> Driver:
    app = make_app(tmp_path, size=size, **settings)
    cfg = NewGameConfig(game="canasta", players=4,
                        seats=(SeatConfig(kind="human"),) + (SeatConfig(),) * 3)
    screen = TableScreen(app, cfg, seed=1)
    app.show(screen)
    return Driver(app, screen)


def test_the_log_follows_the_window_until_the_player_chooses(tmp_path):
    d = _table(tmp_path, (1920, 1080))
    try:
        sc = d.screen
        assert sc.log_open and sc.lay.log is not None
        _resize(d, (1280, 800))
        assert not sc.log_open and sc.lay.log is None and sc.lay.corner is not None
        _resize(d, (1920, 1080))
        assert sc.log_open
        sc.toggle_log()  # the player hides it: it stays hidden at every size
        _resize(d, (1600, 1000))
        _resize(d, (1920, 1080))
        assert not sc.log_open
    finally:
        d.app.close()


def test_the_setting_pins_the_log_open(tmp_path):
    d = _table(tmp_path, (800, 600), log_pinned=True)
    try:
        assert d.screen.log_open and d.screen.lay.log is not None
        _resize(d, (1280, 800))
        assert d.screen.log_open
    finally:
        d.app.close()
