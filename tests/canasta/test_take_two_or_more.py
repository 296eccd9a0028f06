"""CA-9 (seed 004: "2 (or more)"): in classic Canasta the pile is taken with 2 or more natural
cards of the top card's rank from hand, frozen or not, and those cards count toward the
opening (CA-7). Quick Canasta (QC-4) and Canastone (CS-11) keep their own counts."""

from __future__ import annotations

import pytest

from game.players.base import Decision
from game.players.levels import NormalPlayer

from .helpers import CA, CS, QC, act, do, hand, legal, listed, meld_cards, pos, refused

KINGS = {"K": "KH KS KD"}


def _queens(rules: str, pile: str, players: int = 2):
    """Seat 0 (side opened) holds three queens; ``pile`` ends in a queen."""
    others = ["4C 4D 4H 5S 6S 7C 8C", "4S 5D 5H 6C", "9C 9D 10D 10H"][:players - 1]
    return pos(rules, players, hands=["QH QS QD 5C 6D 7S 9H", *others], pile=pile,
               melds=[KINGS, {}], opened=[True, False])


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("pile", ["8D 2C QC", "8D 9S QC"], ids=["frozen", "not-frozen"])
def test_ca9_three_natural_queens_take_the_pile(pile, players):
    """CA-9: `take QH QS QD` on a frozen pile and on an unfrozen one; all three are melded
    with the top card, and the listing offers the take (computer players and hints see it)."""
    st = _queens(CA, pile, players)
    assert legal(st, "0 take QH QS QD")
    assert listed(st, "0 take QH QS QD")
    assert listed(st, "0 take QH QS")  # 2 still takes it
    do(st, "0 take QH QS QD")
    assert meld_cards(st, 0, 12) == ["QC", "QD", "QH", "QS"]


def test_ca9_a_wild_card_still_never_takes_a_frozen_pile():
    """CA-9: frozen: only natural cards, no wild card, however many naturals."""
    st = pos(CA, 2, hands=["QH QS QD 2D 5C 6D 7S", "4C 4D 4H 5S"], pile="8D 2C QC",
             melds=[KINGS, {}], opened=[True, False])
    refused(st, "0 take QH QS QD 2D", "frozen", "just 3 natural queens")
    assert st.why_illegal(act("0 take QH QS QD 2D")).params["cards"] == "2D"  # then add it
    assert not listed(st, "0 take QH QS QD 2D")


OPENING_HAND = "8H 8S 8D 4H 4S 4D 9C 10C"


def test_ca9_the_third_natural_counts_toward_the_opening():
    """CA-9 with CA-7: `take 8H 8S 8D / 4H 4S 4D` opens with 40 + 15 = 55 against 50; with
    only two eights the opening is short (30 + 15 = 45)."""
    st = pos(CA, 2, hands=[OPENING_HAND, "QC QD"], pile="5C 8C", turn=0, frozen=False)
    assert legal(st, "0 take 8H 8S 8D / 4H 4S 4D")
    assert listed(st, "0 take 8H 8S 8D / 4H 4S 4D")
    refused(st, "0 take 8H 8S / 4H 4S 4D", "50", "45")
    do(st, "0 take 8H 8S 8D / 4H 4S 4D")
    assert st.opened[0]
    assert meld_cards(st, 0, 8) == ["8C", "8D", "8H", "8S"]
    assert meld_cards(st, 0, 4) == ["4D", "4H", "4S"]
    assert hand(st, 0) == ["10C", "5C", "9C"]


def test_ca9_a_computer_player_opens_through_the_pile_with_three():
    """CA-9: the computer players choose among the listed actions, so the opening take with
    three eights, the only way to open here, is theirs to play."""
    st = pos(CA, 2, hands=[OPENING_HAND, "QC QD"], pile="5C 8C", turn=0, frozen=False)
    decision = Decision.of(st, 0, totals=[0, 0])
    assert any(a.verb == "take" for a in decision.legal)
    action = NormalPlayer(seed=1).choose(decision)
    assert action.verb == "take" and st.why_illegal(action) is None


@pytest.mark.parametrize("pile", ["8D 2C QC", "8D 9S QC"], ids=["frozen", "not-frozen"])
def test_qc4_quick_canasta_keeps_two_cards_from_hand(pile):
    """QC-4: exactly 2 cards from hand plus the top card: three queens are refused (take
    with two, then add the third) and not listed."""
    st = _queens(QC, pile)
    refused(st, "0 take QH QS QD", "just 2 natural queens")
    assert not listed(st, "0 take QH QS QD")
    assert legal(st, "0 take QH QS")


def test_cs11_canastone_keeps_its_counts():
    """CS-11: 2 natural cards of the rank (3 on a frozen pile), no more."""
    st = pos(CS, 2, hands=["QH QS QD QC 5C 6D 7S 9H 9D 10S 10H JS JH", "4C 4D 4H 5S 6S"],
             pile="8D 9S QC", melds=[KINGS, {}], opened=[True, False], frozen=False)
    refused(st, "0 take QH QS QD", "2 natural queens")
    assert not listed(st, "0 take QH QS QD")
    assert legal(st, "0 take QH QS")
