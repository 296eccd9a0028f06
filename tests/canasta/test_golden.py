"""Golden deals: whole deals as NOTATION.md records (tests/golden/canasta/*.json), replayed
through game.engine.record.replay, compared with final scores worked out by hand from RULES.md.

The arithmetic for every number below is in the sibling .md file of each record. The numbers
are literals here on purpose: they were not copied from the engine.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from game.engine.record import DealRecord, load_record_text, replay
from game.engine.registry import get_game

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "canasta"


def parts(melds, canastas, red_threes, going_out, hand, **extra):
    return {"melds": melds, "canastas": canastas, "red_threes": red_threes,
            "going_out": going_out, "hand": hand, **extra}


CASES = {
    # CA-15; seat 3 (side 1) goes out, not concealed (it melded before)
    "canasta-4": dict(
        applied=28, went_out=3,
        breakdown=[parts(100, 0, 200, 0, -170), parts(315, 300, 0, 100, -40)],
        deal_scores=[130, 675], totals=[1330, 1075]),
    # QC-8; seat 0 goes out
    "quick-canasta-2": dict(
        applied=37, went_out=0,
        breakdown=[parts(335, 300, 0, 100, 0), parts(100, 0, 200, 0, -95)],
        deal_scores=[735, 205], totals=[835, 1605]),
    # CS-15, CS-16; seat 2 (side 0) closes
    "canastone-4": dict(
        applied=31, went_out=2,
        breakdown=[parts(430, 1600, 200, 300, -50, five_canastas=0),
                   parts(55, 0, -400, 0, -300, five_canastas=0)],
        deal_scores=[2480, -645], totals=[4480, 1855]),
    # LD-14; seat 0 goes out from its down; seat 1 (looking dealer) grabbed exactly
    "looking-and-down-3": dict(
        applied=79, went_out=0,
        breakdown=[parts(405, 600, 0, 100, 0, grab=0), parts(185, 0, 0, 0, -185, grab=100),
                   parts(200, 0, 0, 0, -150, grab=0)],
        deal_scores=[1105, 100, 50], totals=[1405, 1100, 50]),
}


def load(name: str) -> DealRecord:
    return load_record_text((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))


def test_every_golden_record_has_a_case_and_a_worked_sheet():
    names = sorted(p.stem for p in GOLDEN.glob("*.json"))
    assert names == sorted(CASES)
    for name in names:
        assert (GOLDEN / f"{name}.md").is_file(), name


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_record_is_well_formed(name):
    """NOTATION.md: format, rules, players, dealer, scores, the whole deck top first."""
    raw = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    assert raw["format"] == "cardtable-record/1"
    for key in ("rules", "players", "dealer", "scores", "deck", "actions"):
        assert key in raw
    rec = load(name)
    game = get_game(rec.rules)
    assert len(rec.deck) == len(game.deck_for(rec.players))
    if rec.rules == "looking-and-down":
        assert rec.keeper is not None and rec.grab is not None
    rec.to_setup()  # a usable deal


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_deal_scores_match_the_hand_calculation(name):
    case = CASES[name]
    result, code = replay(load(name))
    assert code == 0
    assert result["ok"] is True and result["error"] is None
    assert result["applied"] == case["applied"]
    assert result["deal_over"] is True
    assert result["to_move"] == -1
    assert result["breakdown"] == case["breakdown"]
    assert result["deal_scores"] == case["deal_scores"]
    assert [sum(p.values()) for p in case["breakdown"]] == case["deal_scores"]
    assert result["totals"] == case["totals"]
    assert result["game_over"] is False and result["winner"] is None
    assert result["state"]["went_out"] == case["went_out"]
    assert result["state"]["end"] == "went out"


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_sheet_states_the_same_numbers(name):
    """The worked sheet (.md) ends with the same deal scores and totals as the test."""
    text = (GOLDEN / f"{name}.md").read_text(encoding="utf-8")
    scores = re.search(r"deal_scores: (\[[-0-9, ]+\])", text)
    totals = re.search(r"totals: .*= (\[[-0-9, ]+\])", text)
    assert scores and json.loads(scores.group(1)) == CASES[name]["deal_scores"]
    assert totals and json.loads(totals.group(1)) == CASES[name]["totals"]


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_prefixes_replay_without_ending(name):
    """Every prefix of a golden record replays cleanly; only the whole record ends the deal."""
    rec = load(name)
    n = len(rec.actions)
    for k in sorted({0, 1, n // 3, n // 2, n - 1}):
        part = rec.model_copy(update={"actions": rec.actions[:k]})
        result, code = replay(part)
        assert code == 0 and result["applied"] == k
        assert result["deal_over"] is False and result["deal_scores"] is None
        assert result["breakdown"] is None
        assert result["totals"] == rec.scores


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_action_after_the_end_is_refused(name):
    rec = load(name)
    extra = rec.model_copy(update={"actions": rec.actions + ["0 draw"]})
    result, code = replay(extra)
    assert code == 1
    assert result["error"]["index"] == len(rec.actions)
    assert result["error"]["reason"] == "The deal is over."
    assert result["deal_scores"] == CASES[name]["deal_scores"]
