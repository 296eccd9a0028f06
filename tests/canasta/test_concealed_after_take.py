"""CA-13: taking the pile does not stop a going out from being concealed (the opening minimum
then applies to the melds made). A take is merged into the side's meld of its rank (CA-9), a
partner's meld included: that is the take, not the player adding to partner's melds."""

from __future__ import annotations

import pytest

from .helpers import CA, do, finish_scores, pos, refused

FIVES = "5S 5S 5H 5H 5D 5D 5C"
PARTNER_NINES = [{"9": "9S 9H 9D"}, {}]


def _table(pile: str, hand: str):
    return pos(CA, 4, hands=[hand, "QC QD", "6C", "6D"], pile=pile, turn=0,
               melds=PARTNER_NINES, opened=[True, False])


@pytest.mark.parametrize("pile, take, rest", [
    ("7H 2C 9C", "0 take 9C 9D", ("0 meld " + FIVES + " 2C", "0 discard 7H")),  # frozen
    ("7H 9C", "0 take 9C 9D", ("0 meld " + FIVES, "0 discard 7H")),
    ("7H 9C", "0 take", ("0 meld " + FIVES, "0 discard 7H")),  # by adding the top card
], ids=["frozen-pair", "pair", "by-adding"])
def test_ca13_a_take_merged_into_partners_meld_still_goes_out_concealed(pile, take, rest):
    """CA-13: seat 0 had not melded; its take joins partner's nines (CA-9), then it melds
    its whole hand with a canasta of fives and discards: concealed, 200."""
    st = _table(pile, FIVES if take == "0 take" else FIVES + " 9C 9D")
    do(st, take)
    ev = do(st, *rest)
    assert [e.info for e in ev if e.kind == "out"] == [True]
    _, parts = finish_scores(st)
    assert parts[0]["going_out"] == 200


def test_ca13_adding_from_hand_to_partners_meld_after_the_take_is_not_concealed():
    """CA-13: the take keeps it concealed, the player's own add to partner's meld does not."""
    st = _table("7H 9C", FIVES + " 9C 9D 9H")
    do(st, "0 take 9C 9D", "0 add 9 9H", "0 meld " + FIVES)
    ev = do(st, "0 discard 7H")
    assert [e.info for e in ev if e.kind == "out"] == [False]
    assert finish_scores(st)[1][0]["going_out"] == 100


def test_ca13_the_opening_minimum_applies_to_a_concealed_going_out_through_the_pile():
    """CA-13: after taking the pile the melds made must reach the opening minimum (120 at
    3000), concealed or not."""
    st = pos(CA, 2, hands=[FIVES + " 4C 4C 9C 9D", "QC QD"], pile="9S", turn=0,
             frozen=False, scores=[3000, 0])
    # nines 30 + seven fives 35 = 65 < 120
    refused(st, "0 take 9C 9D / " + FIVES, "120", "65")
