"""Pictures that are slow to draw and always come out the same, kept between runs.

The main menu's first frame spends tens of milliseconds drawing its felt (docs/startup.md):
the finished pixels are written to the user's cache folder, and read back at the next start
when their key matches. One file per picture name, holding the last version drawn, so resizing
the window never piles files up. The key names everything the pixels depend on: the caller's
arguments, the pygame version, and the source of the modules that draw it, so a change to the
drawing code draws afresh. A missing, damaged or foreign file is drawn again; nothing here
ever fails the caller.
"""

from __future__ import annotations

import json
import logging
import sys
import zlib
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path

import platformdirs
import pygame

log = logging.getLogger(__name__)

APP_NAME = "cardtable"
MAGIC = b"cardtable-picture 1\n"
MAX_HEADER = 4096
MAX_SIDE = 16384  # pixels: the largest window the settings allow


def cache_dir() -> Path:
    """``<user cache dir>/cardtable/pictures`` (honours XDG_CACHE_HOME on Linux)."""
    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False)) / "pictures"


@cache
def source_digest(modules: tuple[str, ...], files: tuple[Path, ...] = ()) -> str:
    """A digest of the named modules' source files and of the size and time of ``files``
    ("" when one cannot be read: then nothing is cached)."""
    # CRC-32 and Adler-32 (zlib is loaded anyway; hashlib would cost 8 ms before the first
    # frame): a cache key needs no cryptography, just to change when the code does.
    crc = adler = 1
    try:
        for data in [Path(sys.modules[name].__file__).read_bytes() for name in modules] + [
                f"{f} {Path(f).stat().st_size} {Path(f).stat().st_mtime_ns}".encode()
                for f in files]:
            crc, adler = zlib.crc32(data, crc), zlib.adler32(data, adler)
    except (KeyError, TypeError, OSError):
        return ""
    return f"{crc:08x}{adler:08x}"


def full_key(key: str, modules: Iterable[str], files: Iterable[Path] = ()) -> str | None:
    digest = source_digest(tuple(modules), tuple(files))
    return f"{key} pygame {pygame.version.ver} code {digest}" if digest else None


def cached(name: str, key: str, modules: Iterable[str], draw: Callable[[], pygame.Surface],
           files: Iterable[Path] = ()) -> pygame.Surface:
    """The picture ``draw()`` makes, from the cache when it holds ``name`` at ``key``.

    ``modules`` are the (imported) modules whose code decides the pixels, ``files`` the data
    files it reads (fonts). ``draw`` must return an RGB or RGBA surface that depends on
    nothing but ``key``, that code and those files.
    """
    full = full_key(key, modules, files)
    path = cache_dir() / f"{name}.bin"
    if full is not None:
        picture = _read(path, full)
        if picture is not None:
            return picture
    picture = draw()
    if full is not None:
        _write(path, full, picture)
    return picture


def _format(surface: pygame.Surface) -> str:
    return "RGBA" if surface.get_flags() & pygame.SRCALPHA else "RGB"


def _read(path: Path, key: str) -> pygame.Surface | None:
    from game.inputs import InputError, NoSuchFile, open_regular

    try:
        with open_regular(path) as f:  # a pipe or a device there is refused, never waited on
            if f.read(len(MAGIC)) != MAGIC:
                return None
            header = json.loads(f.readline(MAX_HEADER))
            if header.get("key") != key:
                return None
            w, h = header["size"]
            fmt = header["format"]
            if not (fmt in ("RGB", "RGBA") and 0 < w <= MAX_SIDE and 0 < h <= MAX_SIDE):
                return None
            expected = w * h * len(fmt)
            pixels = f.read(expected + 1)  # never more than a picture of that size
        if len(pixels) != expected or zlib.crc32(pixels) != header["crc"]:
            return None
        picture = pygame.image.frombytes(pixels, (w, h), fmt)
    except NoSuchFile:
        return None
    except (InputError, OSError, ValueError, KeyError, TypeError, AttributeError,
            pygame.error) as e:
        log.info("picture cache %s not used: %s", path, e)
        return None
    return picture


def _write(path: Path, key: str, picture: pygame.Surface) -> None:
    from game.saves.atomic import write_atomic  # the one atomic writer

    fmt = _format(picture)
    pixels = pygame.image.tobytes(picture, fmt)
    header = {"key": key, "size": list(picture.get_size()), "format": fmt,
              "crc": zlib.crc32(pixels)}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, MAGIC + json.dumps(header).encode("ascii") + b"\n" + pixels)
    except OSError as e:
        log.info("picture cache %s not written: %s", path, e)
