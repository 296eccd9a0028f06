"""The Hard level's sampled worlds respect what the public history says the other hands do not
hold (game/engine/canasta/worlds.py, ``hand_limits``): a player who passed a big unfrozen pile held
no natural pair of its top card (CA-9: two naturals take it), and a player who discarded a
rank its side has melded held no other natural of it (it would have added it, CA-8)."""

from __future__ import annotations

import random

from game.engine.canasta.position import build_position
from game.engine.canasta.state import CanastaState
from game.engine.canasta.worlds import hand_limits
from game.engine.cards import JOKER, RANK
from game.engine.rng import Rng
from game.players.base import Decision
from tests.players.test_players import random_positions


def _naturals(cards, r: int) -> int:
    return sum(1 for c in cards if c != JOKER and RANK[c] == r)


def _after_a_pass():
    """Canasta, 4 players: seat 0 throws 9H on a 5-card pile, seat 1 (opened, eleven cards)
    draws instead of taking, then discards; seat 2 is to move."""
    st = build_position(
        "canasta", 4,
        hands=["9H 4C 4D", "5C 6C 7C 8C 10C JC QC KC 4H 5H 6H", "5D 6D 7D 8D 10D",
               "5S 6S 7S 8S 10S"],
        pile="4S 6S 7S 8S", turn=0, phase="play",
        melds=[{"A": "AC AD AH"}, {"K": "KS KH KD"}], opened=[True, True],
        stock="9D 9C 9S 9C QS QH QD JS JH JD")
    for text in ("discard 9H", "draw", "discard 4H"):
        st.apply(next(a for a in st.legal_actions(st.current_player()) if str(a).endswith(text)))
    return st


def test_a_player_who_passed_a_big_pile_holds_no_pair_of_its_top_card():
    st = _after_a_pass()
    view = st.view(2)
    assert hand_limits(view) == {1: {9: 1}}
    rng = Rng(7)
    for _ in range(60):
        world = CanastaState.sample_world(view, rng)
        assert world is not None and world.view(2) == view
        assert _naturals(world.hand_cards(1), 9) <= 1


def test_without_the_inference_the_pair_is_dealt_sometimes():
    """The control: the same worlds dealt blindly give seat 1 two nines now and then (so the
    test above would catch a sampler that ignored the pass)."""
    view = _after_a_pass().view(2)
    rng = Rng(7)
    assert any(_naturals(CanastaState.sample_world(view, rng, infer=False).hand_cards(1), 9) >= 2
               for _ in range(200))


def test_a_discard_of_a_melded_rank_means_no_other_natural_of_it():
    st = build_position(
        "canasta", 4,
        hands=["4C 4D 5D", "KC 6C 7C 8C 10C JC QC 4H 5H 6H 7H", "5D 6D 7D 8D 10D",
               "5S 6S 7S 8S 10S"],
        pile="4S 6S", turn=1, phase="play",
        melds=[{"A": "AC AD AH"}, {"K": "KS KH KD"}], opened=[True, True])
    st.apply(next(a for a in st.legal_actions(1) if str(a).endswith("discard KC")))
    view = st.view(0)
    assert hand_limits(view) == {1: {13: 0}}
    rng = Rng(3)
    for _ in range(40):
        assert _naturals(CanastaState.sample_world(view, rng).hand_cards(1), 13) == 0


def test_sampled_worlds_keep_every_limit_in_played_deals():
    """Over positions of many games, every world agrees with the view and respects the
    limits (when the stock had a card to swap with, which it always has here)."""
    rng = random.Random(5)
    checked = 0
    for rules in ("canasta", "quick-canasta", "canastone"):
        for state, seat in random_positions(rules, 4, seed=9, count=60, every=2):
            view = Decision.of(state, seat).view
            limits = hand_limits(view)
            if not limits or view.stock < 20:
                continue
            world = CanastaState.sample_world(view, rng, state.options)
            assert world is not None and world.view(seat) == view
            for s, ranks in limits.items():
                known = list(view.known_hands[s])
                hand = world.hand_cards(s)
                for c in known:
                    hand.remove(c)
                for r, most in ranks.items():
                    assert _naturals(hand, r) <= most
                checked += 1
    assert checked
