"""The typed view of a seat (game.engine.canasta.seatview): built from the state, it says what the
state says (the seat's own hand, counts, melds, the turn) in card codes and records; the text
observation is derived from it. What it hides is tested with the observation in
test_properties.py (re-dealt hidden cards leave both unchanged)."""

from __future__ import annotations

import random

import pytest

from game.engine.canasta.seatview import MeldView, Phase, SeatView
from game.engine.match import Match
from game.engine.registry import get_game


@pytest.mark.parametrize("rules,players", [("canasta", 4), ("canastone", 6),
                                           ("looking-and-down", 5), ("quick-canasta", 2)])
def test_view_agrees_with_the_state(rules, players):
    rng = random.Random(4)
    match = Match(get_game(rules), players, seed=4)
    state = match.start_deal()
    for _ in range(300):
        if state.is_over():
            state = match.start_deal()
        for seat in range(players):
            v = state.view(seat)
            assert isinstance(v, SeatView) and isinstance(v.phase, Phase)
            assert list(v.hand) == state.hand_cards(seat)  # in card order, every copy
            assert sum(v.hand_count) == len(v.hand) == v.hand_counts[seat]
            assert v.discard == tuple(state.pile) and v.stock == len(state.stock)
            for side, ms in enumerate(v.melds):
                for m, real in zip(ms, state.melds[side], strict=True):
                    assert isinstance(m, MeldView) and m.cards == tuple(real.cards)
                    assert (m.nat, m.jok, m.two, m.red3) == (real.nat, real.jok, real.two,
                                                             real.red3)
            assert v.observation() == state.observation(seat)
            # the table's public facts (the hiding test in test_properties.py compares whole
            # views, these fields included)
            assert v.red_three_cards == tuple(map(tuple, state.red3))
            assert v.turn_no == state.turn_no and v.draw_only == state.draw_only
            if v.phase == Phase.DRAW and any(a.verb == "meld"
                                              for a in state.legal_actions(v.turn)):
                assert v.may_open_first  # CS-9: a meld before the draw is an opening
            if v.may_open_first:
                assert v.phase == Phase.DRAW and not v.opened[state.side[v.turn]]
        legal = state.legal_actions()
        state.apply(rng.choice(legal), validate=False)
