"""The import graph runs one way: from the rules core up to the window and the command line,
never back (issue 28). Every import in game/ counts, those inside functions too, since a lazy
import is an arrow all the same."""

from __future__ import annotations

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parents[1] / "game"

# Bottom to top; a module may import its own layer and the layers below it. The name is the
# first part after ``game.`` (a module or a package); ``game`` itself is the package's
# __init__ (its version).
LAYERS: list[set[str]] = [
    # the rules core (game/engine: plain Python, no pygame, no pydantic in the inner loop) and
    # what it stands on: the version, the catalogues its reasons' sentences come from, the safe
    # reading of files and strings, the bundled assets
    {"engine", "game", "inputs", "i18n", "safetext", "safemodel", "assets"},
    # the seats and the loop that asks them
    {"players", "driver"},
    # what a game is made of around the rules: sessions, settings, files on disk
    {"session", "newgame", "settings", "settings_model", "saves", "stats", "replay", "guide",
     "listeners", "applog"},
    # the network table: the server and the headless client (issue 31)
    {"net"},
    # the window
    {"ui"},
    # the lab: measurements and matches between computers
    {"lab"},
    # the command line
    {"commands", "cli", "__main__"},
]


def layer_of(module: str) -> int:
    parts = module.split(".")
    name = parts[1] if len(parts) > 1 else "game"
    for i, names in enumerate(LAYERS):
        if name in names:
            return i
    raise AssertionError(f"{module}: in no layer of tests/test_layers.py; add it to one")


def module_of(path: Path) -> str:
    parts = list(path.relative_to(GAME.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.add(node.module)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return {m for m in out if m == "game" or m.startswith("game.")}


def test_no_import_runs_upward():
    upward = []
    for path in sorted(GAME.rglob("*.py")):
        here = module_of(path)
        for target in imports(path):
            if layer_of(target) > layer_of(here):
                upward.append(f"{here} imports {target}")
    assert upward == []


def test_the_layer_check_sees_an_upward_import(tmp_path):
    """The check itself can fail: the rules importing the window is caught."""
    p = tmp_path / "m.py"
    p.write_text("def f():\n    from game.ui.app import App\n", encoding="utf-8")
    assert layer_of(next(iter(imports(p)))) > layer_of("game.engine.canasta.listing")
