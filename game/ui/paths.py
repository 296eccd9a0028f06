"""Where the UI's files live (fonts, sounds, rules texts), relative to the source tree."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ART_DIR = ROOT / "art"
FONTS_DIR = ART_DIR / "fonts"
SOUNDS_DIR = ROOT / "sounds"
RULES_TEXT_DIR = ROOT / "game" / "rules_text"

FONT_REGULAR = FONTS_DIR / "NotoSansJP-Regular.subset.otf"
FONT_BOLD = FONTS_DIR / "NotoSansJP-Bold.subset.otf"
