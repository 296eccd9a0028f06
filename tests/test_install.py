"""An installed Card Table has every file it reads.

pyproject.toml lists the packages and the data files the wheel carries (art/, sounds/ and saves/
are mapped into the package as game/data/); game/assets.py finds them installed or in the
checkout. These tests read that configuration the way setuptools does, without a build;
.ci/wheel_check.py builds and installs the real wheel.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from game import assets
from game.engine.registry import GAME_NAMES

REPO = Path(__file__).resolve().parents[1]
CONFIG = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
SETUPTOOLS = CONFIG["tool"]["setuptools"]


def _package_dir(package: str) -> Path:
    """The folder of ``package`` under package-dir (longest dotted prefix wins, as setuptools)."""
    mapping = SETUPTOOLS.get("package-dir", {})
    parts = package.split(".")
    for i in range(len(parts), 0, -1):
        prefix = ".".join(parts[:i])
        if prefix in mapping:
            return REPO / mapping[prefix] / Path(*parts[i:])
    return REPO / Path(*parts)


def _shipped() -> dict[Path, str]:
    """Source file -> its path inside the wheel."""
    out: dict[Path, str] = {}
    data = SETUPTOOLS.get("package-data", {})
    for package in SETUPTOOLS["packages"]:
        folder = _package_dir(package)
        inside = package.replace(".", "/")
        for pattern in ["*.py", *data.get(package, []), *data.get("*", [])]:
            for f in folder.glob(pattern):
                if f.is_file():
                    out[f] = f"{inside}/{f.name}"
    return out


def _runtime_files() -> list[Path]:
    """Every file the program reads at run time, in the checkout's layout: every file in the
    package (whatever a new data folder holds), and the top-level folders' files."""
    files = [p for p in (REPO / "game").rglob("*")
             if p.is_file() and "__pycache__" not in p.parts]
    files += [*(REPO / "art" / "fonts").glob("*.otf"), REPO / "art" / "fonts" / "OFL.txt",
              *(REPO / "sounds").glob("*.wav"), REPO / "sounds" / "LICENSE",
              *(REPO / "saves").glob("*.json")]
    assert len(files) > 30
    return files


def test_every_package_under_game_is_listed():
    """A new subpackage (or data folder) left out of pyproject's list would be missing from the
    wheel while every test in the checkout still passes."""
    found = set()
    for d in [REPO / "game", *(REPO / "game").rglob("*")]:
        if d.is_dir() and d.name != "__pycache__" and any(f.is_file() for f in d.iterdir()):
            found.add(".".join(d.relative_to(REPO).parts))
    listed = {p for p in SETUPTOOLS["packages"] if not p.startswith("game.data")}
    assert listed == found


def test_every_runtime_file_is_in_the_wheel():
    shipped = _shipped()
    missing = [str(f.relative_to(REPO)) for f in _runtime_files() if f not in shipped]
    assert not missing


def test_top_level_folders_land_where_assets_looks():
    shipped = _shipped()
    for f in _runtime_files():
        rel = f.relative_to(REPO)
        if rel.parts[0] in assets.FOLDERS:
            assert shipped[f] == "/".join(("game", assets.BUNDLED, *rel.parts))


def test_licences_are_declared():
    """The program's licence and the fonts' and sounds' go into the wheel's metadata."""
    project = CONFIG["project"]
    assert project["license"] == "MIT AND OFL-1.1"
    for name in project["license-files"]:
        assert (REPO / name).is_file(), name
    assert {"LICENSE", "art/fonts/OFL.txt", "sounds/LICENSE"} <= set(project["license-files"])
    assert "MIT License" in (REPO / "LICENSE").read_text(encoding="utf-8")


def test_launchers():
    """``cardtable`` for the terminal, ``cardtable-gui`` without a console window."""
    assert CONFIG["project"]["scripts"] == {"cardtable": "game.cli:main"}
    assert CONFIG["project"]["gui-scripts"] == {"cardtable-gui": "game.cli:main"}


def test_no_module_looks_beside_the_package():
    """Installed, the folder above ``game`` is site-packages: every file is found through
    game.assets (or inside the package), never from ``__file__`` two folders up."""
    up = re.compile(r"__file__.*\.(parents\[|parent\.parent)")
    offenders = [f"{path.relative_to(REPO)}:{n}" for path in (REPO / "game").rglob("*.py")
                 for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                 if up.search(line)]
    assert not offenders


# ---- game.assets in the two layouts ------------------------------------------------------

@pytest.fixture
def fresh_assets(monkeypatch):
    assets.data_root.cache_clear()
    yield
    assets.data_root.cache_clear()


def test_checkout_layout_is_the_repository(fresh_assets):
    assert assets.data_root() == REPO
    assert (assets.fonts_dir() / "OFL.txt").is_file()
    assert sorted(p.name for p in assets.practice_dir().glob("*.json"))
    for game in GAME_NAMES:
        for lang in ("en", "ja"):
            assert (assets.rules_text_dir() / lang / f"{game}.md").is_file()


def test_installed_layout_is_inside_the_package(fresh_assets, monkeypatch, tmp_path):
    site = tmp_path / "site-packages"
    package = site / "game"
    for name in assets.FOLDERS:
        (package / assets.BUNDLED / name).mkdir(parents=True)
    (site / "art").mkdir()  # a stray folder beside the package is not ours
    monkeypatch.setattr(assets, "_package_dir", lambda: package)
    assert assets.data_root() == package / "data"
    assert assets.sounds_dir() == package / "data" / "sounds"
    assert assets.practice_dir() == package / "data" / "saves"
    assert assets.rules_text_dir() == package / "rules_text"


def test_broken_install_names_the_installed_place(fresh_assets, monkeypatch, tmp_path):
    monkeypatch.setattr(assets, "_package_dir", lambda: tmp_path / "game")
    assert assets.data_root() == tmp_path / "game" / "data"


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", GAME_NAMES)
def test_rules_texts_are_complete(game, lang):
    """Each game's rule book in both languages: a title and the sections a player needs."""
    text = (assets.rules_text_dir() / lang / f"{game}.md").read_text(encoding="utf-8")
    assert text.startswith("# ")
    assert text.count("\n## ") >= 4, "too few sections"
    assert len(text) > 2500
    other = (assets.rules_text_dir() / ("ja" if lang == "en" else "en") / f"{game}.md")
    assert text.count("\n## ") == other.read_text(encoding="utf-8").count("\n## "), \
        "the two languages' texts have different sections"
