"""Canasta (RULES.md section 1): one or more tests per rule id CA-1 .. CA-16.

Positions are built with game.engine.canasta.position.build_position (through helpers.pos) or dealt
from a chosen deck (helpers.deal). Scores are worked out by hand from RULES.md CA-15 and G-4
(card points: joker 50; A and 2 20; K..8 10; 7..4 5; black three 5; red three 0).
"""

from __future__ import annotations

import pytest

from game.engine.canasta.classic import CANASTA
from game.engine.registry import get_game

from .helpers import (
    CA,
    PARTS,
    QC,
    assert_sentence,
    deal,
    do,
    finish_scores,
    hand,
    kinds,
    legal,
    listed,
    meld_cards,
    pos,
    refused,
    round_robin,
    why,
)

K7 = "KS KS KH KH KD KD KC"  # a natural canasta of kings (70 points)
M7 = "7S 7S 7H 7H 7D 2C JK"  # a mixed canasta of sevens (5*5 + 20 + 50 = 95 points)


# ---------------------------------------------------------------------------------------
# Setup
# ---------------------------------------------------------------------------------------
def test_ca1_two_decks_eleven_cards_each():
    """CA-1: two 54-card decks (108 cards); 2, 3 or 4 players; 11 cards each."""
    game = get_game(CA)
    deck = game.deck_for(4)
    assert len(deck) == 108
    assert deck.count(52) == 4  # four jokers
    assert game.player_counts == (2, 3, 4)
    for n in (2, 3, 4):
        st = deal(CA, n, "")
        assert st.check_invariants() == []
        # red threes were replaced, so every hand holds 11 cards
        assert [len(st.hand_cards(s)) for s in range(n)] == [11] * n
        assert len(st.stock) == 108 - 11 * n - len(st.pile) - sum(map(len, st.red3))


def test_ca1_partners_opposite_at_four():
    """CA-1 / G-2: at 4 players seats 0+2 and 1+3 are partners; otherwise each is a side."""
    assert [CANASTA.side_of(s, 4) for s in range(4)] == [0, 1, 0, 1]
    assert CANASTA.num_sides(4) == 2
    assert [CANASTA.side_of(s, 3) for s in range(3)] == [0, 1, 2]
    assert CANASTA.num_sides(2) == 2 and CANASTA.num_sides(3) == 3


@pytest.mark.parametrize("players,size", [(2, 15), (3, 13), (4, 11)])
def test_ca1_option_pagat_small_tables_hand_sizes(players, size):
    """CA-1 option pagat-small-tables: 2 players 15 cards, 3 players 13, 4 players 11."""
    st = deal(CA, players, "", options={"pagat-small-tables"})
    assert [len(st.hand_cards(s)) for s in range(players)] == [size] * players
    plain = deal(CA, players, "")
    assert [len(plain.hand_cards(s)) for s in range(players)] == [11] * players


def test_ca1_option_pagat_small_tables_draw_two_and_two_canastas():
    """CA-1 option pagat-small-tables at 2 players: draw 2, two canastas to go out."""
    opts = frozenset({"pagat-small-tables"})
    st = pos(CA, 2, hands=["9C 9D", "5C 5D"], melds=[{"K": K7}, {}], turn=0,
             stock="8C 8D 8H", options=opts)
    do(st, "0 draw")
    assert hand(st, 0) == ["8C", "8D", "9C", "9D"]
    # one canasta is not enough to go out with the option
    st = pos(CA, 2, hands=["8H 8S 8D 9C", "5C 5D"], melds=[{"K": K7}, {}], turn=0,
             phase="play", options=opts)
    refused(st, "0 meld 8H 8S 8D", "2 canasta")
    st = pos(CA, 2, hands=["8H 8S 8D 9C", "5C 5D"], melds=[{"K": K7, "7": M7}, {}], turn=0,
             phase="play", options=opts)
    assert legal(st, "0 meld 8H 8S 8D")
    # without the option one canasta is enough, and one card is drawn
    st = pos(CA, 2, hands=["8H 8S 8D 9C", "5C 5D"], melds=[{"K": K7}, {}], turn=0,
             phase="play")
    assert legal(st, "0 meld 8H 8S 8D")


def test_ca2_starter_turns_until_natural_and_freezes():
    """CA-2: wild cards and threes as starters are covered until a natural 4..A shows; a wild
    card or red three among the starters freezes the pile; the red three goes to the first
    taker, laid out without replacement."""
    h0 = "4S 4H 4D 5S 5H 6D 6S 6H 7D 7S 9C"
    h1 = "8H 8D 8S 9S 9H 9D 10S 10H 10D JS JH"
    st = deal(CA, 2, round_robin([h0, h1]) + " 3D 2C 3S 8C", dealer=0)
    assert st.summary()["discard"] == ["3D", "2C", "3S", "8C"]
    assert st.frozen is True
    assert st.current_player() == 1
    # frozen: two natural eights are needed (and an opening worth 50: 30 + 30 = 60)
    refused(st, "1 take 8H 8D", "50")
    assert legal(st, "1 take 8H 8D / 9S 9H 9D")
    stock_before = len(st.stock)
    ev = do(st, "1 take 8H 8D / 9S 9H 9D")
    assert "red_three" in kinds(ev)
    assert st.summary()["red_three_cards"] == [[], ["3D"]]
    assert len(st.stock) == stock_before  # no replacement for the pile's red three
    # 11 - 5 melded + 2C 3S from the pile (3D laid out, 8C melded)
    assert hand(st, 1) == ["10D", "10H", "10S", "2C", "3S", "8S", "JH", "JS"]
    assert st.frozen is False


def test_ca2_natural_starter_does_not_freeze():
    """CA-2: a single natural starter leaves the pile unfrozen; a black three does not freeze
    either."""
    st = deal(CA, 2, "", dealer=0)
    # the default deck order: 22 cards dealt (AS .. 9H), then 10H is the starter
    assert st.summary()["discard"] == ["10H"]
    assert st.frozen is False
    h0 = "4S 4H 4D 5S 5H 6D 6S 6H 7D 7S 9C"
    h1 = "8H 8D 8S 9S 9H 9D 10S 10H 10D JS JH"
    st = deal(CA, 2, round_robin([h0, h1]) + " 3S 3C QC", dealer=0)
    assert st.summary()["discard"] == ["3S", "3C", "QC"]
    assert st.frozen is False


def test_ca3_red_threes_laid_out_and_replaced_in_turn_order():
    """CA-3: from the dealer's left, each player lays out every red three and replaces it,
    repeating when the replacement is a red three."""
    h0 = "3H 4H 4D 5S 5H 6D 6S 6H 7D 7S 9C"
    h1 = "3D 8D 8S 9S 9H 9D 10S 10H 10D JS JH"
    st = deal(CA, 2, round_robin([h0, h1]) + " KS 3H QS JK", dealer=0)
    # seat 1 first: 3D -> 3H (a red three again) -> QS; then seat 0: 3H -> JK
    assert [e.seat for e in st.deal_events] == [1, 1, 1, 1, 0, 0]
    assert st.summary()["red_three_cards"] == [["3H"], ["3D", "3H"]]
    assert "QS" in hand(st, 1) and "JK" in hand(st, 0)
    assert [len(st.hand_cards(s)) for s in (0, 1)] == [11, 11]
    # with seat 1 dealing, seat 0 is served first
    st = deal(CA, 2, round_robin([h1, h0], first=0) + " KS 3H QS JK", dealer=1)
    assert st.summary()["red_three_cards"] == [["3D", "3H"], ["3H"]]


def test_ca3_red_three_drawn_later_is_laid_out_and_replaced():
    """CA-3: a red three drawn during play is laid out at once and replaced; it belongs to the
    side (4 players: seat 2 lays it out for side 0)."""
    st = pos(CA, 4, hands=["9C", "5C", "6C 6D", "8C"], turn=2, stock="3D 3H KC")
    ev = do(st, "2 draw")
    assert kinds(ev) == ["draw", "red_three", "draw", "red_three", "draw"]
    assert hand(st, 2) == ["6C", "6D", "KC"]
    assert st.summary()["red_threes"] == [2, 0]


# ---------------------------------------------------------------------------------------
# Melds
# ---------------------------------------------------------------------------------------
def test_ca4_meld_needs_two_naturals_and_at_most_three_wild():
    """CA-4: 3+ cards of one rank, at least 2 natural, at most 3 wild; no all-wild meld."""
    st = pos(CA, 2, hands=["7H 7S 7D 2C 2D JK JK 9C 9D 4C 4D KS", "5C 5D"], turn=0,
             phase="play", opened=[True, False])
    assert legal(st, "0 meld 7H 7S 2C")
    assert legal(st, "0 meld 7H 7S 7D")
    assert legal(st, "0 meld 7H 7S 7D 2C 2D JK")
    refused(st, "0 meld 7H 2C JK", "two natural")
    refused(st, "0 meld 7H 7S 7D 2C 2D JK JK", "three wild")
    refused(st, "0 meld 7H 7S", "three cards")
    refused(st, "0 meld 2C 2D JK", "wild")
    refused(st, "0 meld 7H 9C 9D", "same rank")


def test_ca4_one_meld_per_rank_cards_are_added():
    """CA-4: a side has one meld per rank; further cards of that rank are added to it."""
    st = pos(CA, 4, hands=["9C 9D 2S 4C 4D", "5C 5D", "5H", "6C"], turn=0,
             phase="play", melds=[{"9": "9S 9S 9H"}, {"9": "9D 9C 9H"}])
    refused(st, "0 meld 9C 9D 2S", "already has a meld")
    assert legal(st, "0 add 9 9C 9D")
    assert legal(st, "0 add 9 2S")
    refused(st, "0 add 9 4C", "only 9s")
    do(st, "0 add 9 9C 9D")
    assert meld_cards(st, 0, 9) == ["9C", "9D", "9H", "9S", "9S"]
    assert meld_cards(st, 1, 9) == ["9C", "9D", "9H"]  # the other side's meld is its own


def test_ca4_two_groups_of_one_rank_merge():
    """CA-4 (decided: several groups of one rank in one action merge into one meld)."""
    st = pos(CA, 2, hands=["7H 7S 7D 2C 9C 9D", "5C 5D"], turn=0, phase="play",
             opened=[True, False])
    assert legal(st, "0 meld 7H 7S / 7D 2C")
    do(st, "0 meld 7H 7S / 7D 2C")
    assert len(st.melds[0]) == 1
    assert meld_cards(st, 0, 7) == ["2C", "7D", "7H", "7S"]


def test_ca4_add_to_missing_meld_is_refused_with_a_sentence():
    """CA-4: cards are added to the side's meld of that rank; with no such meld the add is
    refused with a readable reason."""
    st = pos(CA, 2, hands=["9C 9D 4S", "5C"], turn=0, phase="play", opened=[True, False])
    refused(st, "0 add 9 9C", "no meld")


def test_ca5_canasta_grows_and_wild_makes_it_mixed():
    """CA-5: a canasta keeps growing; a wild card added to a natural canasta makes it mixed
    (500 becomes 300); a mixed canasta holds at most 3 wild cards."""
    st = pos(CA, 2, hands=["KC 2S 9C 9D 9H 4S", "5C 5D"], turn=0, phase="play",
             melds=[{"K": K7, "7": M7}, {}])
    assert legal(st, "0 add K KC")
    assert legal(st, "0 add K 2S")
    assert legal(st, "0 add 7 2S")  # the sevens: 2 wild -> 3 wild
    do(st, "0 add K KC 2S")
    assert meld_cards(st, 0, 13) == sorted(K7.split() + ["KC", "2S"])
    view = st.summary()["melds"][0]
    kings = next(m for m in view if m["rank"] == "K")
    assert kings["canasta"] is True and kings["natural"] is False
    # finish the deal to see the bonus: both canastas are mixed now
    do(st, "0 meld 9C 9D 9H", "0 discard 4S")
    _, parts = finish_scores(st)
    assert parts[0]["canastas"] == 300 + 300


def test_ca5_mixed_canasta_at_most_three_wild():
    """CA-5: a mixed canasta holds at most 3 wild cards."""
    st = pos(CA, 2, hands=["2S JK 9C 9D", "5C 5D"], turn=0, phase="play",
             melds=[{"7": "7S 7S 7H 7H 7D 2C JK 2H"}, {}])
    refused(st, "0 add 7 2S", "three wild")
    refused(st, "0 add 7 JK", "three wild")
    st = pos(CA, 2, hands=["2S JK 9C 9D", "5C 5D"], turn=0, phase="play",
             melds=[{"7": M7}, {}])
    assert legal(st, "0 add 7 2S")
    refused(st, "0 add 7 2S JK", "three wild")


def test_ca5_natural_canasta_scores_500_mixed_300():
    """CA-5 / CA-15: natural canasta 500, mixed 300, and a meld of 6 is no canasta."""
    st = pos(CA, 2, hands=["9C 9D 9H 4S", "5C 5D"], turn=0, phase="play",
             melds=[{"K": K7, "7": M7, "Q": "QS QS QH QH QD QD"}, {}])
    do(st, "0 meld 9C 9D 9H", "0 discard 4S")
    _, parts = finish_scores(st)
    # 500 (kings) + 300 (sevens); the six queens earn no bonus
    assert parts[0]["canastas"] == 800


def test_ca6_black_threes_only_when_going_out():
    """CA-6: 3 or 4 black threes without wild cards, only in the turn of going out."""
    st = pos(CA, 2, hands=["3S 3C 3S 9C", "5C 5D"], turn=0, phase="play",
             melds=[{"K": K7}, {}])
    assert legal(st, "0 meld 3S 3C 3S")  # then 9C is discarded: going out
    do(st, "0 meld 3S 3C 3S", "0 discard 9C")
    scores, parts = finish_scores(st)
    # melds 70 + 3*5 = 85; natural canasta 500; out 100
    assert parts[0]["melds"] == 85 and scores[0] == 85 + 500 + 100


def test_ca6_black_threes_refused_when_not_going_out_or_with_wild():
    """CA-6: black threes may not be melded in a turn that does not go out, nor with wild
    cards, nor before the side may go out."""
    st = pos(CA, 2, hands=["3S 3C 3S 9C 8D", "5C 5D"], turn=0, phase="play",
             melds=[{"K": K7}, {}])
    refused(st, "0 meld 3S 3C 3S", "black threes")  # two cards would remain
    st = pos(CA, 2, hands=["3S 3C 2C 9C", "5C 5D"], turn=0, phase="play",
             melds=[{"K": K7}, {}])
    refused(st, "0 meld 3S 3C 2C", "black threes")
    st = pos(CA, 2, hands=["3S 3C 3S 9C", "5C 5D"], turn=0, phase="play",
             melds=[{"K": "KS KS KH KH KD KD"}, {}])  # no canasta: may not go out
    assert why(st, "0 meld 3S 3C 3S") is not None
    assert_sentence(why(st, "0 meld 3S 3C 3S"))


def test_ca6_black_threes_with_the_final_melds_in_one_action():
    """CA-6 (decided: the black-three meld may be laid in the same action as the other final
    melds, or before them while the rest can still go out)."""
    st = pos(CA, 2, hands=["8H 8S 8D 3S 3C 3S 9C", "5C 5D"], turn=0, phase="play",
             melds=[{"K": K7}, {}])
    assert legal(st, "0 meld 8H 8S 8D / 3S 3C 3S")
    assert legal(st, "0 meld 3S 3C 3S")  # then 8H 8S 8D, and 9C discarded


def test_ca6_four_black_threes_and_a_discard():
    """CA-6: four black threes melded, the last card discarded: going out."""
    st = pos(CA, 2, hands=["3S 3S 3C 3C 8H", "5C 5D"], turn=0, phase="play",
             melds=[{"K": K7}, {}])
    assert legal(st, "0 meld 3S 3S 3C 3C")
    assert legal(st, "0 meld 3S 3S 3C")  # decided: then 3C added, 8H discarded
    do(st, "0 meld 3S 3S 3C 3C", "0 discard 8H")
    assert st.went_out == 0


def test_ca6_black_threes_first_then_the_rest_of_the_going_out_turn():
    """CA-6 (decided): within the going-out turn black threes may be melded in any order,
    while the rest of the hand can still all be melded, or melded but one discarded."""
    st = pos(CA, 2, hands=["5C 5D", "3S 3S 3C KC KC"], turn=1, phase="play",
             melds=[{}, {"K": "KS KS KH KH KD KD", "Q": "QS QS QH QH QD QD QC"}])
    assert legal(st, "1 meld 3S 3S 3C") and listed(st, "1 meld 3S 3S 3C")
    do(st, "1 meld 3S 3S 3C")
    refused(st, "1 discard KC", "black threes", "go out")  # the turn must go out
    assert all(st.why_illegal(a) is None for a in st.legal_actions(1))
    do(st, "1 add K KC", "1 discard KC")
    assert st.went_out == 1


def test_ca6_black_threes_first_refused_when_the_rest_cannot_go_out():
    """CA-6 (decided): refused when the rest could not all be melded this turn (two lone
    cards), or when the side could not go out (no canasta, none within reach)."""
    st = pos(CA, 2, hands=["5C 5D", "3S 3S 3C KC 9C 8D"], turn=1, phase="play",
             melds=[{}, {"K": "KS KS KH KH KD KD", "Q": "QS QS QH QH QD QD QC"}])
    refused(st, "1 meld 3S 3S 3C", "black threes")
    assert not listed(st, "1 meld 3S 3S 3C")
    st = pos(CA, 2, hands=["5C 5D", "3S 3S 3C KC KC"], turn=1, phase="play",
             melds=[{}, {"K": "KS KS KH KH", "Q": "QS QS QH QH QD QD"}])
    refused(st, "1 meld 3S 3S 3C", "black threes")


def test_ca6_after_black_threes_no_move_may_spoil_going_out():
    """CA-6 (decided): once the black threes are down, a move that leaves the rest unable to
    go out is refused (the going out stays open: 8C 8D 2C, then the 9C discarded)."""
    st = pos(QC, 2, hands=["5C 5D", "3S 3S 3C 8C 8D 2C 9C"], turn=1, phase="play",
             melds=[{}, {"K": "KS KS KH KH KD KD KC"}])
    do(st, "1 meld 3S 3S 3C")
    refused(st, "1 add K 2C", "black threes")  # 8C 8D would need the two
    assert not listed(st, "1 add K 2C")
    assert listed(st, "1 meld 8C 8D 2C")
    do(st, "1 meld 8C 8D 2C", "1 discard 9C")
    assert st.went_out == 1


def test_ca6_the_fourth_black_three_added_later_is_listed():
    """CA-6 (decided): three black threes melded first, the fourth added after them, the last
    card discarded: every step listed, so a computer player never ends up stuck."""
    st = pos(CA, 2, hands=["3S 3S 3C 3C 5H", "5C 5D"], turn=0, phase="play",
             melds=[{"K": K7}, {}])
    assert listed(st, "0 meld 3S 3S 3C")
    do(st, "0 meld 3S 3S 3C")
    assert listed(st, "0 add 3 3C")
    refused(st, "0 discard 5H", "black threes")
    do(st, "0 add 3 3C", "0 discard 5H")
    assert st.went_out == 0


def test_ca6_four_black_threes_are_listed():
    """CA-6: the legal four-black-three meld must be among the legal actions."""
    st = pos(CA, 2, hands=["3S 3S 3C 3C 8H", "5C 5D"], turn=0, phase="play",
             melds=[{"K": K7}, {}])
    assert legal(st, "0 meld 3S 3S 3C 3C")
    assert listed(st, "0 meld 3S 3S 3C 3C")


def test_ca7_opening_minimum_by_cumulative_score():
    """CA-7: negative 15; 0..1495 50; 1500..2995 90; 3000 or more 120."""
    for score, minimum in [(-5, 15), (-2000, 15), (0, 50), (1495, 50), (1500, 90),
                           (2995, 90), (3000, 120), (7000, 120)]:
        st = pos(CA, 2, hands=["9C", "5C"], scores=[score, 0])
        assert st.open_min[0] == minimum, score


def test_ca7_opening_value_counts_several_melds_not_bonuses():
    """CA-7: melds laid down at once count together; canasta bonuses do not count."""
    st = pos(CA, 2, hands=["KS KH KD QS QH QD 4S 4S 4H 4H 4D 4D 4C 9C 8D", "5C"], turn=0,
             phase="play")
    r = refused(st, "0 meld KS KH KD", "50", "30")  # 3 kings: 30
    assert "worth" in r
    assert legal(st, "0 meld KS KH KD / QS QH QD")  # 30 + 30 = 60
    # seven fours form a canasta but are worth only 35 points
    refused(st, "0 meld 4S 4S 4H 4H 4D 4D 4C", "50", "35")
    # at a negative score 15 is enough
    st = pos(CA, 2, hands=["4S 4H 4D 9C 8D", "5C"], turn=0, phase="play", scores=[-10, 0])
    assert legal(st, "0 meld 4S 4H 4D")  # 15


def test_ca7_opening_through_the_pile_counts_the_top_card_only():
    """CA-7: opening by taking the pile: the top card counts, the rest of the pile does not."""
    # 8S 8H + top 8D = 30 < 50; the KS under it in the pile does not help
    st = pos(CA, 2, hands=["8S 8H KD KH KC 9C", "5C"], pile="KS JK 4C 8D", turn=0)
    refused(st, "0 take 8S 8H", "50", "30")
    assert legal(st, "0 take 8S 8H / KD KH KC")  # 30 + 30 = 60
    # at 1500 the minimum is 90: 60 is short
    st = pos(CA, 2, hands=["8S 8H KD KH KC 9C", "5C"], pile="4C 8D", turn=0,
             scores=[1500, 0])
    refused(st, "0 take 8S 8H / KD KH KC", "90", "60")


def test_ca7_opener_may_keep_melding():
    """CA-7: the player who opens may keep melding in the same turn (no minimum then)."""
    st = pos(CA, 2, hands=["KS KH KD QS QH QD 5S 5H 5D 9C 8D", "5C"], turn=0, phase="play")
    do(st, "0 meld KS KH KD / QS QH QD")
    assert legal(st, "0 meld 5S 5H 5D")  # 15 points, fine after opening


def test_ca7_opening_with_a_joker_is_listed():
    """CA-7: KS KH JK (10 + 10 + 50 = 70) opens; KS KH 2C (40) does not. Every legal
    opening shape must be offered by legal_actions (generator completeness)."""
    st = pos(CA, 2, hands=["KS KH JK 2C 9C 8D 7S", "5C"], turn=0, phase="play")
    assert legal(st, "0 meld KS KH JK")
    refused(st, "0 meld KS KH 2C", "50", "40")


def test_ca7_opening_with_a_pair_made_up_by_a_wild_card_beside_other_melds_is_listed():
    """CA-7: melds laid at once count together, and a pair with a wild card is a meld (CA-4).
    At 1500 (minimum 90) the only opening is KS KH 2C + 8s + queens (40 + 30 + 30): the
    listing must offer it (the wild card goes where a meld needs it, not to the first rank)."""
    st = pos(CA, 2, hands=["KS KH 2C 8S 8H 8D QS QH QD 4C 5D", "5C"], turn=0, phase="play",
             scores=[1500, 0])
    assert legal(st, "0 meld 8S 8H 8D / QS QH QD / KS KH 2C")
    refused(st, "0 meld 8S 8H 8D 2C / QS QH QD", "90", "80")
    openings = [a for a in st.legal_actions(0) if a.verb == "meld"]
    assert openings, "no opening listed"
    for a in openings:
        assert st.why_illegal(a) is None
        assert sorted(len(g) for g in a.groups) == [3, 3, 3]
        assert any(2 in (c % 13 + 1 for c in g) and len(g) == 3 for g in a.groups)


def test_ca7_opening_with_a_joker_shape_is_listed():
    """CA-7: legal_actions must offer an opening meld of 2 kings + 1 wild card when that
    opening is legal (with the joker)."""
    st = pos(CA, 2, hands=["KS KH JK 2C 9C 8D 7S", "5C"], turn=0, phase="play")
    shapes = {(a.verb, len(a.groups), len(a.cards())) for a in st.legal_actions(0)
              if a.verb == "meld"}
    assert ("meld", 1, 3) in shapes


# ---------------------------------------------------------------------------------------
# The turn
# ---------------------------------------------------------------------------------------
def test_ca8_turn_is_draw_meld_discard():
    """CA-8: draw one card (or take the pile), meld, then discard one; the turn passes left."""
    st = pos(CA, 3, hands=["9C 9D 9H 4S 5S", "5C 5D", "6C 6D"], turn=0, stock="KC QC",
             opened=[True, False, False])
    refused(st, "0 discard 4S", "draw")
    refused(st, "0 meld 9C 9D 9H", "draw")
    refused(st, "1 draw", "not seat 1")
    do(st, "0 draw")
    assert hand(st, 0) == ["4S", "5S", "9C", "9D", "9H", "KC"]  # exactly one card
    refused(st, "0 draw", "already drawn")
    do(st, "0 meld 9C 9D 9H")
    ev = do(st, "0 discard 4S")
    assert kinds(ev) == ["discard", "turn"]
    assert st.current_player() == 1 and st.summary()["discard"][-1] == "4S"


def test_ca9_pile_not_frozen_pair_wild_or_adding():
    """CA-9: an unfrozen pile is taken with 2 naturals, or 1 natural + 1 wild, or by adding
    the top card to the side's meld of that rank; then the rest goes to the hand."""
    st = pos(CA, 2, hands=["8H 8S 2C 9C 9D KS KH", "5C 5D"], pile="4C 3S 8D",
             melds=[{"8": "8C 8C 8H"}, {}], turn=0)
    assert st.frozen is False
    assert legal(st, "0 take 8H 8S") and listed(st, "0 take 8H 8S")
    assert legal(st, "0 take 8H 2C") and listed(st, "0 take 8S 2C")
    assert legal(st, "0 take") and listed(st, "0 take")
    refused(st, "0 take 8H", "two natural")
    refused(st, "0 take 9C 9D", "8")
    refused(st, "0 take 8H 8S 2C", "8")
    s = st.clone()
    do(s, "0 take")
    assert meld_cards(s, 0, 8) == ["8C", "8C", "8D", "8H"]
    assert hand(s, 0) == sorted(["8H", "8S", "2C", "9C", "9D", "KS", "KH", "4C", "3S"])
    s = st.clone()
    do(s, "0 take 8H 2C")  # merged into the meld of eights
    assert meld_cards(s, 0, 8) == ["2C", "8C", "8C", "8D", "8H", "8H"]


def test_ca9_frozen_pile_needs_two_naturals():
    """CA-9: a frozen pile only with 2 natural cards of its rank (merged into the side's meld
    of that rank)."""
    st = pos(CA, 2, hands=["8H 8S 2C 9C 9D KS KH", "5C 5D"], pile="4C 2S 8D",
             melds=[{"8": "8C 8C 8H"}, {}], turn=0)
    assert st.frozen is True
    assert legal(st, "0 take 8H 8S")
    refused(st, "0 take 8H 2C", "frozen", "2 natural")
    refused(st, "0 take", "frozen")
    do(st, "0 take 8H 8S")
    assert meld_cards(st, 0, 8) == ["8C", "8C", "8D", "8H", "8H", "8S"]
    assert st.frozen is False


def test_ca9_never_on_wild_or_black_three():
    """CA-9: never when the top card is a wild card or a black three."""
    m = [{"8": "8C 8C 8H"}, {}]
    st = pos(CA, 2, hands=["8H 8S 2C JK 9D", "5C"], pile="4C 8D JK", melds=m, turn=0)
    refused(st, "0 take 2C JK", "wild")
    st = pos(CA, 2, hands=["8H 8S 2C 2D 9D", "5C"], pile="4C 8D 2H", melds=m, turn=0)
    refused(st, "0 take 2C 2D", "wild")
    st = pos(CA, 2, hands=["3S 3C 2C 9C 9D", "5C"], pile="4C 8D 3S", melds=m, turn=0)
    refused(st, "0 take 3S 3C", "three")
    assert [a.verb for a in st.legal_actions(0)] == ["draw"]


def test_ca9_red_threes_in_the_pile_are_laid_out():
    """CA-9: red threes in a taken pile are laid out, not replaced."""
    st = pos(CA, 2, hands=["8H 8S 9C 9D", "5C 5D"], pile="3H 4C 8D",
             melds=[{"8": "8C 8C 8H"}, {}], turn=0, frozen=False)
    n = len(st.stock)
    do(st, "0 take 8H 8S")
    assert st.summary()["red_three_cards"][0] == ["3H"]
    assert hand(st, 0) == ["4C", "9C", "9D"]
    assert len(st.stock) == n


def test_ca10_wild_discard_freezes_until_taken():
    """CA-10: a discarded wild card freezes the pile for everyone until it is taken."""
    def table():
        return pos(CA, 2, hands=["2C 9C 9D 4S 5S 2D", "8H 8S 5C 5D"], pile="4C 8C", turn=0,
                   phase="play", melds=[{"5": "5H 5H 5D"}, {"8": "8C 8H 8S"}])

    control = table()
    do(control, "0 discard 4S", "1 draw", "1 discard 5C")
    assert control.frozen is False
    assert legal(control, "0 take 5S 2D") and legal(control, "0 take")
    st = table()
    ev = do(st, "0 discard 2C")
    assert "frozen" in kinds(ev) and st.frozen
    refused(st, "1 take 8H 8S", "wild")  # the wild card itself is on top
    do(st, "1 draw", "1 discard 5C")
    assert st.summary()["frozen"] is True
    refused(st, "0 take 5S 2D", "frozen")
    refused(st, "0 take", "frozen")
    assert not [a for a in st.legal_actions(0) if a.verb == "take"]


def test_ca10_frozen_against_unopened_side_only():
    """CA-10: the pile is frozen against a side that has not opened (1 natural + 1 wild is
    refused), but not against an opened side."""
    top = dict(pile="4C 9S 8D", turn=0)
    st = pos(CA, 2, hands=["8H 2C KS KH KD 9C", "5C"], opened=[False, False], **top)
    refused(st, "0 take 8H 2C / KS KH KD", "frozen")
    st = pos(CA, 2, hands=["8H 2C KS KH KD 9C", "5C"], melds=[{"9": "9C 9D 9H"}, {}], **top)
    assert legal(st, "0 take 8H 2C")
    assert st.summary()["frozen"] is False  # the replay view does not include this freeze


def test_ca10_black_three_blocks_next_player_only():
    """CA-10: a black three on top blocks only the next player and does not freeze."""
    st = pos(CA, 2, hands=["3S 8C 9C 9D 4S", "8H 8S 5C 5D 6S"], pile="4C 7C", turn=0,
             phase="play", melds=[{"9": "9S 9H 9H"}, {"8": "8D 8D 8H"}])
    do(st, "0 discard 3S")
    assert st.frozen is False
    refused(st, "1 take 8H 8S", "three")
    assert [a.verb for a in st.legal_actions(1)] == ["draw"]
    do(st, "1 draw", "1 discard 6S", "0 draw", "0 discard 8C")
    assert st.summary()["discard"][-3:] == ["3S", "6S", "8C"]
    assert st.frozen is False
    assert legal(st, "1 take 8H 8S")  # the three under the top no longer blocks


def test_ca11_going_out_needs_a_canasta():
    """CA-11: going out (melding all, or all but one and discarding it) needs a canasta of
    the side, which may be completed in the same turn."""
    st = pos(CA, 2, hands=["8H 8S 8D 9C", "5C 5D"], melds=[{"K": K7}, {}], turn=0,
             phase="play")
    assert legal(st, "0 meld 8H 8S 8D")
    do(st, "0 meld 8H 8S 8D")
    ev = do(st, "0 discard 9C")
    assert kinds(ev)[-2:] == ["out", "deal_over"]
    st = pos(CA, 2, hands=["8H 8S 8D 9C", "5C 5D"], melds=[{"K": "KS KS KH KH KD KD"}, {}],
             turn=0, phase="play")
    refused(st, "0 meld 8H 8S 8D", "canasta", "2 cards")
    # completed in the same turn
    st = pos(CA, 2, hands=["8H 8S 8D KC", "5C 5D"], melds=[{"K": "KS KS KH KH KD KD"}, {}],
             turn=0, phase="play")
    do(st, "0 add K KC")
    assert legal(st, "0 meld 8H 8S 8D")
    do(st, "0 meld 8H 8S 8D")
    assert st.is_over() and st.went_out == 0


def test_ca11_going_out_without_a_discard():
    """CA-11: a player may go out by melding every card (no discard)."""
    st = pos(CA, 2, hands=["8H 8S 8D", "5C 5D"], melds=[{"K": K7}, {}], turn=0, phase="play")
    ev = do(st, "0 meld 8H 8S 8D")
    assert kinds(ev) == ["meld", "out", "deal_over"]


def test_ca11_must_keep_a_card_when_not_allowed_out():
    """CA-11: a player who may not go out keeps a card: the last card may not be discarded
    and a meld may not leave a single card to discard."""
    st = pos(CA, 2, hands=["9C", "5C 5D"], melds=[{"K": "KS KS KH KH KD"}, {}], turn=0,
             phase="play")
    refused(st, "0 discard 9C", "canasta")
    st = pos(CA, 2, hands=["9C 8D", "5C 5D"], melds=[{"K": "KS KS KH KH KD"}, {}], turn=0,
             phase="play")
    assert legal(st, "0 discard 9C")


def test_ca12_ask_partner_and_the_answer_binds():
    """CA-12: right after drawing a player may ask; the partner answers; the answer binds."""
    st = pos(CA, 4, hands=["8H 8S 8D 9C", "5C 5D", "6C 6D", "7C 7D"], melds=[{"K": K7}, {}],
             turn=0, phase="play")
    assert legal(st, "0 ask") and listed(st, "0 ask")
    refused(st, "0 ask 1", "partner")
    refused(st, "2 yes", "nobody")
    do(st, "0 ask")
    assert st.current_player() == 2
    refused(st, "0 discard 9C", "seat 2")
    refused(st, "1 yes", "seat 2")
    no = st.clone()
    do(no, "2 no")
    refused(no, "0 meld 8H 8S 8D", "partner said no")
    refused(no, "0 ask", "already asked")
    yes = st.clone()
    do(yes, "2 yes")
    refused(yes, "0 discard 9C", "must go out")
    assert [a.verb for a in yes.legal_actions(0)] == ["meld"]
    do(yes, "0 meld 8H 8S 8D", "0 discard 9C")
    assert yes.went_out == 0


def test_ca12_ask_right_after_taking_the_pile():
    """CA-12: the question may also come right after taking the pile (its meld is part of the
    take), but not after a further meld."""
    st = pos(CA, 4, hands=["8H 8S 9C 9H 9S 4C", "5C", "6C", "7C"], pile="4D 4H 8D",
             melds=[{"K": K7}, {}], turn=0)
    do(st, "0 take 8H 8S")
    assert legal(st, "0 ask") and listed(st, "0 ask")
    do(st, "0 meld 9C 9H 9S")
    refused(st, "0 ask", "before melding")


def test_ca12_ask_only_right_after_drawing_and_only_with_partner():
    """CA-12: asking is for 4 players, right after drawing and before melding."""
    st = pos(CA, 4, hands=["8H 8S 8D 9C 9H 9S 4C", "5C", "6C", "7C"], melds=[{"K": K7}, {}],
             turn=0)
    refused(st, "0 ask", "after drawing")
    do(st, "0 draw", "0 meld 9C 9H 9S")
    refused(st, "0 ask", "before melding")
    st = pos(CA, 2, hands=["8H 8S 8D 9C", "5C 5D"], melds=[{"K": K7}, {}], turn=0,
             phase="play")
    refused(st, "0 ask", "no partner")
    assert "ask" not in [a.verb for a in st.legal_actions(0)]


@pytest.mark.parametrize("rules", [CA, QC])
def test_ca12_asking_before_drawing_stays_refused_unlike_canastone(rules):
    """CA-12 (and Quick Canasta, as Canasta): the question comes right after drawing or
    taking the pile, so before the draw it is refused and not listed (CS-13 lets Canastone
    players ask before drawing too)."""
    st = pos(rules, 4, hands=["8H 8S 8D 9C", "5C 5D", "6C 6D", "7C 7D"],
             melds=[{"K": K7}, {}], turn=0, stock="8C 8C")  # then 9C is the discard
    refused(st, "0 ask", "right after drawing")
    assert not any(a.verb == "ask" for a in st.legal_actions(0))
    do(st, "0 draw")
    assert legal(st, "0 ask") and listed(st, "0 ask")


def test_ca13_concealed_going_out_waives_minimum_and_scores_200():
    """CA-13: a player who had not melded melds the whole hand in one turn with a complete
    canasta; after drawing from the stock no opening minimum applies; the bonus is 200."""
    st = pos(CA, 2, hands=["5S 5S 5H 5H 5D 5D 5C 4C 4C 4D", "9C 9D"], turn=0, stock="6H",
             scores=[3000, 0])
    do(st, "0 draw")
    # 7*5 + 3*5 = 50 < 120, but concealed going out needs no minimum
    assert legal(st, "0 meld 5S 5S 5H 5H 5D 5D 5C / 4C 4C 4D")
    refused(st, "0 meld 5S 5S 5H 5H 5D 5D 5C", "120", "35")
    do(st, "0 meld 5S 5S 5H 5H 5D 5D 5C / 4C 4C 4D")
    ev = do(st, "0 discard 6H")
    assert [e.info for e in ev if e.kind == "out"] == [True]
    scores, parts = finish_scores(st)
    # side 0: melds 50, natural canasta 500, concealed out 200, hand 0 -> 750
    # side 1: hand 9C 9D -> -20
    assert parts[0] == {"melds": 50, "canastas": 500, "red_threes": 0, "going_out": 200,
                        "hand": 0}
    assert scores == [750, -20]


def test_ca13_concealed_going_out_is_listed():
    """CA-13: the concealed going-out meld must be among the legal actions."""
    st = pos(CA, 2, hands=["5S 5S 5H 5H 5D 5D 5C 4C 4C 4D", "9C 9D"], turn=0, stock="6H",
             scores=[3000, 0])
    do(st, "0 draw")
    assert legal(st, "0 meld 5S 5S 5H 5H 5D 5D 5C / 4C 4C 4D")
    assert any(a.verb == "meld" for a in st.legal_actions(0))


def test_ca13_concealed_going_out_through_the_pile():
    """CA-13: a player who had not melded may go out concealed in a turn that takes the pile
    (the opening minimum applies then): 200."""
    st = pos(CA, 2, hands=["5S 5S 5H 5H 5D 5D 5C 9C 9D 4S", "QC QD"], pile="9S", turn=0,
             frozen=False)
    # 9C 9D + 9S = 30 and seven fives 35: 65 >= 50
    assert legal(st, "0 take 9C 9D / 5S 5S 5H 5H 5D 5D 5C")
    do(st, "0 take 9C 9D / 5S 5S 5H 5H 5D 5D 5C", "0 discard 4S")
    scores, parts = finish_scores(st)
    # melds 30 + 35 = 65, natural canasta 500, concealed 200; seat 1: QC QD -20
    assert parts[0] == {"melds": 65, "canastas": 500, "red_threes": 0, "going_out": 200,
                        "hand": 0}
    assert scores == [765, -20]


def test_ca13_no_waiver_after_taking_the_pile():
    """CA-13: the opening minimum is waived only when the player drew from the stock."""
    st = pos(CA, 2, hands=["5S 5S 5H 5H 5D 4C 4C 4D 6H", "9C 9D"], pile="9S 5C", turn=0,
             scores=[3000, 0])
    refused(st, "0 take 5S 5S / 5H 5H 5D", "120")


def test_ca13_concealed_with_partner_open_but_not_adding_to_partner():
    """CA-13: concealed even if the partner opened, but not when adding to partner's melds."""
    base = dict(melds=[{"K": "KS KH KD"}, {}], turn=0, phase="play")
    st = pos(CA, 4, hands=["5S 5S 5H 5H 5D 5D 5C 4C 4C 4D 6H", "9C 9D", "6C", "6D"], **base)
    do(st, "0 meld 5S 5S 5H 5H 5D 5D 5C / 4C 4C 4D", "0 discard 6H")
    _, parts = finish_scores(st)
    # melds: kings 30 + fives 35 + fours 15 = 80; canasta 500; concealed 200; seat 2 holds 6C
    assert parts[0] == {"melds": 80, "canastas": 500, "red_threes": 0, "going_out": 200,
                        "hand": -5}
    st = pos(CA, 4, hands=["5S 5S 5H 5H 5D 5D 5C 4C 4C 4D KC", "9C 9D", "6C", "6D"], **base)
    do(st, "0 add K KC", "0 meld 5S 5S 5H 5H 5D 5D 5C / 4C 4C 4D")
    assert st.is_over()
    _, parts = finish_scores(st)
    assert parts[0]["going_out"] == 100  # added to partner's kings: not concealed


def test_ca14_must_take_matching_unfrozen_pile_when_stock_empty():
    """CA-14: with the stock empty a player must take an unfrozen pile whose top card matches
    a meld of the side."""
    st = pos(CA, 2, hands=["8H 8S 9C", "5C 5D"], pile="4C 8D", melds=[{"8": "8C 8C 8H"}, {}],
             turn=0, exact_stock="")
    refused(st, "0 draw", "must take")
    assert sorted(a.verb for a in st.legal_actions(0)) == ["take", "take"]


def test_ca14_deal_ends_when_player_must_draw_and_cannot():
    """CA-14: the deal ends when the player to move must draw and cannot; no going-out bonus."""
    st = pos(CA, 2, hands=["8H 8S 9C", "5C 5D"], pile="4C 8D", melds=[{"8": "8C 8C 8H"}, {}],
             turn=0, exact_stock="", frozen=True)
    assert legal(st, "0 draw")  # a frozen pile need not be taken: decline by drawing
    ev = do(st, "0 draw")
    assert kinds(ev) == ["deal_over"]
    scores, parts = finish_scores(st)
    # side 0: melds 30, hand 8H 8S 9C -30; side 1: hand 5C 5D -10; nobody went out
    assert scores == [0, -10]
    assert parts[0]["going_out"] == 0 and parts[1]["going_out"] == 0


def test_ca14_deal_ends_at_turn_start_without_a_take():
    """CA-14: the last stock card drawn, the next player cannot take the pile: the deal ends."""
    st = pos(CA, 2, hands=["8H 9C 4D", "5C 5D 6S"], pile="4C 8D",
             melds=[{"8": "8C 8C 8H"}, {}], turn=0, exact_stock="KS")
    do(st, "0 draw")
    ev = do(st, "0 discard 9C")
    assert kinds(ev) == ["discard", "turn", "deal_over"]
    assert st.current_player() == -1
    refused(st, "1 draw", "over")


def test_ca14_last_card_a_red_three_ends_at_once():
    """CA-14: if the last card drawn is a red three the deal ends at once."""
    st = pos(CA, 2, hands=["8H 9C 4D", "5C 5D 6S"], pile="4C 8D",
             melds=[{"8": "8C 8C 8H"}, {}], turn=0, exact_stock="3H")
    ev = do(st, "0 draw")
    assert kinds(ev) == ["draw", "red_three", "deal_over"]
    scores, parts = finish_scores(st)
    # side 0: melds 30, red three 100 (opened), hand 8H 9C 4D = -25 -> 105
    assert parts[0] == {"melds": 30, "canastas": 0, "red_threes": 100, "going_out": 0,
                        "hand": -25}
    assert scores == [105, -15]


# ---------------------------------------------------------------------------------------
# Scoring
# ---------------------------------------------------------------------------------------
def test_ca15_full_breakdown_four_players():
    """CA-15: card points of melds, canasta bonuses, red threes, going out, minus hands."""
    st = pos(CA, 4, hands=["9C 9D 9H 4S", "AS 2S", "JK 5C", "3S 8C"], turn=0, phase="play",
             melds=[{"K": K7, "7": M7, "A": "AS AH 2D"}, {"Q": "QS QH QD"}],
             red_threes=["3H 3D", "3H"])
    do(st, "0 meld 9C 9D 9H", "0 discard 4S")
    scores, parts = finish_scores(st)
    # side 0 melds: kings 70 + sevens 95 + aces 20+20+20=60 + nines 30 = 255
    #   canastas: natural 500 + mixed 300 = 800; red threes 2*100 = 200; out 100
    #   hands: seat 0 empty, seat 2 JK 5C = -55        -> 255+800+200+100-55 = 1300
    # side 1 melds: queens 30; red three 100; hands: AS 2S -40, 3S 8C -15 -> 75
    assert parts == [
        {"melds": 255, "canastas": 800, "red_threes": 200, "going_out": 100, "hand": -55},
        {"melds": 30, "canastas": 0, "red_threes": 100, "going_out": 0, "hand": -55},
    ]
    assert scores == [1300, 75]
    assert set(parts[0]) == set(PARTS)


def test_ca15_red_threes_four_is_800_and_unopened_is_negative():
    """CA-15: 100 per red three, 800 for all four; a side that has not opened scores them
    as minus."""
    st = pos(CA, 2, hands=["9C 9D 9H 4S", "QS 5C"], turn=0, phase="play",
             melds=[{"K": K7}, {}], red_threes=["3H 3H 3D 3D", ""])
    do(st, "0 meld 9C 9D 9H", "0 discard 4S")
    _, parts = finish_scores(st)
    assert parts[0]["red_threes"] == 800
    st = pos(CA, 2, hands=["9C 9D 9H 4S", "QS 5C"], turn=0, phase="play",
             melds=[{"K": K7}, {}], red_threes=["3H", "3H 3D"])
    do(st, "0 meld 9C 9D 9H", "0 discard 4S")
    scores, parts = finish_scores(st)
    # side 1 never opened: -2*100; hand QS 5C -15 -> -215
    assert parts[1] == {"melds": 0, "canastas": 0, "red_threes": -200, "going_out": 0,
                        "hand": -15}
    assert scores[1] == -215
    st = pos(CA, 2, hands=["9C 9D 9H 4S", "QS 5C"], turn=0, phase="play",
             melds=[{"K": K7}, {}], red_threes=["", "3H 3H 3D 3D"])
    do(st, "0 meld 9C 9D 9H", "0 discard 4S")
    _, parts = finish_scores(st)
    assert parts[1]["red_threes"] == -800


def test_ca15_hand_card_points():
    """CA-15 / G-4: cards left in hand subtract their points (joker 50, A 20, 2 20, Q 10,
    7 5, black three 5, red three 0 as a card)."""
    st = pos(CA, 2, hands=["9C 9D 9H 4S", "JK AS 2C QD 7C 3S"], turn=0, phase="play",
             melds=[{"K": K7}, {}])
    do(st, "0 meld 9C 9D 9H", "0 discard 4S")
    _, parts = finish_scores(st)
    assert parts[1]["hand"] == -(50 + 20 + 20 + 10 + 5 + 5)


def test_ca16_game_ends_at_5000_higher_total_wins():
    """CA-16: the game ends after the deal in which a side reaches 5000; higher total wins."""
    game = get_game(CA)
    assert game.target(frozenset()) == 5000
    assert game.game_over([4990, 3000], frozenset()) == (False, None)
    assert game.game_over([5000, 3000], frozenset()) == (True, 0)
    assert game.game_over([5200, 5400], frozenset()) == (True, 1)
    assert game.game_over([5100, 5100], frozenset()) == (True, None)  # G-6: a draw
