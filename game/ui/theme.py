"""The pygame_gui theme: every element uses the shipped Noto Sans JP subset, in felt and gold.

Built in Python rather than a JSON file because sizes follow the window's UI scale and the
font paths are only known at run time.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ui.fonts import FONT_NAME, px_at
from game.ui.paths import FONT_BOLD, FONT_REGULAR

TOOL_TIP_WIDTH = 340  # at scale 1.0
TOOL_TIP_PAD = 10

# Base sizes at 1280x800 (scale 1.0).
SIZES = {"body": 17, "button": 19, "menu": 23, "small": 14, "heading": 21, "title": 30}

# Element types that show text; each gets our font so no pygame_gui default font is ever used.
TEXT_ELEMENTS = (
    "button", "label", "text_box", "text_entry_line", "text_entry_box", "check_box",
    "drop_down_menu", "selection_list", "tool_tip", "window", "panel",
)


def _hex(rgb, alpha: int | None = None) -> str:
    s = "#" + "".join(f"{c:02x}" for c in rgb[:3])
    return s + (f"{alpha:02x}" if alpha is not None else "")


@dataclass(frozen=True)
class Colours:
    """The theme's colours: RGB tuples, and ``#rrggbb[aa]`` strings where pygame_gui takes
    them as they are."""

    text: tuple = (244, 238, 222)  # ivory
    accent: tuple = (214, 170, 72)  # gold
    accent_light: tuple = (240, 206, 120)
    deep: tuple = (9, 38, 25)  # panels and dialogs
    button: tuple = (16, 62, 40)
    button_hover: tuple = (26, 86, 56)
    disabled: tuple = (14, 40, 28)
    disabled_text: str = "#6f8578"
    disabled_border: str = "#2f4a3a"
    label_disabled: str = "#7d9386"
    hint_text: str = "#b9c8bb"
    link_hover: str = "#ffe7a8"
    backdrop: str = "#0000009c"
    bg_alpha: int = 235  # buttons' and panels' opacity over the cloth
    border_alpha: int = 150
    border_width: float = 1.5  # at scale 1.0


NORMAL = Colours()
# Black grounds, white text, yellow accents, every surface opaque and every border thick.
HIGH = Colours(
    text=(255, 255, 255), accent=(255, 214, 0), accent_light=(255, 236, 64), deep=(0, 0, 0),
    button=(0, 0, 0), button_hover=(40, 40, 40), disabled=(24, 24, 24),
    disabled_text="#a0a0a0", disabled_border="#707070", label_disabled="#a0a0a0",
    hint_text="#e0e0e0", link_hover="#ffffff", backdrop="#000000c8", bg_alpha=255,
    border_alpha=255, border_width=3.0,
)


def colours(high_contrast: bool) -> Colours:
    return HIGH if high_contrast else NORMAL


def font_sizes(scale: float) -> dict[str, int]:
    """Sizes at 100 % text for the UI ``scale``; drawn :func:`game.ui.fonts.px` high."""
    return {k: max(10, round(v * scale)) for k, v in SIZES.items()}


def _font(size: int, bold: bool = False) -> dict:
    return {
        "name": FONT_NAME,
        "size": str(size),
        "bold": "1" if bold else "0",
        "regular_path": str(FONT_REGULAR),
        "bold_path": str(FONT_BOLD),
    }


def build_theme(scale: float = 1.0, text_scale: float = 1.0, high_contrast: bool = False) -> dict:
    """The theme for a UI ``scale``, the player's text size and colours."""

    def font(size: int, bold: bool = False) -> dict:
        return _font(px_at(size, text_scale), bold)  # as the game's own text: they agree

    c = colours(high_contrast)
    IVORY, GOLD, GOLD_LIGHT, DEEP = c.text, c.accent, c.accent_light, c.deep
    BUTTON, BUTTON_HOVER, DISABLED = c.button, c.button_hover, c.disabled
    sz = font_sizes(scale)
    radius = str(max(4, round(8 * scale)))
    border = str(max(1, round(c.border_width * scale)))
    button_colours = {
        "normal_bg": _hex(BUTTON, c.bg_alpha),
        "hovered_bg": _hex(BUTTON_HOVER),
        "active_bg": _hex(GOLD),
        "selected_bg": _hex(GOLD),
        "disabled_bg": _hex(DISABLED, 200),
        "normal_text": _hex(IVORY),
        "hovered_text": _hex(GOLD_LIGHT),
        "active_text": _hex(DEEP),
        "selected_text": _hex(DEEP),
        "disabled_text": c.disabled_text,
        "normal_border": _hex(GOLD, c.border_alpha),
        "hovered_border": _hex(GOLD_LIGHT),
        "active_border": _hex(GOLD_LIGHT),
        "selected_border": _hex(GOLD_LIGHT),
        "disabled_border": c.disabled_border,
        "normal_text_shadow": "#00000000",
    }
    theme: dict = {
        "defaults": {
            "colours": {
                "normal_text": _hex(IVORY),
                "dark_bg": _hex(DEEP, max(230, c.bg_alpha)),
                "normal_border": _hex(GOLD, max(160, c.border_alpha)),
                "link_text": _hex(GOLD_LIGHT),
                "link_hover": c.link_hover,
                "text_cursor": _hex(GOLD_LIGHT),
                "filled_bar": _hex(GOLD),
                "unfilled_bar": _hex(BUTTON),
            }
        },
    }
    for element in TEXT_ELEMENTS:
        theme[element] = {"font": font(sz["body"])}
    theme["button"] = {
        "font": font(sz["button"]),
        "colours": button_colours,
        "misc": {
            "shape": "rounded_rectangle",
            "shape_corner_radius": radius,
            "border_width": border,
            "shadow_width": "0",
            "text_horiz_alignment_padding": str(round(10 * scale)),
        },
    }
    theme["#menu_button"] = {
        "font": font(sz["menu"], bold=True),
        "misc": {"shape_corner_radius": str(round(12 * scale)),
                 "border_width": str(round(2 * scale))},
    }
    theme["#small_button"] = {"font": font(sz["small"])}
    theme["#segment"] = {"font": font(sz["body"])}
    theme["#small_segment"] = {"font": font(sz["small"])}
    theme["#primary_button"] = {
        "font": font(sz["button"], bold=True),
        "colours": {"normal_bg": _hex(GOLD), "normal_text": _hex(DEEP),
                    "hovered_bg": _hex(GOLD_LIGHT), "hovered_text": _hex(DEEP),
                    "normal_border": _hex(GOLD_LIGHT)},
    }
    theme["label"] = {
        "font": font(sz["body"]),
        "colours": {"normal_text": _hex(IVORY), "dark_bg": "#00000000",
                    "disabled_text": c.label_disabled},
        "misc": {"text_horiz_alignment": "left", "text_shadow_size": "0"},
    }
    theme["#heading"] = {"font": font(sz["heading"], bold=True),
                         "colours": {"normal_text": _hex(GOLD_LIGHT)}}
    theme["#title"] = {"font": font(sz["title"], bold=True),
                       "colours": {"normal_text": _hex(GOLD_LIGHT)},
                       "misc": {"text_horiz_alignment": "center"}}
    theme["#hint"] = {"font": font(sz["small"]), "colours": {"normal_text": c.hint_text}}
    theme["#centered"] = {"misc": {"text_horiz_alignment": "center"}}
    theme["panel"] = {
        "font": font(sz["body"]),
        "colours": {"dark_bg": _hex(DEEP, max(215, c.bg_alpha)),
                    "normal_border": _hex(GOLD, max(170, c.border_alpha))},
        "misc": {"shape": "rounded_rectangle", "shape_corner_radius": str(round(16 * scale)),
                 "border_width": border, "shadow_width": "0"},
    }
    theme["#dialog"] = {"colours": {"dark_bg": _hex(DEEP, 250),
                                    "normal_border": _hex(GOLD_LIGHT)}}
    theme["#backdrop"] = {
        "colours": {"dark_bg": c.backdrop, "normal_border": "#00000000"},
        "misc": {"enable_title_bar": "0", "enable_close_button": "0", "border_width": "0",
                 "shadow_width": "0", "shape": "rectangle"},
    }
    theme["#plain"] = {"colours": {"dark_bg": "#00000000", "normal_border": "#00000000"},
                       "misc": {"border_width": "0"}}
    theme["text_box"] = {
        "font": font(sz["body"]),
        "colours": {"dark_bg": "#00000000", "normal_text": _hex(IVORY),
                    "normal_border": "#00000000"},
        "misc": {"border_width": "0", "shadow_width": "0", "padding": "4,2",
                 "line_spacing": "1.3"},
    }
    # Plain rectangle, transparent: the screen paints the rounded panel behind it, because
    # pygame_gui redraws a large rounded shape slowly (half a second for a page of rules).
    theme["#rules_text"] = {
        "colours": {"dark_bg": "#00000000", "normal_border": "#00000000"},
        "misc": {"shape": "rectangle", "border_width": "0", "shadow_width": "0",
                 "padding": f"{round(22 * scale)},{round(14 * scale)}"},
    }
    theme["#rules_contents"] = {  # the rules' list of sections, beside the text
        "colours": {"dark_bg": "#00000000", "normal_border": "#00000000"},
        "misc": {"shape": "rectangle", "border_width": "0", "shadow_width": "0",
                 "padding": f"{round(10 * scale)},{round(12 * scale)}"},
    }
    theme["#hint_box"] = {"font": font(sz["small"]), "colours": {"normal_text": c.hint_text}}
    theme["vertical_scroll_bar"] = {
        "colours": {"dark_bg": "#00000030", "normal_bg": _hex(GOLD, 170),
                    "hovered_bg": _hex(GOLD_LIGHT), "active_bg": _hex(GOLD_LIGHT)},
        "misc": {"enable_arrow_buttons": "0", "shape": "rounded_rectangle",
                 "shape_corner_radius": str(round(5 * scale)), "border_width": "0"},
    }
    theme["vertical_scroll_bar.button"] = {
        "colours": {"normal_bg": _hex(GOLD, 170), "hovered_bg": _hex(GOLD_LIGHT),
                    "active_bg": _hex(GOLD_LIGHT), "normal_border": "#00000000"},
        "misc": {"shape_corner_radius": str(round(5 * scale)), "border_width": "0"},
    }
    theme["horizontal_slider"] = {
        "colours": {"dark_bg": _hex(BUTTON), "normal_border": _hex(GOLD, 150)},
        "misc": {"enable_arrow_buttons": "0", "shape": "rounded_rectangle",
                 "shape_corner_radius": radius, "border_width": border,
                 "sliding_button_width": str(round(26 * scale))},
    }
    theme["horizontal_slider.#sliding_button"] = {
        "colours": {"normal_bg": _hex(GOLD), "hovered_bg": _hex(GOLD_LIGHT),
                    "active_bg": _hex(GOLD_LIGHT), "normal_border": _hex(GOLD_LIGHT)},
        "misc": {"shape": "rounded_rectangle", "shape_corner_radius": radius},
    }
    theme["check_box"] = {
        "font": font(sz["body"]),
        "colours": {"normal_bg": _hex(BUTTON), "hovered_bg": _hex(BUTTON_HOVER),
                    "selected_bg": _hex(GOLD), "normal_text": _hex(IVORY),
                    "normal_border": _hex(GOLD, 180), "selected_text": _hex(DEEP)},
    }
    theme["#small_label"] = {"font": font(sz["small"])}
    theme["#small_check.label"] = {"font": font(sz["small"])}  # a check box's words, small
    theme["tool_tip"] = {"font": font(sz["small"]),
                         "misc": {"rect_width": str(round(TOOL_TIP_WIDTH * scale))}}
    theme["tool_tip.text_box"] = {
        "font": font(sz["small"]),
        "colours": {"dark_bg": _hex(DEEP, 248), "normal_border": _hex(GOLD),
                    "normal_text": _hex(IVORY)},
        "misc": {"shape": "rounded_rectangle", "shape_corner_radius": str(round(6 * scale)),
                 "border_width": "1", "padding": f"{TOOL_TIP_PAD},{TOOL_TIP_PAD - 2}"},
    }
    return theme
