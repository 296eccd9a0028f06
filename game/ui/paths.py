"""Where the UI's files live (fonts, sounds, rules texts): see game.assets for the two layouts
(installed package, source checkout)."""

from __future__ import annotations

from game import assets

ROOT = assets.data_root()
FONTS_DIR = assets.fonts_dir()
SOUNDS_DIR = assets.sounds_dir()
RULES_TEXT_DIR = assets.rules_text_dir()

FONT_REGULAR = FONTS_DIR / "NotoSansJP-Regular.subset.otf"
FONT_BOLD = FONTS_DIR / "NotoSansJP-Bold.subset.otf"
