"""The small Markdown of the rules texts, turned into pygame_gui's HTML subset.

Handles what game/rules_text uses: ``#``/``##``/``###`` headings, ``-`` bullets, ``1.`` lists,
``|`` tables, ``**bold**`` and paragraphs. Lines are broken here (see textlayout), bullets get
hanging indents, and table columns are aligned with spaces measured in the real font.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

from game.ui import fonts
from game.ui.textlayout import Run, text_width, wrap_runs


@dataclass
class Block:
    kind: str  # "h1" "h2" "h3" "p" "li" "table"
    runs: list[Run] = field(default_factory=list)
    rows: list[list[list[Run]]] = field(default_factory=list)  # tables: rows of cells
    marker: str = ""  # list items: "•" or "1."
    level: int = 0  # list nesting


_BOLD = re.compile(r"\*\*(.+?)\*\*")


def inline(text: str) -> list[Run]:
    """``**bold**`` runs; backticks and single-star emphasis are shown plain."""
    text = text.replace("`", "")
    runs: list[Run] = []
    pos = 0
    for m in _BOLD.finditer(text):
        if m.start() > pos:
            runs.append((text[pos:m.start()], False))
        runs.append((m.group(1), True))
        pos = m.end()
    if pos < len(text):
        runs.append((text[pos:], False))
    return [(re.sub(r"(?<!\w)\*(\S.*?\S|\S)\*(?!\w)", r"\1", t), b) for t, b in runs if t]


def parse(md: str) -> list[Block]:
    blocks: list[Block] = []
    para: list[str] = []

    def flush() -> None:
        if para:
            blocks.append(Block("p", inline(" ".join(para))))
            para.clear()

    for raw in md.splitlines():
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped:
            flush()
            continue
        m = re.match(r"^(#{1,3})\s+(.*)$", stripped)
        if m:
            flush()
            blocks.append(Block(f"h{len(m.group(1))}", inline(m.group(2))))
            continue
        if stripped.startswith("|"):
            flush()
            cells = [c.strip() for c in stripped.strip("|").split("|")]
            if all(re.fullmatch(r":?-{2,}:?", c) for c in cells):
                continue  # the header separator
            if not blocks or blocks[-1].kind != "table":
                blocks.append(Block("table"))
            blocks[-1].rows.append([inline(c) for c in cells])
            continue
        m = re.match(r"^(\s*)([-*+]|\d+[.)])\s+(.*)$", line)
        if m:
            flush()
            marker = "•" if m.group(2) in "-*+" else m.group(2)
            blocks.append(Block("li", inline(m.group(3)), marker=marker,
                                level=len(m.group(1).expandtabs(2)) // 2))
            continue
        if blocks and blocks[-1].kind == "li" and raw.startswith("  ") and not para:
            blocks[-1].runs += inline(" " + stripped)  # continuation of a list item
            continue
        para.append(stripped)
    flush()
    return blocks


def _esc(text: str) -> str:
    return html.escape(text, quote=False)


def _runs_html(runs: list[Run]) -> str:
    return "".join(f"<b>{_esc(t)}</b>" if b else _esc(t) for t, b in runs)


# Font sizes whose space is 1, 2, 3 ... pixels wide, for fine alignment (the font has no thin
# spaces). The app preloads these sizes in pygame_gui.
FINE_SIZES = (4, 8, 12, 16)


def _fine_space(pixels: int) -> str:
    best = None
    for n in FINE_SIZES:
        w = fonts.font_px(n).size(" ")[0]
        if w <= pixels and (best is None or w > best[1]):
            best = (n, w)
    return f"<font pixel_size={best[0]}> </font>" if best else ""


def _spaces(pixels: int, size: int) -> str:
    """HTML that advances about ``pixels``: body spaces, then one small space for the rest."""
    space = max(1, fonts.font(size).size(" ")[0])
    n = max(0, int(pixels // space))
    return " " * n + _fine_space(round(pixels - n * space))


def to_html(blocks: list[Block], width: int, size: int, heading_colour: str = "#f0ce78") -> str:
    """pygame_gui HTML for ``blocks`` laid out ``width`` pixels wide at body ``size``."""
    out: list[str] = []
    h_sizes = {"h1": round(size * 1.55), "h2": round(size * 1.2), "h3": round(size * 1.05)}
    for i, block in enumerate(blocks):
        if block.kind in h_sizes:
            hs = h_sizes[block.kind]
            if i > 0 and blocks[i - 1].kind in h_sizes:
                out.append(f"<font pixel_size={fonts.px(size * 0.5)}><br></font>")
            lines = wrap_runs([(t, True) for t, _ in block.runs], width, hs)
            text = "<br>".join(_runs_html(line) for line in lines)
            out.append(
                f"<font pixel_size={fonts.px(hs)} color='{heading_colour}'>{text}</font><br>")
        elif block.kind == "li":
            indent = round(size * (0.4 + 1.3 * block.level))
            marker = block.marker
            mw = fonts.font(size).size(marker + " ")[0]
            hang = max(mw, round(size * 1.2))
            lines = wrap_runs(block.runs, width - indent - hang, size)
            lead = _spaces(indent, size)
            for j, line in enumerate(lines):
                if j == 0:
                    pad = _spaces(hang - fonts.font(size).size(marker)[0], size)
                    out.append(f"{lead}{_esc(marker)}{pad}{_runs_html(line)}<br>")
                else:
                    out.append(f"{lead}{_spaces(hang, size)}{_runs_html(line)}<br>")
        elif block.kind == "table":
            out.append(_table_html(block.rows, width, size))
        else:
            lines = wrap_runs(block.runs, width, size)
            out.append("<br>".join(_runs_html(line) for line in lines) + "<br>")
        if block.kind in ("p", "table") or (
            block.kind == "li" and (i + 1 == len(blocks) or blocks[i + 1].kind != "li")
        ):
            out.append(f"<font pixel_size={fonts.px(size * 0.5)}><br></font>")
    return "".join(out)


def _table_html(rows: list[list[list[Run]]], width: int, size: int) -> str:
    """Columns aligned with measured spaces; the first row (header) in bold."""
    ncols = max(len(r) for r in rows)
    rows = [r + [[]] * (ncols - len(r)) for r in rows]
    styled = [[[(t, b or ri == 0) for t, b in cell] for cell in row] for ri, row in enumerate(rows)]
    gap = round(size * 1.4)
    indent = round(size * 0.4)
    natural = [max(text_width(row[c], size) for row in styled) for c in range(ncols)]
    avail = width - indent - gap * (ncols - 1)
    if sum(natural) <= avail:
        widths = natural
    else:  # squeeze the widest columns, wrapping their cells
        widths = natural[:]
        while sum(widths) > avail and max(widths) > size * 4:
            k = widths.index(max(widths))
            widths[k] = max(size * 4, widths[k] - (sum(widths) - avail))
    out: list[str] = []
    for row in styled:
        cells = [wrap_runs(row[c], widths[c], size) for c in range(ncols)]
        for li in range(max(len(c) for c in cells)):
            x_target, x_now = indent, 0
            parts: list[str] = []
            for c in range(ncols):
                line = cells[c][li] if li < len(cells[c]) else []
                if line:
                    parts.append(_spaces(x_target - x_now, size) if x_target > x_now else "")
                    parts.append(_runs_html(line))
                    x_now = x_target + text_width(line, size)
                x_target += widths[c] + gap
            out.append("".join(parts) + "<br>")
    return "".join(out)
