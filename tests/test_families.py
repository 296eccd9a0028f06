"""Games declare their family; nobody else asks which game is running (issue 28).

Outside the registry and the games' own packages, no code compares a game's name: it asks the
game's declaration (GameInfo: family, downs, keeper, deal_word...) or its family's table of
parts (the players, the saves, the statistics, the table). A sixth game is then played, saved,
counted and drawn by its family's parts, never by an ``else`` meant for another game.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.engine.registry import GAME_NAMES, GAMES

ROOT = Path(__file__).resolve().parents[1]
# Where a game's name may be compared: its declaration and the games themselves.
ALLOWED = ("game/engine/registry.py", "game/engine/canasta/", "game/engine/cassino/")


def _names(node: ast.AST) -> list[str]:
    """The game names a comparison operand spells out: a string, or a tuple/list/set of them."""
    if isinstance(node, ast.Constant) and node.value in GAME_NAMES:
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [n for e in node.elts for n in _names(e)]
    return []


# What holds a game's name where the code compares it (rules, decision.rules, args.rules,
# self.game, name...); a move's or a badge's kind that happens to read "canasta" is not one.
HOLDERS = {"rules", "game", "name", "game_name"}


def _holds_a_game(node: ast.AST) -> bool:
    return (isinstance(node, ast.Attribute) and node.attr in HOLDERS) or (
        isinstance(node, ast.Name) and node.id in HOLDERS)


def name_comparisons(source: str) -> list[tuple[int, str]]:
    """(line, name) of each comparison of a game's name with what holds one; a family
    (``info.family == "cassino"``) or a kind of event (``k == "canasta"``) is not one."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Compare):
            continue
        operands = [node.left, *node.comparators]
        if any(_holds_a_game(o) for o in operands):
            found += [(node.lineno, n) for o in operands for n in _names(o)]
    return found


def test_no_code_outside_the_games_compares_a_games_name():
    bad = []
    for folder in ("game", "tools"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel.startswith(ALLOWED):
                continue
            bad += [f"{rel}:{line}: {name!r}"
                    for line, name in name_comparisons(path.read_text(encoding="utf-8"))]
    assert bad == []


def test_the_scan_sees_each_way_of_asking():
    src = ('a = rules == "cassino"\n'
           'b = "looking-and-down" != self.game\n'
           'c = decision.rules in ("canasta", "quick-canasta")\n'
           'd = info.family == "cassino"\n'
           'e = kind == "canasta"\n')
    assert name_comparisons(src) == [(1, "cassino"), (2, "looking-and-down"),
                                     (3, "canasta"), (3, "quick-canasta")]


def test_every_family_has_its_parts_in_every_table():
    """The players, the saves, the statistics and the table each keep one table by family."""
    pytest.importorskip("pygame")
    from game.players.families import FAMILIES as PLAYERS
    from game.saves.families import FAMILIES as SAVES
    from game.stats.families import FAMILIES as STATS
    from game.ui.table.family import TABLES

    families = {info.family for info in GAMES.values()}
    for table in (PLAYERS, SAVES, STATS, TABLES):
        assert set(table) == families


LOOKUPS = {"get_game", "game_info"}


def lookups(source: str) -> list[int]:
    """The lines where code looks a game up by its name (the registry's two functions)."""
    return [node.lineno for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Call) and (
                (isinstance(node.func, ast.Name) and node.func.id in LOOKUPS)
                or (isinstance(node.func, ast.Attribute) and node.func.attr in LOOKUPS))]


def test_players_are_given_the_game_not_a_name_to_look_up():
    """Issue 28: a decision carries the Game object itself (``decision.game``); the computer
    players never look a game up again by its name (docstring examples aside)."""
    from game.engine.registry import get_game
    from game.players.base import Decision

    assert Decision(get_game("cassino"), 2, 0, None, []).rules == "cassino"  # type: ignore[arg-type]
    bad = [f"{p.relative_to(ROOT).as_posix()}:{line}"
           for p in sorted((ROOT / "game" / "players").glob("*.py"))
           if p.name != "fixed_play.py"  # the lab's pinned sequences, started from a name
           for line in lookups(p.read_text(encoding="utf-8"))]
    assert bad == []
    assert lookups("x = get_game(name)\ny = registry.game_info(n)\n") == [1, 2]
