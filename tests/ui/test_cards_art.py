"""Card art: every card draws at any size, in both styles and all states, and is cached."""

import pygame
import pytest

from game.engine.cards import JOKER
from game.ui import cards_art, felt


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield


def _colours(surf: pygame.Surface, step: int = 3) -> set:
    w, h = surf.get_size()
    return {tuple(surf.get_at((x, y))) for x in range(0, w, step) for y in range(0, h, step)}


@pytest.mark.parametrize("style", cards_art.STYLES)
def test_all_faces_at_two_sizes(style):
    for width in (48, 140):
        for code in range(53):
            img = cards_art.face(code, width, style)
            assert img.get_size() == (width, cards_art.card_height(width))
            assert len(_colours(img)) > 8  # drawn, not blank


def test_odd_sizes_and_states():
    for width in (17, 33, 61, 257):
        for state in cards_art.STATES:
            assert cards_art.face(37, width, state=state).get_width() == width
            assert cards_art.back(width, state=state).get_width() == width


def test_rounded_corners_are_transparent():
    img = cards_art.face(0, 100)
    assert img.get_at((0, 0)).a == 0
    assert img.get_at((50, 70)).a == 255


def test_states_differ():
    normal = cards_art.face(5, 90)
    for state in ("selected", "highlighted", "dimmed"):
        other = cards_art.face(5, 90, state=state)
        assert pygame.image.tobytes(other, "RGBA") != pygame.image.tobytes(normal, "RGBA")
    assert cards_art.face(5, 90, state="dimmed").get_at((45, 63)).r < normal.get_at((45, 63)).r


def test_styles_colour_suits():
    # Diamonds are red in two-colour and blue in four-colour; clubs green in four-colour.
    assert cards_art.suit_colour(2, "two-colour")[0] > 150
    assert cards_art.suit_colour(2, "four-colour")[2] > 150
    assert cards_art.suit_colour(3, "four-colour")[1] > 100
    assert pygame.image.tobytes(cards_art.face(27, 80), "RGB") != pygame.image.tobytes(
        cards_art.face(27, 80, "four-colour"), "RGB")


def test_cache_returns_same_surface():
    assert cards_art.face(JOKER, 75) is cards_art.face(JOKER, 75)
    assert cards_art.back(75, "blue") is cards_art.back(75, "blue")


def test_card_helper_and_sideways():
    assert cards_art.card(None, 80) is cards_art.back(80)
    assert cards_art.card(3, 80, face_up=False) is cards_art.back(80)
    side = cards_art.sideways(cards_art.face(3, 80))
    assert side.get_size() == (cards_art.card_height(80), 80)


def test_shadow_and_felt():
    sh = cards_art.shadow(100)
    assert sh.get_width() > 100 and sh.get_at((sh.get_width() // 2, sh.get_height() // 2)).a > 50
    cloth = felt.felt((320, 200))
    assert cloth.get_size() == (320, 200)
    assert len(_colours(cloth)) > 20  # textured
    centre, corner = cloth.get_at((160, 100)), cloth.get_at((1, 1))
    assert centre.g > corner.g  # vignette
