"""CA-9: the pile's top card is melded with two or more natural cards of its rank (a frozen
pile; exactly two in Quick Canasta, QC-4), or one natural and one wild card (an open pile,
where allowed); more cards of that meld join it after the take. A take offered with more cards
than that is refused with what to do instead, never with "you need 2 natural jacks" to a
player who showed them."""

from __future__ import annotations

import pytest

from game import i18n

from .helpers import CA, QC, do, legal, pos, refused, why

FROZEN_PILE = "8D 2C 9S JD"  # the 2C freezes it (CA-10)
OPEN_PILE = "8D 9S JD"
OTHERS = "4C 4D 4H 5S 6S 7C 8C"


def _table(pile: str, hand: str, rules: str = CA):
    return pos(rules, 2, hands=[hand + " 5C 6D 7S 9H", OTHERS], pile=pile,
               melds=[{"K": "KH KS KD"}, {}], opened=[True, False])


@pytest.mark.parametrize("rules, pile, offered, key, extra", [
    (CA, FROZEN_PILE, "JH JS JK", "take_frozen_then_add", "JK"),  # the reported drag
    (QC, FROZEN_PILE, "JH JS JC", "take_frozen_then_add", "JC"),  # QC-4: exactly two
    (CA, FROZEN_PILE, "JH JS JC 2D", "take_frozen_then_add", "2D"),  # CA-9: 2 or more
    (QC, FROZEN_PILE, "JH JS JC 2D", "take_frozen_then_add", "JC 2D"),
    (CA, OPEN_PILE, "JH JS JK", "take_then_add", "JK"),
    (CA, OPEN_PILE, "JH JK 2D", "take_wild_then_add", "2D"),
])
def test_a_take_with_more_cards_says_take_first_then_add(rules, pile, offered, key, extra):
    st = _table(pile, offered, rules)
    r = why(st, f"0 take {offered}")
    assert r is not None and r.key == key, r
    assert r.params["cards"] == extra
    for lang in i18n.LANGUAGES:  # a sentence in every language, the cards by name
        i18n.set_language(lang)
        try:
            text = i18n.translate_reason(r)
        finally:
            i18n.set_language("en")
        assert "{" not in text and "JK" not in text, text  # "Joker", "ジョーカー"
    # What it says works: the take with the base, then the rest added to the jacks (CA-8).
    base = offered.split()[:r.params["count"] if key != "take_wild_then_add" else 2]
    assert legal(st, "0 take " + " ".join(base))
    do(st, "0 take " + " ".join(base))
    assert legal(st, f"0 add J {extra}")


def test_a_take_short_of_the_pair_still_says_what_is_needed():
    """CA-9: one natural jack and a joker do not take a frozen pile."""
    st = _table(FROZEN_PILE, "JH JK")
    refused(st, "0 take JH JK", "frozen", "2 natural jacks")
    assert why(st, "0 take JH JK").key == "take_pair_frozen"
