"""The risky-discard warning looks at what the opponents gain, not only at the pile's size: a
card that lets them take a small pile and complete a canasta with it is warned of (it was not,
below 5 cards). RULES.md CA-8..CA-10 (taking the pile by adding its top card to a meld when it
is not frozen), CA-6 (a canasta is seven cards)."""

from __future__ import annotations

import pytest

from game.engine.canasta.position import build_position
from game.engine.cards import parse_card
from game.players.base import Decision
from game.players.hints import discard_warning


def _warning(pile: str, their_nines: str, card: str = "9C"):
    st = build_position(
        "canasta", 2, hands=["9C 4D 5D 6S 7S", "KS QS"], pile=pile, turn=0, phase="play",
        melds=[{"A": "AS AH AD"}, {"9": their_nines}], opened=[True, True])
    d = Decision.of(st, 0, [0, 0])
    (a,) = [a for a in d.legal if a.verb == "discard" and a.groups[0] == (parse_card(card),)]
    return discard_warning(d, a)


@pytest.mark.parametrize("pile", ["", "4C", "4C 5H", "4C 5H 6H"])
def test_a_card_completing_their_canasta_is_warned_of_whatever_the_pile(pile):
    w = _warning(pile, "9S 9H 9D 9C 9S 9H")  # six nines: the discarded 9 makes seven
    assert w is not None and w.key == "hint_warn_canasta_one"


def test_the_pile_s_cards_of_that_rank_count_too():
    w = _warning("4C 9D", "9S 9H 9D 9C 9S")  # five, the pile's 9 and the discard: seven
    assert w is not None and w.key == "hint_warn_canasta_one"


def test_a_small_pile_that_completes_nothing_is_not_warned_of():
    assert _warning("4C 5H", "9S 9H 9D 9C") is None  # four nines and one: five
    assert _warning("4C 5H", "9S 9H 9D 9C 9S 9H", card="4D") is None  # no meld of fours


def _trail_warning(passed, threshold=0.05):
    from tests.cassino.helpers import pos

    st = pos(["4S 9S", "KS KC"], "4H", passed=passed,
             deck="4C 4D 8D 8H AC 2C 3C 5C 6C 7C 9C TC JC QC 2D 3D 5D 6D 7D 9D")
    d = Decision.of(st, 0, [0, 0])
    (a,) = [a for a in d.legal if a.verb == "trail" and a.groups[0] == (parse_card("4S"),)]
    return discard_warning(d, a, threshold)


def test_a_trail_the_next_player_may_sweep_is_warned_of_cn8():
    # 4H and the trailed 4S: a four (two unseen) or an eight (two unseen) sweeps; 22 unseen
    w = _trail_warning([[], []])
    assert w is not None and w.key == "hint_warn_sweep"
    # its 2 cards of the 22 unseen hold one of the 4 good ones about one time in three
    assert _trail_warning([[], []], threshold=0.9) is None


def test_a_trail_sweepable_only_by_values_the_next_player_passed_up_is_not_warned_of():
    # the opponent trailed this round while a four or an eight would have captured (CN-5):
    # it holds neither, so nothing sweeps the 4H 4S table
    assert _trail_warning([[], [4, 8]]) is None
    assert _trail_warning([[], [4]]) is not None  # an eight still sweeps
