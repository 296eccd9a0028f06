"""Line breaking for English and Japanese with the shipped font.

pygame_gui wraps only at spaces and hyphenates anything longer, which chops Japanese (written
without spaces) in odd places. So text is broken here, with the basic Japanese rules (kinsoku):
no line starts with 、。」ー etc., none ends with 「（ etc., and Latin words and numbers stay whole.

Text is a list of runs ``(text, bold)``; a line is a list of runs.
"""

from __future__ import annotations

from game.ui import fonts

Run = tuple[str, bool]

NO_START = set(
    "、。，．,.:;!?)]}）」』】〕〉》〙〗”’ゝゞ々ー"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ！？：；…‥・％%"
)
NO_END = set("([{（「『【〔〈《〘〖“‘")


def _is_cjk(c: str) -> bool:
    o = ord(c)
    return (0x3000 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF or 0xFF00 <= o <= 0xFFEF)


def _units(runs: list[Run]) -> list[list[Run]]:
    """Unbreakable units: a Latin word, one CJK character, or one space."""
    units: list[list[Run]] = []
    for text, bold in runs:
        for c in text:
            prev = units[-1] if units else None
            prev_c = prev[-1][0][-1] if prev else ""
            glue = prev is not None and (
                (not _is_cjk(c) and c != " " and prev_c and not _is_cjk(prev_c) and prev_c != " ")
                or c in NO_START
                or prev_c in NO_END
                or (prev_c.isascii() and prev_c.isdigit() and _is_cjk(c))  # 5000点, 11枚
            )
            if glue and c != " " and prev_c != " ":
                if prev[-1][1] == bold:
                    prev[-1] = (prev[-1][0] + c, bold)
                else:
                    prev.append((c, bold))
            else:
                units.append([(c, bold)])
    return units


def _width(unit: list[Run], size: int) -> int:
    return sum(fonts.font(size, bold).size(text)[0] for text, bold in unit)


def _join(units: list[list[Run]]) -> list[Run]:
    line: list[Run] = []
    for unit in units:
        for text, bold in unit:
            if line and line[-1][1] == bold:
                line[-1] = (line[-1][0] + text, bold)
            else:
                line.append((text, bold))
    return line


def wrap_runs(runs: list[Run], width: int, size: int) -> list[list[Run]]:
    """Break styled text into lines no wider than ``width`` pixels at font ``size``."""
    lines: list[list[Run]] = []
    current: list[list[Run]] = []
    used = 0
    for unit in _units(runs):
        is_space = unit[0][0] == " "
        w = _width(unit, size)
        if current and used + w > width and not is_space:
            while current and current[-1][0][0] == " ":
                current.pop()
            lines.append(_join(current))
            current, used = [], 0
        if is_space and not current:
            continue  # no leading spaces on a new line
        current.append(unit)
        used += w
    while current and current[-1][0][0] == " ":
        current.pop()
    if current or not lines:
        lines.append(_join(current))
    return lines


def wrap(text: str, width: int, size: int, bold: bool = False) -> list[str]:
    """Plain text broken into lines; explicit newlines are kept."""
    out: list[str] = []
    for para in text.split("\n"):
        out += ["".join(t for t, _ in line) for line in wrap_runs([(para, bold)], width, size)]
    return out


def text_width(runs: list[Run], size: int) -> int:
    return _width(list(runs), size)
