"""The colours of Card Table: deep green felt, warm gold accents, ivory cards."""

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
