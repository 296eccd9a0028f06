"""The shipped font covers every character the program shows (no tofu boxes) and the Japanese
players type: kana, the Joyo, Jinmeiyo (name), JIS level-1 and Windows extension kanji,
full-width and half-width forms."""

import json
import sys
from functools import cache

import pytest
from fontTools.ttLib import TTFont

from game.ui.paths import FONT_BOLD, FONT_REGULAR, FONTS_DIR, ROOT, RULES_TEXT_DIR

WEIGHTS = pytest.mark.parametrize("path", [FONT_REGULAR, FONT_BOLD], ids=["regular", "bold"])

# Names and save titles as Japanese players type them: kanji names, kana, half-width katakana
# from an old input method, full-width digits and brackets, the iteration mark.
TYPED_NAMES = (
    "山田太郎", "佐藤 花子", "髙橋", "山﨑", "渡辺翔太", "凜", "陽菜と颯真", "莉子", "眞理",
    "伊藤美咲", "鈴木健一の対局【第２回】", "ｶﾅｽﾀ ﾀﾛｳ", "ｾｰﾌﾞ｢1｣", "ＡＢＣ－１２３",
    "佐々木", "〆切まで３日", "ゔぁいおりん", "ヴァイオリン・ケース", "成績と番号の平均",
    "𠮟る", "剝がす", "頰", "塡める", "ぱぴぷぺぽ〜！？",
)


def _make_font():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import make_font
    finally:
        sys.path.pop(0)
    return make_font


@cache
def _cmap(path) -> frozenset[int]:
    return frozenset(TTFont(path).getBestCmap())


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


def _span(lo: int, hi: int) -> str:
    return "".join(map(chr, range(lo, hi + 1)))


# What players type, stated here rather than taken from the tool, so the tool cannot drift.
KANA = (
    _span(0x3041, 0x3096) + _span(0x3099, 0x309F)  # hiragana, (han)dakuten, ゝゞゟ
    + _span(0x30A0, 0x30FF)  # katakana, ・ー ヽヾ
    + _span(0x31F0, 0x31FF)  # small katakana ㇰ-ㇿ
    + _span(0xFF61, 0xFF9F)  # half-width katakana and ｡｢｣､･
)
FULL_WIDTH = _span(0xFF01, 0xFF5E) + "￠￡￢￣￤￥"
PUNCTUATION = "　、。〃々〆〇〈〉《》「」『』【】〒〓〔〕〖〗〘〙〜〝〟…‥※・ー―‐“”‘’"


def test_joyo_list_is_the_2010_table():
    """tools/joyo_kanji.txt: 2,136 distinct kanji in code-point order, in the table's forms."""
    joyo = _make_font().kanji_list("joyo")
    assert len(joyo) == len(set(joyo)) == 2136
    assert list(joyo) == sorted(joyo)
    assert all(c >= "\u4e00" for c in joyo)
    # The 2010 additions in the table's own forms, and characters it does not list.
    assert set("𠮟剝塡頰丼俺誰岡鹿峠込") <= set(joyo)
    assert not set("叱剥填頬翔鷹") & set(joyo)


def test_jinmeiyo_list_is_the_name_kanji():
    """tools/jinmeiyo_kanji.txt: the 863 name kanji, none of them Joyo."""
    make_font = _make_font()
    names = make_font.kanji_list("jinmeiyo")
    assert len(names) == len(set(names)) == 863
    assert list(names) == sorted(names)
    assert set("翔凛凜莉颯亞眞櫻") <= set(names)
    assert not set(names) & set(make_font.kanji_list("joyo"))


def test_jis_level1_kanji_are_the_2965():
    kanji = _make_font()._jis_level1_kanji()
    assert len(kanji) == len(set(kanji)) == 2965
    assert kanji[0] == "亜" and kanji[-1] == "腕"


@WEIGHTS
def test_typed_japanese_has_glyphs(path):
    """Both weights: typed names are drawn in bold too (seats, scores, save titles)."""
    make_font = _make_font()
    cmap = _cmap(path)
    kanji = (make_font.kanji_list("joyo") + make_font.kanji_list("jinmeiyo")
             + make_font._jis_level1_kanji() + make_font._windows_name_kanji())
    wanted = KANA + FULL_WIDTH + PUNCTUATION + kanji
    missing = "".join(c for c in wanted if ord(c) not in cmap)
    assert not missing, f"run tools/make_font.py; no glyph for {missing!r}"


def test_both_weights_cover_the_same_characters():
    assert _cmap(FONT_REGULAR) == _cmap(FONT_BOLD)


@WEIGHTS
def test_typed_names_render_without_missing_glyphs(path):
    """Drawn by pygame (the program's renderer), no character of a typed name is the .notdef box."""
    import pygame

    pygame.font.init()
    font = pygame.font.Font(path, 22)

    def pixels(text):
        surf = font.render(text, True, (0, 0, 0))
        return surf.get_size(), pygame.image.tobytes(surf, "RGBA")

    notdef = pixels("\ue000")  # a private-use character: never in the font
    tofu = {c for name in TYPED_NAMES for c in name if c != " " and pixels(c) == notdef}
    assert not tofu, f"drawn as missing glyphs: {''.join(sorted(tofu))}"


@WEIGHTS
def test_every_shown_character_has_a_glyph(path):
    cmap = _cmap(path)
    missing = {c: f for c, f in _shown_chars().items() if ord(c) not in cmap}
    assert not missing, f"run tools/make_font.py; no glyph for {missing}"


@WEIGHTS
def test_font_has_suits_and_kana(path):
    cmap = _cmap(path)
    for c in "♠♥♦♣0123456789AJQKあアー。":
        assert ord(c) in cmap, c


@WEIGHTS
def test_no_glyphs_for_other_languages(path):
    """The Chinese and Korean 'locl' forms once doubled the glyphs (and the size and the time
    to open the font); only the mapped glyphs and a few Japanese variants are kept."""
    font = TTFont(path)
    assert len(font.getGlyphOrder()) < 1.05 * len(_cmap(path))
    for record in font["GSUB"].table.ScriptList.ScriptRecord:
        assert {r.LangSysTag for r in record.Script.LangSysRecord} <= {"JAN "}


def test_licence_shipped_and_fonts_small():
    assert "SIL OPEN FONT LICENSE Version 1.1" in (FONTS_DIR / "OFL.txt").read_text()
    for path in (FONT_REGULAR, FONT_BOLD):
        assert 500_000 < path.stat().st_size < 1_200_000


def test_make_font_wants_what_is_shown():
    assert set(_shown_chars()) - {" "} <= _make_font().wanted_chars()


def test_pygame_renders_japanese():
    from game.ui import fonts

    surf = fonts.render("カナスタ 新しいゲーム", 24, (0, 0, 0))
    assert surf.get_width() > 150
    assert surf.get_bounding_rect().width > 100


def test_japanese_wording_uses_the_kanji_now_in_the_font():
    """Stand-ins once written because 成績/番号/平均 lacked glyphs in bold are gone."""
    ja = json.loads((ROOT / "game" / "locales" / "ja.json").read_text(encoding="utf-8"))
    stand_ins = {k: v for k, v in ja.items() if "No." in v or "アベレージ" in v}
    assert not stand_ins
    assert ja["stats.title"] == "成績" and ja["stats.average"] == "平均点"
