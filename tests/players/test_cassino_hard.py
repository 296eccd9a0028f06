"""Cassino's Hard level: the fixed sample budget of tournaments, the exploited sweep, the
middle-game search and the four-player last-round solver (docs/ai.md)."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout

import pytest

from game.cli import main


def _tournament_json(*extra: str) -> dict:
    buf = io.StringIO()
    with redirect_stdout(buf):
        code = main(["tournament", "--rules", "cassino", "--a", "hard", "--b", "normal",
                     "--deals", "1", "--seed", "5", "--json", *extra])
    assert code == 0
    return json.loads(buf.getvalue())


def _play(r: dict) -> tuple:
    return r["a_points_mean"], r["a_deal_win_rate"], r["actions"], r["times"]["hard"]["decisions"]


# ---- tournament --samples ----------------------------------------------------------------------
def test_a_fixed_sample_budget_plays_the_same_whatever_the_deadline():
    """Twice the same pair, with a deadline no search could meet and one far above: the same
    games (Hard searched its fixed budget both times, the clock played no part)."""
    fast = _tournament_json("--samples", "6", "--deadline", "1")
    slow = _tournament_json("--samples", "6", "--deadline", "60000")
    assert fast["samples"] == 6 and slow["deadline_ms"] == 60000
    assert _play(fast) == _play(slow)


@pytest.mark.parametrize("value", ["0", "-3", "x", "1000000000"])
def test_a_bad_sample_budget_prints_usage_and_exits_2(value, capsys):
    code = main(["tournament", "--rules", "cassino", "--a", "hard", "--b", "normal",
                 "--samples", value])
    out, err = capsys.readouterr()
    assert code == 2 and not out
    assert "usage:" in err and "--samples" in err and "Traceback" not in err
