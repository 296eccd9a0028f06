#!/usr/bin/env python3
"""Regenerate the shipped Japanese-capable UI font: art/fonts/NotoSansJP-{Regular,Bold}.subset.otf.

Source: Noto Sans CJK JP (SIL Open Font License 1.1), the JP face (font number 0) of
NotoSansCJK-Regular.ttc / NotoSansCJK-Bold.ttc from Debian's ``fonts-noto-cjk`` package
(``apt-get install fonts-noto-cjk``) or from https://github.com/notofonts/noto-cjk.

The subset keeps every character the program can show: the translation catalogues
(game/locales/*.json), the rules texts (game/rules_text/**.md), ASCII, Latin-1, kana, common
punctuation and the card suit symbols. Run it again after adding text in a new script or new
kanji; ``tests/ui/test_fonts.py`` fails until you do.

    python tools/make_font.py [--source-dir /usr/share/fonts/opentype/noto]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = ROOT / "art" / "fonts"
JP_FACE = 0  # font number of "Noto Sans CJK JP" inside the collection
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
        (0xFF01, 0xFF5E),  # full-width ASCII
        (0x2460, 0x2473),  # circled numbers
    )
    + "♠♥♦♣♤♡♢♧★☆✓•·…‥–—―−×÷±‘’“”′″→←↑↓⇒※〒■□◆◇○●△▲▽▼"
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


# Only the regular face carries them: typed names are shown in it; bold is for our own titles.
TYPED_KANJI = _jis_level1_kanji()


# Kanji of the Japanese rule pages the games come from (the seeds): the words the rules texts
# and future strings are most likely to use. A margin, so a new sentence rarely needs a new font.
SEED_KANJI = (
    "一丁丈上下不世両並中主了予争事互交人今介仕他付代以仲件任伏会伝位低体何余作併使例係保個借値停傑催僕充先入全共具内再冷凍処"
    "出分切初別利到制前割力加助効動勝化区半南単印危即厚原厳参及反収取受古可右各合同名向含味呼員問回囲図固在基場士変外多夜大天"
    "夫央奪女好始字存学安完定宜実宣容寧対専将少尽展山州巡左差席常干年広序度座廃延式引弘当形役彼後従得徹心必応思性恐悩想意感態"
    "慣憶成戦戻所手扱択拾持指振捨掃採接揃提換攻放敗教敢数整文新方既日旨明是時普更書替最月有望期未本札村条来松析枚果柄染株桐棄"
    "棋楽概構様標模横機次止正残毒比氏気決況法注活派流混満準溶点無然照片牌物特状献獲率現理生用田由界略番異疲発白的盛盤目直相真"
    "知短破確示禁秒移程種積立等答算節範簡米精系約純素累細紹終組結統絶継続総縦繰置罰義考者聞能自致舞般良花若英蓄融行術表裏補複"
    "要見解言計訊記許詰該詳認語説読誰調論譲負買赤起超足踏転較載近返述追逆途通連進遅遊運道達違適選部配重量録長開間関降限除険際"
    "隠隣雀集雑難非面順題額類飛飽館馴駆高魅麻黒"
)


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
    return set(BASE_CHARS) | set(SEED_KANJI) | text_chars()


def find_source(name: str, source_dir: str | None) -> Path:
    dirs = [source_dir] if source_dir else SOURCE_DIRS
    for d in dirs:
        p = Path(d) / name
        if p.exists():
            return p
    sys.exit(f"make_font: {name} not found in {', '.join(dirs)}; apt-get install fonts-noto-cjk")


def make_subset(source: Path, out: Path, chars: set[str]) -> tuple[int, int]:
    # No new timestamp: the same inputs give the same bytes, so git sees no spurious change.
    font = TTFont(source, fontNumber=JP_FACE, lazy=False, recalcTimestamp=False)
    cmap = font.getBestCmap()
    unicodes = sorted(ord(c) for c in chars if ord(c) in cmap)
    missing = sorted(c for c in chars if ord(c) not in cmap)
    if missing:
        print(f"  not in the source font (skipped): {''.join(missing)!r}")
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
    args = ap.parse_args(argv)
    chars = wanted_chars()
    for weight, ttc in WEIGHTS.items():
        out = OUT_DIR / f"NotoSansJP-{weight}.subset.otf"
        wanted = chars | set(TYPED_KANJI) if weight == "Regular" else chars
        count, size = make_subset(find_source(ttc, args.source_dir), out, wanted)
        print(f"{out.relative_to(ROOT)}: {count} characters, {size // 1024} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
