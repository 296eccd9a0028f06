"""Line breaking for English and Japanese with the shipped font.

pygame_gui wraps only at spaces and hyphenates anything longer, which chops Japanese (written
without spaces) in odd places. So text is broken here, with the basic Japanese rules (kinsoku):
no line starts with 、。」ー etc., none ends with 「（ etc., and Latin words and numbers stay whole.

Text is a list of runs ``(text, bold)``; a line is a list of runs.
"""

from __future__ import annotations

import re

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


# A run of Latin characters (neither CJK nor a space: one unbreakable word), or any one
# character: the pieces the rules of _units glue together or keep apart.
_TOKEN = re.compile(r"[^ \u3000-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF]+|.", re.S)


def _units(runs: list[Run]) -> list[list[Run]]:
    """Unbreakable units: a Latin word, one CJK character, or one space.

    Linear in the text's length: words are found by a regular expression and each unit's
    pieces are joined once at the end (adding a character to a string each time copied the
    word so far, quadratic on a long word)."""
    units: list[list[list]] = []  # each unit: [[pieces, bold], ...]
    prev_c = ""
    for text, bold in runs:
        for m in _TOKEN.finditer(text):
            tok = m.group()
            c = tok[0]
            glue = units and c != " " and prev_c != " " and (
                (not _is_cjk(c) and not _is_cjk(prev_c))
                or c in NO_START
                or prev_c in NO_END
                or (prev_c.isascii() and prev_c.isdigit() and _is_cjk(c))  # 5000点, 11枚
            )
            if glue:
                prev = units[-1]
                if prev[-1][1] == bold:
                    prev[-1][0].append(tok)
                else:
                    prev.append([[tok], bold])
            else:
                units.append([[[tok], bold]])
            prev_c = tok[-1]
    return [[("".join(pieces), bold) for pieces, bold in unit] for unit in units]


def _width(unit: list[Run], size: int) -> int:
    if len(unit) == 1:
        text, bold = unit[0]
        return fonts.font(size, bold).size(text)[0]
    return sum(fonts.font(size, bold).size(text)[0] for text, bold in unit)


def _split_wide(unit: list[Run], width: int, size: int, widths: dict) -> list[list[Run]]:
    """A unit wider than a line (a very long word, a file name) cut into pieces that fit,
    measuring each distinct character once (the sum of character widths, near enough for
    a cut), so a word of a million characters costs a linear pass, not a search."""
    pieces: list[list[Run]] = []
    current: list[list] = []
    used = 0
    for text, bold in unit:
        f = fonts.font(size, bold)
        for c in text:
            w = widths.get((c, bold))
            if w is None:
                w = widths[(c, bold)] = f.size(c)[0]
            if current and used + w > width:
                pieces.append([("".join(ch), b) for ch, b in current])
                current, used = [], 0
            if current and current[-1][1] == bold:
                current[-1][0].append(c)
            else:
                current.append([[c], bold])
            used += w
    if current:
        pieces.append([("".join(ch), b) for ch, b in current])
    return pieces


def _join(units: list[list[Run]]) -> list[Run]:
    line: list[Run] = []
    for unit in units:
        for text, bold in unit:
            if line and line[-1][1] == bold:
                line[-1] = (line[-1][0] + text, bold)
            else:
                line.append((text, bold))
    return line


def _is_space(unit: list[Run]) -> bool:
    return unit[0][0][:1] == " "


def _settle(current: list[list[Run]], width: int, size: int) -> tuple[list[Run], list]:
    """A finished line, measured whole once: drawn whole it is up to a pixel a unit wider than
    the sum of its units (each width is rounded), and pygame_gui broke such a line again (its
    last word alone on a line, the box a scroll bar). What does not fit goes on: (the line,
    the units carried to the next)."""
    carry: list[list[Run]] = []
    while len(current) > 1 and _width(_join(current), size) > width:
        carry.insert(0, current.pop())
        while len(current) > 1 and _is_space(current[-1]):
            carry.insert(0, current.pop())
    while current and _is_space(current[-1]):
        current.pop()
    while carry and _is_space(carry[0]):
        carry.pop(0)
    return _join(current), carry


def wrap_runs(runs: list[Run], width: int, size: int) -> list[list[Run]]:
    """Break styled text into lines no wider than ``width`` pixels at font ``size`` (a word
    longer than a line is cut). Each unit is measured once and each line once more whole:
    linear in the text's length."""
    lines: list[list[Run]] = []
    current: list[list[Run]] = []
    used = 0
    widths: dict = {}
    for whole in _units(runs):
        is_space = _is_space(whole)
        w = _width(whole, size)
        parts = [whole] if is_space or w <= width else _split_wide(whole, width, size, widths)
        for unit in parts:
            if len(parts) > 1:
                w = _width(unit, size)
            if current and not is_space and used + w > width:
                line, current = _settle(current, width, size)
                lines.append(line)
                used = sum(_width(u, size) for u in current)
            if is_space and not current:
                continue  # no leading spaces on a new line
            current.append(unit)
            used += w
    while current:
        line, current = _settle(current, width, size)
        if line or not lines:
            lines.append(line)
    if not lines:
        lines.append([])
    return lines


def wrap(text: str, width: int, size: int, bold: bool = False) -> list[str]:
    """Plain text broken into lines; explicit newlines are kept."""
    out: list[str] = []
    for para in text.split("\n"):
        out += ["".join(t for t, _ in line) for line in wrap_runs([(para, bold)], width, size)]
    return out


def text_width(runs: list[Run], size: int) -> int:
    return _width(list(runs), size)
