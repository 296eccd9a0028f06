"""The points a side has on the table during a deal (issue 15: shown at the table), from the
engine's public ``meld_points`` and ``table_points`` (CA-15, CS-15, LD-14, G-4)."""

import random

import pytest

from game.session import GameSession

from .helpers import CA, CS, LD, QC


def _play(rules, players, seed, moves):
    s = GameSession(rules, players, seats=None, seed=seed)
    s.start_deal()
    rng = random.Random(seed)
    st = s.state
    for _ in range(moves):
        if st.is_over():
            break
        legal = st.legal_actions(st.current_player())
        s.apply(rng.choice(legal))
    return st


@pytest.mark.parametrize("rules, players", [(CA, 4), (QC, 3), (CS, 2), (LD, 2)])
def test_table_points_are_the_breakdowns_table_parts(rules, players):
    """CA-15: at the end of a deal the melds, canasta bonuses and red threes of the breakdown
    are exactly what the table showed; meanwhile each meld's points are its cards' values."""
    for seed in range(3):
        st = _play(rules, players, seed, 4000)
        pts = st.rules.points
        for side in range(st.nsides):
            for m in st.melds[side]:
                assert st.meld_points(m) == sum(pts[c] for c in m.cards)
        assert st.is_over()
        for side, part in enumerate(st.breakdown()):
            assert st.table_points(side) == (part["melds"] + part["canastas"]
                                             + part["red_threes"])


def test_looking_and_down_black_threes_count_nothing_in_a_meld():
    """G-4: Looking and Down's black threes are worth 0 (the rule set's values are used)."""
    from .helpers import pos

    st = pos(LD, 2, hands=["4H", "4S"], melds=[{"3": "3S 3C 3S"}, {}])
    m = st.melds[0][0]
    assert st.meld_points(m) == 0
