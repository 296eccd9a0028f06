"""Goal conditions (game.guide.goals) read the engine's public state and history."""

from __future__ import annotations

import pytest

from game.engine.actions import parse_action
from game.guide.goals import Cond, reached
from game.saves import practice


def test_unknown_condition_is_refused_when_declared():
    with pytest.raises(ValueError):
        Cond("won_the_lottery")


def test_an_empty_goal_is_never_reached():
    s = practice.session_of(practice.puzzle_by_id("cassino-08"), 0)
    assert not reached((), s)


def test_frozen_in_time_needs_a_meld_after_the_own_discard():
    """LD-10: melding in one's own turn after taking the pile is not melding frozen in time;
    melding after the discard, before the next own draw, is."""
    p = practice.puzzle_by_id("ld-frozen-in-time")
    goal = (Cond("frozen_in_time"),)
    s = practice.session_of(p, 0)
    for text in ("0 take 9H 9S", "0 meld 9H 9S 9D", "0 discard 4C"):
        s.apply(parse_action(text))
    assert not reached(goal, s)
    s = practice.session_of(p, 0)
    for text in ("0 take 9H 9S", "0 discard 4C", "1 draw", "0 meld 9H 9S 9D"):
        s.apply(parse_action(text))
    assert reached(goal, s)


def test_conditions_belong_to_the_seat_named():
    """A capture by the opponent is not the player's."""
    s = practice.session_of(practice.puzzle_by_id("cassino-06"), 0)
    s.apply(parse_action("0 trail 4H"))
    s.apply(parse_action("1 capture 3S 3H"))
    assert reached((Cond("captured", 2, seat=1),), s)
    assert not reached((Cond("captured", 1),), s)
