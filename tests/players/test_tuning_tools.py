"""The tools that tune and measure the computer players (docs/ai-journal.md, Tuning and issue 14):
tools/tune_heuristic.py (parameter arms against Normal), tools/canasta_arms.py (Hard with one
search setting changed) and tools/canasta_judge.py (the one-round search's judge measured)."""

from __future__ import annotations

import importlib.util
import math
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from game.engine.match import Match
from game.engine.registry import get_game
from game.lab.tournament import run_tournament
from game.players.base import Decision
from game.players.heuristic_canasta import HARD_PARAMS, PARAMS
from game.players.registry import LEVELS

TOOLS = Path(__file__).resolve().parents[2] / "tools"


def _tool(name: str):
    spec = importlib.util.spec_from_file_location(name, TOOLS / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture
def levels():
    saved = dict(LEVELS)
    yield LEVELS
    LEVELS.clear()
    LEVELS.update(saved)


@pytest.fixture
def arm_levels(levels):
    """The levels with tools/canasta_arms.py's arms registered."""
    arms = _tool("canasta_arms")
    for name, settings in arms.ARMS.items():
        levels[name] = arms.arm_class(name, settings)
    return levels


def test_an_arm_is_parsed_into_typed_parameters_and_unknown_ones_are_refused():
    tune = _tool("tune_heuristic")
    name, changes = tune.parse_arm("a:gain_fit=25,keep_min=3,open_alone=1", "canasta", "hard")
    assert name == "a"
    assert changes == {"gain_fit": 25.0, "keep_min": 3, "open_alone": True}
    assert isinstance(changes["keep_min"], int)
    assert tune.parse_arm("b:", "canasta", "normal") == ("b", {})
    # a value per player count
    assert tune.parse_arm("e:hoard_hand=0/0/1/0/8", "canasta", "hard") == \
        ("e", {"hoard_hand": (0, 0, 1, 0, 8)})
    assert tune.parse_arm("c:threat=0.7", "cassino", "hard") == ("c", {"threat": 0.7})
    with pytest.raises(ValueError, match="unknown parameter"):
        tune.parse_arm("d:no_such=1", "canasta", "hard")
    with pytest.raises(ValueError, match="no name"):
        tune.parse_arm(":gain_fit=1", "canasta", "hard")


def test_an_unknown_opponent_is_refused_not_played_as_normal(levels, capsys):
    # make_player falls back to Normal for an unknown level: "--against base" without a
    # "base:" arm once screened against Normal unnoticed
    tune = _tool("tune_heuristic")
    with pytest.raises(SystemExit) as e:
        tune.main(["--rules", "canasta", "--deals", "1", "--against", "base", "a:gain_fit=20"])
    assert e.value.code == 2
    assert "'base' is neither a level nor an arm given" in capsys.readouterr().err


def test_an_arm_is_screened_against_an_exploiter(levels, capsys):
    """``--against sprinter``: the exploiters of tools/canasta_exploiters.py are opponents
    too (issue 30, session 16), in the canasta family."""
    tune = _tool("tune_heuristic")
    assert tune.main(["--rules", "canasta", "--players", "2", "--deals", "1", "--jobs", "1",
                      "--against", "sprinter", "a:gain_fit=20"]) == 0
    assert '"arm": "a"' in capsys.readouterr().out


def test_an_arm_plays_its_parameters_and_an_unchanged_arm_plays_like_its_base(levels):
    tune = _tool("tune_heuristic")
    levels["same"] = tune.arm_class("same", "canasta", "normal", {})
    levels["other"] = tune.arm_class("other", "canasta", "hard", {"gain_fit": 40.0})
    player = levels["other"](1)
    used = player.heuristic_for(get_game("canasta")).params["canasta"]
    assert used.gain_fit == 40.0
    assert used.disc_pair == HARD_PARAMS["canasta"].disc_pair
    assert PARAMS["canasta"].gain_fit != 40.0  # the shared tables are left alone
    # Normal's parameters unchanged: every duplicate pair is a tie
    r = run_tournament("canasta", 4, "same", "normal", 2, 7)
    assert r["a_points_mean"] == 0.0 and r["a_points_sd"] == 0.0


def _arm_and_hard(levels, name: str, seed: int, rules: str = "canasta"):
    """The arm and Hard at 2 worlds a decision, and a new 4-player deal of ``rules``."""
    arm, hard = levels[name](seed), levels["hard"](seed)
    arm.samples = hard.samples = 2
    return arm, hard, Match(get_game(rules), 4, seed=seed - 1, dealer=0).start_deal()


@pytest.mark.parametrize("rules", ["canasta", "looking-and-down"])
def test_the_no_search_arm_never_searches(arm_levels, rules):
    """``hard-nosearch`` is Hard's heuristic alone: no take, discard or meld plan searched
    (Looking and Down's meld plans, Hard's since session 17, included)."""
    arm, hard, st = _arm_and_hard(arm_levels, "hard-nosearch", 3, rules)
    searched = plans = 0
    for _ in range(120):
        if st.is_over():
            break
        d = Decision.of(st, st.current_player())
        arm.choose(d)  # builds the search with the arm's settings
        a = hard.choose(d)
        arm.searched._meld_turn = hard.searched._meld_turn = None  # the turn asked again
        assert arm.searched.candidates(d) == []
        cands = hard.searched.candidates(d)
        searched += bool(cands)
        plans += any(c.verb in ("meld", "add") for c in cands)
        st.apply(a, validate=False)
    assert searched  # the same decisions that Hard searches
    assert plans or rules == "canasta"


def test_the_showing_arm_is_hard_with_new_melds_free(arm_levels):
    """``hard-showing`` is Hard without session 11's term: its heuristic, in its own moves and
    in the search's, does not price a new meld's rank; the rest of Hard's parameters and the
    shared tables are left alone. ``hard-s11`` prices the pile as session 11's Hard did."""
    levels = arm_levels
    arm = levels["hard-showing"](3)
    arm.samples = 2
    st = Match(get_game("canasta"), 4, seed=2, dealer=0).start_deal()
    arm.choose(Decision.of(st, st.current_player()))
    for rules in ("canasta", "quick-canasta"):
        used = arm.searched.policy.params[rules]
        assert used.new_meld_cost == 0.0 and HARD_PARAMS[rules].new_meld_cost > 0.0
        assert used == replace(HARD_PARAMS[rules], new_meld_cost=0.0)
    assert arm.searched.heuristic.params is arm.searched.policy.params
    old = levels["hard-s11"](3)
    old.samples = 2
    old.choose(Decision.of(st, st.current_player()))
    for rules in ("canasta", "quick-canasta"):
        assert old.searched.policy.params[rules] == replace(HARD_PARAMS[rules], pile_card=9.0,
                                                           meld_pile=0.0)


def test_only_the_meld_plans_arm_searches_melding(arm_levels):
    """Hard searches no meld plans since session 12; ``hard-meldplans`` is its search before
    (melding against not melding, once a turn)."""
    arm, hard, st = _arm_and_hard(arm_levels, "hard-meldplans", 5)
    plans = 0
    for _ in range(80):
        if st.is_over():
            break
        d = Decision.of(st, st.current_player())
        a = hard.choose(d)
        arm.choose(d)
        assert hard.searched.melds is False and arm.searched.melds is True
        hard.searched._meld_turn = arm.searched._meld_turn = None
        assert not any(c.verb in ("meld", "add") for c in hard.searched.candidates(d))
        plans += any(c.verb in ("meld", "add") for c in arm.searched.candidates(d))
        st.apply(a)
    assert plans  # the arm did search melding in this deal


def test_the_judge_is_measured_on_the_search_own_candidates_reproducibly():
    judge = _tool("canasta_judge")
    first = judge.play("canasta", 2, 5, 1)
    assert first == judge.play("canasta", 2, 5, 1)
    assert first and all(len(row) >= 2 for row in first)
    for row in first:
        for x, value, final in row:
            assert len(x) == len(judge.NAMES)
            assert math.isfinite(value) and math.isfinite(final)
    dx, dy, dj = judge._pairs(first)
    assert len(dx) == len(dy) == len(dj) == sum(len(r) - 1 for r in first)


def test_the_least_squares_fit_recovers_a_known_linear_rule():
    judge = _tool("canasta_judge")
    xs = [[1.0, float(i), float(i * i % 7)] for i in range(30)]
    ys = [2.0 + 3.0 * x[1] - 5.0 * x[2] for x in xs]
    assert judge.ridge(xs, ys, 0.0) == pytest.approx([2.0, 3.0, -5.0], abs=1e-6)
    assert judge.corr(ys, [2 * y + 1 for y in ys]) == pytest.approx(1.0)


def test_the_probes_report_what_the_deals_and_the_search_do():
    probe = _tool("canasta_probe")
    stats = probe.deal_stats("canasta", 2, 3)
    assert stats["went_out"][0] in (0.0, 0.5, 1.0) and stats["turns"][0] > 0
    # each side's score is the sum of its parts (CA-15)
    parts = ("melds", "canastas", "red_threes", "going_out", "hand")
    assert set(parts) <= set(stats)
    assert abs(sum(stats[k][0] for k in parts) - stats["score"][0]) < 0.5
    costs = probe.playout_costs("canasta", 1, 3)
    assert costs["to_the_end"] > 0 and costs["one_round"] > 0 and costs["sample"] > 0
    first = list(probe.oracle("canasta", 2, 3, 17, limit=2))
    assert first == list(probe.oracle("canasta", 2, 3, 17, limit=2))  # reproducible
    for rec in first:
        assert rec["gains"][0] == (0.0, 0.0)  # the heuristic's move against itself
        assert len(rec["gains"]) == len(rec["candidates"]) >= 2 and rec["worlds"] <= 3


def test_the_parts_probe_splits_a_pairs_gain_by_the_parts_of_the_score(levels):
    probe = _tool("canasta_probe")
    tune = _tool("tune_heuristic")
    levels["same"] = tune.arm_class("same", "canasta", "normal", {})
    levels["freezer"] = tune.arm_class("freezer", "canasta", "hard", {})
    even = probe.parts("canasta", "same", "normal", 2, 5)
    assert all(row["diff"] == 0.0 and row["a"] == row["b"] for row in even.values())
    rows = probe.parts("canasta", "freezer", "normal", 3, 5)
    # a side's score is the sum of its parts (CA-15), for each level and their difference
    keys = ("melds", "canastas", "red_threes", "going_out", "hand")
    for col in ("a", "b", "diff"):
        assert abs(sum(rows[k][col] for k in keys) - rows["score"][col]) < 0.05
    assert rows["went_out"]["a"] + rows["went_out"]["b"] <= 1.0
    assert rows["canasta_count"]["a"] >= 0 and rows["freezes"]["a"] >= 0
    assert rows == probe.parts("canasta", "freezer", "normal", 3, 5)  # reproducible


def test_cassino_leftovers_counts_every_card_left_at_a_round_end_once_by_rank():
    """tools/cassino_leftovers.py, the measurement behind the round solver's leaf (CN-3: the
    next round's first player meets the table first): each card left on the table at a round's
    end is counted once under its rank, the point cards 2S and 10D also on their own, and each
    share is the fraction of them the next first player took."""
    tool = _tool("cassino_leftovers")
    games = list(tool.self_play(4, 5))
    left = [c for ends, _ in games for st in ends
            for c in st.loose + [c for r in st.res for c in r[0]]]
    out = tool.shares(4, 5)
    assert sum(out[r]["cards"] for r in tool.RANKS if r in out) == len(left) > 0
    assert out.get("2S", {"cards": 0})["cards"] == left.count(1)
    assert all(0.0 <= v["share"] <= 1.0 for v in out.values())
    errors = tool.leaf(4, 5)
    assert set(errors) == {f"round {st.round}" for ends, _ in games for st in ends}
    assert all(v["by rank"] >= 0 and v["ends"] == 4 for v in errors.values())


def test_cassino_trails_finds_values_passed_up_and_counts_them_per_decision():
    """tools/cassino_trails.py, the measurement behind reading the trails (CN-8: a trail past a
    capture is seen by all): in a few games of Normal some middle-game decisions face an
    opponent who passed values up, those values are a share of the unseen cards, and the
    figures are reproducible."""
    tool = _tool("cassino_trails")
    out = tool.measure("normal", 6, 5)
    assert out["decisions"] > 0
    assert 0.0 < out["with_passed"] < 1.0
    assert 0.0 < out["unseen_excluded"] < 1.0 and 0.0 <= out["held_anyway"] <= 1.0
    assert tool.measure("normal", 6, 5) == out
