"""A canasta-family player's count of the cards it has not seen (``CanastaView.unseen``) reads
the view's counts (the cards face up by kind, the hand by rank: kept by the state as the cards
move, issue 30: cheaper simulation); it equals the count made card by card from the view's own
cards (the reference below: the count as it was), and so does the hand by rank the meld-out
planner reads. Positions: random deals of every canasta-family game, played by Hard's
heuristic with random actions mixed in (hypothesis chooses them), every seat's view."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine.canasta.ruleset import NATURAL_RANKS
from game.engine.match import Match
from game.engine.registry import get_game
from game.players.base import Decision
from game.players.canasta_view import SLOT, CanastaView
from game.players.heuristic_canasta import HARD_PARAMS, CanastaHeuristic

GAMES = [("canasta", 4), ("quick-canasta", 2), ("canastone", 4), ("looking-and-down", 4),
         ("looking-and-down", 3)]


def _card_by_card(v: CanastaView) -> tuple[list[int], int, int, int]:
    """The unseen count from the cards one by one (the hand, the pile, others' known cards,
    then the melds by kind and the red threes laid out)."""
    left = v._deck_slots[:]
    for c in v.hand:
        left[SLOT[c]] -= 1
    for c in v.pile:
        left[SLOT[c]] -= 1
    for s, k in enumerate(v.known):
        if s != v.seat:
            for c in k:
                left[SLOT[c]] -= 1
    red = left[14] - sum(v.red_threes)
    by_rank = left[:14]
    for table in v.melds:
        for m in table.values():
            by_rank[m.rank] -= m.nat
            by_rank[0] -= m.jok
            by_rank[2] -= m.two
            red -= m.red3
    by_rank = [k if k > 0 else 0 for k in by_rank]
    red = max(0, red)
    return by_rank, red, max(1, sum(by_rank) + red), by_rank[0] + by_rank[2]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10**6),
       p_random=st.sampled_from([0.0, 0.3, 0.7]))
def test_the_unseen_count_equals_a_count_card_by_card(game, seed, p_random):
    rules, players = game
    g = get_game(rules)
    state = Match(g, players, seed=seed).start_deal()
    rng = random.Random(seed)
    policy = CanastaHeuristic(0, params=HARD_PARAMS)
    totals = [0] * g.num_sides(players)
    checked = steps = 0
    while not state.is_over() and steps < 400:
        steps += 1
        seat = state.current_player()
        legal = state.legal_actions(seat)
        if not legal:
            break
        for s in range(players):
            v = CanastaView(Decision(g, players, s, state.view(s), legal, totals))
            assert v.unseen() == _card_by_card(v)
            for r in NATURAL_RANKS:
                assert v.ranks[r] == v.hand_rank(r)
            checked += 1
        d = Decision(g, players, seat, state.view(seat), legal, totals)
        a = rng.choice(legal) if rng.random() < p_random else policy.choose(d)
        state.apply(a, validate=False)
    assert checked > 0
