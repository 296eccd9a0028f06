"""Looking and Down (RULES.md section 4): tests per rule id LD-1 .. LD-15 and the option
no-grab-bonus.

Every player is a side of one. Scores are worked out by hand from LD-14 and G-4 (black threes
score 0 in Looking and Down; a red three left in the looking or the down costs 500).
"""

from __future__ import annotations

import random

import pytest

from game.engine.base import DealSetup
from game.engine.gameinfo import down_dealer
from game.engine.registry import get_game
from game.lab.selfplay import random_choice_actor

from .helpers import (
    LD,
    PARTS,
    deal,
    deck_from,
    do,
    finish_scores,
    hand,
    kinds,
    legal,
    listed,
    pos,
    refused,
)

A7 = "AS AH AD AS AH AD AC"  # a red canasta of aces: 140 points, +500
K7 = "KS KH KD KS KH KD 2C"  # a black canasta of kings: 80 points, +300
TWO = [{"A": A7, "K": K7}, {}, {}]  # seat 0 holds two canastas
ONE = [{"A": "AS AH AD"}, {}, {}]  # seat 0 has opened
PARTS_LD = set(PARTS) | {"grab"}


def play_out(st, seed=0):
    """Finish a deal with random legal play."""
    rng = random.Random(seed)
    for _ in range(5000):
        if st.is_over():
            return st
        st.apply(random_choice_actor(st, rng))
    raise AssertionError("the deal did not end")


# ---------------------------------------------------------------------------------------
# Setup
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_ld1_one_deck_per_player_plus_one(players):
    """LD-1: one 54-card deck per player plus one; 2..7 players; no partnerships."""
    game = get_game(LD)
    assert len(game.deck_for(players)) == 54 * (players + 1)
    assert game.num_sides(players) == players
    assert [game.side_of(s, players) for s in range(players)] == list(range(players))
    st = deal(LD, players, "", dealer=0, keeper=players - 1)
    assert st.check_invariants() == []


def test_ld1_keeper_never_deals_nor_plays_first():
    """LD-1: the score keeper plays but never deals and never plays first."""
    game = get_game(LD)
    setup = DealSetup(players=3, deck=tuple(game.deck_for(3)), dealer=1, keeper=1)
    problem = game.check_setup(setup)
    assert problem and "keeper" in problem
    for players in range(2, 8):
        for keeper in range(players):
            for dealer in range(players):
                if dealer == keeper:
                    continue
                st = deal(LD, players, "", dealer=dealer, keeper=keeper)
                assert st.current_player() != keeper
                assert down_dealer(dealer, keeper, players) != keeper
                assert len(st.hand_cards(keeper)) == 11  # the keeper is dealt like everyone


def test_ld1_two_players_the_other_deals_both_stacks():
    """LD-1 (decided): with 2 players the player who is not the keeper deals both stacks."""
    assert down_dealer(0, 1, 2) == 0
    st = deal(LD, 2, "", dealer=0, keeper=1)
    assert st.current_player() == 0  # the keeper never plays first


def test_ld2_lookings_then_downs_from_each_dealers_left():
    """LD-2: 11 looking cards from the looking dealer's left, then 11 down cards from the down
    dealer's left (the down dealer sits left of the looking dealer, skipping the keeper)."""
    st = deal(LD, 3, "", dealer=0, keeper=2)  # down dealer 1; downs start at seat 2
    s = st.summary()
    # deck order AS, 2S, ...: lookings go 1, 2, 0, 1, 2, 0 ...
    assert s["hands"][1][0] == "AS" and s["hands"][2][0] == "2S" and s["hands"][0][0] == "3S"
    # the 34th card (8D) opens the downs, at seat 2
    assert s["downs"][2][0] == "8D" and s["downs"][0][0] == "9D" and s["downs"][1][0] == "10D"
    assert all(len(h) == 11 for h in s["hands"]) and all(len(d) == 11 for d in s["downs"])
    st = deal(LD, 3, "", dealer=0, keeper=1)  # down dealer skips the keeper: seat 2
    assert down_dealer(0, 1, 3) == 2
    assert st.summary()["downs"][0][0] == "8D"


def test_ld2_next_deal_the_down_dealer_deals_the_lookings():
    """LD-2: next deal the down dealer deals the lookings."""
    game = get_game(LD)
    setup = DealSetup(players=4, deck=tuple(game.deck_for(4)), dealer=0, keeper=1)
    assert game.next_dealer(setup) == 2


def test_ld3_exact_grab_scores_100_per_dealer():
    """LD-3 / LD-14: each dealer who grabs exactly scores 100."""
    st = play_out(deal(LD, 3, "", dealer=0, keeper=1, grab=(True, True)))
    _, parts = finish_scores(st)
    # looking dealer 0, down dealer 2 (seat 1 is the keeper)
    assert [p["grab"] for p in parts] == [100, 0, 100]
    st = play_out(deal(LD, 3, "", dealer=0, keeper=1, grab=(False, True)))
    _, parts = finish_scores(st)
    assert [p["grab"] for p in parts] == [0, 0, 100]
    st = play_out(deal(LD, 2, "", dealer=0, keeper=1, grab=(True, True)))
    _, parts = finish_scores(st)
    assert [p["grab"] for p in parts] == [200, 0]  # one player dealt both stacks


def test_ld3_option_no_grab_bonus():
    """LD-3 option no-grab-bonus: no bonus for an exact grab."""
    st = play_out(deal(LD, 3, "", dealer=0, keeper=1, grab=(True, True),
                       options={"no-grab-bonus"}))
    _, parts = finish_scores(st)
    assert [p["grab"] for p in parts] == [0, 0, 0]


def test_ld4_looking_dealer_turns_the_first_card_left_of_down_dealer_plays_first():
    """LD-4: one card starts the pile; the player left of the down dealer (skipping the
    keeper) plays first."""
    st = deal(LD, 3, "", dealer=0, keeper=2)
    # 66 cards dealt, then the 67th (code 66 % 54 = 12: KS) starts the pile
    assert st.summary()["discard"] == ["KS"]
    assert st.current_player() == 0  # left of down dealer 1 is the keeper 2: skip to 0
    refused(st, "2 draw", "not seat 2")  # the keeper waits
    refused(st, "1 draw", "not seat 1")
    assert legal(st, "0 draw")
    st = deal(LD, 4, "", dealer=0, keeper=3)
    assert down_dealer(0, 3, 4) == 1 and st.current_player() == 2


# ---------------------------------------------------------------------------------------
# Melds
# ---------------------------------------------------------------------------------------
def test_ld5_meld_three_to_seven_wild_fewer_than_half():
    """LD-5: 3 to 7 cards of one rank 4..A; wild cards fewer than half (3..4: 1, 5..6: 2,
    7: 3); no all-wild melds."""
    st = pos(LD, 3, hands=["KS KH KD KC KS KH KD KC 2C JK 2S 9C 9D", "5C", "6C"], turn=0,
             phase="play", melds=ONE)
    assert legal(st, "0 meld KS KH 2C")
    refused(st, "0 meld KS KH 2C JK", "fewer than half")
    assert legal(st, "0 meld KS KH KD 2C JK")
    refused(st, "0 meld KS KH KD 2C JK 2S", "fewer than half")
    assert legal(st, "0 meld KS KH KD KC 2C JK 2S")
    assert legal(st, "0 meld KS KH KD KC KS KH KD")
    refused(st, "0 meld KS KH KD KC KS KH KD KC", "seven")
    refused(st, "0 meld 2C JK 2S", "wild")
    refused(st, "0 meld KS KH", "three")


def test_ld5_several_melds_of_one_rank_each_players_own():
    """LD-5: any number of melds of one rank; melds are the player's own (7#2 names the
    second meld of sevens)."""
    st = pos(LD, 3, hands=["KS KH KD KC KS KH 9C 9D", "KD KC 5C", "6C"], turn=0,
             phase="play", melds=ONE)
    do(st, "0 meld KS KH KD")
    assert legal(st, "0 meld KC KS KH")
    do(st, "0 meld KC KS KH")
    keys = [m["key"] for m in st.summary()["melds"][0]]
    assert keys == ["A", "K", "K#2"]
    assert legal(st, "0 add K#2 9C") is False
    st2 = pos(LD, 3, hands=["KD 9C 9D 4S", "5C", "6C"], turn=0, phase="play",
              melds=[{"A": "AS AH AD", "K": "KS KH KC", "K#2": "KS KH KC"}, {}, {}])
    assert legal(st2, "0 add K#2 KD") and listed(st2, "0 add K#2 KD")
    assert legal(st2, "0 add K KD") and listed(st2, "0 add K KD")
    # another player's meld is not seat 1's: seat 1 has no meld of kings
    assert st2.summary()["melds"][1] == []


def test_ld5_add_to_a_missing_nth_meld_is_refused():
    """LD-5: adding to the second meld of a rank that does not exist is refused politely."""
    st = pos(LD, 3, hands=["KS KH KD KC 9C 9D", "5C", "6C"], turn=0, phase="play",
             melds=[{"A": "AS AH AD", "K": "KS KH KD"}, {}, {}])
    refused(st, "0 add K#2 KC", "no meld")


def test_ld6_canasta_exactly_seven_nothing_added():
    """LD-6: a canasta is exactly 7 cards; nothing else can be added (but one red three to a
    red canasta)."""
    st = pos(LD, 3, hands=["AC 2C 3H 3D 9C 9D 9H 4S", "5C", "6C"], turn=0, phase="play",
             melds=[{"A": A7, "K": K7, "J": "JS JH JD"}, {}, {}])
    refused(st, "0 add A AC", "complete")
    refused(st, "0 add A 2C", "complete")
    assert legal(st, "0 add A 3H") and listed(st, "0 add A 3H")
    refused(st, "0 add K 3H", "red three")  # a black canasta takes no red three
    refused(st, "0 add J 3H", "red three")
    do(st, "0 add A 3H")
    refused(st, "0 add A 3D", "red three")  # only one


def test_ld6_canasta_bonuses_red_black_and_red_with_three():
    """LD-6: red canasta +500, black +300, red with a red three (8 cards) +1000."""
    st = pos(LD, 3, hands=["9C 9D 9H 4S", "5C", "6C"], turn=0, phase="play",
             melds=[{"A": A7 + " 3H", "K": K7, "Q": "QS QH QD QS QH QD QC"}, {}, {}],
             downs=[None, "7S", "7H"])
    do(st, "0 meld 9C 9D 9H", "0 discard 4S")
    scores, parts = finish_scores(st)
    # melds: aces 140 (+ red three 0) + kings 80 + queens 70 + nines 30 = 320
    # canastas: aces with red three 1000 + kings black 300 + queens red 500 = 1800
    assert parts[0]["canastas"] == 1800
    assert parts[0]["melds"] == 320
    assert scores[0] == 320 + 1800 + 100


def test_ld7_red_threes_stay_in_hand_and_may_be_discarded():
    """LD-7: red threes are not laid out or replaced; threes may be discarded; a three on top
    blocks the pile."""
    st = pos(LD, 3, hands=["9C 4S", "5C 5D", "6C"], turn=0, melds=ONE, downs=["5S", "4H", "4D"],
             stock="3H 3D")
    ev = do(st, "0 draw")
    assert kinds(ev) == ["draw", "draw"]
    assert hand(st, 0) == ["3D", "3H", "4S", "9C"]
    assert st.summary()["red_threes"] == [0, 0, 0]
    refused(st, "0 meld 3H 3D 9C", "same rank")
    assert legal(st, "0 discard 3H")
    do(st, "0 discard 3H")
    refused(st, "1 take 5C 5D", "three")


def test_ld7_seven_black_threes_only_going_out():
    """LD-7: black threes only as exactly seven, without wild cards, in the turn of going out
    (0 points, no bonus, not a canasta for the two needed)."""
    b7 = "3S 3S 3S 3C 3C 3C 3S"
    st = pos(LD, 3, hands=[b7 + " 4S", "5C", "6C"], melds=TWO, turn=0, phase="play",
             downs=[None, "4H", "4D"])
    assert legal(st, "0 meld " + b7)
    refused(st, "0 meld 3S 3S 3S 3C 3C 3C", "black threes")
    do(st, "0 meld " + b7, "0 discard 4S")
    _, parts = finish_scores(st)
    # melds: aces 140 + kings 80 + black threes 0 = 220; canastas 500 + 300
    assert parts[0] == {"melds": 220, "canastas": 800, "red_threes": 0, "going_out": 100,
                        "hand": 0, "grab": 0}
    st = pos(LD, 3, hands=[b7 + " 4S 5S", "5C", "6C"], melds=TWO, turn=0, phase="play",
             downs=[None, "4H", "4D"])
    refused(st, "0 meld " + b7, "black threes")  # would not go out
    st = pos(LD, 3, hands=[b7 + " 4S", "5C", "6C"], melds=[{"A": A7}, {}, {}], turn=0,
             phase="play", downs=[None, "4H", "4D"])
    refused(st, "0 meld " + b7, "black threes")  # not a second canasta
    st = pos(LD, 3, hands=[b7 + " 4S", "5C", "6C"], melds=TWO, turn=0, phase="play",
             downs=["4C", "4H", "4D"])
    refused(st, "0 meld " + b7, "black threes")  # LD-12: not from the looking
    assert not legal(st, "0 meld " + b7)


@pytest.mark.parametrize("score,minimum", [(-5, 15), (0, 50), (1500, 50), (1501, 90),
                                           (3000, 90), (3001, 120), (5000, 120),
                                           (5001, 150), (7000, 150), (7001, 210)])
def test_ld8_opening_minimum_table(score, minimum):
    """LD-8: negative 15; 0..1500 50; 1501..3000 90; 3001..5000 120; 5001..7000 150; over
    7000 210."""
    st = pos(LD, 2, hands=["9C", "5C"], scores=[score, 0], keeper=1)
    assert st.open_min[0] == minimum


def test_ld8_opening_value_and_no_seven_in_the_opening_turn():
    """LD-8: the first melds must reach the minimum; no meld may reach 7 cards in the turn of
    the opening (neither by melding nor by adding)."""
    st = pos(LD, 3, hands=["KS KH KD KC KS KH KD KC QS QH QD 9C 9D", "5C", "6C"], turn=0,
             phase="play")
    refused(st, "0 meld KS KH KD", "50", "30")
    assert legal(st, "0 meld KS KH KD / QS QH QD")
    refused(st, "0 meld KS KH KD KC KS KH KD", "seven")
    assert legal(st, "0 meld KS KH KD KC KS KH / QS QH QD")
    do(st, "0 meld KS KH KD KC KS KH / QS QH QD")
    refused(st, "0 add K KD", "seven")
    # the next turn a seventh card is fine
    st2 = pos(LD, 3, hands=["KD 9C 9D", "5C", "6C"], turn=0, phase="play",
              melds=[{"K": "KS KH KD KC KS KH"}, {}, {}])
    assert legal(st2, "0 add K KD")


# ---------------------------------------------------------------------------------------
# The turn
# ---------------------------------------------------------------------------------------
def test_ld9_draw_two_or_one_when_one_is_left():
    """LD-9: draw 2 from the stock, or one if only one is left."""
    st = pos(LD, 3, hands=["9C 4S", "5C", "6C"], turn=0, melds=ONE, stock="JS QS KS")
    do(st, "0 draw")
    assert hand(st, 0) == ["4S", "9C", "JS", "QS"]
    st = pos(LD, 3, hands=["9C 4S", "5C", "6C"], turn=0, melds=ONE, exact_stock="JS",
             downs=["5S", "4H", "4D"])
    do(st, "0 draw")
    assert hand(st, 0) == ["4S", "9C", "JS"]


def test_ld9_take_the_pile_showing_two_naturals():
    """LD-9: take the whole pile showing 2 natural cards of the top card's rank; after opening
    they need not be melded (decided: the pair stays in hand with the pile)."""
    st = pos(LD, 3, hands=["9C 9D 9H 2C 4S 5S", "5C 5D", "6C 6D"], pile="4C 8S 9S",
             melds=ONE, turn=0)
    assert legal(st, "0 take 9C 9D") and listed(st, "0 take 9H 9D")
    refused(st, "0 take 9C 2C", "2 natural")
    refused(st, "0 take", "natural cards")
    do(st, "0 take 9C 9D")
    assert hand(st, 0) == ["2C", "4C", "4S", "5S", "8S", "9C", "9D", "9H", "9S"]
    assert st.summary()["discard"] == []


def test_ld9_shown_pair_and_pile_become_known():
    """LD-9: the shown pair, the top card and the rest of the pile are seen by everyone."""
    st = pos(LD, 3, hands=["9C 9D 4S", "5C", "6C"], pile="4C 8S 9S", melds=ONE, turn=0)
    do(st, "0 take 9C 9D")
    assert st.observation(1)["known_hands"][0] == ["4C", "8S", "9C", "9D", "9S"]
    assert st.observation(2)["known_hands"] == st.observation(1)["known_hands"]


def test_ld9_unopened_taker_melds_the_top_card_in_the_opening():
    """LD-9: a player who has not opened must put the top card into the opening melds; it is
    the only pile card that counts."""
    st = pos(LD, 3, hands=["9C 9D 9H 2C KS KH KD 5S", "5C 5D", "6C 6D"], pile="4C QS QC 9S",
             turn=0)
    refused(st, "0 take 9C 9D", "50", "30")
    assert legal(st, "0 take 9C 9D / KS KH KD")  # 30 + 30 = 60
    do(st, "0 take 9C 9D / KS KH KD")
    assert [sorted(m["cards"]) for m in st.summary()["melds"][0]] == [
        ["9C", "9D", "9S"], ["KD", "KH", "KS"]]
    assert hand(st, 0) == ["2C", "4C", "5S", "9H", "QC", "QS"]


def test_ld9_never_on_wild_or_three_never_twice_in_a_row():
    """LD-9: never when the top card is wild or a three; never on two consecutive own
    turns."""
    for top, word in [("JK", "wild"), ("2S", "wild"), ("3S", "three"), ("3H", "three")]:
        st = pos(LD, 3, hands=["9C 9D 3S 3C 2C 2D 4S", "5C", "6C"], pile="4C " + top,
                 melds=ONE, turn=0, frozen=False)
        pair = "3S 3C" if top.startswith("3") else "2C 2D"
        refused(st, f"0 take {pair}", word)
    st = pos(LD, 3, hands=["9C 9D 4S", "5C", "6C"], pile="4C 9S", melds=ONE, turn=0,
             took_last=[True, False, False])
    refused(st, "0 take 9C 9D", "two turns in a row")
    st = pos(LD, 3, hands=["9C 9D 4S", "5C", "6C"], pile="4C 9S", melds=ONE, turn=0)
    assert legal(st, "0 take 9C 9D")


def test_ld9_took_last_is_set_by_taking():
    """LD-9: after taking the pile the same player may not take it on the next own turn, but
    may on the turn after."""
    st = pos(LD, 2, hands=["9C 9D 4S 5S 6S 7S", "5C 8C 9H 9C 4D"], pile="4C 9S",
             melds=ONE[:2], turn=0, keeper=1)
    do(st, "0 take 9C 9D", "0 discard 4S")
    assert st.took_last[0] is True
    do(st, "1 draw", "1 discard 9H")
    refused(st, "0 take 9C 9D", "two turns in a row")
    do(st, "0 draw", "0 discard 5S", "1 draw", "1 discard 9C")
    assert st.took_last[0] is False
    assert legal(st, "0 take 9C 9D")


def test_ld10_frozen_in_time_melds_out_of_turn_until_next_turn():
    """LD-10: after taking the pile the player may meld and add at any moment until the
    player's next turn begins, also during other players' turns."""
    st = pos(LD, 3, hands=["9C 9D 9H 2C 4S 5S 6S", "5C 5D 7C", "6C 6D 7D"], pile="4C 8S 9S",
             melds=ONE, turn=0)
    do(st, "0 take 9C 9D", "0 discard 4S")
    assert st.current_player() == 1 and st.actors() == [1, 0]
    assert legal(st, "0 meld 9S 9H 9D")
    refused(st, "0 discard 5S", "out of turn")
    refused(st, "0 draw", "out of turn")
    refused(st, "2 meld 6C 6D 7D", "not seat 2")  # seat 2 is not frozen in time
    do(st, "0 meld 9S 9H 9D")
    assert st.current_player() == 1
    do(st, "1 draw", "1 discard 5C")
    assert st.actors() == [2, 0]
    do(st, "2 draw", "2 discard 6C")
    assert st.actors() == [0] and st.frozen_time == [False, False, False]


def test_ld10_out_of_turn_must_keep_a_card_in_the_down():
    """LD-10 (decided): out of turn, a player in the down keeps one card unless going out;
    a looking may be emptied (the down is picked up)."""
    st = pos(LD, 3, hands=["9C 9D 9H", "5C 5D 7C", "6C 6D 7D"], melds=ONE, turn=1,
             frozen_in_time=[True, False, False], downs=["KS KH", "4H 4H", "4D 4D"])
    ev = do(st, "0 meld 9C 9D 9H")
    assert kinds(ev) == ["meld", "down"] and hand(st, 0) == ["KH", "KS"]
    st = pos(LD, 3, hands=["9C 9D 9H", "5C 5D 7C", "6C 6D 7D"], melds=ONE, turn=1,
             frozen_in_time=[True, False, False], downs=[None, "4H 4H", "4D 4D"])
    refused(st, "0 meld 9C 9D 9H", "down")
    st = pos(LD, 3, hands=["9C 9D 9H 4S", "5C 5D 7C", "6C 6D 7D"], melds=ONE, turn=1,
             frozen_in_time=[True, False, False], downs=[None, "4H 4H", "4D 4D"])
    assert legal(st, "0 meld 9C 9D 9H")


def test_ld11_looking_used_up_before_or_by_the_discard():
    """LD-11: a looking used up before the discard: take the down and continue; used up by
    the discard: take the down and the turn ends."""
    st = pos(LD, 3, hands=["9C 9D 9H", "5C", "6C"], melds=TWO, turn=0, phase="play",
             downs=["KS QS 2S", "4H", "4D"])
    ev = do(st, "0 meld 9C 9D 9H")
    assert kinds(ev) == ["meld", "down"]
    assert st.current_player() == 0 and hand(st, 0) == ["2S", "KS", "QS"]
    assert legal(st, "0 discard QS")
    st = pos(LD, 3, hands=["4S", "5C", "6C"], melds=TWO, turn=0, phase="play",
             downs=["5S 6S", "4H", "4D"])
    ev = do(st, "0 discard 4S")
    assert kinds(ev) == ["discard", "down", "turn"]
    assert hand(st, 0) == ["5S", "6S"] and st.current_player() == 1
    refused(st, "0 discard 5S", "not seat 0")  # the turn is over
    assert not st.is_over()


def test_ld12_going_out_only_from_the_down_with_two_canastas():
    """LD-12: going out only from the down, with 2 canastas (any colours); the final discard
    is optional; +100."""
    st = pos(LD, 3, hands=["9C 9D 9H 4S", "5C", "6C"], melds=TWO, turn=0, phase="play",
             downs=[None, "4H", "4D"])
    do(st, "0 meld 9C 9D 9H")
    ev = do(st, "0 discard 4S")
    assert kinds(ev)[-2:] == ["out", "deal_over"]
    st = pos(LD, 3, hands=["9C 9D 9H", "5C", "6C"], melds=TWO, turn=0, phase="play",
             downs=[None, "4H", "4D"])
    ev = do(st, "0 meld 9C 9D 9H")  # no discard needed
    assert kinds(ev) == ["meld", "out", "deal_over"]
    _, parts = finish_scores(st)
    assert parts[0]["going_out"] == 100


def test_ld12_may_not_empty_the_down_without_two_canastas():
    """LD-12: a player who may not go out must never empty the down."""
    st = pos(LD, 3, hands=["9C 9D 9H 4S", "5C", "6C"], melds=[{"A": A7}, {}, {}], turn=0,
             phase="play", downs=[None, "4H", "4D"])
    refused(st, "0 meld 9C 9D 9H", "down")
    st = pos(LD, 3, hands=["4S", "5C", "6C"], melds=[{"A": A7}, {}, {}], turn=0, phase="play",
             downs=[None, "4H", "4D"])
    refused(st, "0 discard 4S", "down")


def test_ld12_frozen_in_time_out_others_play_on():
    """LD-12: if a frozen-in-time player goes out, the others play on until it would be that
    player's turn again; emptying a hand in those turns is not going out."""
    melds = [{"A": A7, "K": K7}, {"Q": "QS QH QD"}, {}]
    st = pos(LD, 3, hands=["9C 9D 9H", "5C 5D 5H 8C", "6C 6D 7D 8D"], melds=melds, turn=1,
             frozen_in_time=[True, False, False], downs=[None, None, "4D 4D"],
             exact_stock="QC QC JH QH")
    ev = do(st, "0 meld 9C 9D 9H")
    assert kinds(ev) == ["meld", "out"] and not st.is_over()
    do(st, "1 draw", "1 meld 5C 5D 5H", "1 add Q QC QC")
    ev = do(st, "1 discard 8C")  # seat 1 empties its down: not going out
    assert "out" not in kinds(ev) and not st.is_over()
    ev = do(st, "2 draw", "2 discard 6C")
    assert kinds(ev)[-1] == "deal_over"
    scores, parts = finish_scores(st)
    # seat 0: aces 140 + kings 80 + nines 30 = 250; 500 + 300; out 100 -> 1150
    # seat 1: queens 30 + QC QC 20 + fives 15 = 65; nothing in hand -> 65
    # seat 2: hand 6D 7D 8D JH QH (5+5+10+10+10) + down 4D 4D (10) -> -50
    assert scores == [1150, 65, -50]
    assert parts[1]["going_out"] == 0


def test_ld13_one_more_round_after_the_last_draw():
    """LD-13: after the last stock card is drawn, one more round without drawing (decided:
    every player, the drawer included); emptying a hand then is not going out."""
    st = pos(LD, 3, hands=["9C 9D 9H 4S", "5C 5D 7C 8C", "6C 6D 7D 8D"], melds=ONE, turn=0,
             downs=["KS", "4H 4H", "4D 4D"], exact_stock="JS QS")
    do(st, "0 draw", "0 discard 4S")
    do(st, "1 discard 5C", "2 discard 6C")  # LD-13: no draw is asked
    assert not st.is_over() and st.current_player() == 0
    do(st, "0 meld 9C 9D 9H")
    ev = do(st, "0 discard JS")
    assert kinds(ev)[-1] == "deal_over"
    _, parts = finish_scores(st)
    assert all(p["going_out"] == 0 for p in parts)


def test_ld13_the_last_round_asks_no_draw():
    """LD-13 (decided): in the last round a turn starts with its melds or its discard; no draw
    is asked of the player (refused with that reason, and never listed)."""
    st = pos(LD, 3, hands=["9C 9D 9H 4S", "5C 5D 7C 8C", "6C 6D 7D 8D"], melds=ONE, turn=0,
             downs=["KS", "4H 4H", "4D 4D"], exact_stock="JS QS")
    assert legal(st, "0 draw")
    do(st, "0 draw")
    refused(st, "0 take 5C 5D")  # the seat that drew the last card plays on as usual
    do(st, "0 discard 4S")
    assert st.current_player() == 1
    refused(st, "1 draw", "last round")
    assert all(a.verb != "draw" for a in st.legal_actions(1))
    assert listed(st, "1 discard 5C") and legal(st, "1 meld 5C 5D 7C") is False
    do(st, "1 discard 5C")
    assert hand(st, 1) == ["5D", "7C", "8C"]
    assert st.current_player() == 2 and not legal(st, "2 draw")


def test_ld13_an_old_records_draw_in_the_last_round_draws_nothing():
    """LD-13 (decided): a record that still writes `draw` in the last round is read as
    drawing nothing: the record, the replay screen and a save all read it."""
    from game.engine.record import DealRecord, replay
    from game.replay.model import Replay

    record, last_round = _deal_to_the_stock_end()
    old = list(record.actions)
    for i in reversed(last_round):
        old.insert(i, f"{old[i].split()[0]} draw")  # what an older version wrote
    old_record = record.model_copy(update={"actions": old})
    new_result, code = replay(record)
    old_result, old_code = replay(old_record)
    assert code == old_code == 0 and new_result["deal_over"]
    assert old_result["deal_scores"] == new_result["deal_scores"]
    assert old_result["applied"] == len(old)
    assert Replay(old_record).total == len(record.actions)
    assert isinstance(old_record, DealRecord)


def _deal_to_the_stock_end():
    """A two-player deal played by drawing and discarding to the end of the stock: its
    record and the indexes of the actions that start a turn of the last round."""
    from game.engine.base import DealSetup
    from game.engine.record import DealRecord, actions_text
    from game.engine.registry import get_game

    game = get_game(LD)
    setup = DealSetup(players=2, deck=tuple(game.deck_for(2)), dealer=0, scores=(0, 0),
                      options=frozenset(), keeper=1)
    st = game.new_deal(setup)
    done = []
    starts = []
    while not st.is_over():
        legal_now = st.legal_actions()
        verbs = [a.verb for a in legal_now]
        if "draw" in verbs:
            a = legal_now[verbs.index("draw")]
        else:
            if not st.stock and st.phase == 1 and not (st.played or st.took) and \
                    (not done or done[-1].verb == "discard"):
                starts.append(len(done))
            a = legal_now[verbs.index("discard")]
        st.apply(a)
        done.append(a)
    assert starts, "the deal never reached its last round"
    return DealRecord.from_setup(LD, setup, actions_text(done)), starts


def test_ld13_taking_the_pile_allowed_in_the_last_round():
    """LD-13: taking the pile is allowed in the last round when eligible."""
    st = pos(LD, 3, hands=["9C 5S", "5C 5D 7C 8C", "6C 6D 7D 8D"],
             melds=[{"A": "AS AH AD"}, {"Q": "QS QH QD"}, {}], turn=0,
             downs=["KS", "4H 4H", "4D 4D"], exact_stock="JS 6H")
    do(st, "0 draw", "0 discard 5S")
    assert st.stock == []
    assert legal(st, "1 take 5C 5D")


# ---------------------------------------------------------------------------------------
# Scoring
# ---------------------------------------------------------------------------------------
def test_ld14_scoring_down_never_taken_and_red_threes():
    """LD-14: canasta bonuses, melded card points, 100 for going out; minus card points left
    in looking and down (a down never taken counts), -500 per red three left there."""
    melds = [{"A": A7, "K": K7}, {"Q": "QS QH 2S"}, {}]
    st = pos(LD, 3, hands=["9C 9D 9H 4S", "5C 3D 3S JK", "6C 6D 7D 8D"], melds=melds,
             turn=0, phase="play", downs=[None, "3H 4H", "4D 4D"], exact_stock="")
    do(st, "0 meld 9C 9D 9H", "0 discard 4S")
    scores, parts = finish_scores(st)
    # seat 0: melds 140 + 80 + 30 = 250; canastas 500 + 300; out 100 -> 1150
    # seat 1: melds QS QH 2S = 40; hand 5C 5 + 3D 500 + 3S 0 + JK 50 + down 3H 500 + 4H 5
    #         = -1060 -> -1020
    # seat 2: hand 6C 6D 7D 8D = 25, down 4D 4D = 10 -> -35
    assert parts == [
        {"melds": 250, "canastas": 800, "red_threes": 0, "going_out": 100, "hand": 0,
         "grab": 0},
        {"melds": 40, "canastas": 0, "red_threes": 0, "going_out": 0, "hand": -1060,
         "grab": 0},
        {"melds": 0, "canastas": 0, "red_threes": 0, "going_out": 0, "hand": -35,
         "grab": 0},
    ]
    assert scores == [1150, -1020, -35]
    assert set(parts[0]) == PARTS_LD


def test_ld15_game_ends_at_10000_shared_highest_plays_on():
    """LD-15: the game ends after the deal in which a player reaches 10000; the highest wins;
    a shared highest plays another deal."""
    game = get_game(LD)
    none = frozenset()
    assert game.target(none) == 10000
    assert game.game_over([9995, 0, 0], none) == (False, None)
    assert game.game_over([10000, 9000, 0], none) == (True, 0)
    assert game.game_over([10200, 10500, 0], none) == (True, 1)
    assert game.game_over([10500, 10500, 0], none) == (False, None)


def test_ld_deck_records_need_a_keeper():
    """LD-1: a record names the score keeper (NOTATION.md)."""
    from game.engine.cards import format_card
    from game.engine.errors import RecordError
    from game.engine.record import DealRecord

    deck = deck_from(LD, 3, "")
    rec = DealRecord(rules=LD, players=3, dealer=0, deck=[format_card(c) for c in deck])
    with pytest.raises(RecordError) as e:
        rec.to_setup()
    assert "keeper" in str(e.value)
