"""Reading a file from disk (or standard input) without trusting it: the one reader for every
file Card Table reads from outside (saves, statistics, history, settings, deal records).

- regular files only: a pipe, a device or a link to one is refused without being waited on
  (checked before opening, opened non-blocking, checked again on the open file);
- a real byte limit while reading (a file's reported size is only a hint: ``/dev/zero``
  reports 0, a growing file more than it said);
- JSON nested no deeper than a limit, checked before parsing (100,000 brackets would exhaust
  the parser's recursion);
- every error an :class:`InputError` whose message is one line for a person.

Standard library only: ``replay``, the settings and the saves all use it.
"""

from __future__ import annotations

import json
import os
import re
import stat
import sys
from itertools import accumulate
from pathlib import Path
from typing import Any, BinaryIO

from game.engine.errors import CardTableError

MAX_BYTES = 8 * 1024 * 1024  # a long Canastone game saves in about 10 KB
MAX_DEPTH = 32  # nesting of JSON objects and lists; Card Table's files use fewer than 10

_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_OPEN_FLAGS = (os.O_RDONLY | _NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
               | getattr(os, "O_BINARY", 0))


class InputError(CardTableError):
    """A file that cannot be read or is too large; the message is one line for a person."""


class NoSuchFile(InputError):
    """Nothing at that path."""


class CannotRead(InputError):
    """The system refuses to read it (no permission to the file or its folder, a disk error):
    the file may be fine, so it must not be replaced or set aside."""


def _os_problem(e: OSError) -> InputError:
    if isinstance(e, FileNotFoundError):
        return NoSuchFile("no such file")
    if isinstance(e, IsADirectoryError):
        return InputError("a folder, not a file")
    return CannotRead(f"cannot be read ({e.strerror or type(e).__name__})")


def _check_regular(st: os.stat_result) -> None:
    if stat.S_ISDIR(st.st_mode):
        raise InputError("a folder, not a file")
    if not stat.S_ISREG(st.st_mode):  # a pipe would block, a device might never end
        raise InputError("not a regular file")


def open_regular(path: Path | str) -> BinaryIO:
    """The regular file ``path``, open for reading in binary; InputError otherwise (missing, a
    folder, a pipe, a device, no permission). Never blocks on a pipe."""
    try:
        _check_regular(os.stat(path))  # a device is not even opened
        fd = os.open(path, _OPEN_FLAGS)
    except OSError as e:
        raise _os_problem(e) from None
    except ValueError as e:  # a name with a NUL character in it
        raise InputError(f"cannot be read ({e})") from None
    try:
        _check_regular(os.fstat(fd))  # replaced by something else in between
        if _NONBLOCK:
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException as e:
        os.close(fd)
        if isinstance(e, OSError):
            raise _os_problem(e) from None
        raise


def read_file(path: Path | str, limit: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them (InputError "too
    large" for more, whatever size the file reports)."""
    with open_regular(path) as f:
        try:
            size = os.fstat(f.fileno()).st_size
            if size > limit:
                raise InputError(f"too large ({size // 1024} KB; at most {_mb(limit)})")
            data = f.read(limit + 1)
        except OSError as e:
            raise _os_problem(e) from None
    if len(data) > limit:
        raise InputError(f"too large (more than {_mb(limit)})")
    return data


def _mb(limit: int) -> str:
    return f"{limit // (1024 * 1024)} MB" if limit >= 1024 * 1024 else f"{limit // 1024} KB"


def read_limited(name: str, limit: int = MAX_BYTES) -> bytes:
    """The bytes of file ``name`` (``-``: standard input), refusing more than ``limit``.

    Reads at most ``limit + 1`` bytes, so an endless stream (``yes |``) ends in "too large"
    instead of filling the memory; a named file must be a regular file (:func:`read_file`).
    """
    if name != "-":
        return read_file(name, limit)
    try:
        stream = getattr(sys.stdin, "buffer", sys.stdin)
        data = stream.read(limit + 1)
        if isinstance(data, str):  # a text stream standing in for standard input
            data = data.encode("utf-8", "surrogateescape")
    except OSError as e:
        raise _os_problem(e) from None
    if len(data) > limit:
        raise InputError(f"too large (more than {_mb(limit)})")
    return data


# ---- JSON ---------------------------------------------------------------------------------

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def nesting_depth(text: str) -> int:
    """How deeply the objects and lists of the JSON ``text`` nest (brackets inside strings do
    not count), without parsing it: no recursion, whatever the text."""
    if '"' in text:
        text = _STRING.sub("", text)
    brackets = _NOT_BRACKET.sub("", text)
    if not brackets:
        return 0
    return max(0, max(accumulate(map(_STEP.__getitem__, brackets))))


def parse_json(data: bytes | str, max_depth: int = MAX_DEPTH, **options: Any) -> Any:
    """The JSON value of ``data`` (UTF-8 bytes, a byte-order mark allowed, or text), nested at
    most ``max_depth`` deep; InputError with a one-line reason otherwise. ``options`` go to
    :func:`json.loads` (``object_pairs_hook``, ``parse_constant``)."""
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise InputError("not text (invalid UTF-8)") from None
    else:
        text = data
    if not text.strip():
        raise InputError("empty file")
    if nesting_depth(text) > max_depth:
        raise InputError(f"nested too deeply (more than {max_depth} levels)")
    try:
        return json.loads(text, **options)
    except json.JSONDecodeError as e:
        raise InputError(f"not valid JSON ({e.msg}, line {e.lineno})") from None
    except RecursionError:  # pragma: no cover - the depth is checked first
        raise InputError(f"nested too deeply (more than {max_depth} levels)") from None
    except ValueError as e:  # numbers of thousands of digits, a refused constant or key
        raise InputError(f"not valid JSON ({str(e).splitlines()[0][:80]})") from None


def read_json(path: Path | str, limit: int = MAX_BYTES, max_depth: int = MAX_DEPTH,
              **options: Any) -> Any:
    """:func:`read_file` then :func:`parse_json`: InputError with one line for anything else."""
    return parse_json(read_file(path, limit), max_depth, **options)
