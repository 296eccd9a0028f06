"""Quick Canasta (RULES.md section 2): one or more tests per rule id QC-1 .. QC-8.

Quick Canasta is Canasta (section 1) except where a QC rule says otherwise. Scores are worked
out by hand from RULES.md (QC-8 as CA-15, G-4 card points).
"""

from __future__ import annotations

import pytest

from game.engine.registry import get_game

from .helpers import (
    PARTS,
    QC,
    deal,
    do,
    finish_scores,
    hand,
    kinds,
    legal,
    meld_cards,
    pos,
    refused,
    round_robin,
)

K7 = "KS KS KH KH KD KD KC"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_qc1_two_decks_eleven_cards_at_every_count(players):
    """QC-1: two 54-card decks, 2..4 players, 11 cards each at every count."""
    game = get_game(QC)
    assert len(game.deck_for(players)) == 108
    st = deal(QC, players, "")
    assert [len(st.hand_cards(s)) for s in range(players)] == [11] * players
    assert st.check_invariants() == []
    assert game.num_sides(players) == (2 if players == 4 else players)


def test_qc1_partners_at_four():
    """QC-1: partners at 4 players (opposite seats, G-2)."""
    game = get_game(QC)
    assert [game.side_of(s, 4) for s in range(4)] == [0, 1, 0, 1]
    assert [game.side_of(s, 3) for s in range(3)] == [0, 1, 2]


def test_qc1_starter_turns_while_wild_or_three():
    """QC-1: starter cards are turned while the top is wild or a three (as CA-2)."""
    h0 = "4S 4H 4D 5S 5H 6D 6S 6H 7D 7S 9C"
    h1 = "8H 8D 8S 9S 9H 9D 10S 10H 10D JS JH"
    st = deal(QC, 2, round_robin([h0, h1]) + " JK 3S 2H QH", dealer=0)
    assert st.summary()["discard"] == ["JK", "3S", "2H", "QH"]
    assert st.frozen is True
    st = deal(QC, 2, round_robin([h0, h1]) + " QH", dealer=0)
    assert st.summary()["discard"] == ["QH"] and st.frozen is False


def test_qc2_draw_two_cards():
    """QC-2: a turn draws 2 cards from the stock instead of 1."""
    st = pos(QC, 2, hands=["8H 9C 4D", "5C 5D 6S"], pile="4C 8D", turn=0, stock="KS QS JS")
    ev = do(st, "0 draw")
    assert kinds(ev) == ["draw", "draw"]
    assert hand(st, 0) == ["4D", "8H", "9C", "KS", "QS"]
    refused(st, "0 draw", "already drawn")


def test_qc2_red_three_drawn_is_laid_out_and_replaced():
    """QC-2: a red three drawn is laid out and replaced."""
    st = pos(QC, 2, hands=["8H 9C 4D", "5C 5D 6S"], pile="4C 8D", turn=0, stock="KS 3H QS JS")
    ev = do(st, "0 draw")
    assert kinds(ev) == ["draw", "draw", "red_three", "draw"]
    assert hand(st, 0) == ["4D", "8H", "9C", "KS", "QS"]
    assert st.summary()["red_three_cards"][0] == ["3H"]


def test_qc3_meld_shape_two_naturals_three_wild():
    """QC-3: melds have at least 2 natural cards and at most 3 wild cards."""
    st = pos(QC, 2, hands=["7H 7S 7D 2C 2D JK JK 9C 9D", "5C 5D"], turn=0, phase="play",
             opened=[True, False])
    assert legal(st, "0 meld 7H 7S 2C")
    assert legal(st, "0 meld 7H 7S 2C 2D JK")
    refused(st, "0 meld 7H 2C JK", "two natural")
    refused(st, "0 meld 7H 7S 7D 2C 2D JK JK", "three wild")
    refused(st, "0 meld 2C 2D JK", "wild")


def test_qc4_frozen_pile_two_naturals_never_by_adding():
    """QC-4: frozen (a wild card in the pile): 2 natural cards plus the top card; never by
    adding the top card to an existing meld."""
    st = pos(QC, 2, hands=["8H 8S 2C 9C 9D KS", "5C 5D"], pile="4C 2S 8D",
             melds=[{"8": "8C 8C 8H"}, {}], turn=0)
    assert legal(st, "0 take 8H 8S")
    refused(st, "0 take 8H 2C", "frozen")
    refused(st, "0 take", "frozen")
    do(st, "0 take 8H 8S")  # the three cards merge into the meld of eights
    assert meld_cards(st, 0, 8) == ["8C", "8C", "8D", "8H", "8H", "8S"]
    assert hand(st, 0) == ["2C", "2S", "4C", "9C", "9D", "KS"]


def test_qc4_unopened_side_is_frozen_against():
    """QC-4: a side that has not opened faces a frozen pile: natural pair only."""
    st = pos(QC, 2, hands=["8H 8S 2C KS KH KD 9C", "5C 5D"], pile="4C 8D", turn=0)
    refused(st, "0 take 8H 2C / KS KH KD", "frozen")
    assert legal(st, "0 take 8H 8S / KS KH KD")


def test_qc4_unfrozen_pile_pair_wild_or_adding():
    """QC-4: not frozen: 2 cards from hand (one may be wild) plus the top, or the top card
    added to an existing meld."""
    st = pos(QC, 2, hands=["8H 8S 2C 9C 9D KS", "5C 5D"], pile="4C 3S 8D",
             melds=[{"8": "8C 8C 8H"}, {}], turn=0)
    assert legal(st, "0 take 8H 8S")
    assert legal(st, "0 take 8H 2C")
    assert legal(st, "0 take")
    refused(st, "0 take 2C JK", "JK")  # not held
    refused(st, "0 take 9C 9D", "8")
    do(st, "0 take")
    assert meld_cards(st, 0, 8) == ["8C", "8C", "8D", "8H"]


def test_qc4_never_on_wild_or_black_three():
    """QC-4: never on a wild card or a black three."""
    m = [{"8": "8C 8C 8H"}, {}]
    st = pos(QC, 2, hands=["2C JK 3S 3C 9D", "5C"], pile="4C 8D JK", melds=m, turn=0)
    refused(st, "0 take 2C JK", "wild")
    st = pos(QC, 2, hands=["2C JK 3S 3C 9D", "5C"], pile="4C 8D 3C", melds=m, turn=0)
    refused(st, "0 take 3S 3C", "three")


@pytest.mark.parametrize("score,minimum", [(-5, 15), (0, 50), (1495, 50), (1500, 90),
                                           (2995, 90), (3000, 120)])
def test_qc5_opening_minimum(score, minimum):
    """QC-5: negative 15; 0..1495 50; 1500..2995 90; 3000 or more 120."""
    st = pos(QC, 2, hands=["KS KH KD QS QH QD JS JH JD AS AH AD 4S 4H 4D 4C 9C 8D", "5C"],
             turn=0,
             phase="play", scores=[score, 0])
    assert st.open_min[0] == minimum
    # 4 fours = 20; 3 kings = 30; kings + queens = 60; + jacks = 90; + aces = 130
    options = [("0 meld 4S 4H 4D 4C", 20),
               ("0 meld KS KH KD", 30),
               ("0 meld KS KH KD / QS QH QD", 60),
               ("0 meld KS KH KD / QS QH QD / JS JH JD", 90),
               ("0 meld KS KH KD / QS QH QD / JS JH JD / AS AH AD", 130)]
    for text, value in options:
        if value >= minimum:
            assert legal(st, text), (text, minimum)
        else:
            refused(st, text, str(minimum), str(value))


def test_qc6_going_out_needs_a_canasta():
    """QC-6: going out needs 1 canasta of the side."""
    st = pos(QC, 2, hands=["8H 8S 8D 9C", "5C 5D"], melds=[{"K": "KS KS KH KH KD KD"}, {}],
             turn=0, phase="play")
    refused(st, "0 meld 8H 8S 8D", "canasta")
    st = pos(QC, 2, hands=["8H 8S 8D 9C", "5C 5D"], melds=[{"K": K7}, {}], turn=0,
             phase="play")
    assert legal(st, "0 meld 8H 8S 8D")


def test_qc6_no_concealed_going_out():
    """QC-6: no concealed going out: the opening minimum always applies and no 200 bonus."""
    st = pos(QC, 2, hands=["5S 5S 5H 5H 5D 5D 5C 4C 4C 4D", "9C 9D"], turn=0,
             stock="6H 7H", scores=[3000, 0])
    do(st, "0 draw")
    # 7 fives + 3 fours = 50 < 120; in Canasta this concealed going out would be legal
    refused(st, "0 meld 5S 5S 5H 5H 5D 5D 5C / 4C 4C 4D", "120", "50")
    # a player who never melded goes out in one turn with a canasta: only 100
    st = pos(QC, 4, hands=["5S 5S 5H 5H 5D 5D 5C 4C 4C 4D 6H", "9C 9D", "6C", "6D"],
             melds=[{"K": "KS KH KD"}, {}], turn=0, phase="play")
    do(st, "0 meld 5S 5S 5H 5H 5D 5D 5C / 4C 4C 4D", "0 discard 6H")
    scores, parts = finish_scores(st)
    # side 0: melds 30 + 35 + 15 = 80, natural canasta 500, out 100, seat 2 holds 6C (-5)
    assert parts[0] == {"melds": 80, "canastas": 500, "red_threes": 0, "going_out": 100,
                        "hand": -5}
    assert scores[0] == 675


def test_qc7_last_card_player_then_next_may_take_then_end():
    """QC-7: the player who draws the last card (a single card here) plays the turn; the next
    player may take the pile and completes that turn; then the deal ends."""
    st = pos(QC, 3, hands=["8H 9C 4D", "5C 5D 6S 9H 9S", "7C 7D 7S"], pile="4C 8D",
             melds=[{"8": "8C 8C 8H"}, {}, {}], opened=[True, True, True], turn=0,
             exact_stock="KS")
    ev = do(st, "0 draw")
    assert kinds(ev) == ["draw"] and hand(st, 0) == ["4D", "8H", "9C", "KS"]
    do(st, "0 discard 9C")
    assert st.current_player() == 1 and not st.is_over()
    assert sorted(a.verb for a in st.legal_actions(1)) == ["draw", "take"]
    took = st.clone()
    do(took, "1 take 9H 9S")
    assert not took.is_over()
    ev = do(took, "1 discard 5C")
    assert kinds(ev)[-1] == "deal_over" and took.end_reason == "stock exhausted"
    # declining (decided: written 'draw') ends the deal at once
    ev = do(st, "1 draw")
    assert kinds(ev) == ["deal_over"]


def test_qc7_next_player_cannot_take_deal_ends():
    """QC-7: when the next player may not take the pile the deal ends."""
    st = pos(QC, 3, hands=["8H 9C 4D", "5C 5D 6S 9H", "7C 7D 7S"], pile="4C 8D",
             melds=[{"8": "8C 8C 8H"}, {}, {}], opened=[True, True, True], turn=0,
             exact_stock="KS")
    do(st, "0 draw")
    ev = do(st, "0 discard 9C")
    assert kinds(ev) == ["discard", "turn", "deal_over"]
    scores, parts = finish_scores(st)
    # seat 0: melds 30, hand 8H 4D KS = -25; seat 1: -(5+5+5+10) = -25; seat 2: -15
    assert scores == [5, -25, -15]
    assert all(p["going_out"] == 0 for p in parts)


def test_qc7_red_three_without_replacement_ends_at_once():
    """QC-7: a red three drawn with no replacement ends the deal at once."""
    st = pos(QC, 3, hands=["8H 9C 4D", "5C 5D 6S", "7C 7D 7S"], pile="4C 8D",
             melds=[{"8": "8C 8C 8H"}, {}, {}], opened=[True, True, True], turn=0,
             exact_stock="KS 3D")
    ev = do(st, "0 draw")
    assert kinds(ev) == ["draw", "draw", "red_three", "deal_over"]
    assert st.end_reason == "red three drawn with no replacement"
    _, parts = finish_scores(st)
    assert parts[0]["red_threes"] == 100


def test_qc8_scoring_with_four_red_threes():
    """QC-8: as CA-15 without the concealed bonus; 100 per red three, 800 for all four of a
    side; going out 100."""
    st = pos(QC, 4, hands=["9C 9D 9H 4S", "AS 2S", "JK 5C", "3S 8C"], turn=0, phase="play",
             melds=[{"K": K7, "7": "7S 7S 7H 7H 7D 2C JK"}, {"Q": "QS QH QD"}],
             red_threes=["3H 3D 3H 3D", ""])
    do(st, "0 meld 9C 9D 9H", "0 discard 4S")
    scores, parts = finish_scores(st)
    # side 0: melds 70 + (25 + 20 + 50) + 30 = 195; canastas 500 + 300; red threes 800;
    #   out 100; seat 2 JK 5C -55 -> 195 + 800 + 800 + 100 - 55 = 1840
    # side 1: melds 30; hands AS 2S -40, 3S 8C -15 -> -25
    assert parts[0] == {"melds": 195, "canastas": 800, "red_threes": 800, "going_out": 100,
                        "hand": -55}
    assert scores == [1840, -25]
    assert set(parts[1]) == set(PARTS)


def test_qc8_game_ends_at_5000():
    """QC-8: the game ends at 5000."""
    game = get_game(QC)
    assert game.game_over([4995, 0], frozenset()) == (False, None)
    assert game.game_over([2000, 5000], frozenset()) == (True, 1)
    assert game.game_over([5000, 5000, 10], frozenset()) == (True, None)
