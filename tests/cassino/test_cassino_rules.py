"""One or more tests per Cassino rule, CN-1 .. CN-11 (RULES.md section 5), plus G-1/G-2/G-5/G-7."""

from __future__ import annotations

import pytest

from game.engine.actions import make
from game.engine.base import DealSetup
from game.engine.cards import JOKER, parse_card, parse_cards
from game.engine.cassino.game import CASSINO, CassinoState
from game.engine.errors import IllegalActionError
from game.engine.match import Match
from game.engine.registry import get_game

from .helpers import act, builds, captures, legal, pos, why

C = parse_card


def deal(players=2, first=0, deck=None):
    deck = tuple(range(52)) if deck is None else tuple(deck)
    return CASSINO.new_deal(DealSetup(players=players, deck=deck, dealer=first))


# --------------------------------------------------------------------------- CN-1


def test_cn1_one_deck_no_jokers():
    assert sorted(CASSINO.deck()) == list(range(52))
    assert JOKER not in CASSINO.deck()
    assert get_game("cassino") is CASSINO
    bad = DealSetup(players=2, deck=tuple(range(51)) + (JOKER,), dealer=0)
    assert "every card" in CASSINO.check_setup(bad)


@pytest.mark.parametrize("played,table", [
    ("AS", "AH"), ("7S", "3H 4D"), ("10S", "10H"), ("JS", "5H 6D"), ("QS", "3H 9D"),
    ("KS", "6H 7D"),
])
def test_cn1_values_a1_j11_q12_k13(played, table):
    s = pos([played + " 2C", "3C 4C"], table)
    assert legal(s, f"0 capture {played} {table}")


def test_cn1_court_cards_count_as_numbers_not_only_as_pairs():
    # K (13) takes 6+7 and also J+2, Q+A; a J takes 5+6.
    s = pos(["KS 2C", "3C 4C"], "JH 2D QD AH")
    got = captures(s)
    assert ("KS", frozenset({"JH", "2D", "QD", "AH"})) in got
    assert not legal(s, "0 capture KS JH QD")  # 23 is not 13s


# --------------------------------------------------------------------------- CN-2 / G-2


def test_cn2_two_or_four_players_and_sides():
    assert CASSINO.player_counts == (2, 4)
    assert CASSINO.num_sides(2) == CASSINO.num_sides(4) == 2
    assert [CASSINO.side_of(s, 4) for s in range(4)] == [0, 1, 0, 1]
    assert [CASSINO.side_of(s, 2) for s in range(2)] == [0, 1]
    setup = DealSetup(players=3, deck=tuple(range(52)), dealer=0)
    assert "2, 4 players" in CASSINO.check_setup(setup)


def test_cn2_partners_pool_captures():
    s = pos(["5S 9C", "KC 2C", "5H 8C", "QC 3C"], "5D 8D JD", turn=2, first=0)
    s.apply(act("2 capture 5H 5D"))  # seat 2 is side 0, with seat 0
    assert s.captured[0] == [C("5H"), C("5D")]
    assert s.captured[1] == []
    assert s.turn == 3


# --------------------------------------------------------------------------- CN-3 / G-5


def test_cn3_two_player_deal_order_and_rounds():
    s = deal(2, first=1)
    assert s.loose == [0, 1, 2, 3]  # the table's 4 cards first, from the top
    assert s.hands[1] == [4, 6, 8, 10]  # then one at a time starting with the first player
    assert s.hands[0] == [5, 7, 9, 11]
    assert s.turn == 1 and s.round == 1 and s.summary()["stock"] == 40
    rounds_dealt = []
    while not s.is_over():
        for e in s.apply(s.legal_actions()[-1]):  # always trail (the last action listed)
            if e.kind == "deal":
                rounds_dealt.append(e.info)
                assert s.turn == 1  # the first player plays first in every round
                assert [len(h) for h in s.hands] == [4, 4]
    assert rounds_dealt == [2, 3, 4, 5, 6]


def test_cn3_four_player_deal_two_rounds_of_six():
    s = deal(4, first=2)
    assert s.loose == [0, 1, 2, 3]
    assert s.hands[2] == [4, 8, 12, 16, 20, 24]
    assert s.hands[3] == [5, 9, 13, 17, 21, 25]
    assert s.hands[1] == [7, 11, 15, 19, 23, 27]
    assert s.summary()["stock"] == 24 and s.rounds == 2
    played = 0
    while s.round == 1:
        s.apply(s.legal_actions()[-1])
        played += 1
    assert played == 24 and s.turn == 2 and [len(h) for h in s.hands] == [6] * 4


def test_cn3_first_player_passes_each_game():
    setup = DealSetup(players=2, deck=tuple(range(52)), dealer=1)
    assert CASSINO.next_dealer(setup) == 0
    m = Match(CASSINO, 4, seed=3, dealer=3)
    firsts = []
    for _ in range(3):
        st = m.start_deal()
        firsts.append(st.current_player())
        while not st.is_over():
            st.apply(st.legal_actions()[0], validate=False)
        m.finish_deal()
    assert firsts == [3, 0, 1]


# --------------------------------------------------------------------------- CN-4


def test_cn4_a_turn_plays_exactly_one_card():
    s = deal(2)
    for a in s.legal_actions():
        assert a.groups[0] and len(a.groups[0]) == 1
        t = s.clone()
        t.apply(a)
        assert len(t.hands[0]) == 3 and len(t.hands[1]) == 4 and t.turn == 1
    with pytest.raises(IllegalActionError, match="not seat 1's turn"):
        s.apply(act("1 trail " + "5S"))
    assert "do not hold" in why(s, "0 trail KD")


# --------------------------------------------------------------------------- CN-5


def test_cn5_capture_several_groups_and_several_reservations():
    s = pos(["6S 6C 2D", "AC 9C 6D"], "6H 2H 4D KH",
            [("AD 5D", 6, 1), ("3S 3D", 6, 0)], turn=0)
    # 6S takes the loose 6, the loose 2+4 and both reservations of 6 at once.
    assert legal(s, "0 capture 6S 6H 2H 4D AD 5D 3S 3D")
    assert legal(s, "0 capture 6S AD 5D 3S 3D")
    got = captures(s)
    # must include its own reservation 3S 3D (CN-7): subsets of {6H}, {2H 4D}, {AD 5D}
    assert len({t for p, t in got if p == "6S"}) == 8
    assert all(frozenset({"3S", "3D"}) <= t for _, t in got)


def test_cn5_reservation_never_split_nor_taken_by_another_value():
    s = pos(["7S 9C", "3C 4C"], "2H", [("AC 3H 4D", 4, 1)])
    assert "never split" in why(s, "0 capture 7S 3H 4D")
    assert str(why(s, "0 capture 7S 3H 4D")) == (
        "A reservation is never split: take all of AC 3H 4D or none.")
    assert "reserved as 4" in why(s, "0 capture 9C AC 3H 4D")  # 8 + loose... never
    assert "reserved as 4" in why(s, "0 capture 7S AC 3H 4D 2H")
    assert not any(a.verb == "capture" for a in s.legal_actions())


def test_cn5_every_distinct_capture_listed_once():
    s = pos(["9S KC", "2C 3C"], "3H 3D 6D 6C 9H 4H 5H")
    caps = [a for a in s.legal_actions() if a.verb == "capture" and a.groups[0] == (C("9S"),)]
    sets = [frozenset(a.groups[1]) for a in caps]
    assert len(sets) == len(set(sets))
    for t in sets:
        assert why(s, "0 capture 9S " + " ".join(fmt(c) for c in t)) is None


def test_cn5_table_cards_must_be_there_and_named_once():
    s = pos(["9S KC", "2C 3C"], "3H 6D")
    assert "not on the table" in why(s, "0 capture 9S 3H 6C")
    assert "named twice" in why(s, "0 capture 9S 3H 3H 6D")
    assert "at least one table card" in s.why_illegal(make(0, "capture", ((C("9S"),), ())))


# --------------------------------------------------------------------------- CN-6


def test_cn6_reserve_must_keep_the_value_in_hand():
    s = pos(["AC 5H", "9S QS"], "3H JC")
    assert "keep a card of value 4" in why(s, "0 build AC 3H = 4")
    assert builds(s) == set()
    s = pos(["AC 4H 4S", "9S QS"], "3H JC")
    assert builds(s) == {("AC", frozenset({"3H"}), 4)}
    assert "4S is not on the table" in why(s, "0 build 4H 4S = 4")


def test_cn6_multiple_reservation_with_loose_card_of_same_value():
    s = pos(["4H 4S 9C", "9S QS"], "4D 3C AH")
    # 4H with 4D, or with 3C+AH, or all three: each group worth 4.
    got = {t for p, t, v in builds(s) if p == "4H" and v == 4}
    assert got == {frozenset({"4D"}), frozenset({"3C", "AH"}), frozenset({"4D", "3C", "AH"})}
    assert legal(s, "0 build 4H 4D 3C AH = 4")


def test_cn6_value_and_split_checked():
    s = pos(["AC 4H", "9S QS"], "3H JC")
    assert "from 1 (A) to 13 (K)" in why(s, "0 build AC 3H = 14")
    assert "cannot be split" in why(s, "0 build AC JC = 4")


def test_cn6_override_passes_ownership_and_may_change_value():
    s = pos(["2C 6C", "QS 4S"], "JC 5D", [("AC 3H", 4, 1)])
    ev = s.apply(act("0 build 2C AC 3H = 6"))
    assert ev[0].kind == "build" and ev[0].info == {"value": 6, "overrides": [1]}
    assert s.res == [(tuple(parse_cards("2C AC 3H")), 6, 0)]
    # The previous owner is free of its obligation (no longer owns anything)
    assert legal(s, "1 trail QS")


def test_cn6_listing_matches_a_brute_force_reference():
    from .reference import normalize, reference_actions
    # Seat 0 owns 6H 7H as 13 (and holds KD); seat 1 owns AC 3C as 4.
    s = pos(["4H 6S 2C KD", "9S QS 4C"], "AH 3H JC 5D 2S", [("AC 3C", 4, 1), ("6H 7H", 13, 0)])
    acts = s.legal_actions()
    assert len(acts) == len(normalize(acts))  # no duplicates
    assert normalize(acts) == reference_actions(s)
    assert any(a.verb == "build" for a in acts)
    s.res = [s.res[0]]  # and without seat 0's own reservation
    s.loose.extend(parse_cards("6H 7H"))
    acts = s.legal_actions()
    assert normalize(acts) == reference_actions(s) and len(acts) == len(normalize(acts))


# --------------------------------------------------------------------------- CN-7


def _owned():
    # Seat 0 reserved AC 3H as 4 and holds 4H; table also 5D 9D.
    return pos(["4H 9S 2C 6C", "QS KS 5S 10S"], "5D 9D", [("AC 3H", 4, 0)])


def test_cn7_owner_must_capture_or_override():
    s = _owned()
    assert "must capture it or take it into a new reservation" in why(s, "0 capture 9S 9D")
    assert "cannot trail" in why(s, "0 trail 9S")
    assert "must capture it or take it into a new reservation" in why(s, "0 build 4H 5D = 9")
    assert "keep a card of value 11" in why(s, "0 build 2C 9D = 11")
    assert legal(s, "0 capture 4H AC 3H")
    assert legal(s, "0 build 2C AC 3H = 6")  # override its own reservation (examples 10, 11)
    assert legal(s, "0 build 2C AC 3H 9D = 15") is False  # no such value
    for a in s.legal_actions():
        assert a.verb != "trail"
        assert set(parse_cards("AC 3H")) <= set(a.groups[1])


def test_cn7_owner_keeps_obligation_after_overriding_itself():
    s = _owned()
    s.apply(act("0 build 2C AC 3H = 6"))
    s.apply(act("1 trail QS"))
    assert "must capture it or take it into a new reservation" in why(s, "0 capture 9S 9D")
    assert legal(s, "0 capture 6C 2C AC 3H")


def test_cn7_partner_may_take_or_override_the_partners_reservation():
    s = pos(["9C 4H", "KC 2C", "4S 2D", "QC 3C"], "5D", [("AC 3H", 4, 0)], turn=2)
    assert legal(s, "2 capture 4S AC 3H")
    assert legal(s, "2 build 2D AC 3H = 6") is False  # seat 2 holds no 6
    s2 = pos(["9C 4H", "KC 2C", "2D 6S", "QC 3C"], "5D", [("AC 3H", 4, 0)], turn=2)
    assert legal(s2, "2 build 2D AC 3H = 6")
    s2.apply(act("2 build 2D AC 3H = 6"))
    assert s2.res[0][2] == 2  # ownership passes to the partner; seat 0 is free
    s2.apply(act("3 trail QC"))
    assert legal(s2, "0 trail 9C")


# --------------------------------------------------------------------------- CN-8


def test_cn8_trail_forced_on_empty_table():
    s = pos(["5S 6S", "7S 8S"], "")
    assert [a.verb for a in s.legal_actions()] == ["trail", "trail"]


def test_cn8_trail_allowed_even_when_a_capture_exists():
    s = pos(["5S 6S", "7S 8S"], "5H")
    assert legal(s, "0 trail 5S") and legal(s, "0 capture 5S 5H")
    assert "exactly one card" in s.why_illegal(make(0, "trail", ((C("5S"),), (C("5H"),))))


def test_cn8_no_trail_under_cn7():
    s = _owned()
    assert not any(a.verb == "trail" for a in s.legal_actions())
    assert not legal(s, "0 trail 6C")


# --------------------------------------------------------------------------- CN-9


def test_cn9_sweep_scores_one():
    s = pos(["9S 2C", "KC 3C"], "4H 5D", deck=[])
    ev = s.apply(act("0 capture 9S 4H 5D"))
    assert [e.kind for e in ev] == ["capture", "sweep", "turn"]
    assert s.sweeps == [1, 0]


def test_cn9_last_capturer_takes_the_table_not_a_sweep():
    s = pos(["9S", "KC"], "4H 5D 7C", deck=[])
    s.apply(act("0 capture 9S 4H 5D"))
    ev = s.apply(act("1 trail KC"))
    kinds = [e.kind for e in ev]
    assert kinds == ["trail", "collect", "deal_over"]
    assert ev[1].seat == 0 and sorted(ev[1].cards) == sorted(parse_cards("7C KC"))
    assert s.sweeps == [0, 0]
    assert s.is_over() and s.loose == [] and s.current_player() == -1
    assert sorted(s.captured[0]) == sorted(parse_cards("9S 4H 5D 7C KC"))


def test_cn9_sweep_on_the_very_last_play_counts():
    s = pos(["9S", "KC"], "4H 5D KD", deck=[])
    s.apply(act("0 capture 9S 4H 5D"))
    ev = s.apply(act("1 capture KC KD"))
    assert [e.kind for e in ev] == ["capture", "sweep", "deal_over"]
    assert s.sweeps == [0, 1]


def test_cn9_nobody_captured_nobody_collects():
    s = pos(["9S", "KC"], "4H", deck=[])
    s.apply(act("0 trail 9S"))
    ev = s.apply(act("1 trail KC"))
    assert [e.kind for e in ev] == ["trail", "deal_over"]
    assert s.deal_scores() == [0, 0] and s.check_invariants() == []


# --------------------------------------------------------------------------- CN-10


def test_cn10_scoring_parts():
    # Side 0 has 27 cards, 7 spades, 10D, AS AH; side 1: 25 cards, 6 spades, 2S, AD AC.
    spades = parse_cards("AS 3S 4S 5S 6S 7S 8S")
    side0 = spades + parse_cards("10D AH") + [c for c in range(13, 52)
                                               if c not in parse_cards("AH 10D AD AC")][:18]
    assert len(side0) == 27 and len(set(side0)) == 27
    side1 = [c for c in range(52) if c not in side0]
    s = pos([[], []], [], captured=[side0, side1], sweeps=[2, 1], last_capture=0)
    assert s.is_over()
    assert s.breakdown() == [
        {"cards": 3, "spades": 1, "ten_of_diamonds": 2, "two_of_spades": 0, "aces": 2,
         "sweeps": 2},
        {"cards": 0, "spades": 0, "ten_of_diamonds": 0, "two_of_spades": 1, "aces": 2,
         "sweeps": 1},
    ]
    assert s.deal_scores() == [10, 4]
    assert sum(s.deal_scores()) == 11 + 3


def test_cn10_tied_cards_score_nothing():
    side0 = list(range(0, 52, 2))
    side1 = list(range(1, 52, 2))
    s = pos([[], []], [], captured=[side0, side1], last_capture=1)
    bd = s.breakdown()
    assert bd[0]["cards"] == bd[1]["cards"] == 0
    assert sum(s.deal_scores()) == 8
    assert s.check_invariants() == []


# --------------------------------------------------------------------------- CN-11


def test_cn11_first_to_target_wins():
    g = CASSINO
    assert g.target(frozenset()) == 21 and g.target(frozenset({"target-51"})) == 51
    assert g.game_over([20, 19], frozenset()) == (False, None)
    assert g.game_over([21, 19], frozenset()) == (True, 0)
    assert g.game_over([22, 25], frozenset()) == (True, 1)  # both reached: the higher
    assert g.game_over([23, 23], frozenset()) == (False, None)  # level: play on
    assert g.game_over([30, 29], frozenset({"target-51"})) == (False, None)
    assert g.game_over([51, 52], frozenset({"target-51"})) == (True, 1)


def test_cn11_match_runs_to_a_winner():
    for players in (2, 4):
        m = Match(CASSINO, players, seed=11 + players)
        while not m.over:
            st = m.start_deal()
            while not st.is_over():
                st.apply(st.legal_actions()[0], validate=False)
            assert st.check_invariants() == []
            m.finish_deal()
        assert max(m.totals) >= 21 and m.totals[m.winner] == max(m.totals)
        assert m.totals.count(max(m.totals)) == 1


def test_position_roundtrip_and_validation():
    s = deal(2)
    s.apply(s.legal_actions()[0])
    t = CassinoState.from_position(**s.position())
    assert t.summary() == s.summary()
    assert t.observation(0) == s.observation(0)
    with pytest.raises(ValueError, match="placed twice"):
        pos(["AS", "AS"], "")
    with pytest.raises(ValueError, match="not a reservation"):
        pos(["AS 4C", "2S"], "", [("2H 3H", 4, 0)])
    with pytest.raises(ValueError, match="owns two"):
        pos(["4S 5S", "2S"], "", [("2H 2D", 4, 0), ("3C 2C", 5, 0)])
    with pytest.raises(ValueError, match="holds no card"):
        pos(["4S", ""], "", turn=1)


def fmt(c):
    from game.engine.cards import format_card
    return format_card(c)
