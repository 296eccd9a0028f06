"""Canastone (RULES.md section 3): tests per rule id CS-1 .. CS-17 and per option
(never-opened-double, five-canasta-needs-both, target-15000, two-clean-to-close, no-asking).

Scores are worked out by hand from CS-15 / CS-16 and G-4 (joker 50; A and 2 20; K..8 10;
7..4 5; black three 5; a red three left in hand -500).
"""

from __future__ import annotations

import pytest

from game.engine.errors import Misdeal
from game.engine.registry import get_game

from .helpers import (
    CS,
    PARTS,
    deal,
    do,
    finish_scores,
    hand,
    kinds,
    legal,
    listed,
    meld_cards,
    names,
    pos,
    refused,
    round_robin,
    why,
)

CLEAN = "KS KH KD KS KH KD KC"  # natural kings: 70 points, bonus 500
DIRTY = "QS QH QD QS QH QD 2C"  # mixed queens: 80 points, bonus 300
CLOSE = [{"K": CLEAN, "Q": DIRTY}, {}]  # a side allowed to close
H15 = ["4S 4H 4D 5S 5H 5D 6S 6H 6D 7S 7H 7D 8S 8H 8D",
       "9S 9H 10S 10H 10D JS JH JD QS QH QD KS KH KD AC"]
PARTS_CS = set(PARTS) | {"five_canastas"}


def close_out(st, cards="9C 9D 9H", last="8S"):
    do(st, f"0 meld {cards}", f"0 discard {last}")
    return finish_scores(st)


# ---------------------------------------------------------------------------------------
# Setup
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("players,sides", [(2, [0, 1]), (3, [0, 1, 2]), (4, [0, 1, 0, 1]),
                                           (6, [0, 1, 0, 1, 0, 1])])
def test_cs1_three_decks_fifteen_cards_sides(players, sides):
    """CS-1: three 54-card decks (162); 2, 3, 4 or 6 players; 4 as two partnerships, 6 as
    two teams of three seated alternately; 15 cards each."""
    game = get_game(CS)
    assert len(game.deck_for(players)) == 162
    assert game.player_counts == (2, 3, 4, 6)
    assert [game.side_of(s, players) for s in range(players)] == sides
    st = deal(CS, players, "")
    assert [len(st.hand_cards(s)) for s in range(players)] == [15] * players
    assert st.check_invariants() == []


def test_cs1_five_players_is_not_a_table():
    """CS-1: 5 players is not a Canastone table."""
    from game.engine.base import DealSetup

    game = get_game(CS)
    setup = DealSetup(players=5, deck=tuple(game.deck_for(5)), dealer=0)
    problem = game.check_setup(setup)
    assert problem and "5" in problem


def test_cs2_starters_up_to_three_wild_freezes_red_three_does_not():
    """CS-2: a wild or three starter is covered, at most three cards; face-up wild starters
    freeze the pile; a face-up red three does not, and goes to the first taker."""
    top = round_robin(H15)
    st = deal(CS, 2, top + " 2S 3H 7C", dealer=0)
    assert st.summary()["discard"] == ["2S", "3H", "7C"] and st.frozen is True
    st = deal(CS, 2, top + " 3H 9C 2C JK 3D AS AS AS AH AH AH", dealer=0)
    assert st.summary()["discard"] == ["3H", "9C"] and st.frozen is False
    do(st, "1 meld 10S 10H 10D / JS JH JD")
    assert legal(st, "1 take 9S 9H")  # two naturals: the pile is not frozen
    do(st, "1 take 9S 9H")
    assert st.summary()["red_three_cards"][1] == ["3H", "3D"]  # starter and packet


def test_cs2_three_wild_or_three_starters_is_a_misdeal():
    """CS-2: if all three starters are wild cards or threes, the same dealer redeals."""
    with pytest.raises(Misdeal) as e:
        deal(CS, 2, round_robin(H15) + " 3C 2C JK", dealer=0)
    assert "CS-2" in str(e.value) or "again" in str(e.value)
    st = deal(CS, 2, round_robin(H15) + " 3C 2C 4C", dealer=0)
    assert st.summary()["discard"] == ["3C", "2C", "4C"]


@pytest.mark.parametrize("starter,size", [("AC", 14), ("KC", 13), ("QC", 12), ("JC", 11),
                                          ("10C", 10), ("9C", 9), ("4C", 4)])
def test_cs3_packet_size_is_the_rank_of_the_top_starter(starter, size):
    """CS-3: the packet holds as many cards as the natural top card's rank (A 14, K 13, Q 12,
    J 11, 10..4 face value)."""
    st = deal(CS, 2, round_robin(H15) + " " + starter, dealer=0)
    assert len(st.packet) == size
    assert st.summary()["packet"] == size
    assert st.observation(0)["packet"] == size
    assert len(st.stock) == 162 - 30 - 1 - size - sum(map(len, st.red3))


def test_cs3_packet_goes_to_first_taker_wilds_do_not_freeze():
    """CS-3: the first taker gets the packet too; wild cards in the packet do not freeze;
    red threes in it are laid out without replacement."""
    st = deal(CS, 2, round_robin(H15) + " 9C 2C JK 3D AS AS AS AH AH AH 2S", dealer=0)
    assert st.frozen is False
    do(st, "1 meld 10S 10H 10D / JS JH JD")
    stock = len(st.stock)
    ev = do(st, "1 take 9S 9H")
    assert kinds(ev) == ["meld", "red_three", "take", "packet", "draw"]
    # hand: 15 - 6 melded - 2 shown + packet (9 - 3D) + one stock card (2S)
    assert hand(st, 1) == names("2C JK AS AS AS AH AH AH QS QH QD KS KH KD AC 2S")
    assert len(st.stock) == stock - 1  # only the one draw of CS-10, no red-three replacement
    assert st.packet == []


def test_cs3_packet_stays_hidden_from_the_others():
    """CS-3: the packet is dealt face down: after it is taken, the other seats know the pile
    cards the taker holds, not the packet's."""
    st = pos(CS, 2, hands=["9C 9D 8S 7C", "5C 5D"], pile="4C 9S", packet="KH QH JH",
             melds=[{"K": "KS KH KD"}, {}], turn=0, stock="AS AH")
    assert st.observation(1)["packet"] == 3
    do(st, "0 take 9C 9D")
    assert st.observation(1)["known_hands"][0] == ["4C"]
    assert sorted(st.observation(0)["hand"]) == names("4C 8S 7C KH QH JH AS")


def test_cs4_dealt_red_threes_laid_out_and_replaced_in_order():
    """CS-4: red threes dealt are laid out and replaced before play, from the dealer's left."""
    h = ["3H " + H15[0].split(" ", 1)[1], H15[1].rsplit(" ", 1)[0] + " 3D"]
    st = deal(CS, 2, round_robin(h) + " 9C 2C JK 3D AS AS AS AH AH AH 3H KC 4C", dealer=0)
    # seat 1 first: 3D -> 3H (again) -> KC; then seat 0: 3H -> 4C
    assert [e.seat for e in st.deal_events] == [1, 1, 1, 1, 0, 0]
    assert st.summary()["red_three_cards"] == [["3H"], ["3D", "3H"]]
    assert "KC" in hand(st, 1) and "4C" in hand(st, 0)
    assert [len(st.hand_cards(s)) for s in (0, 1)] == [15, 15]


# ---------------------------------------------------------------------------------------
# Melds
# ---------------------------------------------------------------------------------------
def test_cs5_natural_meld_wild_limits():
    """CS-5: 3+ cards of rank 4..A; at most 2 wild, fewer wild than natural (3..4 cards: at
    most 1 wild)."""
    st = pos(CS, 2, hands=["9C 9D 9H 9S 2C 2D JK 8S 8H", "5C 5D"], melds=[{"K": CLEAN}, {}],
             turn=0, phase="play")
    assert legal(st, "0 meld 9C 9D 2C")
    assert legal(st, "0 meld 9C 9D 9H 2C")
    assert legal(st, "0 meld 9C 9D 9H 2C 2D")
    refused(st, "0 meld 9C 9D 2C 2D", "more natural")
    refused(st, "0 meld 9C 2C JK", "natural")
    refused(st, "0 meld 9C 9D 9H 9S 2C 2D JK", "two wild")
    refused(st, "0 meld 9C 9D", "three cards")
    refused(st, "0 add K 2C 2D", "natural cards")  # a canasta takes no wild cards (CS-7)


def test_cs5_one_meld_per_rank():
    """CS-5: one meld per rank per side."""
    st = pos(CS, 2, hands=["9C 9D 9H 8S 8H", "5C 5D"], melds=[{"9": "9S 9S 9H"}, {}],
             turn=0, phase="play")
    refused(st, "0 meld 9C 9D 9H", "already has a meld")
    assert legal(st, "0 add 9 9C 9D")


def test_cs6_wild_meld_three_or_more_one_per_side():
    """CS-6: a wild meld of 3+ wild cards (twos and jokers mixed allowed), one per side."""
    st = pos(CS, 2, hands=["2C 2D JK JK 2H 9C 9D 8S 8H 8D 7S", "5C 5D"],
             melds=[{"K": "KS KH KD"}, {}], turn=0, phase="play")
    assert legal(st, "0 meld 2C 2D JK")
    refused(st, "0 meld 2C 2D", "three wild")
    do(st, "0 meld 2C 2D JK")
    refused(st, "0 meld JK 2H 2H", "2H")  # only one 2H held
    assert "W" in [m["key"] for m in st.summary()["melds"][0]]
    assert legal(st, "0 add W JK 2H")
    refused(st, "0 add W 9C", "wild cards")


def test_cs6_short_wild_meld_blocks_wilds_elsewhere_and_closing():
    """CS-6: while the wild meld has fewer than 7 cards the side may not put wild cards in
    other melds, may not discard a wild card, and may not go out."""
    st = pos(CS, 2, hands=["2C 2D JK JK 2H 9C 9D 8S 8H 8D 7S", "5C 5D"],
             melds=[{"K": "KS KH KD"}, {}], turn=0, phase="play")
    assert legal(st, "0 meld 9C 9D 2H")
    do(st, "0 meld 2C 2D JK")
    refused(st, "0 meld 9C 9D 2H", "wild meld")
    refused(st, "0 add K JK", "wild meld")
    refused(st, "0 discard JK", "wild")
    refused(st, "0 discard 2H", "wild")
    assert legal(st, "0 discard 7S")
    verbs = {(a.verb, a.target) for a in st.legal_actions(0)}
    assert ("discard", -1) in verbs
    assert all(not (a.verb == "discard" and a.cards()[0] in (1, 14, 27, 40, 52))
               for a in st.legal_actions(0))
    st = pos(CS, 2, hands=["9C 9D 9H 8S", "5C 5D"], turn=0, phase="play",
             melds=[{"K": CLEAN, "Q": DIRTY, "W": "2S 2H JK"}, {}])
    refused(st, "0 meld 9C 9D 9H", "wild meld")


def test_cs6_wild_canasta_takes_wild_cards():
    """CS-6: wild cards may be added to a wild canasta (and the side is free again)."""
    st = pos(CS, 2, hands=["2C JK 9C 9D 8S", "5C 5D"], turn=0, phase="play",
             melds=[{"K": CLEAN, "W": "2S 2S 2H 2H JK 2D 2D", "Q": "QS QS QH"}, {}])
    assert legal(st, "0 add W 2C")
    assert legal(st, "0 add Q JK")  # the wild meld is complete: wilds go elsewhere again
    assert legal(st, "0 discard 2C")


def test_cs7_only_naturals_added_to_natural_rank_canasta():
    """CS-7: only natural cards may be added to a natural-rank canasta (clean or dirty)."""
    st = pos(CS, 2, hands=["KC QC 2C JK 9C 9D", "5C 5D"], turn=0, phase="play",
             melds=[{"K": CLEAN, "Q": DIRTY}, {}])
    assert legal(st, "0 add K KC")
    assert legal(st, "0 add Q QC")
    refused(st, "0 add K 2C", "only natural")
    refused(st, "0 add Q JK", "only natural")
    assert not any(a.verb == "add" and 52 in a.cards() for a in st.legal_actions(0))


@pytest.mark.parametrize("cards,clean", [
    ("2S 2S 2H 2H 2D 2D 2C", True),  # all twos
    ("JK JK JK JK JK JK 2C", True),  # jokers with one two
    ("JK 2S 2S 2H 2H 2D 2D", False),  # at least 2 twos and a joker
    ("JK JK JK JK 2S 2H 2D", False),
])
def test_cs7_wild_meld_clean_or_dirty(cards, clean):
    """CS-7: a wild meld is dirty exactly when it holds at least 2 twos and 1 joker."""
    st = pos(CS, 2, hands=["9C"], melds=[{"W": cards}, {}])
    view = st.summary()["melds"][0][0]
    assert view["canasta"] is True and view["natural"] is clean


def test_cs7_clean_and_dirty_natural_canastas():
    """CS-7: a natural-rank meld is clean with no wild card, dirty with one or more."""
    st = pos(CS, 2, hands=["9C"], melds=[{"K": CLEAN, "Q": DIRTY}, {}])
    kq = {m["rank"]: m["natural"] for m in st.summary()["melds"][0]}
    assert kq == {"K": True, "Q": False}


@pytest.mark.parametrize("score,minimum", [
    (-100, 50), (0, 50), (2995, 50), (3000, 90), (4995, 90), (5000, 120), (6995, 120),
    (7000, 160), (9995, 160), (10000, 180), (11995, 180)])
def test_cs8_opening_minimum_table(score, minimum):
    """CS-8: under 3000 50; 3000..4995 90; 5000..6995 120; 7000..9995 160; 10000..11995 180."""
    st = pos(CS, 2, hands=["9C"], scores=[score, 0])
    assert st.open_min[0] == minimum


def test_cs8_option_target_15000_two_hundred_minimum():
    """CS-8 with option target-15000: 200 at 12000 or more (only with a target above
    12000)."""
    st = pos(CS, 2, hands=["9C"], scores=[12000, 0], options=frozenset({"target-15000"}))
    assert st.open_min[0] == 200


def test_cs8_fifty_minimum_needs_clean_melds():
    """CS-8: with the 50 minimum every opening meld must be clean; at 90 dirty melds count."""
    hands = ["KS KH KD QS QH QD 2C JK 9C 9D 8S 8H", "5C 5D"]
    st = pos(CS, 2, hands=hands, pile="4C 9S", turn=0)
    assert legal(st, "0 meld KS KH KD / QS QH QD")  # 30 + 30 = 60
    refused(st, "0 meld KS KH KD 2C / QS QH QD", "clean")
    refused(st, "0 meld KS KH KD", "50", "30")
    st = pos(CS, 2, hands=hands, pile="4C 9S", turn=0, scores=[3000, 0])
    refused(st, "0 meld KS KH KD / QS QH QD", "90", "60")
    assert legal(st, "0 meld KS KH KD JK / QS QH QD")  # 80 + 30 = 110
    assert legal(st, "0 meld KS KH JK / QS QH 2C")  # 70 + 40 = 110


def test_cs8_cs9_opening_only_from_the_hand_at_turn_start():
    """CS-8 / CS-9: the opening comes before the draw, so only the hand held at the start of
    the turn counts: after drawing two an unopened player may only discard."""
    st = pos(CS, 2, hands=["KS KH KD QS QH 9C 9D 8S 8H", "5C 5D"], pile="4C 9S", turn=0,
             stock="QD 7H")
    refused(st, "0 meld KS KH KD / QS QH QD", "QD")  # QD is still in the stock
    do(st, "0 draw")
    refused(st, "0 meld KS KH KD / QS QH QD", "only discard")
    assert {a.verb for a in st.legal_actions(0)} == {"discard"}


def test_cs9_open_first_then_normal_turn():
    """CS-9: a player who has not opened opens as the very first action, then plays a normal
    turn (draw two or take the pile)."""
    st = pos(CS, 2, hands=["KS KH KD QS QH QD 2C 9C 9D 8S 8H", "5C 5D"], pile="4C 9S",
             turn=0, stock="7S 7H JS")
    refused(st, "0 take 9C 9D", "open first")
    refused(st, "0 discard 8S", "draw")
    assert listed(st, "0 meld KS KH KD / QS QH QD")
    do(st, "0 meld KS KH KD / QS QH QD")
    refused(st, "0 meld 9C 9D 2C", "draw")  # now draw or take first
    assert legal(st, "0 take 9C 9D") and legal(st, "0 draw")
    do(st, "0 draw")
    assert hand(st, 0) == ["2C", "7H", "7S", "8H", "8S", "9C", "9D"]
    assert legal(st, "0 meld 9C 9D 2C")


def test_cs9_draw_two_discard_one_without_opening():
    """CS-9: or the unopened player draws 2 cards and discards 1, melding nothing."""
    st = pos(CS, 2, hands=["KS KH KD QS QH QD 2C 9C 9D 8S 8H", "5C 5D"], pile="4C 9S",
             turn=0, stock="7S 7H JS")
    do(st, "0 draw")
    assert hand(st, 0).count("7S") == 1 and len(st.hand_cards(0)) == 13
    refused(st, "0 meld KS KH KD / QS QH QD", "only discard")
    assert all(a.verb == "discard" for a in st.legal_actions(0))
    ev = do(st, "0 discard 8S")
    assert kinds(ev) == ["discard", "turn"] and st.current_player() == 1


def test_cs9_no_asking_after_drawing_two_unopened():
    """CS-9 / CS-13: after drawing two without opening the player may only discard, so there
    is no closing to ask about: asking is refused (and, in any case, why_illegal and
    legal_actions must agree)."""
    st = pos(CS, 4, hands=["KS KH 9C 9D 8S 8H", "5C", "5D", "6C"], turn=0,
             stock="7S 7H JS")
    do(st, "0 draw")
    assert legal(st, "0 ask") == listed(st, "0 ask")
    refused(st, "0 ask", "discard")


def test_cs9_after_drawing_two_unopened_only_discards_are_listed():
    """CS-9: a player who drew two without opening may only discard: no meld, no question to
    partner, and the discard is always available."""
    st = pos(CS, 4, hands=["KS KH 9C 9D 8S 8H", "5C", "5D", "6C"], turn=0,
             stock="7S 7H JS")
    do(st, "0 draw")
    assert legal(st, "0 discard 8S")
    assert {a.verb for a in st.legal_actions(0)} == {"discard"}


def test_cs9_cs12_an_opening_before_the_draw_keeps_two_cards():
    """CS-9 with CS-12: a player who may not close keeps at least 2 cards after every meld,
    an opening made before the draw included (docs/canasta-decisions.md). The listing offers
    the opening of every meldable rank at once: here it would leave one card, so it is not
    listed; three ranks leave four cards and are."""
    st = pos(CS, 2, hands=["KS KH KD QS QH QD 9C 9D 9H 8S 8H 8D 7S", "5C 5D"], turn=0)
    every_rank = "0 meld KS KH KD / QS QH QD / 9C 9D 9H / 8S 8H 8D"
    refused(st, every_rank, "keep at least 2 cards")
    assert not listed(st, every_rank)
    assert legal(st, "0 meld KS KH KD / QS QH QD / 9C 9D 9H")
    assert listed(st, "0 meld KS KH KD / QS QH QD / 9C 9D 9H")
    assert [str(a) for a in st.legal_actions(0) if why(st, str(a))] == []


def test_cs12_an_opening_before_the_draw_may_leave_one_card_when_the_side_may_close():
    """CS-12: only a player who may not close must keep 2 cards. An opening before the draw
    (CS-9) that already makes a clean and a dirty canasta may leave one card, whatever it is:
    the player draws two next, and only the closing discard must be a natural 4..A. Melding
    every card is still refused (a discard is always required)."""
    kings, queens = "KS KS KS KH KH KH KD", "QS QS QS QH QH 2C 2D"  # clean, dirty
    st = pos(CS, 2, hands=[f"{kings} {queens} JK", "5C 5D"], turn=0, scores=[3000, 0],
             stock="7S 7H JS")
    assert legal(st, f"0 meld {kings} / {queens}")
    do(st, f"0 meld {kings} / {queens}", "0 draw")
    assert hand(st, 0) == ["7H", "7S", "JK"]
    st = pos(CS, 2, hands=[f"{kings} {queens}", "5C 5D"], turn=0, scores=[3000, 0])
    refused(st, f"0 meld {kings} / {queens}", "discard")


# ---------------------------------------------------------------------------------------
# The turn
# ---------------------------------------------------------------------------------------
def test_cs10_normal_turn_draws_two():
    """CS-10: an opened player draws 2 from the stock; a red three drawn is laid out and
    replaced."""
    st = pos(CS, 2, hands=["9C 9D 8S", "5C 5D"], melds=[{"K": "KS KH KD"}, {}], turn=0,
             stock="7S 3H 7H JS")
    ev = do(st, "0 draw")
    assert kinds(ev) == ["draw", "draw", "red_three", "draw"]
    assert hand(st, 0) == ["7H", "7S", "8S", "9C", "9D"]
    assert st.summary()["red_three_cards"][0] == ["3H"]


def test_cs10_take_the_pile_then_draw_one():
    """CS-10: taking the pile is followed by drawing one card from the stock."""
    st = pos(CS, 2, hands=["9C 9D 8S 7C", "5C 5D"], pile="4C 9S", melds=[{"K": CLEAN}, {}],
             turn=0, stock="JS QS")
    ev = do(st, "0 take 9C 9D")
    assert kinds(ev)[-1] == "draw"
    assert hand(st, 0) == ["4C", "7C", "8S", "JS"]
    refused(st, "0 draw", "already drawn")
    assert meld_cards(st, 0, 9) == ["9C", "9D", "9S"]


def test_cs11_take_with_two_naturals_or_three_when_frozen():
    """CS-11: the top card melds with 2 natural cards of its rank, or 3 if the pile is frozen
    (a face-up wild card in it); never with wild cards, never by adding the top card."""
    m = [{"K": "KS KH KD"}, {}]
    st = pos(CS, 2, hands=["9C 9D 9H 2C JK 8S 8H", "5C 5D"], pile="4C 9S", melds=m, turn=0)
    assert legal(st, "0 take 9C 9D")
    refused(st, "0 take 9C 2C", "2 natural")
    refused(st, "0 take 9C 9D 9H", "2 natural")
    refused(st, "0 take", "natural cards")
    st = pos(CS, 2, hands=["9C 9D 9H 2C JK 8S 8H", "5C 5D"], pile="4C 2H 9S", melds=m,
             turn=0)
    assert st.frozen is True
    refused(st, "0 take 9C 9D", "frozen", "3 natural")
    assert legal(st, "0 take 9C 9D 9H")
    refused(st, "0 take 9C 9D 2C", "frozen")


def test_cs11_take_merges_into_a_canasta():
    """CS-11: the cards merge into the side's meld of that rank, canasta included."""
    st = pos(CS, 2, hands=["KC KC 9H 8S 8H", "5C 5D"], pile="4C KS", turn=0,
             melds=[{"K": CLEAN}, {}])
    refused(st, "0 take", "natural cards")
    assert legal(st, "0 take KC KC")
    do(st, "0 take KC KC")
    assert len(st.by_key[0][13].cards) == 10


def test_cs11_never_on_wild_or_three():
    """CS-11: the top card must be natural: never wild or a three (red or black)."""
    m = [{"K": "KS KH KD"}, {}]
    for top, word in [("3D", "three"), ("3S", "three"), ("JK", "wild"), ("2H", "wild")]:
        st = pos(CS, 2, hands=["3C 3S 3H 2C 2D JK 8S", "5C 5D"], pile="4C " + top, melds=m,
                 turn=0)
        pair = "3C 3S" if top.startswith("3") else "2C JK"
        refused(st, f"0 take {pair}", word)


def test_cs12_closing_needs_clean_and_dirty_and_a_natural_discard():
    """CS-12: closing needs a clean and a dirty canasta and no short wild meld; the player
    melds and then discards a natural card 4..A."""
    st = pos(CS, 2, hands=["9C 9D 9H 8S", "5C 5D"], melds=CLOSE, turn=0, phase="play")
    assert legal(st, "0 meld 9C 9D 9H")
    do(st, "0 meld 9C 9D 9H")
    ev = do(st, "0 discard 8S")
    assert kinds(ev)[-2:] == ["out", "deal_over"]
    # only clean canastas: may not close
    st = pos(CS, 2, hands=["9C 9D 9H 8S", "5C 5D"], turn=0, phase="play",
             melds=[{"K": CLEAN, "Q": "QS QH QD QS QH QD QC"}, {}])
    refused(st, "0 meld 9C 9D 9H", "clean and a dirty")


@pytest.mark.parametrize("last", ["2S", "JK", "3S", "3H"])
def test_cs12_closing_discard_never_wild_or_three(last):
    """CS-12: the closing discard is never a wild card nor a three."""
    st = pos(CS, 2, hands=["9C 9D 9H " + last, "5C 5D"], melds=CLOSE, turn=0, phase="play")
    refused(st, "0 meld 9C 9D 9H", "natural 4 to ace")


def test_cs12_discard_always_required_and_keep_two_cards():
    """CS-12: a discard is always required (no going out by melding all); a player who may not
    close keeps at least 2 cards after melding."""
    st = pos(CS, 2, hands=["9C 9D 9H", "5C 5D"], melds=CLOSE, turn=0, phase="play")
    refused(st, "0 meld 9C 9D 9H", "discard")
    st = pos(CS, 2, hands=["9C 9D 9H 8S", "5C 5D"], melds=[{"K": CLEAN}, {}], turn=0,
             phase="play")
    refused(st, "0 meld 9C 9D 9H", "2 cards")
    st = pos(CS, 2, hands=["9C 9D 9H 8S 7S", "5C 5D"], melds=[{"K": CLEAN}, {}], turn=0,
             phase="play")
    assert legal(st, "0 meld 9C 9D 9H")
    do(st, "0 meld 9C 9D 9H")
    assert legal(st, "0 discard 8S")


def test_cs12_short_wild_meld_forbids_closing():
    """CS-12: no wild meld under 7 cards when closing."""
    st = pos(CS, 2, hands=["9C 9D 9H 8S", "5C 5D"], turn=0, phase="play",
             melds=[{"K": CLEAN, "Q": DIRTY, "W": "2S 2H JK"}, {}])
    refused(st, "0 meld 9C 9D 9H", "wild meld")


def test_cs12_wild_canasta_counts_as_clean_or_dirty():
    """CS-12 (decided: wild canastas count as clean or dirty by CS-7)."""
    st = pos(CS, 2, hands=["9C 9D 9H 8S", "5C 5D"], turn=0, phase="play",
             melds=[{"K": CLEAN, "W": "JK 2S 2S 2H 2H 2D 2D"}, {}])  # clean + dirty wild
    assert legal(st, "0 meld 9C 9D 9H")
    st = pos(CS, 2, hands=["9C 9D 9H 8S", "5C 5D"], turn=0, phase="play",
             melds=[{"Q": DIRTY, "W": "2S 2S 2H 2H 2D 2D 2C"}, {}])  # dirty + clean wild
    assert legal(st, "0 meld 9C 9D 9H")


def test_cs13_asking_partner_six_players_names_the_partner():
    """CS-13: a player may ask before closing; with 6 players the player names the partner
    who answers; the answer binds for that turn."""
    st = pos(CS, 6, hands=["9C 9D 9H 8S", "5C", "5D", "6C", "6D", "7C"], melds=CLOSE,
             turn=0, phase="play")
    refused(st, "0 ask", "2 or 4")
    refused(st, "0 ask 1", "2 or 4")
    refused(st, "0 ask 3", "2 or 4")
    assert listed(st, "0 ask 2") and listed(st, "0 ask 4")
    do(st, "0 ask 4")
    assert st.current_player() == 4
    refused(st, "2 yes", "seat 4")
    do(st, "4 no")
    refused(st, "0 meld 9C 9D 9H", "partner said no")


def test_cs13_asking_any_time_before_closing_four_players():
    """CS-13: in Canastone the question may come later in the turn (after melding)."""
    st = pos(CS, 4, hands=["9C 9D 9H 8S 8H 8D 7S", "5C", "5D", "6C"], melds=CLOSE, turn=0,
             phase="play")
    do(st, "0 meld 8S 8H 8D")
    assert legal(st, "0 ask")
    do(st, "0 ask", "2 yes")
    refused(st, "0 discard 7S", "must go out")
    do(st, "0 meld 9C 9D 9H", "0 discard 7S")
    assert st.went_out == 0


def test_cs13_asking_before_drawing():
    """CS-13: before closing a player may ask, with no condition on when (unlike CA-12): also
    before drawing, and the listing offers it. The answer binds; the turn goes on with the
    draw."""
    st = pos(CS, 4, hands=["9C 9D 9H 8S 8H", "5C", "5D", "6C"], melds=CLOSE, turn=0,
             stock="8D 7S JS")
    assert legal(st, "0 ask") and listed(st, "0 ask")
    do(st, "0 ask")
    assert st.current_player() == 2
    do(st, "2 yes")
    assert st.current_player() == 0 and st.observation(0)["phase"] == "draw"
    refused(st, "0 meld 9C 9D 9H", "draw")
    refused(st, "0 ask", "already asked")
    assert {a.verb for a in st.legal_actions(0)} == {"draw"}
    do(st, "0 draw")
    refused(st, "0 discard 7S", "must go out")
    do(st, "0 meld 9C 9D 9H / 8S 8H 8D", "0 discard 7S")
    assert st.went_out == 0


@pytest.mark.parametrize("options", [frozenset(), frozenset({"no-asking"})])
def test_cs13_asking_before_drawing_six_players_and_unopened(options):
    """CS-13: with 6 players the player names the partner, before drawing as after; a side
    that has not opened may ask before its turn's opening or draw (CS-9). The option
    no-asking forbids it."""
    st = pos(CS, 6, hands=["9C 9D 9H 8S", "5C", "5D", "6C", "6D", "7C"], melds=CLOSE,
             turn=0, options=options)
    # seven fours and six fives: the opening and the draw may bring the closing (CS-13)
    near = "4S 4H 4D 4C 4S 4H 4D 5S 5H 5D 5C 5S 5H 6S 6H"
    unopened = pos(CS, 4, hands=[near, "5C", "5D", "6C"], turn=0, options=options)
    for state, text in ((st, "0 ask 2"), (st, "0 ask 4"), (unopened, "0 ask")):
        if options:
            refused(state, text, "not allowed")
            assert not listed(state, text)
        else:
            assert legal(state, text) and listed(state, text)
    if not options:
        refused(st, "0 ask 3", "2 or 4")
        do(unopened, "0 ask", "2 no", "0 meld 4S 4H 4D 4C 4S 4H 4D / 5S 5H 5D 5C 5S 5H",
           "0 draw")
        assert unopened.observation(0)["answer"] == "no" and len(unopened.hand_cards(0)) == 4
        far = pos(CS, 4, hands=H15[:1] + ["5C", "5D", "6C"], turn=0)
        refused(far, "0 ask", "nothing to ask")  # decided: no closing within this turn


def test_cs13_option_no_asking():
    """CS-13 option no-asking: players may not ask partner."""
    st = pos(CS, 4, hands=["9C 9D 9H 8S", "5C", "5D", "6C"], melds=CLOSE, turn=0,
             phase="play", options=frozenset({"no-asking"}))
    refused(st, "0 ask", "not allowed")
    assert not any(a.verb == "ask" for a in st.legal_actions(0))
    st = pos(CS, 4, hands=["9C 9D 9H 8S", "5C", "5D", "6C"], melds=CLOSE, turn=0,
             phase="play")
    assert legal(st, "0 ask")


def test_cs14_stock_of_one_at_turn_start_ends_the_deal():
    """CS-14: if the stock holds 0 or 1 card at the start of a turn the deal ends at once,
    without a closing bonus."""
    st = pos(CS, 2, hands=["9C 9D 9H 8S", "5C 5D"], melds=[{"K": CLEAN}, {}], turn=0,
             exact_stock="4H 4H 4S")
    do(st, "0 draw")
    ev = do(st, "0 discard 8S")
    assert kinds(ev) == ["discard", "turn", "deal_over"]
    assert len(st.stock) == 1
    scores, parts = finish_scores(st)
    # side 0: melds 70, clean canasta 500, hand 9C 9D 9H 4H 4H = -40 -> 530; side 1: -10
    assert scores == [530, -10]
    assert parts[0]["going_out"] == 0


def test_cs14_stock_of_two_lets_the_turn_go_on():
    """CS-14: with 2 cards the turn is played normally."""
    st = pos(CS, 2, hands=["9C 9D 9H 8S", "5C 5D"], melds=[{"K": CLEAN}, {}], turn=0,
             exact_stock="4H 4H 4S 4S")
    do(st, "0 draw", "0 discard 8S")
    assert not st.is_over() and st.current_player() == 1


def test_cs14_red_three_without_replacement_ends_at_once():
    """CS-14: a red three drawn with no replacement ends the deal at once."""
    st = pos(CS, 2, hands=["9C 9D 8S 7C", "5C 5D"], pile="4C 9S", melds=[{"K": CLEAN}, {}],
             turn=0, exact_stock="4H 3H")
    ev = do(st, "0 draw")
    assert kinds(ev) == ["draw", "draw", "red_three", "deal_over"]
    scores, parts = finish_scores(st)
    # side 0: melds 70, canasta 500, red three with clean only: 0, hand 9C 9D 8S 7C 4H -40
    assert parts[0] == {"melds": 70, "canastas": 500, "red_threes": 0, "going_out": 0,
                        "hand": -40, "five_canastas": 0}
    assert scores == [530, -10]


# ---------------------------------------------------------------------------------------
# Scoring
# ---------------------------------------------------------------------------------------
def test_cs15_full_breakdown():
    """CS-15 / CS-16: card points, canasta bonuses (natural aces 1000, all-twos wild 3000,
    mixed aces 500), five canastas +1000, closing 300, red threes, hands (red three -500)."""
    st = pos(CS, 2, hands=["9C 9D 9H 8S", "5C 3H 3S"], turn=0, phase="play",
             melds=[{"K": CLEAN, "Q": DIRTY, "A": "AS AS AH AH AD AD AC",
                     "J": "JS JS JH JH JD 2D 2D", "W": "2S 2S 2S 2H 2H 2H 2D",
                     "10": "10S 10H 10D"},
                    {"A": "AS AH AD AC AC 2C JK", "W": "JK JK JK JK JK"}],
             red_threes=["3D 3D", "3H 3D 3H"])
    scores, parts = close_out(st)
    # side 0 melds: K 70 + Q 80 + A 140 + J (50 + 40) 90 + W 140 + 10s 30 + 9s 30 = 580
    #   canastas: K clean 500 + Q dirty 300 + A natural 1000 + J dirty 300 + W twos 3000
    #   = 5100; five canastas (3 clean, 2 dirty: not five clean) +1000
    #   red threes: clean and dirty -> +100 each, 2 -> 200; closing 300; hand 0
    #   total 580 + 5100 + 1000 + 200 + 300 = 7180
    # side 1 melds: A (100 + 20 + 50) 170 + short W 5 jokers 250 = 420; mixed aces 500;
    #   red threes: dirty only -> -100 each, 3 -> -300; hand 5C 3H 3S = -(5 + 500 + 5)
    #   total 420 + 500 - 300 - 510 = 110
    assert parts == [
        {"melds": 580, "canastas": 5100, "red_threes": 200, "going_out": 300, "hand": 0,
         "five_canastas": 1000},
        {"melds": 420, "canastas": 500, "red_threes": -300, "going_out": 0, "hand": -510,
         "five_canastas": 0},
    ]
    assert scores == [7180, 110]
    assert set(parts[0]) == PARTS_CS


@pytest.mark.parametrize("meld,bonus", [
    ("KS KH KD KS KH KD KC", 500),  # natural 4..K
    ("7S 7H 7D 7S 7H 2D JK", 300),  # mixed 4..K
    ("AS AH AD AS AH AD AC", 1000),  # natural aces
    ("AS AH AD AS AH 2D JK", 500),  # mixed aces
    ("JK 2S 2S 2H 2H 2D 2D", 2000),  # dirty wild
    ("2S 2S 2H 2H 2D 2D 2S", 3000),  # all twos
    ("JK JK JK JK JK JK 2S", 5000),  # six jokers and one two
])
def test_cs15_canasta_bonuses(meld, bonus):
    """CS-15: mixed 4..K 300, natural 4..K 500, mixed aces 500, natural aces 1000, dirty wild
    2000, all-twos wild 3000, six jokers and one two 5000."""
    key = "W" if meld.startswith(("JK", "2")) else meld.split()[0][:-1]
    base = {"K": CLEAN, "Q": "QS QH QD QS QH QD QC", "9": "9S 9S 9H 9H 9C 9C 2C"}
    table = dict(base)
    table[key] = meld
    st = pos(CS, 2, hands=["8C 8D 8H 4S", "5C 5D"], turn=0, phase="play", melds=[table, {}])
    do(st, "0 meld 8C 8D 8H", "0 discard 4S")
    _, parts = finish_scores(st)
    expected_base = sum({"K": 500, "Q": 500, "9": 300}[k] for k in base if k != key)
    assert parts[0]["canastas"] == expected_base + bonus


def test_cs15_five_canastas_two_thousand_with_five_natural_and_a_mixed():
    """CS-15: five or more canastas +1000; +2000 instead with at least five natural and at
    least one mixed."""
    five = {"K": CLEAN, "Q": "QS QH QD QS QH QD QC", "J": "JS JH JD JS JH JD JC",
            "10": "10S 10H 10D 10S 10H 10D 10C", "A": "AS AH AD AS AH AD AC"}
    st = pos(CS, 2, hands=["8C 8D 8H 4S", "5C 5D"], turn=0, phase="play",
             melds=[dict(five, **{"9": "9S 9H 9D 9S 9H 9D 2C"}), {}])
    _, parts = close_out(st, "8C 8D 8H", "4S")
    assert parts[0]["five_canastas"] == 2000
    st = pos(CS, 2, hands=["8C 8D 8H 4S", "5C 5D"], turn=0, phase="play",
             melds=[{"K": CLEAN, "Q": DIRTY, "J": "JS JH JD JS JH JD JC",
                     "10": "10S 10H 10D 10S 10H 10D 2D"}, {}])
    _, parts = close_out(st, "8C 8D 8H", "4S")
    assert parts[0]["five_canastas"] == 0  # only four canastas


def test_cs15_option_five_canasta_needs_both():
    """CS-15 option five-canasta-needs-both (Pagat): the +1000 needs a clean and a dirty
    canasta among the five. Without the option five clean canastas alone earn +1000 (the
    two-clean-to-close option lets that side close)."""
    five = {"K": CLEAN, "Q": "QS QH QD QS QH QD QC", "J": "JS JH JD JS JH JD JC",
            "10": "10S 10H 10D 10S 10H 10D 10C", "A": "AS AH AD AS AH AD AC"}
    for options, bonus in [({"two-clean-to-close"}, 1000),
                           ({"two-clean-to-close", "five-canasta-needs-both"}, 0)]:
        st = pos(CS, 2, hands=["8C 8D 8H 4S", "5C 5D"], turn=0, phase="play",
                 melds=[dict(five), {}], options=frozenset(options))
        _, parts = close_out(st, "8C 8D 8H", "4S")
        assert parts[0]["five_canastas"] == bonus, options
    # with a dirty one among them the option changes nothing
    st = pos(CS, 2, hands=["8C 8D 8H 4S", "5C 5D"], turn=0, phase="play",
             melds=[dict(five, K="KS KH KD KS KH KD 2C"), {}],
             options=frozenset({"five-canasta-needs-both"}))
    _, parts = close_out(st, "8C 8D 8H", "4S")
    assert parts[0]["five_canastas"] == 1000


@pytest.mark.parametrize("melds,each", [
    ({"K": CLEAN, "Q": DIRTY}, 100),  # clean and dirty
    ({"K": CLEAN}, 0),  # clean only
    ({"Q": DIRTY}, -100),  # dirty only
    ({"J": "JS JH JD"}, -200),  # none
])
def test_cs16_red_threes_by_canastas(melds, each):
    """CS-16: per red three +100 with a clean and a dirty canasta; 0 clean only; -100 dirty
    only; -200 with none."""
    st = pos(CS, 2, hands=["9C 9D 8S", "5C 5D"], turn=0, melds=[dict(melds), {}],
             red_threes=["3H 3D", ""], exact_stock="4H 3H")
    do(st, "0 draw")  # the last card is a red three: the deal ends, nobody closes
    _, parts = finish_scores(st)
    assert parts[0]["red_threes"] == 3 * each  # 3H 3D laid out + the 3H drawn


@pytest.mark.parametrize("count,factor", [(3, 1), (4, 2), (6, 2)])
def test_cs16_four_or_more_red_threes_double(count, factor):
    """CS-16: the red-three score is doubled if the side laid out 4 or more."""
    threes = " ".join(["3H", "3D"] * 3)
    laid = " ".join(threes.split()[:count])
    st = pos(CS, 2, hands=["9C 9D 9H 8S", "5C 5D"], melds=CLOSE, turn=0, phase="play",
             red_threes=[laid, ""])
    _, parts = close_out(st)
    assert parts[0]["red_threes"] == 100 * count * factor


def test_cs16_unopened_side_red_threes():
    """CS-16: a side with no canasta (here: never opened) pays -200 per red three."""
    st = pos(CS, 2, hands=["9C 9D 9H 8S", "5C 5D"], melds=CLOSE, turn=0, phase="play",
             red_threes=["", "3H"])
    scores, parts = close_out(st)
    # side 1: red three -200, hand 5C 5D -10
    assert parts[1] == {"melds": 0, "canastas": 0, "red_threes": -200, "going_out": 0,
                        "hand": -10, "five_canastas": 0}
    assert scores[1] == -210


def test_cs15_option_never_opened_double():
    """CS-15 option never-opened-double: a side that never opened counts its hand double."""
    for options, hand_part in [((), -510), (("never-opened-double",), -1020)]:
        st = pos(CS, 2, hands=["9C 9D 9H 8S", "5C 3H 3S"], melds=CLOSE, turn=0,
                 phase="play", options=frozenset(options))
        _, parts = close_out(st)
        # 5C 5 + red three 500 + black three 5 = 510
        assert parts[1]["hand"] == hand_part
    st = pos(CS, 2, hands=["9C 9D 9H 8S", "5C 3S"], turn=0, phase="play",
             melds=[CLOSE[0], {"J": "JS JH JD"}], options=frozenset({"never-opened-double"}))
    _, parts = close_out(st)
    assert parts[1]["hand"] == -10  # opened: counted once


def test_cs17_game_ends_at_12000_and_option_target_15000():
    """CS-17: the game ends after the deal in which a side reaches 12000; higher wins; equal
    is a draw. Option target-15000."""
    game = get_game(CS)
    none, t15 = frozenset(), frozenset({"target-15000"})
    assert game.target(none) == 12000 and game.target(t15) == 15000
    assert game.game_over([11995, 0], none) == (False, None)
    assert game.game_over([12000, 11000], none) == (True, 0)
    assert game.game_over([12500, 12500], none) == (True, None)
    assert game.game_over([12500, 3000], t15) == (False, None)
    assert game.game_over([15000, 3000], t15) == (True, 0)


def test_cs12_option_two_clean_to_close():
    """CS-12 option two-clean-to-close: two clean canastas also allow closing."""
    melds = [{"K": CLEAN, "Q": "QS QH QD QS QH QD QC"}, {}]
    st = pos(CS, 2, hands=["9C 9D 9H 8S", "5C 5D"], melds=melds, turn=0, phase="play")
    refused(st, "0 meld 9C 9D 9H", "clean and a dirty")
    st = pos(CS, 2, hands=["9C 9D 9H 8S", "5C 5D"], melds=melds, turn=0, phase="play",
             options=frozenset({"two-clean-to-close"}))
    assert legal(st, "0 meld 9C 9D 9H")
    # one clean canasta is still not enough
    st = pos(CS, 2, hands=["9C 9D 9H 8S", "5C 5D"], melds=[{"K": CLEAN}, {}], turn=0,
             phase="play", options=frozenset({"two-clean-to-close"}))
    assert why(st, "0 meld 9C 9D 9H") is not None


def test_cs6_hand_of_wild_cards_only_may_discard_one():
    """CS-6 with CS-12 (decided, docs/canasta-decisions.md): while the wild meld is short a
    wild card may not be discarded, but a hand of wild cards only may discard one, so the
    player is never left without a legal move."""
    melds = [{"W": "2D 2C 2C 2S 2H", "9": "9H 9D 9D 9C 9S 9D 9S", "5": "5S 5C 5C 5D 5D 5D 5S"},
             {}, {}]
    st = pos(CS, 3, hands=["JK 2H 2D", "5C", "6C"], pile="9C 9H", turn=0, phase="play",
             melds=melds, opened=[True] * 3)
    do(st, "0 add W JK")
    assert st.legal_actions(0), "no legal action after adding the joker"
    assert legal(st, "0 discard 2H")
    do(st, "0 discard 2H")
    assert st.frozen and st.current_player() == 1
    st = pos(CS, 3, hands=["2H 2D 8S", "5C", "6C"], turn=0, phase="play", melds=melds,
             opened=[True] * 3)
    refused(st, "0 discard 2H", "wild")  # a natural card is there to discard
