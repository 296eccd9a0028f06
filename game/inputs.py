"""Reading a file the user names (or standard input) without trusting its size.

One limit for every JSON document Card Table reads from outside: saves (game.saves.files)
and deal records (``replay``). Standard library only: ``replay`` and the saves both use it.
"""

from __future__ import annotations

import sys

from game.errors import CardTableError

MAX_BYTES = 8 * 1024 * 1024  # a long Canastone game saves in about 10 KB


class InputError(CardTableError):
    """A file that cannot be read or is too large; the message is one line for a person."""


def read_limited(name: str, limit: int = MAX_BYTES) -> bytes:
    """The bytes of file ``name`` (``-``: standard input), refusing more than ``limit``.

    Reads at most ``limit + 1`` bytes, so an endless stream (``/dev/zero``, ``yes |``) ends in
    "too large" instead of filling the memory.
    """
    try:
        if name == "-":
            stream = getattr(sys.stdin, "buffer", sys.stdin)
            data = stream.read(limit + 1)
            if isinstance(data, str):  # a text stream standing in for standard input
                data = data.encode("utf-8", "surrogateescape")
        else:
            with open(name, "rb") as f:
                data = f.read(limit + 1)
    except FileNotFoundError:
        raise InputError("no such file") from None
    except IsADirectoryError:
        raise InputError("a folder, not a file") from None
    except OSError as e:
        raise InputError(f"cannot be read ({e.strerror or e})") from None
    except ValueError as e:  # a name with a NUL character in it
        raise InputError(f"cannot be read ({e})") from None
    if len(data) > limit:
        raise InputError(f"too large (more than {limit // (1024 * 1024)} MB)")
    return data
