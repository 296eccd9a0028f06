"""pygame_gui is 0.x and changes between releases: pyproject.toml declares the range the UI is
tested with (issue 27), and the installed copy must be in it. 0.6.12 and 0.6.13, which the
range once allowed, lack UICheckBox (New game) and warn differently."""

from __future__ import annotations

import tomllib
from importlib.metadata import version
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def declared() -> Requirement:
    deps = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]["dependencies"]
    found = [Requirement(d) for d in deps
             if canonicalize_name(Requirement(d).name) == "pygame-gui"]
    assert len(found) == 1
    return found[0]


def test_pygame_gui_is_capped_below_its_next_minor_release():
    spec = declared().specifier
    uppers = [Version(s.version) for s in spec if s.operator == "<"]
    lowers = [Version(s.version) for s in spec if s.operator == ">="]
    assert uppers and max(uppers) <= Version("0.7"), spec
    assert lowers and min(lowers) >= Version("0.6.14"), spec  # UICheckBox


def test_the_installed_pygame_gui_is_in_the_declared_range():
    req = declared()
    assert req.specifier.contains(version("pygame_gui")), (version("pygame_gui"), req)
