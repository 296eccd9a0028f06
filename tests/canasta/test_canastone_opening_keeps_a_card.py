"""CS-9 with CS-12: a Canastone opening never melds the whole hand (a discard is always
required): the engine refuses it with that reason, in both languages, and the listing never
offers it."""

from __future__ import annotations

import pytest

from game import i18n

from .helpers import CS, pos, why

OTHERS = "4C 4D 4H 5S 6S"
CLOSING = "KS KS KH KH KD KD KC KC QS QS QH QH QD JK JK"  # a clean and a dirty canasta
FIVE_MELDS = "KS KH KD QS QH QD JS JH JD 10S 10H 10D 9S 9H 9D"


@pytest.mark.parametrize("hand, opening, score", [
    (CLOSING, "KS KS KH KH KD KD KC KC / QS QS QH QH QD JK JK", 3000),  # could close
    (FIVE_MELDS, "KS KH KD / QS QH QD / JS JH JD / 10S 10H 10D / 9S 9H 9D", 0),
], ids=["could-close", "could-not-close"])
def test_cs9_an_opening_of_the_whole_hand_is_refused_and_not_listed(hand, opening, score):
    st = pos(CS, 2, hands=[hand, OTHERS], pile="8D 9S 7C", turn=0, scores=[score, 0])
    r = why(st, "0 meld " + opening)
    assert r is not None and r.key == "cs_opening_whole_hand", r
    for lang in i18n.LANGUAGES:
        i18n.set_language(lang)
        try:
            text = i18n.translate_reason(r)
        finally:
            i18n.set_language("en")
        assert text and "{" not in text
    everything = sorted(st.hand_cards(0))
    assert all(sorted(a.cards()) != everything for a in st.legal_actions(0))


def test_cs9_an_opening_that_keeps_one_card_may_still_close_later():
    """CS-9, CS-12: a side whose opening makes a clean and a dirty canasta may keep one card
    (the draw brings two more, one of them the closing discard)."""
    st = pos(CS, 2, hands=[CLOSING, OTHERS], pile="8D 9S 7C", turn=0, scores=[3000, 0])
    assert why(st, "0 meld KS KS KH KH KD KD KC / QS QS QH QH QD JK JK") is None
