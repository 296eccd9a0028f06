"""The pygame_gui theme: every element uses the shipped Noto Sans JP subset, in felt and gold.

Built in Python rather than a JSON file because sizes follow the window's UI scale and the
font paths are only known at run time.
"""

from __future__ import annotations

from game.ui.fonts import FONT_NAME
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


IVORY = (244, 238, 222)
GOLD = (214, 170, 72)
GOLD_LIGHT = (240, 206, 120)
DEEP = (9, 38, 25)
BUTTON = (16, 62, 40)
BUTTON_HOVER = (26, 86, 56)
DISABLED = (14, 40, 28)


def font_sizes(scale: float) -> dict[str, int]:
    return {k: max(10, round(v * scale)) for k, v in SIZES.items()}


def _font(size: int, bold: bool = False) -> dict:
    return {
        "name": FONT_NAME,
        "size": str(size),
        "bold": "1" if bold else "0",
        "regular_path": str(FONT_REGULAR),
        "bold_path": str(FONT_BOLD),
    }


def build_theme(scale: float = 1.0) -> dict:
    sz = font_sizes(scale)
    radius = str(max(4, round(8 * scale)))
    border = str(max(1, round(1.5 * scale)))
    button_colours = {
        "normal_bg": _hex(BUTTON, 235),
        "hovered_bg": _hex(BUTTON_HOVER),
        "active_bg": _hex(GOLD),
        "selected_bg": _hex(GOLD),
        "disabled_bg": _hex(DISABLED, 200),
        "normal_text": _hex(IVORY),
        "hovered_text": _hex(GOLD_LIGHT),
        "active_text": _hex(DEEP),
        "selected_text": _hex(DEEP),
        "disabled_text": "#6f8578",
        "normal_border": _hex(GOLD, 150),
        "hovered_border": _hex(GOLD_LIGHT),
        "active_border": _hex(GOLD_LIGHT),
        "selected_border": _hex(GOLD_LIGHT),
        "disabled_border": "#2f4a3a",
        "normal_text_shadow": "#00000000",
    }
    theme: dict = {
        "defaults": {
            "colours": {
                "normal_text": _hex(IVORY),
                "dark_bg": _hex(DEEP, 230),
                "normal_border": _hex(GOLD, 160),
                "link_text": _hex(GOLD_LIGHT),
                "link_hover": "#ffe7a8",
                "text_cursor": _hex(GOLD_LIGHT),
                "filled_bar": _hex(GOLD),
                "unfilled_bar": _hex(BUTTON),
            }
        },
    }
    for element in TEXT_ELEMENTS:
        theme[element] = {"font": _font(sz["body"])}
    theme["button"] = {
        "font": _font(sz["button"]),
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
        "font": _font(sz["menu"], bold=True),
        "misc": {"shape_corner_radius": str(round(12 * scale)),
                 "border_width": str(round(2 * scale))},
    }
    theme["#small_button"] = {"font": _font(sz["small"])}
    theme["#segment"] = {"font": _font(sz["body"])}
    theme["#primary_button"] = {
        "font": _font(sz["button"], bold=True),
        "colours": {"normal_bg": _hex(GOLD), "normal_text": _hex(DEEP),
                    "hovered_bg": _hex(GOLD_LIGHT), "hovered_text": _hex(DEEP),
                    "normal_border": _hex(GOLD_LIGHT)},
    }
    theme["label"] = {
        "font": _font(sz["body"]),
        "colours": {"normal_text": _hex(IVORY), "dark_bg": "#00000000",
                    "disabled_text": "#7d9386"},
        "misc": {"text_horiz_alignment": "left", "text_shadow_size": "0"},
    }
    theme["#heading"] = {"font": _font(sz["heading"], bold=True),
                         "colours": {"normal_text": _hex(GOLD_LIGHT)}}
    theme["#title"] = {"font": _font(sz["title"], bold=True),
                       "colours": {"normal_text": _hex(GOLD_LIGHT)},
                       "misc": {"text_horiz_alignment": "center"}}
    theme["#hint"] = {"font": _font(sz["small"]), "colours": {"normal_text": "#b9c8bb"}}
    theme["#centered"] = {"misc": {"text_horiz_alignment": "center"}}
    theme["panel"] = {
        "font": _font(sz["body"]),
        "colours": {"dark_bg": _hex(DEEP, 215), "normal_border": _hex(GOLD, 170)},
        "misc": {"shape": "rounded_rectangle", "shape_corner_radius": str(round(16 * scale)),
                 "border_width": border, "shadow_width": "0"},
    }
    theme["#dialog"] = {"colours": {"dark_bg": _hex(DEEP, 250),
                                    "normal_border": _hex(GOLD_LIGHT)}}
    theme["#backdrop"] = {
        "colours": {"dark_bg": "#0000009c", "normal_border": "#00000000"},
        "misc": {"enable_title_bar": "0", "enable_close_button": "0", "border_width": "0",
                 "shadow_width": "0", "shape": "rectangle"},
    }
    theme["#plain"] = {"colours": {"dark_bg": "#00000000", "normal_border": "#00000000"},
                       "misc": {"border_width": "0"}}
    theme["text_box"] = {
        "font": _font(sz["body"]),
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
    theme["#hint_box"] = {"font": _font(sz["small"]), "colours": {"normal_text": "#b9c8bb"}}
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
        "font": _font(sz["body"]),
        "colours": {"normal_bg": _hex(BUTTON), "hovered_bg": _hex(BUTTON_HOVER),
                    "selected_bg": _hex(GOLD), "normal_text": _hex(IVORY),
                    "normal_border": _hex(GOLD, 180), "selected_text": _hex(DEEP)},
    }
    theme["tool_tip"] = {"font": _font(sz["small"]),
                         "misc": {"rect_width": str(round(TOOL_TIP_WIDTH * scale))}}
    theme["tool_tip.text_box"] = {
        "font": _font(sz["small"]),
        "colours": {"dark_bg": _hex(DEEP, 248), "normal_border": _hex(GOLD),
                    "normal_text": _hex(IVORY)},
        "misc": {"shape": "rounded_rectangle", "shape_corner_radius": str(round(6 * scale)),
                 "border_width": "1", "padding": f"{TOOL_TIP_PAD},{TOOL_TIP_PAD - 2}"},
    }
    return theme
