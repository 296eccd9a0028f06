"""The worlds the Hard level samples (``CanastaState.sample_world``,
``CassinoState.sample_world``): built by the state classes from a seat's view alone, they look
from that seat exactly like the real deal and go on like it: the same legal actions, and after
each of them the same phase, turn and seat to move (the turn under way is set as the view
says: what was drawn, asked and answered)."""

from __future__ import annotations

import random

import pytest

from game.engine.canasta.position import build_position
from game.engine.canasta.state import CanastaState
from game.engine.cassino.game import CassinoState
from game.engine.rng import Rng
from game.players.base import Decision
from tests.players.test_players import random_positions


def _world(state, seat: int, rng):
    d = Decision.of(state, seat)
    if d.rules == "cassino":
        return CassinoState.sample_world(d.view, rng)
    may_ask = any(a.verb == "ask" for a in d.legal)
    return CanastaState.sample_world(d.view, rng, state.options, may_ask)


def _progress(st) -> tuple:
    return (st.is_over(), st.current_player(), getattr(st, "phase", None), st.turn)


def _check_goes_on_alike(state, seat: int, rng) -> None:
    world = _world(state, seat, rng)
    assert world is not None
    assert world.view(seat) == state.view(seat)
    legal = state.legal_actions(seat)
    assert world.legal_actions(seat) == legal
    for a in legal:
        real, sim = state.clone(), world.clone()
        real.apply(a, validate=False)
        sim.apply(a, validate=False)
        assert _progress(sim) == _progress(real), a


@pytest.mark.parametrize("rules,players", [("canasta", 4), ("quick-canasta", 4),
                                           ("canastone", 4), ("canastone", 6),
                                           ("looking-and-down", 4), ("cassino", 2),
                                           ("cassino", 4)])
def test_worlds_go_on_like_the_real_deal(rules, players):
    rng = Rng(5)
    for state, _ in random_positions(rules, players, seed=8, count=25, every=3):
        seat = state.current_player()
        if seat >= 0:
            _check_goes_on_alike(state, seat, rng)


def test_cs13_a_world_at_an_answer_before_the_draw_still_draws():
    """CS-13: in Canastone a player may ask partner before drawing; a world sampled at the
    answer (from the answering partner's view, or the asker's) must bring the asker back to
    the draw (it used to let the asker meld and discard without drawing)."""
    canasta_meld = {"5": "5C 5D 5H 5S 5C 5D 5H"}
    # five nines: the draw may bring the dirty canasta, so the question may be asked (CS-13)
    st = build_position("canastone", 4, hands=["9C 9D 9H 9S 9H 8S 8H", "5C", "5D", "6C"],
                        melds=[canasta_meld, {}], turn=0, stock="8D 7S JS")
    st.apply(next(a for a in st.legal_actions(0) if a.verb == "ask"))
    assert st.current_player() == 2
    for seat in (2, 0):
        _check_goes_on_alike(st, seat, random.Random(seat))
        world = _world(st, seat, random.Random(seat))
        world.apply(next(a for a in world.legal_actions(2) if a.verb == "yes"))
        assert {a.verb for a in world.legal_actions(0)} == {"draw"}


def test_cs13_asks_before_the_draw_in_random_canastone_play():
    """The same class of position reached by play: every answer to a question asked before
    the draw, in four- and six-player Canastone (CS-13)."""
    found = 0
    for players in (4, 6):
        for state, _ in random_positions("canastone", players, seed=3, count=400, every=1):
            if state.current_player() == state.ask_partner and state.phase == 2 \
                    and not (state.drew or state.took):
                _check_goes_on_alike(state, state.ask_partner, Rng(found))
                found += 1
    assert found
