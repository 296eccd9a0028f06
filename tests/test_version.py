"""game.__version__ without importlib.metadata (issue 11, docs/startup.md): the same answer,
looked up lazily."""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import version

import game


def test_same_version_as_importlib_metadata():
    assert game.installed_version() == version("cardtable") == game.__version__


def test_first_dist_info_on_the_path_wins(tmp_path, monkeypatch):
    for folder, number in (("a", "2.3.4"), ("b", "9.9.9")):
        info = tmp_path / folder / f"cardtable-{number}.dist-info"
        info.mkdir(parents=True)
        (info / "METADATA").write_text(
            f"Metadata-Version: 2.4\nName: cardtable\nVersion: {number}\n\nVersion: 0\n",
            encoding="utf-8")
    monkeypatch.setattr(sys, "path", [str(tmp_path / "none"), str(tmp_path / "a"),
                                      str(tmp_path / "b")])
    assert game.installed_version() == "2.3.4"


def test_anything_unusual_is_left_to_importlib_metadata(tmp_path, monkeypatch):
    info = tmp_path / "cardtable-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_bytes(b"\xff\xfe not text")
    monkeypatch.setattr(sys, "path", [str(tmp_path)])
    monkeypatch.setattr(game, "_importlib_version", lambda: "from importlib")
    assert game.installed_version() == "from importlib"


def test_import_game_reads_no_metadata():
    """The rules-only commands and --help import game: it looks nothing up until asked."""
    code = "import sys, game; print('importlib.metadata' in sys.modules, game.__version__)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["False", version("cardtable")]
