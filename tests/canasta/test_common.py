"""Common ground of the canasta-family games (RULES.md section 0): G-1 .. G-7."""

from __future__ import annotations

import random

import pytest

from game.engine.match import Match
from game.engine.registry import get_game
from game.lab.selfplay import random_choice_actor

from .helpers import (
    CA,
    CS,
    LD,
    QC,
    assert_sentence,
    deal,
    do,
    finish_scores,
    legal,
    pos,
    refused,
    round_robin,
)

FAMILY = (CA, QC, CS, LD)
COUNTS = {CA: (2, 3, 4), QC: (2, 3, 4), CS: (2, 3, 4, 6), LD: (2, 3, 4, 5, 6, 7)}


def play_out(st, seed=0):
    rng = random.Random(seed)
    while not st.is_over():
        st.apply(random_choice_actor(st, rng))
    return st


# ---------------------------------------------------------------------------------------
# G-1 seats and turn order
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("rules", [CA, QC, CS])
def test_g1_left_of_the_dealer_plays_first(rules):
    """G-1: in the canasta games the player left of the dealer (dealer + 1) plays first."""
    for players in COUNTS[rules]:
        for dealer in range(players):
            st = deal(rules, players, "", dealer=dealer)
            assert st.current_player() == (dealer + 1) % players


@pytest.mark.parametrize("rules", FAMILY)
def test_g1_play_passes_clockwise(rules):
    """G-1: play passes clockwise, to seat + 1 (mod n)."""
    players = 3
    kw = {"keeper": 2} if rules == LD else {}
    st = pos(rules, players, hands=["9C 8D 7S", "9D 8H 7H", "9H 8S 7D"], turn=2,
             melds=[{"K": "KS KH KD"}, {"Q": "QS QH QD"}, {"J": "JS JH JD"}], **kw)
    seen = []
    for _ in range(4):
        seat = st.current_player()
        seen.append(seat)
        do(st, f"{seat} draw")
        card = st.summary()["hands"][seat][0]
        do(st, f"{seat} discard {card}")
    assert seen == [2, 0, 1, 2]


def test_g1_only_the_player_to_move_acts():
    """G-1: another seat's action is refused with a sentence naming the seat."""
    st = pos(CA, 4, hands=["9C", "9D", "9H", "9S"], turn=1)
    refused(st, "0 draw", "not seat 0")
    refused(st, "2 draw", "not seat 2")
    refused(st, "7 draw", "no seat 7")
    assert legal(st, "1 draw")


# ---------------------------------------------------------------------------------------
# G-2 sides
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("rules,players,sides", [
    (CA, 2, [0, 1]), (CA, 3, [0, 1, 2]), (CA, 4, [0, 1, 0, 1]),
    (QC, 3, [0, 1, 2]), (QC, 4, [0, 1, 0, 1]),
    (CS, 3, [0, 1, 2]), (CS, 4, [0, 1, 0, 1]), (CS, 6, [0, 1, 0, 1, 0, 1]),
    (LD, 4, [0, 1, 2, 3]), (LD, 6, [0, 1, 2, 3, 4, 5]),
])
def test_g2_sides(rules, players, sides):
    """G-2: partners (4 players; Canastone 4 or 6) sit alternately, side = seat mod 2;
    otherwise side = seat (Looking and Down never has partners)."""
    game = get_game(rules)
    assert [game.side_of(s, players) for s in range(players)] == sides
    assert game.num_sides(players) == len(set(sides))


def test_g2_melds_and_red_threes_belong_to_the_side():
    """G-2: partners share melds (seat 2 finishes the canasta seat 0 began; seat 0 goes out
    on it) and red threes; the deal's score is per side."""
    st = pos(CA, 4, hands=["9C 9D 9H", "5C 6D", "KC KD 8S 7S", "6C 7D"], turn=2,
             phase="play", melds=[{"K": "KS KS KH KH KD"}, {}], red_threes=["3H", ""],
             stock="5H 4D")
    do(st, "2 add K KC KD", "2 discard 8S")
    view = st.summary()["melds"]
    assert [m["canasta"] for m in view[0]] == [True] and view[1] == []
    do(st, "3 draw", "3 discard 5H", "0 draw", "0 meld 9C 9D 9H")
    do(st, "0 discard 4D")  # seat 0 goes out on its partner's canasta
    scores, parts = finish_scores(st)
    # side 0: kings 70 + nines 30 = 100; natural canasta 500; red three 100; out 100;
    #   seat 2 holds 7S (-5) -> 795
    # side 1: seat 1 holds 5C 6D (-10), seat 3 holds 6C 7D (-10) -> -20
    assert parts[0] == {"melds": 100, "canastas": 500, "red_threes": 100, "going_out": 100,
                        "hand": -5}
    assert scores == [795, -20]


# ---------------------------------------------------------------------------------------
# G-3 cards
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("rules", [CA, QC, CS])
def test_g3_twos_and_jokers_are_wild_threes_are_not(rules):
    """G-3: wild cards are jokers and all twos; threes are not wild."""
    st = pos(rules, 2, hands=["7H 7S 2C JK 3S 3H 9C 9D 8D", "5C"], turn=0, phase="play",
             melds=[{"K": "KS KH KD"}, {}])
    assert legal(st, "0 meld 7H 7S 2C")
    assert legal(st, "0 meld 7H 7S JK")
    refused(st, "0 meld 7H 7S 3S", "same rank")
    refused(st, "0 meld 7H 7S 3H", "red threes")


def test_g3_identical_cards_are_interchangeable():
    """G-3: several decks are mixed; identical cards are interchangeable (three 7H)."""
    st = pos(CS, 2, hands=["7H 7H 7H 9C 9D", "5C"], turn=0, phase="play",
             melds=[{"K": "KS KH KD"}, {}])
    assert legal(st, "0 meld 7H 7H 7H")
    refused(st, "0 meld 7H 7H 7H 7H", "7H")


# ---------------------------------------------------------------------------------------
# G-4 card points
# ---------------------------------------------------------------------------------------
EXPECTED_POINTS = {"JK": 50, "AS": 20, "2H": 20, "KD": 10, "QC": 10, "JS": 10, "10H": 10,
                   "9D": 10, "8C": 10, "7S": 5, "6H": 5, "5D": 5, "4C": 5, "3S": 5, "3C": 5}


@pytest.mark.parametrize("rules", [CA, QC, CS, LD])
def test_g4_card_points_in_hand(rules):
    """G-4: joker 50; A and 2 20; K Q J 10 9 8 10; 7 6 5 4 5; black three 5 (0 in Looking
    and Down)."""
    cards = " ".join(EXPECTED_POINTS)
    expected = sum(EXPECTED_POINTS.values())
    if rules == LD:
        expected -= 10  # 3S and 3C count 0
    players = 3
    kw = dict(downs=[None, "", None], keeper=2) if rules == LD else {}
    melds = [{"K": "KS KS KH KH KC KC KD", "Q": "QS QH QD QS QH QD 2C"}, {}, {}]
    st = pos(rules, players, hands=["9C 9H 9S 4S", cards, "5C"], turn=0, phase="play",
             melds=melds, **kw)
    do(st, "0 meld 9C 9H 9S", "0 discard 4S")
    _, parts = finish_scores(st)
    assert parts[1]["hand"] == -expected
    # melded card points: kings 70, queens 6 x 10 + 20 = 80, nines 30
    assert parts[0]["melds"] == 70 + 80 + 30


def test_g4_red_three_card_points():
    """G-4: a red three counts 0 as a card (its bonus or penalty is separate): in Looking and
    Down a red three left in hand costs 500 (LD-14), melded on a red canasta it adds 0."""
    st = pos(LD, 3, hands=["9C 9H 9S 4S", "3H 5C", "5D"], turn=0, phase="play",
             melds=[{"A": "AS AH AD AS AH AD AC 3D", "K": "KS KH KD KS KH KD 2C"}, {}, {}],
             downs=[None, "", None], keeper=2)
    do(st, "0 meld 9C 9H 9S", "0 discard 4S")
    _, parts = finish_scores(st)
    assert parts[0]["melds"] == 140 + 80 + 30  # the red three adds nothing
    assert parts[1]["hand"] == -505


# ---------------------------------------------------------------------------------------
# G-5 deal order
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("rules,players,size", [(CA, 3, 11), (QC, 4, 11), (CS, 3, 15)])
def test_g5_cards_dealt_one_at_a_time_from_the_dealers_left(rules, players, size):
    """G-5: one card at a time, clockwise, starting left of the dealer, from the top."""
    # each seat gets cards of its own suit, so that every card's seat can be checked
    suits = {0: "S", 1: "H", 2: "D", 3: "C"}
    rank_sets = [["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "4", "5", "6", "7"],
                 ["8", "9", "10", "J", "Q", "K", "A", "8", "9", "10", "J", "Q", "K", "A", "8"]]
    hands = []
    for seat in range(players):
        ranks = rank_sets[seat % 2][:size]
        hands.append(" ".join(r + suits[seat] for r in ranks))
    dealer = 1
    st = deal(rules, players, round_robin(hands, first=(dealer + 1) % players), dealer=dealer)
    for seat in range(players):
        assert sorted(st.summary()["hands"][seat]) == sorted(hands[seat].split()), seat


def test_g5_looking_and_down_deal_order():
    """G-5 / LD-2: the exact deal procedure fixes every card (decided order: lookings, then
    downs, then the pile's first card)."""
    st = deal(LD, 2, "", dealer=0, keeper=1)
    s = st.summary()
    # 2 players, one dealer for both stacks (seat 0): seat 1 gets the first card
    assert s["hands"][1][0] == "AS" and s["hands"][0][0] == "2S"
    assert s["downs"][1][0] == "10H" and s["downs"][0][0] == "JH"
    assert s["discard"] == ["6C"]


# ---------------------------------------------------------------------------------------
# G-6 ties, G-7 dealers
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("rules,target", [(CA, 5000), (QC, 5000), (CS, 12000)])
def test_g6_level_at_the_end_is_a_draw(rules, target):
    """G-6: when a game ends level it is a draw (winner None)."""
    game = get_game(rules)
    assert game.game_over([target, target], frozenset()) == (True, None)
    assert game.game_over([target + 5, target], frozenset()) == (True, 0)


def test_g6_looking_and_down_says_otherwise():
    """G-6 / LD-15: Looking and Down plays another deal on a shared highest."""
    game = get_game(LD)
    assert game.game_over([10000, 10000, 200], frozenset()) == (False, None)


@pytest.mark.parametrize("rules", FAMILY)
def test_g7_first_dealer_chosen_or_random_and_the_deal_passes_on(rules):
    """G-7: the first dealer is chosen (or random by the seed); the deal passes clockwise
    (Looking and Down: to the down dealer, LD-2)."""
    game = get_game(rules)
    players = 4
    m = Match(game, players, seed=11, dealer=2, keeper=0 if rules == LD else None)
    st = m.start_deal()
    assert m.setup.dealer == 2
    play_out(st)
    m.finish_deal()
    assert m.dealer == 3  # clockwise; in Looking and Down the down dealer of 2 is 3
    st = m.start_deal()
    assert m.setup.dealer == 3
    play_out(st, 1)
    m.finish_deal()
    # from 3: canasta games pass to 0; Looking and Down skips the keeper 0 to 1
    assert m.dealer == (0 if rules != LD else 1)
    dealers = {Match(game, players, seed=s).dealer for s in range(40)}
    assert len(dealers) > 1  # random first dealer
    assert Match(game, players, seed=5).dealer == Match(game, players, seed=5).dealer


@pytest.mark.parametrize("rules", FAMILY)
def test_g7_same_seed_same_game(rules):
    """G-7 with the seeded generator: the same seed deals the same decks."""
    game = get_game(rules)
    a = Match(game, 3, seed=99).start_deal()
    b = Match(game, 3, seed=99).start_deal()
    assert a.setup.deck == b.setup.deck and a.summary() == b.summary()
    c = Match(game, 3, seed=100).start_deal()
    assert c.setup.deck != a.setup.deck


# ---------------------------------------------------------------------------------------
# The position builder used by these tests (game/engine/canasta/position.py)
# ---------------------------------------------------------------------------------------
def test_built_pile_with_a_red_three_counts_it_out_of_the_taker_hand():
    """CA-9 / CA-11 on a built position: the pile's red three is laid out, not kept, so
    taking this pile would leave 9C alone in hand: refused."""
    st = pos(CA, 2, hands=["8H 8S 9C", "5C 5D"], pile="3H 8D", melds=[{"9": "9S 9H 9D"}, {}],
             turn=0, frozen=False)
    refused(st, "0 take 8H 8S", "canasta")


def test_built_looking_and_down_pile_is_never_frozen():
    st = pos(LD, 3, hands=["9C 9D 4S", "5C", "6C"], pile="9S JK 4C", turn=0,
             melds=[{"A": "AS AH AD"}, {}, {}])
    assert st.summary()["frozen"] is False


# ---------------------------------------------------------------------------------------
# Malformed actions (built in code, not parsed): refused, never a crash
# ---------------------------------------------------------------------------------------
def test_malformed_discard_and_add_are_refused():
    from game.engine.actions import Action, meld_key
    from game.engine.cards import parse_card

    st = pos(CA, 2, hands=["5C", "2D 9C 9D"], turn=1, phase="play",
             melds=[{}, {"7": "7S 7H 7D"}])
    bad_discard = Action(1, "discard", ((), (parse_card("2D"),)))
    bad_add = Action(1, "add", ((), (parse_card("2D"),)), meld_key(7))
    empty_meld = Action(1, "meld", ())
    for a in (bad_discard, bad_add, empty_meld):
        r = st.why_illegal(a)
        assert r is not None
        assert_sentence(r)


def test_other_malformed_actions_are_refused_with_sentences():
    """Verbs of another game, empty groups, unknown seats: refused with sentences."""
    from game.engine.actions import Action

    st = pos(CA, 2, hands=["5C 5D", "2D 9C 9D 9H"], turn=1, phase="play",
             melds=[{}, {"7": "7S 7H 7D"}])
    for a in (Action(1, "trail", ((12,),)), Action(1, "meld", ((),)),
              Action(1, "capture", ((12,), (13,))), Action(5, "draw"), Action(-1, "draw"),
              Action(1, "add", ((),), 7), Action(1, "discard", ()), Action(1, "ask", (), 5)):
        r = st.why_illegal(a)
        assert r is not None, a
        assert_sentence(r)


def test_every_canasta_refusal_template_is_a_sentence_or_a_clause():
    """Refusals are sentences a player understands; the 'why_' parts are clauses that go
    inside another sentence ("You may not go out yet (...)")."""
    import string

    from game.engine.reasons import ENGLISH  # the English catalogue's reasons

    # meld_rank is unreachable (2s and 3s); hint_ keys are the players' hints, not refusals
    keys = [k for k in ENGLISH if k not in ("meld_rank",) and not k.startswith("hint_")]
    assert len(keys) > 40
    for key in keys:
        text = ENGLISH[key]
        fields = [f for _, f, _, _ in string.Formatter().parse(text) if f]
        # Cards are shown by name (a sentence may start with one: "QS is not on the table.")
        sample = text.format(**{f: "QS" if f.startswith("card") else "7" for f in fields})
        if key.startswith("why_"):
            assert sample[0].islower() and not sample.endswith("."), key
        else:
            assert_sentence(sample)
