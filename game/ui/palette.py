"""The colours of Card Table: deep green felt, warm gold accents, ivory cards.

The high-contrast theme (Settings) replaces them with :data:`HIGH` by :func:`apply`: a plain
near-black cloth, white text, pure yellow accents, white card faces with black edges and
strong inks. Read the colours as ``palette.NAME`` when drawing (not ``from palette import``),
so a change of theme reaches every picture drawn after it.
"""

from __future__ import annotations

FELT = (22, 92, 58)
FELT_DARK = (11, 54, 34)
FELT_LIGHT = (34, 116, 74)

GOLD = (214, 170, 72)
GOLD_LIGHT = (240, 206, 120)
GOLD_DARK = (150, 112, 38)

IVORY = (252, 250, 243)
TEXT = (244, 238, 222)  # on felt
TEXT_DIM = (186, 196, 182)
TEXT_DARK = (30, 30, 28)  # on ivory

PANEL = (12, 40, 27)  # translucent panels on the felt use this with alpha
PANEL_BORDER = (120, 98, 46)

CARD_FACE = (253, 252, 247)
CARD_EDGE = (168, 162, 150)
INK_BLACK = (22, 22, 26)
INK_RED = (196, 22, 42)
INK_BLUE = (24, 88, 186)
INK_GREEN = (18, 122, 58)

BACK_COLOURS = {
    # name -> (ground, pattern)
    "red": ((140, 26, 38), (178, 58, 66)),
    "blue": ((26, 54, 120), (58, 92, 164)),
}

SELECT = (255, 196, 40)
HIGHLIGHT = (255, 238, 150)

# Whether the high-contrast colours are in use (set by apply).
HIGH_CONTRAST = False
# Lines around selectable, selected and lit cards and zones are this much thicker.
OUTLINE_SCALE = 1.0
# Behind text drawn straight on the cloth (the table's HUD): None, or a solid colour.
TEXT_BACKING: tuple[int, int, int] | None = None

_NAMES = ("FELT", "FELT_DARK", "FELT_LIGHT", "GOLD", "GOLD_LIGHT", "GOLD_DARK", "IVORY", "TEXT",
          "TEXT_DIM", "TEXT_DARK", "PANEL", "PANEL_BORDER", "CARD_FACE", "CARD_EDGE",
          "INK_BLACK", "INK_RED", "INK_BLUE", "INK_GREEN", "BACK_COLOURS", "SELECT",
          "HIGHLIGHT", "HIGH_CONTRAST", "OUTLINE_SCALE", "TEXT_BACKING")
NORMAL = {name: globals()[name] for name in _NAMES}

# Text colours here are at least 7:1 against the cloth and panels, the inks at least 4.5:1
# against the white face (tests/ui/test_contrast.py computes them).
HIGH = {
    "FELT": (14, 20, 17),
    "FELT_DARK": (0, 0, 0),
    "FELT_LIGHT": (40, 48, 44),
    "GOLD": (255, 214, 0),
    "GOLD_LIGHT": (255, 236, 64),
    "GOLD_DARK": (200, 160, 0),
    "IVORY": (255, 255, 255),
    "TEXT": (255, 255, 255),
    "TEXT_DIM": (224, 224, 224),
    "TEXT_DARK": (0, 0, 0),
    "PANEL": (0, 0, 0),
    "PANEL_BORDER": (255, 255, 255),
    "CARD_FACE": (255, 255, 255),
    "CARD_EDGE": (0, 0, 0),
    "INK_BLACK": (0, 0, 0),
    "INK_RED": (200, 0, 0),
    "INK_BLUE": (0, 56, 200),
    "INK_GREEN": (0, 112, 0),
    "BACK_COLOURS": {"red": ((150, 0, 0), (0, 0, 0)), "blue": ((0, 40, 170), (0, 0, 0))},
    "SELECT": (255, 140, 0),
    "HIGHLIGHT": (0, 200, 255),
    "HIGH_CONTRAST": True,
    "OUTLINE_SCALE": 2.0,
    "TEXT_BACKING": (0, 0, 0),
}


def apply(high_contrast: bool) -> bool:
    """Use the high-contrast colours, or the usual ones. True when that changed them."""
    if bool(high_contrast) == HIGH_CONTRAST:
        return False
    globals().update(HIGH if high_contrast else NORMAL)
    return True


def outline(width: float) -> int:
    """A line's width around something a player can pick or has picked, in the theme."""
    return max(1, round(width * OUTLINE_SCALE))
