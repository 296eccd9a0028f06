"""Take-back (issue 15): a rewound deal is exactly a fresh replay of its first actions, and it
plays on, computers included, exactly as if the later actions had never been played."""

from __future__ import annotations

import random

import pytest

from game.engine.actions import parse_action
from game.engine.registry import GAME_NAMES
from game.session import UNDOABLE_VERBS, GameSession, SeatConfig

SEEDS = range(6)


def _players(rules: str) -> int:
    return 2 if rules == "cassino" else 4


LEVELS = ("easy", "random", "normal")  # the first two draw on their generators often


def _seats(players: int) -> list[SeatConfig]:
    return [SeatConfig("human")] + [SeatConfig("computer", LEVELS[i % 3])
                                    for i in range(players - 1)]


def _session(rules: str, seed: int) -> GameSession:
    s = GameSession(rules, _players(rules), seats=_seats(_players(rules)), seed=seed)
    s.start_deal((seed % 2 == 0, seed % 3 == 0))  # the LD-3 grab is part of the deal's setup
    return s


def _step(s: GameSession) -> None:
    """One move: a computer's own choice, or the human seat's (a fresh hint player:
    the same choice in the same position)."""
    s.apply(s.bot_move(s.state.current_player()))


def _play(s: GameSession, n: int) -> None:
    while len(s.history) < n and not s.state.is_over():
        _step(s)


def _played(rules: str, seed: int, n: int) -> GameSession:
    """A deal played to ``n`` actions, or to one before its end (a scored deal is not
    taken back)."""
    s = _session(rules, seed)
    _play(s, n)
    if s.scored:
        end = len(s.history)
        s = _session(rules, seed)
        _play(s, end - 1)
    return s


def _picture(s: GameSession) -> tuple:
    st = s.state
    hands = [list(st.hand_cards(p)) if hasattr(st, "hand_cards") else list(st.hands[p])
             for p in range(s.players)]
    legal = [sorted(map(str, st.legal_actions(p))) for p in range(s.players)]
    return (st.summary(), hands, legal, list(s.history), s._bot_states())


@pytest.mark.parametrize("rules", GAME_NAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_rewind_equals_a_fresh_replay_and_plays_on_the_same(rules, seed):
    rng = random.Random(seed)
    a = _played(rules, seed, rng.randrange(20, 90))
    n = rng.randrange(0, len(a.history))
    a.rewind_to(n)
    b = _session(rules, seed)
    _play(b, n)
    assert _picture(a) == _picture(b)
    _play(a, n + 40)  # the computers' later choices too
    _play(b, n + 40)
    assert _picture(a) == _picture(b)


@pytest.mark.parametrize("rules", GAME_NAMES)
def test_a_resumed_game_rewinds_only_where_the_computers_are_known(rules):
    a = _played(rules, 1, 30)
    r = GameSession.restore(a.snapshot())
    last_bot = max(i for i, t in enumerate(a.history) if parse_action(t).seat != 0)
    assert not r.can_rewind_to(last_bot)
    assert r.can_rewind_to(last_bot + 1)
    r.rewind_to(last_bot + 1)
    a.rewind_to(last_bot + 1)
    assert _picture(r) == _picture(a)


@pytest.mark.parametrize("rules", GAME_NAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_a_normal_game_never_takes_back_a_draw_take_or_another_seat(rules, seed):
    """Only the seat's own melds and additions of the turn in progress go back; a draw or a
    pile take has shown cards (and never marks the game)."""
    s = _session(rules, seed)
    for _ in range(120):
        if s.state.is_over():
            break
        h = list(s.history)
        if s.take_back(0):
            undone = [parse_action(t) for t in h[len(s.history):]]
            assert len(undone) == 1 and undone[0].seat == 0
            assert undone[0].verb in UNDOABLE_VERBS
            assert s.state.current_player() == 0
            _play(s, len(h))  # play it again (the same choice)
            assert s.history == h
        _step(s)
    assert not s.took_back


@pytest.mark.parametrize("rules", GAME_NAMES)
def test_whole_turn_take_back_goes_before_the_draw_and_marks_the_game(rules):
    s = _session(rules, 2)
    while not s.state.is_over():
        _step(s)
        if (s.state.current_player() == 0 and len(s.history) > 12
                and parse_action(s.history[-1]).seat != 0):
            break
    before = [parse_action(t) for t in s.history]
    assert s.take_back(0, whole_turns=True)
    assert s.took_back
    n = len(s.history)
    assert before[n].seat == 0 and (n == 0 or before[n - 1].seat != 0)
    assert s.state.current_player() == 0
    assert GameSession.restore(s.snapshot()).took_back


def test_whole_turns_need_every_other_seat_a_computer():
    s = GameSession("canasta", 4, seats=[SeatConfig("human"), SeatConfig("computer"),
                                         SeatConfig("human"), SeatConfig("computer")], seed=4)
    s.start_deal()
    _play(s, 20)
    assert s.take_back_point(0, whole_turns=True) in (None, len(s.history) - 1)
