"""What a group of cards still lacks to be a meld (``meld_shortfall``), the engine's answer the
table's staged melds show ("needs one more natural"), and ``cards_points``, their value towards
the opening minimum. Each answer is checked against ``why_illegal``: adding what it names makes
a meld the engine accepts."""

from __future__ import annotations

import pytest

from game.engine.actions import make
from game.engine.cards import parse_cards
from tests.canasta.helpers import CA, CS, LD, pos


def shortfall(st, text):
    return st.meld_shortfall(0, parse_cards(text))


def test_ca4_two_naturals_and_three_cards():
    """CA-4: two naturals and three cards at least, at most three wild cards."""
    st = pos(CA, 2, hands=["7H 7S 7D JK 2C 2D 2H 9C", "5C 5D"], turn=0, phase="play",
             opened=[True, False])
    assert shortfall(st, "7H 7S 7D") == (0, 0, None)
    assert shortfall(st, "7H 7S") == (1, 0, None)  # any card: a natural or a wild one
    assert shortfall(st, "7H JK") == (1, 1, None)  # one more natural
    assert shortfall(st, "7H") == (2, 1, None)  # two more, one of them natural
    assert shortfall(st, "JK") == (2, 2, None)  # all wild so far: naturals must join
    too_many = shortfall(st, "7H 7S JK 2C 2D 2H")
    assert too_many.reason.key == "meld_too_many_wild"
    assert shortfall(st, "7H 9C").reason.key == "meld_one_rank"


def test_ca4_the_shortfall_filled_is_a_meld_the_engine_accepts():
    """CA-4: adding the cards the shortfall names makes a legal meld."""
    st = pos(CA, 2, hands=["7H 7S 7D JK 9C 9D", "5C 5D"], turn=0, phase="play",
             opened=[True, False])
    assert shortfall(st, "7H JK") == (1, 1, None)
    assert st.why_illegal(make(0, "meld", (tuple(parse_cards("7H JK")),))) is not None
    assert st.why_illegal(make(0, "meld", (tuple(parse_cards("7H JK 7S")),))) is None


def test_ca4_a_rank_the_side_has_melded_is_added_not_melded():
    st = pos(CA, 2, hands=["7H 7S 7D 9C", "5C 5D"], melds=[{"7": "7C 7C 7D"}, {}],
             turn=0, phase="play", opened=[True, False])
    assert shortfall(st, "7H 7S 7D").reason.key == "meld_exists"


def test_cs5_canastone_wild_cards_fewer_than_naturals_and_the_wild_meld():
    """CS-5: fewer wild cards than naturals; CS-6: a meld of wild cards needs three."""
    st = pos(CS, 4, hands=["7H 7S JK JK 2C 9C", "5C 5D", "6C 6D", "8C 8D"], turn=0,
             phase="play", opened=[True, True])
    assert shortfall(st, "7H JK") == (1, 1, None)
    assert shortfall(st, "JK JK") == (1, 0, None)  # a wild meld: one more card


def test_ld5_looking_and_down_books():
    """LD-5: three to seven cards, wild cards fewer than half."""
    st = pos(LD, 3, hands=["7H 7S JK 2C 9C", "5C 5D", "6C 6D"], turn=0, phase="play")
    assert shortfall(st, "7H JK") == (1, 1, None)
    assert shortfall(st, "7H 7S") == (1, 0, None)
    assert shortfall(st, "7H 7S JK") == (0, 0, None)


@pytest.mark.parametrize("game, players", [(CA, 2), (LD, 3)])
def test_g4_cards_points_are_the_rule_sets_card_values(game, players):
    """G-4: a joker 50, an ace or a two 20, eight to king 10, four to seven 5; black threes
    5 (0 in Looking and Down)."""
    st = pos(game, players, hands=["JK AH 2C KD 7S 3S"] + ["5C 5D"] * (players - 1), turn=0)
    three = 0 if game == LD else 5
    assert st.cards_points(parse_cards("JK AH 2C KD 7S 3S")) == 50 + 20 + 20 + 10 + 5 + three
