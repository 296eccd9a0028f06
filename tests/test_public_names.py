"""No module imports another module's underscore names (issue 12: everything around the engine
uses public surfaces, so what a module keeps to itself can change without breaking others)."""

from __future__ import annotations

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parents[1] / "game"


def test_no_module_imports_another_modules_private_names():
    offenders = []
    for path in sorted(GAME.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("game"):
                for alias in node.names:
                    if alias.name.startswith("_") and not alias.name.startswith("__"):
                        offenders.append(f"{path.relative_to(GAME.parent)}:{node.lineno} "
                                         f"{node.module}.{alias.name}")
    assert not offenders, "imports of private names:\n" + "\n".join(offenders)


def _private_attributes_of_others(path: Path) -> list[str]:
    """``x._name`` where x is not ``self`` or ``cls``: another object's private attribute."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") \
                and not node.attr.startswith("__"):
            owner = node.value
            if not (isinstance(owner, ast.Name) and owner.id in ("self", "cls")):
                out.append(f"{path.relative_to(GAME.parent)}:{node.lineno} "
                           f"{ast.unparse(node)}")
    return out


def test_players_never_touch_another_objects_private_attributes():
    """Computer players read the seat's view and the states' public methods only: no player
    reads or writes ``state._anything`` (issue 12: sampled worlds used to set engine privates)."""
    offenders = []
    for path in sorted((GAME / "players").rglob("*.py")):
        offenders += _private_attributes_of_others(path)
    assert not offenders, "private attributes of other objects:\n" + "\n".join(offenders)
