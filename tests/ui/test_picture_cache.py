"""Pictures kept between runs (issue 11, docs/startup.md): the main menu's felt, card fan and
the window icon are read back at the next start, the same pixels as drawn; a damaged, foreign
or outdated file is drawn again; nothing in it ever fails the game."""

from __future__ import annotations

import importlib
import sys

import pygame
import pytest

from game.ui import app as app_module
from game.ui import cards_art, felt, picture_cache
from game.ui.screens import main_menu


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    felt.felt.cache_clear()
    main_menu._fan.cache_clear()
    yield tmp_path / "cache" / "cardtable" / "pictures"
    felt.felt.cache_clear()
    main_menu._fan.cache_clear()


def pixels(surface: pygame.Surface) -> bytes:
    fmt = "RGBA" if surface.get_flags() & pygame.SRCALPHA else "RGB"
    return pygame.image.tobytes(surface, fmt)


def never(*args):
    raise AssertionError("drawn again instead of read from the cache")


# name, how to get it (through the in-memory caches), the drawing function to forbid
PICTURES = [
    ("felt", lambda: felt.felt((320, 200)), (felt, "_draw")),
    ("menu-fan", lambda: main_menu._fan(60, "four-colour"), (cards_art, "face")),
    ("icon", lambda: main_menu.cached_card_art("icon", "64", app_module._draw_icon),
     (cards_art, "face")),
]


@pytest.mark.parametrize(("name", "get", "drawer"), PICTURES, ids=[p[0] for p in PICTURES])
def test_the_next_start_reads_the_same_pixels(private_cache, monkeypatch, name, get, drawer):
    drawn = pixels(get())
    assert [f.name for f in private_cache.iterdir()] == [f"{name}.bin"]
    felt.felt.cache_clear()
    main_menu._fan.cache_clear()
    with monkeypatch.context() as m:
        m.setattr(*drawer, never)
        assert pixels(get()) == drawn


def _damage(path, how):
    data = path.read_bytes()
    header_end = data.index(b"\n", len(picture_cache.MAGIC)) + 1
    if how == "truncated":
        path.write_bytes(data[:-5])
    elif how == "flipped":
        path.write_bytes(data[:-1] + bytes([data[-1] ^ 1]))
    elif how == "magic":
        path.write_bytes(b"X" + data[1:])
    elif how == "header":
        path.write_bytes(data[:len(picture_cache.MAGIC)] + b"{nope\n" + data[header_end:])
    elif how == "size":
        head = data[:header_end].replace(b'"size": [320, 200]', b'"size": [200, 320]')
        path.write_bytes(head + data[header_end:])
    elif how == "huge":  # a header that would have the reader take gigabytes
        head = data[:header_end].replace(b'"size": [320, 200]', b'"size": [99999, 99999]')
        path.write_bytes(head + data[header_end:])
    elif how == "longer":
        path.write_bytes(data + b"more")
    elif how == "empty":
        path.write_bytes(b"")
    elif how == "folder":
        path.unlink()
        path.mkdir()


@pytest.mark.parametrize("how", ["truncated", "flipped", "magic", "header", "size", "huge",
                                 "longer", "empty", "folder"])
def test_a_damaged_file_is_drawn_again(private_cache, how):
    drawn = pixels(felt.felt((320, 200)))
    _damage(private_cache / "felt.bin", how)
    felt.felt.cache_clear()
    assert pixels(felt.felt((320, 200))) == drawn
    if how != "folder":  # and written again, whole
        felt.felt.cache_clear()
        assert picture_cache._read(private_cache / "felt.bin", picture_cache.full_key(
            f"320x200 {tuple(felt.palette.FELT)} 7", ("game.ui.felt",))) is not None


def test_one_file_per_picture_holding_the_last_size(private_cache):
    felt.felt((320, 200))
    felt.felt((200, 150))
    assert [f.name for f in private_cache.iterdir()] == ["felt.bin"]
    felt.felt.cache_clear()
    assert picture_cache._read(private_cache / "felt.bin", picture_cache.full_key(
        f"200x150 {tuple(felt.palette.FELT)} 7", ("game.ui.felt",))) is not None


def test_changed_drawing_code_draws_again(tmp_path, monkeypatch):
    module = tmp_path / "drawing_code_for_test.py"
    module.write_text("COLOUR = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.import_module("drawing_code_for_test")
    try:
        before = picture_cache.full_key("k", ("drawing_code_for_test",))
        module.write_text("COLOUR = 2\n")
        picture_cache.source_digest.cache_clear()
        assert picture_cache.full_key("k", ("drawing_code_for_test",)) != before
        assert picture_cache.full_key("k", ("no.such.module",)) is None  # no key: no cache
    finally:
        del sys.modules["drawing_code_for_test"]
        picture_cache.source_digest.cache_clear()


def test_an_unwritable_cache_only_costs_time(private_cache, tmp_path, monkeypatch):
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where the cache folder should be")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    drawn = pixels(felt.felt((320, 200)))
    felt.felt.cache_clear()
    assert pixels(felt.felt((320, 200))) == drawn
