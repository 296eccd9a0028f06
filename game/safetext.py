"""Text from outside the program (a save's seat names, file names, reasons that quote a file),
made safe to show: one line, no control or format characters, bounded length.

A seat name holding NUL makes the font raise; ESC sequences printed raw recolour or clear a
terminal; a 5 MB field name quoted whole freezes any screen that lays it out. Every string a
model reads from disk (saves, statistics, history, records) goes through :func:`safe_strings`
at the model's boundary; every place that shows outside text goes through
:func:`display_text` (the Load screen, ``saves list``; the table's name plates come from the
catalogue only) and every message that quotes it through :func:`quoted` (the saves' reasons,
the command line's errors).
No pygame here: the command line uses it too.

>>> display_text("Ann\\x00\\x1b[31m")
'Ann??[31m'
>>> quoted("x" * 100)
'xxxxxxxxxxxxxxxxxxxxx...'
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable
from typing import Any, TextIO

MAX_DISPLAY = 300  # characters: any message or name is one line of at most this many
REPLACEMENT = "?"


def is_unsafe(c: str) -> bool:
    # Cc control, Cf format (bidi overrides, zero-width), Cs surrogates, Co private use,
    # Cn unassigned, Zl/Zp line and paragraph separators.
    return unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")


def display_text(text: object, limit: int = MAX_DISPLAY) -> str:
    """``text`` as one safe line of at most ``limit`` characters (an ellipsis marks a cut).
    Tabs and line breaks become spaces; other control and format characters become '?'.
    Looks at no more than ``limit`` + 1 characters, so a huge text costs nothing."""
    s = text if isinstance(text, str) else str(text)
    cut = len(s) > limit
    s = s[: limit - 1 if cut else limit]
    s = "".join((" " if c in "\t\n\r\v\f" else REPLACEMENT) if is_unsafe(c) else c for c in s)
    return s + "…" if cut else s


def safe_string(text: str) -> str:
    """``text`` with each unsafe character replaced as :func:`display_text` does, whatever its
    length (nothing is cut: the models' own limits decide the length)."""
    if text.isprintable() or not has_unsafe(text):  # the common case, at C speed
        return text
    return "".join((" " if c in "\t\n\r\v\f" else REPLACEMENT) if is_unsafe(c) else c
                   for c in text)


def safe_strings(value: object) -> object:
    """``value`` (data parsed from a file: dicts, lists, strings, numbers) with every string,
    keys included, made safe by :func:`safe_string`. Models read from disk call it before
    validating (game.safemodel), so no screen ever meets a NUL or an escape sequence from a
    file. Nesting is bounded by the reader (game.inputs), so the recursion is too."""
    if isinstance(value, str):
        return safe_string(value)
    if isinstance(value, dict):
        return {safe_string(k) if isinstance(k, str) else k: safe_strings(v)
                for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [safe_strings(v) for v in value]
    return value


def has_unsafe(text: str) -> bool:
    """Whether ``text`` holds a character :func:`display_text` would replace (for input)."""
    return any(is_unsafe(c) for c in text)


def json_safe(text: str) -> str:
    """JSON text with every unsafe character written as a ``\\u`` escape (the same data; JSON
    itself escapes only U+0000..U+001F, so a C1 control or a bidi override would reach a
    terminal raw)."""
    return "".join(json.dumps(c)[1:-1] if is_unsafe(c) else c for c in text)


_ASCII_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def _escape(c: str) -> str:
    return f"\\x{ord(c):02x}" if ord(c) < 0x100 else f"\\u{ord(c):04x}"


def terminal_text(text: str) -> str:
    """``text`` for a terminal: line breaks and tabs kept, every other control or format
    character written as a visible escape (``\\x1b``), so that the terminal shows it and
    never obeys it."""
    if text.isascii():
        return _ASCII_CONTROL.sub(lambda m: _escape(m.group()), text)
    return "".join(_escape(c) if c not in "\n\t" and is_unsafe(c) else c for c in text)


class TerminalStream:
    """A text stream (standard output or error) that writes through :func:`terminal_text`:
    the one place the command line's messages pass, whatever value they echo."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(terminal_text(text))
        return len(text)

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def quoted(text: object, limit: int = 24) -> str:
    """A short, safe prefix of user-controlled text for a message ('...' marks a cut)."""
    s = text if isinstance(text, str) else str(text)
    if len(s) > limit:
        return display_text(s[: limit - 3], limit) + "..."
    return display_text(s, limit)
