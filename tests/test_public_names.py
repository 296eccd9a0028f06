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
