"""The state counts the cards face up by kind as they move (``shown_kinds``, issue 30: cheaper
simulation): the pile, the melds and the red threes laid out, counted by ``melds.KIND``. After
every action of random deals of every canasta-family game (hypothesis chooses them; takes and
melds are favoured, so the pile goes to hands and to melds, red threes are laid out from the
pile and the packet, and Looking and Down's shown pairs come up), the kept count equals a count
of the cards themselves, a clone's actions leave the original's count alone, every seat's view
carries the same counts as its own cards give (``counts_of``), and a world sampled from a view
(a position built from card codes) counts its own cards."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine.canasta.seatview import SeatView, counts_of
from game.engine.match import Match
from game.engine.registry import get_game
from game.engine.rng import Rng

GAMES = [("canasta", 4), ("canasta", 2), ("quick-canasta", 4), ("canastone", 4),
         ("canastone", 6), ("looking-and-down", 4), ("looking-and-down", 2)]


def _view_counts(view):
    return counts_of(view.discard, view.melds, view.red_three_cards, view.hand)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10**6))
def test_kept_counts_equal_a_count_of_the_cards(game, seed):
    rules, players = game
    state = Match(get_game(rules), players, seed=seed).start_deal()  # again after a Misdeal
    rng = random.Random(seed)
    assert state.shown_kinds == state.count_shown()
    moved = set()
    while not state.is_over():
        seat = state.current_player()
        legal = state.legal_actions(seat)
        if not legal:
            break
        takes = [a for a in legal if a.verb == "take"]
        melds = [a for a in legal if a.verb in ("meld", "add")]
        if takes and rng.random() < 0.8:
            a = rng.choice(takes)
        elif melds and rng.random() < 0.7:
            a = rng.choice(melds)
        else:
            a = rng.choice(legal)
        before = state.shown_kinds[:]
        other = state.clone()
        other.apply(a, validate=False)  # a clone's moves leave the original's count alone
        assert other.shown_kinds == other.count_shown()
        assert state.shown_kinds == before
        state.apply(a, validate=False)
        moved.add(a.verb)
        assert state.shown_kinds == state.count_shown(), (a, before)
        for s in range(players):
            view = state.view(s)
            assert len(view) == len(SeatView._fields)  # built field by field: none left out
            assert (view.shown_kinds, view.hand_ranks) == _view_counts(view)
    assert moved & {"take", "meld", "add", "discard"}


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10**6))
def test_a_sampled_world_counts_its_own_cards(game, seed):
    rules, players = game
    state = Match(get_game(rules), players, seed=seed).start_deal()
    rng = random.Random(seed)
    sampled = 0
    for _ in range(60):
        if state.is_over():
            break
        seat = state.current_player()
        legal = state.legal_actions(seat)
        if not legal:
            break
        world = state.sample_world(state.view(seat), Rng(seed), state.options)
        if world is not None:
            sampled += 1
            assert world.shown_kinds == world.count_shown()
            assert world.shown_kinds == state.shown_kinds  # the same cards face up
        state.apply(rng.choice(legal), validate=False)
    assert sampled > 0
