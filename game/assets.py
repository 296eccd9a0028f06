"""Where the program's files are: fonts, sounds, practice positions and rules texts.

The repository keeps ``art/``, ``sounds/`` and ``saves/`` at its root; the build copies them
into the package as ``game/data/`` (pyproject.toml's package-dir). So there are two places:

- installed from a wheel or an sdist: ``game/data/<folder>``, found through importlib.resources;
- a source checkout or an editable install: ``<repository>/<folder>`` beside the package.

The rules texts and the translation catalogues live inside the package in both cases. Imports
only the standard library (the rules-only commands use the practice positions too).
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path

BUNDLED = "data"  # the folder inside the package that the build fills (see pyproject.toml)
FOLDERS = ("art", "sounds", "saves")


def _package_dir() -> Path:
    # Wheels install as plain files, so the package's Traversable is a real path (pygame needs
    # file names for fonts and sounds).
    return Path(str(resources.files("game")))


@cache
def data_root() -> Path:
    """The folder holding ``art/``, ``sounds/`` and ``saves/``."""
    package = _package_dir()
    bundled = package / BUNDLED
    if bundled.is_dir():
        return bundled
    checkout = package.parent
    if all((checkout / name).is_dir() for name in FOLDERS):
        return checkout
    return bundled  # neither: a broken install, and the error names the installed place


def art_dir() -> Path:
    return data_root() / "art"


def fonts_dir() -> Path:
    return art_dir() / "fonts"


def sounds_dir() -> Path:
    return data_root() / "sounds"


def practice_dir() -> Path:
    """The bundled practice positions (read-only)."""
    return data_root() / "saves"


def rules_text_dir() -> Path:
    return _package_dir() / "rules_text"

