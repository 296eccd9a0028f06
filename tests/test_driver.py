"""The one deal driver (game.driver): who is asked for a move, and the loop that asks them."""

from __future__ import annotations

import doctest

import pytest

import game.driver
from game.driver import OPTIONAL_TRIES, Ask, DealDriver, play_deal
from game.engine.match import Match
from game.engine.registry import GAME_NAMES, get_game
from game.players.registry import make_player


class Schedule:
    """Just what the driver reads of a deal: whose turn, which turn, who may act."""

    def __init__(self, actors: list[int], turn: int = 0) -> None:
        self._actors = actors
        self.turn = turn
        self.over = False

    def is_over(self) -> bool:
        return self.over

    def current_player(self) -> int:
        return self._actors[0]

    def turn_count(self) -> int:
        return self.turn

    def actors(self) -> list[int]:
        return list(self._actors)


def test_out_of_turn_rights_are_offered_in_seat_order_then_the_turn_goes_on():
    """LD-10: each frozen-in-time seat is asked at the start of the turn, then the mover."""
    st = Schedule([2, 0, 3])
    d = DealDriver(st)  # type: ignore[arg-type]
    assert d.ask() == Ask(0, optional=True)
    d.answered(Ask(0, True), None)  # seat 0 passes
    assert d.ask() == Ask(3, optional=True)
    d.answered(Ask(3, True), None)
    assert d.ask() == Ask(2)
    assert d.ask() == Ask(2)  # passing is final for this turn
    st.turn += 1  # the next turn offers again
    assert d.ask() == Ask(0, optional=True)


def test_a_seat_that_keeps_acting_out_of_turn_is_stopped_after_the_cap():
    st = Schedule([1, 0])
    d = DealDriver(st)  # type: ignore[arg-type]
    asked = 0
    while (ask := d.ask()) is not None and ask.optional and asked <= OPTIONAL_TRIES:
        asked += 1
        d.answered(ask, object())  # type: ignore[arg-type]  # an action each time
    assert asked == OPTIONAL_TRIES
    assert d.ask() == Ask(1)


def test_a_seat_that_loses_its_right_is_not_asked_again():
    st = Schedule([1, 0, 2])
    d = DealDriver(st)  # type: ignore[arg-type]
    assert d.ask() == Ask(0, optional=True)
    d.answered(Ask(0, True), object())  # type: ignore[arg-type]
    st._actors = [1, 2]  # seat 0 is no longer frozen in time
    assert d.ask() == Ask(2, optional=True)


def test_the_driver_has_nothing_to_ask_once_the_deal_is_over():
    st = Schedule([0])
    st.over = True
    assert DealDriver(st).ask() is None  # type: ignore[arg-type]


class Unlisted:
    def choose(self, decision):
        from game.engine.actions import parse_action
        return parse_action(f"{decision.seat} discard JK")

    def choose_optional(self, decision):
        return None


def test_an_action_the_engine_did_not_list_stops_the_deal_with_the_reason():
    state = Match(get_game("canasta"), 2, seed=3).start_deal()
    end = play_deal(state, [Unlisted(), Unlisted()])
    assert end.actions == 0
    assert end.error is not None and "unlisted action" in end.error


@pytest.mark.parametrize("rules", GAME_NAMES)
def test_every_game_plays_a_deal_to_its_end_at_its_smallest_and_largest_count(rules):
    game = get_game(rules)
    for players in (min(game.player_counts), max(game.player_counts)):
        state = Match(game, players, seed=11).start_deal()
        heard: list[int] = []
        end = play_deal(state, [make_player("easy", s) for s in range(players)],
                        on_action=lambda seat, action, events, heard=heard: heard.append(seat))
        assert end.error is None, (players, end.error)
        assert state.is_over() and state.check_invariants() == []
        assert len(heard) == end.actions > 0


def test_the_driver_doctest_runs():
    assert doctest.testmod(game.driver).failed == 0
