"""The text size and the high-contrast theme (issue 15, "Beyond"): settings that persist and
validate, applied at once to the theme, the drawn text and the table; the high-contrast
colours' contrast ratios (WCAG 2.x) computed from the palette the theme uses."""

from __future__ import annotations

import itertools
import json

import pygame
import pytest

from game import settings as S
from game.settings import SettingsStore, load_settings, save_settings
from game.ui import cards_art, felt, fonts, palette, theme


def settle(app, frames=2):
    for _ in range(frames):
        app.step(1 / 60)


def click(app, element):
    """A real left click at the element's centre."""
    pos = element.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": pos, "button": 1}))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, {"pos": pos, "button": 1}))
    settle(app)


def test_the_settings_round_trip(tmp_path):
    path = tmp_path / "settings.json"
    assert S.Settings().text_size == "normal" and S.Settings().high_contrast is False
    save_settings(S.Settings(text_size="larger", high_contrast=True), path)
    loaded, warning = load_settings(path)
    assert warning is None
    assert (loaded.text_size, loaded.high_contrast, loaded.text_scale) == ("larger", True, 1.5)


@pytest.mark.parametrize("bad", [{"text_size": "huge"}, {"text_size": 150},
                                 {"high_contrast": "maybe"}, {"high_contrast": 7}])
def test_a_bad_value_is_reported_and_replaced_by_the_default(tmp_path, bad):
    """As for the other settings: the file is kept, the field reset, the warning names it; the
    first frame's cheap check refuses it too, so the model decides before that frame."""
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "en", "card_size": "large", **bad}))
    loaded, warning = load_settings(path)
    (name,) = bad
    assert getattr(loaded, name) == getattr(S.Settings(), name)
    assert loaded.card_size == "large"
    assert warning is not None and name in warning
    assert S.first_frame(json.loads(path.read_text())) is None
    store = SettingsStore(path, defer_validation=True)
    assert store.validated and name in store.warning


def test_the_first_frame_is_drawn_at_the_stored_size_and_colours(app_maker):
    app = app_maker(text_size="large", high_contrast=True)
    assert fonts.px(20) == 25 and palette.HIGH_CONTRAST
    body = app.manager.get_theme().get_font(["label"])
    assert body.get_point_size() == fonts.px(app.font_sizes["body"])


def _label_font(app) -> int:
    return app.manager.get_theme().get_font(["button"]).get_point_size()


def test_the_settings_screen_changes_the_text_size_at_once(app_maker):
    """No restart: the theme's fonts, the text the game draws, and the rows of the screen
    grow as soon as the choice is clicked; and the choice is saved."""
    app = app_maker(sound=False)
    app.show_settings()
    settle(app)
    normal = _label_font(app)
    row = app.screen.controls["language"].buttons["en"].rect.h
    click(app, app.screen.controls["text_size"].buttons["larger"])
    assert load_settings(app.store.path)[0].text_size == "larger"
    assert _label_font(app) == fonts.px(app.font_sizes["button"]) >= round(normal * 1.45)
    assert fonts.font(20).get_height() > fonts.font_px(20).get_height() * 1.4
    assert app.screen.controls["language"].buttons["en"].rect.h > row
    click(app, app.screen.controls["text_size"].buttons["normal"])
    assert _label_font(app) == normal


def test_the_settings_screen_turns_high_contrast_on_and_off(app_maker):
    app = app_maker(sound=False)
    app.show_settings()
    settle(app)
    click(app, app.screen.controls["high_contrast"].buttons[True])
    assert load_settings(app.store.path)[0].high_contrast
    assert palette.HIGH_CONTRAST and palette.HIGH["FELT"] == palette.FELT
    colours = app.manager.get_theme().get_colour_or_gradient("normal_text", ["label"])
    assert tuple(colours)[:3] == theme.HIGH.text
    click(app, app.screen.controls["high_contrast"].buttons[False])
    assert not palette.HIGH_CONTRAST and palette.NORMAL["FELT"] == palette.FELT


@pytest.mark.parametrize("text_size", ["large", "larger"])
def test_the_text_size_enlarges_the_tables_words(table, monkeypatch, text_size):
    """A HUD label (a side's name and total in the corner, the turn banner) is drawn in a
    larger font: the font size at which the table renders it grows with the setting."""
    from game.ui.table import render

    def sizes(d) -> dict[str, int]:
        drawn = {}
        real = fonts.render

        def spy(text, size, *a, **kw):
            img = real(text, size, *a, **kw)
            drawn[text] = img.get_height()
            return img

        monkeypatch.setattr(fonts, "render", spy)
        render.clear_caches()
        d.screen.mark_dirty()
        d.app.render()
        monkeypatch.setattr(fonts, "render", real)
        return drawn

    normal = sizes(table("canasta", 4, seed=3, size=(1280, 800)))
    fonts.set_text_scale(1.0)
    bigger = sizes(table("canasta", 4, seed=3, size=(1280, 800), text_size=text_size))
    scale = S.TEXT_SCALE[text_size]
    shared = [text for text in normal if text in bigger and text.strip()]
    assert all(bigger[text] >= normal[text] for text in shared), (normal, bigger)
    # The side names in the corner, "On the table", the melds' labels...; a few may shrink
    # back toward 100 % where room is short (the banner at 800x600).
    grown = [text for text in shared if bigger[text] >= normal[text] * (scale - 0.12)]
    assert len(grown) >= 3 and len(grown) >= 0.7 * len(shared), (normal, bigger)


# ---- High contrast --------------------------------------------------------------------------


def luminance(rgb) -> float:
    """WCAG 2.x relative luminance of an sRGB colour."""
    def channel(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))


def test_contrast_formula():
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21)
    assert contrast((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)


def _pairs():
    """(what, text colour, background) of every text the high-contrast theme shows."""
    p, c = palette.HIGH, theme.HIGH
    grounds = {"cloth": p["FELT"], "panel": p["PANEL"], "dialog": c.deep,
               "text backing": p["TEXT_BACKING"]}
    texts = {"text": p["TEXT"], "dim text": p["TEXT_DIM"], "gold text": p["GOLD_LIGHT"],
             "accent": p["GOLD"], "theme text": c.text, "hint": _rgb(c.hint_text),
             "heading": c.accent_light}
    out = [(f"{tn} on {gn}", tc, gc) for (tn, tc), (gn, gc)
           in itertools.product(texts.items(), grounds.items())]
    out += [("button text", c.text, c.button), ("hovered button", c.accent_light,
                                                  c.button_hover),
            ("selected button", c.deep, c.accent), ("primary button", c.deep, c.accent),
            ("dark text on a card", p["TEXT_DARK"], p["CARD_FACE"])]
    out += [(f"{ink} on the face", p[ink], p["CARD_FACE"])
            for ink in ("INK_BLACK", "INK_RED", "INK_BLUE", "INK_GREEN")]
    return out


@pytest.mark.parametrize("what, fg, bg", _pairs(), ids=[w for w, _f, _b in _pairs()])
def test_high_contrast_text_is_at_least_4_5_to_1(what, fg, bg):
    """WCAG 2.x, body text: at least 4.5:1 against what it is drawn on."""
    assert contrast(fg, bg) >= 4.5, (what, round(contrast(fg, bg), 2))


def test_high_contrast_outlines_stand_out_from_the_cloth():
    """Non-text contrast (WCAG 1.4.11, 3:1): selection and highlight rings, card edges."""
    p = palette.HIGH
    for name in ("SELECT", "HIGHLIGHT", "GOLD", "CARD_FACE"):
        assert contrast(p[name], p["FELT"]) >= 3, name


def test_high_contrast_cloth_cards_and_outlines():
    """A plain cloth (one colour), white faces with black edges, thicker selection rings."""
    normal_ring = _ring_width(cards_art.face(0, 100, state="selected"))
    assert palette.apply(True)
    try:
        cloth = felt.felt((200, 120))
        colours = {tuple(cloth.get_at((x, y)))[:3] for x in range(0, 200, 7)
                   for y in range(0, 120, 7)}
        assert colours == {palette.FELT}
        face = cards_art.face(5, 100)
        assert tuple(face.get_at((50, 70)))[:3] == palette.CARD_FACE
        assert tuple(face.get_at((50, 0)))[:3] == palette.CARD_EDGE == (0, 0, 0)
        assert _ring_width(cards_art.face(0, 100, state="selected")) >= 2 * normal_ring - 1
        four = cards_art.suit_colour(3, "four-colour")  # clubs
        assert four == palette.INK_GREEN == palette.HIGH["INK_GREEN"]
    finally:
        palette.apply(False)
    assert tuple(felt.felt((200, 120)).get_at((100, 60)))[:3] != palette.HIGH["FELT"]


def _ring_width(face: pygame.Surface) -> int:
    """How many pixels of the selection colour run in from the middle of the left edge."""
    y = face.get_height() // 2
    n = 0
    while n < face.get_width() // 2:
        r, g, b = tuple(face.get_at((n, y)))[:3]
        if sum(abs(c - k) for c, k in zip((r, g, b), palette.SELECT)) > 90:
            break
        n += 1
    return n


# ---- The menus at every text size -------------------------------------------------------------


def _elements(container):
    for element in container.elements:
        yield element
        inner = getattr(element, "elements", None)
        if inner is not None and hasattr(element, "get_container"):
            yield from _elements(element.get_container())
        elif hasattr(element, "elements"):
            yield from _elements(element)


def _menu_screens(app):
    """The main menu, both pages of Settings, and New game for every game at its largest
    player count."""
    from game.engine.registry import GAMES

    app.show_main_menu()
    yield "menu"
    app.show_settings()
    yield "settings display"
    app.screen.show_page("play")
    yield "settings play"
    app.show_new_game()
    for game, info in GAMES.items():
        app.screen.set_game(game)
        app.screen.set_players(max(info.player_counts))
        yield f"new game {game}"


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_menu_words_fit_their_buttons_and_labels(app_maker, size, lang):
    """At the largest text size, in both languages: every button's and label's words fit it
    (width and height), inside the window, and no two controls overlap."""
    from pygame_gui.elements import UIButton, UICheckBox, UILabel, UITextEntryLine

    app = app_maker(size=size, language=lang, text_size="larger", sound=False)
    window = pygame.Rect((0, 0), size)
    for where in _menu_screens(app):
        app.step(1 / 60, present=False)
        shown = [e for e in _elements(app.screen.root) if e.visible]
        buttons = [e for e in shown if isinstance(e, UIButton)]
        labels = [e for e in shown if isinstance(e, UILabel)
                  and not isinstance(e.parent_element, UICheckBox)]  # its words beside the box
        for e in buttons + labels:
            if not e.text:
                continue
            w, h = e.font.size(e.text)
            assert w <= e.rect.w and h <= e.rect.h + 2, (where, e.text, (w, h), e.rect)
            assert window.contains(e.rect), (where, e.text, e.rect)
        boxes = [e for e in shown if isinstance(e, (UICheckBox, UITextEntryLine))]
        for a, b in itertools.combinations(buttons + boxes, 2):
            assert not a.rect.colliderect(b.rect), (where, a, b)
        for e in boxes:
            assert window.contains(e.rect), (where, e)
