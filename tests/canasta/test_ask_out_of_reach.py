"""Asking partner is only offered when going out is still possible this turn (CA-12, CS-13;
docs/canasta-decisions.md): a side without a canasta and without the cards to complete one
this turn has nothing to ask, and the engine refuses and does not list the question (the
table offered Ask partner from why_illegal whatever the hand)."""

from __future__ import annotations

import pytest

from game.engine.actions import parse_action
from game.engine.cards import JOKER

from .helpers import CA, CS, LD, QC, listed, pos, refused
from .test_properties import play

K7 = "KS KS KH KH KD KD KC"


@pytest.mark.parametrize("rules", [CA, QC])
def test_ca12_no_canasta_in_reach_nothing_to_ask(rules):
    st = pos(rules, 4, hands=["4C 5D 6S 7H 8C 9D", "5C 5D", "6C 6D", "7C 7D"], turn=0,
             phase="play")
    refused(st, "0 ask", "nothing to ask")
    assert not listed(st, "0 ask")


@pytest.mark.parametrize("hand, melds", [
    ("9C 9D 4C", {"9": "9S 9H 9S 9H 9D"}),  # five nines and two in hand make seven
    ("9C 2D JK 4C", {"9": "9S 9H 9S 9H 9D"}),  # five nines and two wild cards
    ("8C 8D 8S 8H 8C 8D 8S 4C", {}),  # seven eights in hand
    ("KC 5D", {"K": K7}),  # the canasta is there already
])
def test_ca12_a_canasta_in_reach_may_be_asked_about(hand, melds):
    st = pos(CA, 4, hands=[hand, "5C 5D", "6C 6D", "7C 7D"], melds=[melds, {}], turn=0,
             phase="play")
    assert st.why_illegal(parse_action("0 ask")) is None
    assert listed(st, "0 ask")


def test_cs13_closing_needs_a_clean_and_a_dirty_canasta_in_reach():
    """CS-12/CS-13: one clean canasta and nothing else within reach: nothing to ask."""
    st = pos(CS, 4, hands=["4C 5D 6S 7H 8C 9D", "5C 5D", "6C 6D", "7C 7D"],
             melds=[{"K": K7}, {}], opened=[True, False], turn=0, phase="play")
    refused(st, "0 ask", "nothing to ask")
    assert not listed(st, "0 ask")
    st = pos(CS, 4, hands=["9C 9D JK 4C 5D", "5C 5D", "6C 6D", "7C 7D"],
             melds=[{"K": K7, "9": "9S 9H 9S 9H"}, {}], opened=[True, False], turn=0,
             phase="play")
    assert listed(st, "0 ask")


# The listing asks a fast form of the rule (listing.py's _ask_in_reach); the refusal comes from
# checking's readable _may_reach_out. The two must agree on every position.
REACH_CONFIGS = [(CA, 2, ()), (CA, 4, ()), (QC, 4, ()), (CS, 4, ()), (CS, 6, ()),
                 (CS, 4, ("two-clean-to-close", "five-canasta-needs-both")), (LD, 4, ()),
                 (LD, 7, ()), (CA, 2, ("pagat-small-tables",))]


@pytest.mark.parametrize("rules,players,options", REACH_CONFIGS,
                         ids=[f"{r}-{n}-{'+'.join(o) or 'plain'}" for r, n, o in REACH_CONFIGS])
def test_listing_reach_check_equals_checking(rules, players, options):
    """CA-12 / CS-13: at every position of random deals, for every seat, with the hand as it
    is and with one to four jokers more (so that melds and ranks come within reach), the
    listing's form of the check answers as checking's."""
    compared = []
    differ = []

    def every(state, step, rng):
        for seat in range(state.players):
            probe = state.clone()
            for extra in range(5):
                if extra:
                    probe._give(seat, JOKER)
                fast, readable = probe._ask_in_reach(seat), probe._may_reach_out(seat)
                compared.append(readable)
                if fast != readable:
                    differ.append((step, seat, extra, readable))
                # before the draw the cards still to come count too (CS-13)
                come = probe._cards_to_come(seat) or 2
                if probe._ask_in_reach(seat, come) != probe._may_reach_out(seat, come):
                    differ.append((step, seat, extra, "to come", come))

    for seed in range(3):
        play(rules, players, seed, every, frozenset(options))
    assert differ == []
    assert True in compared and False in compared


# Issue 27: CA-12 / CS-13 decided: once a turn, only while the player could still go out this
# turn (in Canastone before the draw too: the draw may bring it); otherwise refused with that
# reason. In six-player Canastone a question naming nobody, or an opponent, is refused.
Q6_DIRTY = "QS QS QH QH QD 2D"  # a dirty meld one card short of a canasta


def test_cs13_before_the_draw_only_while_the_draw_may_bring_the_closing():
    """CS-13 (decided): before the draw the question is refused when even the draw (or the
    pile) could not bring the canastas to close; allowed when it might."""
    hands = ["5C 5D 9H 9C", "5S 5H", "6C 6D", "7C 7D"]
    st = pos(CS, 4, hands=hands, melds=[{}, {}], opened=[True, False], turn=0,
             pile="4S 8D")
    refused(st, "0 ask", "nothing to ask", "canasta")
    assert not listed(st, "0 ask")
    st = pos(CS, 4, hands=hands, melds=[{"K": K7, "Q": Q6_DIRTY}, {}], opened=[True, False],
             turn=0, pile="4S 8D")
    assert st.why_illegal(parse_action("0 ask")) is None  # a queen or a wild card drawn
    assert listed(st, "0 ask")


def test_cs13_once_a_turn_before_or_after_the_draw():
    """CS-13 (decided as CA-12): once a turn; a 'no' before the draw is not asked again."""
    st = pos(CS, 4, hands=["5C 5D 9H 9C", "5S 5H", "6C 6D", "7C 7D"],
             melds=[{"K": K7, "Q": Q6_DIRTY}, {}], opened=[True, False], turn=0,
             pile="4S 8D", stock="QC 4H")
    st.apply(parse_action("0 ask"))
    st.apply(parse_action("2 no"))
    st.apply(parse_action("0 draw"))
    refused(st, "0 ask", "already asked")
    assert not listed(st, "0 ask")


def test_cs13_six_players_name_a_partner():
    """CS-13: with six players the question names one of the two partners: naming nobody or
    an opponent is refused."""
    st = pos(CS, 6, hands=["5C 5D 9H 9C", "", "", "", "", ""], turn=0,
             melds=[{"K": K7, "Q": Q6_DIRTY}, {}], opened=[True, False])
    for text in ("0 ask", "0 ask 1", "0 ask 3"):
        refused(st, text, "partners", "2 or 4")
    assert st.why_illegal(parse_action("0 ask 4")) is None
    asks = [a for a in st.legal_actions(0) if a.verb == "ask"]
    assert sorted(a.target for a in asks) == [2, 4]


@pytest.mark.parametrize("rules", [CA, QC])
def test_ca12_only_while_the_hand_can_go_out(rules):
    """CA-12 (decided): with its canasta down but four lone cards in hand the player cannot
    go out this turn: the question is refused with that reason, and not listed."""
    others = ["5C 5D", "6C 6D", "7C 7D"]
    st = pos(rules, 4, hands=["4C 5D 6S 7H"] + others, melds=[{"K": K7}, {}], turn=0,
             phase="play")
    refused(st, "0 ask", "nothing to ask", "melded")
    assert not listed(st, "0 ask")
    st = pos(rules, 4, hands=["4C 4D 4S 6S"] + others, melds=[{"K": K7}, {}], turn=0,
             phase="play")  # the fours melded, 6S discarded
    assert st.why_illegal(parse_action("0 ask")) is None
    assert listed(st, "0 ask")
