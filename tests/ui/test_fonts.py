"""The shipped font covers every character the program shows (no tofu boxes)."""

import json
import sys

import pytest
from fontTools.ttLib import TTFont

from game.ui.paths import FONT_BOLD, FONT_REGULAR, FONTS_DIR, ROOT, RULES_TEXT_DIR


def _shown_chars() -> dict[str, str]:
    """character -> first file it appears in."""
    where: dict[str, str] = {}
    for path in sorted((ROOT / "game" / "locales").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for value in data.values():
            for c in value:
                where.setdefault(c, path.name)
    for path in sorted(RULES_TEXT_DIR.glob("**/*.md")):
        for c in path.read_text(encoding="utf-8"):
            if c not in "\n\r\t":
                where.setdefault(c, str(path.relative_to(ROOT)))
    return where


@pytest.mark.parametrize("path", [FONT_REGULAR, FONT_BOLD], ids=["regular", "bold"])
def test_every_shown_character_has_a_glyph(path):
    cmap = TTFont(path).getBestCmap()
    missing = {c: f for c, f in _shown_chars().items() if ord(c) not in cmap}
    assert not missing, f"run tools/make_font.py; no glyph for {missing}"


@pytest.mark.parametrize("path", [FONT_REGULAR, FONT_BOLD], ids=["regular", "bold"])
def test_font_has_suits_and_kana(path):
    cmap = TTFont(path).getBestCmap()
    for c in "♠♥♦♣0123456789AJQKあアー。":
        assert ord(c) in cmap, c


def test_licence_shipped_and_fonts_small():
    assert "SIL OPEN FONT LICENSE Version 1.1" in (FONTS_DIR / "OFL.txt").read_text()
    # The regular face also carries the JIS level-1 kanji for names players type.
    assert 50_000 < FONT_BOLD.stat().st_size < 600_000
    assert 500_000 < FONT_REGULAR.stat().st_size < 2_000_000


def test_make_font_wants_what_is_shown():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import make_font
    finally:
        sys.path.pop(0)
    assert set(_shown_chars()) - {" "} <= make_font.wanted_chars()


def test_pygame_renders_japanese():
    from game.ui import fonts

    surf = fonts.render("カナスタ 新しいゲーム", 24, (0, 0, 0))
    assert surf.get_width() > 150
    assert surf.get_bounding_rect().width > 100
