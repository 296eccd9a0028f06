#!/usr/bin/env python3
"""Regenerate the shipped Japanese-capable UI font: art/fonts/NotoSansJP-{Regular,Bold}.subset.otf.

Source: Noto Sans CJK JP (SIL Open Font License 1.1), the JP face (font number 0) of
NotoSansCJK-Regular.ttc / NotoSansCJK-Bold.ttc from Debian's ``fonts-noto-cjk`` package
(``apt-get install fonts-noto-cjk``) or from https://github.com/notofonts/noto-cjk.

The subset covers Japanese as players type it (save and player names are shown in both
weights): ASCII, Latin-1, all kana (with half-width katakana), full-width forms, common
Japanese punctuation, the Joyo and Jinmeiyo (name) kanji (tools/joyo_kanji.txt,
tools/jinmeiyo_kanji.txt), the JIS X 0208 level-1 kanji and the IBM extension kanji of
Windows' Shift_JIS (髙, 﨑), plus every character of the translation catalogues
(game/locales/*.json) and the rules texts (game/rules_text/**.md) and the card suit symbols.
Run it again after adding text in a new script or a rare kanji; ``tests/ui/test_fonts.py``
fails until you do. The same inputs give the same bytes.

    python tools/make_font.py [--source-dir /usr/share/fonts/opentype/noto]
    python tools/make_font.py --write-kanji-lists /usr/share/edict/kanjidic2.xml.gz
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import json
import sys
import unicodedata
from pathlib import Path
from typing import NamedTuple
from xml.etree import ElementTree

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = ROOT / "art" / "fonts"
JP_FACE = 0  # font number of "Noto Sans CJK JP" inside the collection
KEEP_LANGS = ("JAN ",)  # OpenType language systems kept besides each script's default
WEIGHTS = {"Regular": "NotoSansCJK-Regular.ttc", "Bold": "NotoSansCJK-Bold.ttc"}
SOURCE_DIRS = (
    "/usr/share/fonts/opentype/noto",
    "/usr/share/fonts/noto-cjk",
    "/usr/share/fonts/google-noto-cjk",
    "/usr/local/share/fonts",
)


def _ranges(*pairs: tuple[int, int]) -> str:
    return "".join(chr(c) for lo, hi in pairs for c in range(lo, hi + 1))


# Always present, whatever the texts say today: a typed save name or a future string in
# these ranges must not show tofu boxes.
BASE_CHARS = (
    _ranges(
        (0x20, 0x7E),  # ASCII
        (0xA0, 0xFF),  # Latin-1
        (0x3000, 0x303F),  # CJK punctuation 、。「」〜
        (0x3041, 0x3096), (0x3099, 0x309F),  # hiragana
        (0x30A0, 0x30FF),  # katakana
        (0x31F0, 0x31FF),  # katakana phonetic extensions ㇰ-ㇿ
        (0xFF01, 0xFF5E),  # full-width ASCII
        (0xFF61, 0xFF9F),  # half-width katakana and punctuation ｡｢｣･ｱ-ﾟ
        (0xFFE0, 0xFFE6),  # full-width ￠￡￢￣￤￥￦
        (0x2460, 0x2473),  # circled numbers
    )
    + "♠♥♦♣♤♡♢♧★☆✓•·…‥–—―‐‑‖†‡‰−×÷±‘’‚“”„′″→←↑↓⇒⇔※〒■□◆◇○●◎△▲▽▼♪♂♀°℃№℡™㈱"
    + "点枚席番人数札山手捨引取上下左右前後次回勝負戦組合計得失分表示設定言語音量速度大中小全画面"
    + "始終了開閉続読保存削除選択確認決定戻進新旧赤黒白青緑金銀色名前自分相味方時間秒待考中"
)


def _jis_level1_kanji() -> str:
    """The 2,965 kanji of JIS X 0208 level 1 (rows 16-47): what people type in everyday
    Japanese, so a save or player name typed by a player renders without tofu boxes."""
    out = []
    for row in range(16, 48):
        for cell in range(1, 95):
            with contextlib.suppress(UnicodeDecodeError):
                out.append(bytes([0xA0 + row, 0xA0 + cell]).decode("euc_jp"))
    return "".join(out)


def _windows_name_kanji() -> str:
    """The IBM extension kanji of Windows' Shift_JIS (cp932, lead bytes 0xFA-0xFC): what a
    Windows input method gives for names such as 髙橋 and 山﨑."""
    out = []
    for lead in range(0xFA, 0xFD):
        for trail in range(0x40, 0xFD):
            with contextlib.suppress(UnicodeDecodeError):
                c = bytes([lead, trail]).decode("cp932")
                if unicodedata.category(c) == "Lo":
                    out.append(c)
    return "".join(out)


SOURCE_NOTE = """\
# in code-point order, 50 to a line; '#' starts a comment. Taken from KANJIDIC2 (EDRDG) in
# Debian's kanjidic-xml 2022.08.23 by its grade field, with
#     python tools/make_font.py --write-kanji-lists /usr/share/edict/kanjidic2.xml.gz
"""


class KanjiList(NamedTuple):
    path: Path
    grades: range  # KANJIDIC2's <grade>: 1-8 Joyo, 9-10 Jinmeiyo
    count: int
    header: str


KANJI_LISTS = {
    "joyo": KanjiList(
        ROOT / "tools" / "joyo_kanji.txt", range(1, 9), 2136,
        "# The 2,136 Joyo kanji (常用漢字) of the Joyo kanji table,\n"
        "# Cabinet notice No. 2 of 2010 (常用漢字表, 平成22年内閣告示第2号),\n"
        "# in the table's own forms: 𠮟 (U+20B9F), 剝, 塡, 頰 (叱 剥 填 頬 are JIS level 1),\n"),
    "jinmeiyo": KanjiList(
        ROOT / "tools" / "jinmeiyo_kanji.txt", range(9, 11), 863,
        "# The 863 Jinmeiyo kanji (人名用漢字): the kanji besides the Joyo ones\n"
        "# that given names may use (戸籍法施行規則 別表第二, as of 2017: 翔 凛 莉 颯 ...),\n"
        "# with the older forms of Joyo kanji it lists (亞 櫻 眞; a few of them are\n"
        "# CJK compatibility ideographs, kept as such),\n"),
}


def kanji_list(name: str) -> str:
    """The kanji of tools/<name>_kanji.txt, in code-point order."""
    lines = KANJI_LISTS[name].path.read_text(encoding="utf-8").splitlines()
    return "".join("".join(line.split()) for line in lines if not line.startswith("#"))


def write_kanji_lists(kanjidic2: Path) -> None:
    """Write the lists in KANJI_LISTS from KANJIDIC2, by its grade field."""
    opener = gzip.open if kanjidic2.suffix == ".gz" else open
    with opener(kanjidic2, "rb") as f:
        root = ElementTree.parse(f).getroot()
    grades = {ch.findtext("literal", ""): int(ch.findtext("misc/grade") or 0)
              for ch in root.iter("character")}
    for name, spec in KANJI_LISTS.items():
        kanji = sorted(k for k, grade in grades.items() if grade in spec.grades)
        if len(kanji) != spec.count:
            sys.exit(f"make_font: {kanjidic2} lists {len(kanji)} {name} kanji, not {spec.count}")
        body = "\n".join("".join(kanji[i:i + 50]) for i in range(0, len(kanji), 50))
        spec.path.write_text(spec.header + SOURCE_NOTE + body + "\n", encoding="utf-8")
        print(f"{spec.path.relative_to(ROOT)}: {len(kanji)} kanji")


def text_chars() -> set[str]:
    """Every character in the catalogues and the rules texts."""
    chars: set[str] = set()
    for path in sorted((ROOT / "game" / "locales").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for k, v in data.items():
            chars.update(k)
            chars.update(v)
    for path in sorted((ROOT / "game" / "rules_text").glob("**/*.md")):
        chars.update(path.read_text(encoding="utf-8"))
    return {c for c in chars if c.isprintable() or c == " "}


def wanted_chars() -> set[str]:
    """Both weights get the same set: typed names are also shown in bold (seats, save titles)."""
    kanji = (kanji_list("joyo") + kanji_list("jinmeiyo") + _jis_level1_kanji()
             + _windows_name_kanji())
    return set(BASE_CHARS) | set(kanji) | text_chars()


def find_source(name: str, source_dir: str | None) -> Path:
    dirs = [source_dir] if source_dir else SOURCE_DIRS
    for d in dirs:
        p = Path(d) / name
        if p.exists():
            return p
    sys.exit(f"make_font: {name} not found in {', '.join(dirs)}; apt-get install fonts-noto-cjk")


def _japanese_forms_only(font: TTFont) -> None:
    """Drop the Chinese and Korean language systems, so their 'locl' glyph forms (as many
    glyphs again as the Japanese ones) are not kept. Japanese and the default system keep
    theirs, so text looks the same as before in English and Japanese, and a player whose
    system language is Chinese or Korean sees Japanese forms too, not a mix."""
    for tag in ("GSUB", "GPOS"):
        if tag not in font:
            continue
        for record in font[tag].table.ScriptList.ScriptRecord:
            script = record.Script
            script.LangSysRecord = [r for r in script.LangSysRecord if r.LangSysTag in KEEP_LANGS]
            script.LangSysCount = len(script.LangSysRecord)


def make_subset(source: Path, out: Path, chars: set[str]) -> tuple[int, int]:
    # No new timestamp: the same inputs give the same bytes, so git sees no spurious change.
    font = TTFont(source, fontNumber=JP_FACE, lazy=False, recalcTimestamp=False)
    cmap = font.getBestCmap()
    unicodes = sorted(ord(c) for c in chars if ord(c) in cmap)
    missing = sorted(c for c in chars if ord(c) not in cmap)
    if missing:
        print(f"  not in the source font (skipped): {''.join(missing)!r}")
    _japanese_forms_only(font)
    options = subset.Options()
    options.layout_features = ["kern", "liga", "palt", "halt", "ccmp", "locl"]
    options.name_IDs = ["*"]  # keep copyright and licence records
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.recalc_bounds = True
    options.drop_tables += ["vhea", "vmtx", "VORG", "BASE"]  # horizontal text only
    sub = subset.Subsetter(options)
    sub.populate(unicodes=unicodes)
    sub.subset(font)
    out.parent.mkdir(parents=True, exist_ok=True)
    font.save(out)
    return len(unicodes), out.stat().st_size


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--source-dir", help="folder holding NotoSansCJK-{Regular,Bold}.ttc")
    ap.add_argument("--write-kanji-lists", metavar="KANJIDIC2", type=Path,
                    help="only rewrite tools/{joyo,jinmeiyo}_kanji.txt from kanjidic2.xml(.gz)")
    args = ap.parse_args(argv)
    if args.write_kanji_lists:
        write_kanji_lists(args.write_kanji_lists)
        return 0
    chars = wanted_chars()
    for weight, ttc in WEIGHTS.items():
        out = OUT_DIR / f"NotoSansJP-{weight}.subset.otf"
        count, size = make_subset(find_source(ttc, args.source_dir), out, chars)
        print(f"{out.relative_to(ROOT)}: {count} characters, {size // 1024} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
