"""Resume determinism: play, save, load, continue; compare with an uninterrupted game from the
same seed (the same cards from the stock, the same computer moves, the same scores)."""

from __future__ import annotations

import pytest

from game import saves
from game.engine.registry import GAME_NAMES

from .helpers import PLAYERS, new_session, play


@pytest.mark.parametrize("rules", GAME_NAMES)
def test_resume_continues_identically(rules, folder):
    before, after = (40, 260) if rules != "looking-and-down" else (40, 420)
    n = PLAYERS[rules]
    log_a: list[str] = []
    a = play(new_session(rules, n, seed=23), before, log_a)
    assert saves.autosave(a) is None
    b = saves.load_latest()
    assert b is not a and b.history == a.history
    log_b = list(log_a)
    play(a, after, log_a)
    play(b, after, log_b)
    # An uninterrupted game from the same seed.
    log_c: list[str] = []
    c = play(new_session(rules, n, seed=23), before + after, log_c)
    assert log_a == log_b == log_c
    assert "--deal--" in log_c or c.game_over  # the runs cross into a new deal
    for x in (b, c):
        assert x.match.totals == a.match.totals
        assert x.match.deal_history == a.match.deal_history
        assert x.match.rng.state == a.match.rng.state
        assert x.setup.deck == a.setup.deck
        assert x.state.summary() == a.state.summary()


def test_resume_from_every_point_of_a_deal(folder):
    """Save after each action of a short stretch: each resumed game continues identically."""
    ref_log: list[str] = []
    play(new_session("quick-canasta", 2, seed=9), 120, ref_log)
    for k in range(0, 60, 7):
        log: list[str] = []
        s = play(new_session("quick-canasta", 2, seed=9), k, log)
        t = saves.load(saves.save_as(s, "k", overwrite=True))
        play(t, 120 - k, log)
        assert log == ref_log, k


def test_resume_after_the_deal_ended_deals_the_same_next_deck(folder):
    s = new_session("canastone", 4, seed=31)
    while not s.state.is_over():
        play(s, 1)
    t = saves.load(saves.save_as(s, "end of deal"))
    s.start_deal()
    t.start_deal()
    assert s.setup.deck == t.setup.deck
    assert s.setup.scores == t.setup.scores
