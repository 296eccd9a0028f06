"""How often each table part reaches into the table screen (issue 28, the table hub).

A reach-in is an attribute read or written through the screen object: ``self.screen.x``, a
parameter ``screen.x``, or a local ``sc.x`` where ``sc = self.screen`` (or ``= screen``). The
parts read the table through its model and ask through its commands instead
(game/ui/table/hub.py, hub_commands.py); ``python -m tests.ui.table.reach`` prints the figures.
"""

from __future__ import annotations

import ast
import collections
import pathlib

TABLE = pathlib.Path(__file__).parents[3] / "game" / "ui" / "table"


def _is_screen(node: ast.expr, aliases: set[str]) -> bool:
    if isinstance(node, ast.Name):
        return node.id == "screen" or node.id in aliases
    return (isinstance(node, ast.Attribute) and node.attr == "screen"
            and isinstance(node.value, ast.Name) and node.value.id == "self")


def _aliases(func: ast.AST) -> set[str]:
    """Local names bound to the screen in ``func`` (``sc = self.screen``)."""
    found = set()
    for node in ast.walk(func):
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name) and _is_screen(node.value, set())):
            found.add(node.targets[0].id)
    return found


def reach_ins(source: str) -> collections.Counter:
    """The screen's attribute names the module's code touches, with how often."""
    found: collections.Counter = collections.Counter()
    tree = ast.parse(source)
    funcs = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                         ast.Lambda))]
    seen = set()
    for func in funcs:  # the innermost function's aliases decide; count each node once
        aliases = _aliases(func)
        for node in ast.walk(func):
            if (isinstance(node, ast.Attribute) and id(node) not in seen
                    and _is_screen(node.value, aliases)):
                seen.add(id(node))
                found[node.attr] += 1
    return found


def hub_uses(source: str) -> dict[str, set[str]]:
    """The names the module's code reads of the table model (``self.model.x``, ``m.x`` after
    ``m = self.model``) and sends as commands (``self.do.x``)."""
    used: dict[str, set[str]] = {"model": set(), "do": set()}
    for func in ast.walk(ast.parse(source)):
        if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        aliases = {n.targets[0].id for n in ast.walk(func)
                   if isinstance(n, ast.Assign) and len(n.targets) == 1
                   and isinstance(n.targets[0], ast.Name) and _self_attr(n.value) == "model"}
        for node in ast.walk(func):
            if not isinstance(node, ast.Attribute):
                continue
            owner = _self_attr(node.value)
            if isinstance(node.value, ast.Name) and node.value.id in aliases:
                owner = "model"
            if owner in used:
                used[owner].add(node.attr)
    return used


def _self_attr(node: ast.expr) -> str | None:
    """``x`` for ``self.x``, else None."""
    if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
            and node.value.id == "self"):
        return node.attr
    return None


def table_reach_ins() -> dict[str, int]:
    """Per part file of game/ui/table: its reach-ins. The screen and the hub's model and
    commands (which answer from the screen, as its side of the seam) are not parts."""
    seam = ("screen.py", "hub.py", "hub_commands.py")
    return {p.name: sum(reach_ins(p.read_text(encoding="utf-8")).values())
            for p in sorted(TABLE.glob("*.py")) if p.name not in seam}


if __name__ == "__main__":
    for name, n in table_reach_ins().items():
        uses = hub_uses((TABLE / name).read_text(encoding="utf-8"))
        print(f"{name:18} {n:4}   model {len(uses['model']):3}   commands {len(uses['do']):3}")
    print(f"{'total':18} {sum(table_reach_ins().values()):4}")
