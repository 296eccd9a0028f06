"""The canasta-family engine's structure (issue 12): the shared core never asks which game it
runs; variants override declared hooks; phases are defined once; refusal sentences live only
in the locale catalogues."""

from __future__ import annotations

import ast
import inspect
import json
import re
from pathlib import Path

from game.engine.base import DealSetup
from game.engine.canasta.canastone import Canastone, CanastoneState
from game.engine.canasta.classic import Canasta
from game.engine.canasta.looking_down import LookingAndDown, LookingAndDownState
from game.engine.canasta.quick import QuickCanasta, QuickCanastaState
from game.engine.canasta.ruleset import RuleSet
from game.engine.canasta.state import CanastaState
from game.engine.registry import get_game

GAME = Path(__file__).resolve().parents[2] / "game"
ENGINE = GAME / "engine"  # the rules core
CORE = ("checking.py", "applying.py", "listing.py", "scoring.py", "state.py", "table.py",
        "ruleset.py", "melds.py", "deal.py", "game.py")
# How the engine used to ask which game it runs (issue 12: about 58 places).
ASKING = (r"rules\.name\b", r"\bhasattr\(", r"stock_end", r"deal_style",
          r"down is (not )?None", r'== "canastone"', r'== "looking')


def _code(path: Path) -> str:
    """The module's code without its docstrings and comments."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant):
            body[0] = ast.Pass()
    return ast.unparse(tree)


def test_the_core_never_asks_which_game_it_runs():
    found = []
    for name in CORE:
        code = _code(ENGINE / "canasta" / name)
        found += [f"{name}: {pattern}" for pattern in ASKING if re.search(pattern, code)]
    assert not found


VARIANT_FILES = ("classic.py", "quick.py", "canastone.py", "looking_down.py")
# Asking which game runs, in any form: a name compared, or a hook looked for.
WHICH_GAME = (r"\bname\s*(==|!=)", r"(==|!=)\s*\w*\.?name\b", r"\.name\s+(not\s+)?in\b",
              r"\bhasattr\(", r'==\s*"(canasta|quick-canasta|canastone|looking-and-down)"')


def test_no_module_but_the_variants_asks_which_game_it_runs():
    """Every module of game/engine/canasta except the four variant files: no game's name compared,
    no hook discovered with hasattr (issue 12)."""
    files = sorted(p for p in (ENGINE / "canasta").glob("*.py") if p.name not in VARIANT_FILES)
    assert len(files) > len(CORE)
    found = []
    for path in files:
        code = _code(path)
        found += [f"{path.name}: {pattern}" for pattern in WHICH_GAME
                  if re.search(pattern, code)]
    assert not found


def test_variants_override_only_declared_hooks():
    """Every method a variant defines overrides one that the base rule set or the base state
    declares (with the base game's answer and a docstring): no hook found by ``hasattr``."""
    for variant, base in ((Canasta, RuleSet), (QuickCanasta, RuleSet), (Canastone, RuleSet),
                          (LookingAndDown, RuleSet), (QuickCanastaState, CanastaState),
                          (CanastoneState, CanastaState), (LookingAndDownState, CanastaState)):
        for name, value in vars(variant).items():
            if not callable(value) or name.startswith("__"):
                continue
            declared = getattr(base, name, None)
            if variant in (Canastone, LookingAndDownState) and name in (
                    "five_canasta_bonus", "_free_period", "_pick_up_down", "_last_round"):
                continue  # the variant's own helpers, called only by its own hooks
            assert declared is not None, f"{variant.__name__}.{name} overrides nothing"
            assert inspect.getdoc(declared), f"{base.__name__}.{name} has no docstring"


def test_each_game_deals_its_own_state_class():
    for name, cls in (("canasta", CanastaState), ("quick-canasta", QuickCanastaState),
                      ("canastone", CanastoneState), ("looking-and-down", LookingAndDownState)):
        game = get_game(name)
        deck = game.deck_for(4)
        from game.engine.errors import Misdeal

        for shift in range(10):  # a Canastone deck may misdeal (CS-2): turn it
            try:
                st = game.new_deal(DealSetup(players=4, deck=tuple(deck[shift:] + deck[:shift]),
                                             dealer=0, keeper=2))
                break
            except Misdeal:
                continue
        assert type(st) is cls and type(st.clone()) is cls


def test_phase_numbers_are_defined_once():
    """DRAW, PLAY, ANSWER and OVER are bound to numbers only in game/engine/canasta/phase.py."""
    offenders = []
    for path in GAME.rglob("*.py"):
        if path.name == "phase.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Assign):
                names = [n.id for t in node.targets for n in ast.walk(t)
                         if isinstance(n, ast.Name)]
                consts = [n for n in ast.walk(node.value) if isinstance(n, ast.Constant)]
                if {"DRAW", "PLAY", "ANSWER", "OVER"} & set(names) and consts:
                    offenders.append(f"{path.relative_to(GAME)}:{node.lineno}")
    assert not offenders


def test_engines_build_no_refusal_sentences_and_every_key_is_in_both_catalogues():
    """The engines name refusals by key; the sentences are the catalogues' (reason.<key>)."""
    en = json.loads((GAME / "locales" / "en.json").read_text(encoding="utf-8"))
    ja = json.loads((GAME / "locales" / "ja.json").read_text(encoding="utf-8"))
    missing, registering = [], []
    for path in list((ENGINE / "canasta").glob("*.py")) + list((ENGINE / "cassino").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            if node.func.id == "register":
                registering.append(path.name)
            if node.func.id == "reason" and node.args and isinstance(node.args[0], ast.Constant):
                key = f"reason.{node.args[0].value}"
                if key not in en or key not in ja:
                    missing.append(f"{path.name}: {key}")
    assert not registering and not missing


def test_canastone_turn_state_lives_in_its_variant():
    """CS-9's 'opened before drawing' and 'only a discard left' are Canastone's state: the
    base state holds no such field and asks the hook ``_only_discard_left``; the other games
    read them as never set (the table asks every game)."""
    assert not {"draw_only", "opened_first"} & set(CanastaState.__slots__)
    assert {"draw_only", "opened_first"} <= set(CanastoneState.__slots__)
    for name in ("checking.py", "applying.py", "listing.py", "scoring.py"):
        code = _code(ENGINE / "canasta" / name)
        assert not re.search(r"\.(draw_only|opened_first)\b", code), name
    game = get_game("canasta")
    st = game.new_deal(DealSetup(players=4, deck=tuple(game.deck_for(4)), dealer=0))
    assert st.draw_only is False and st.opened_first is False
    assert not st._only_discard_left()
