"""What a trail tells the table (CN-3, CN-5, CN-8): the values that could have captured when a
seat trailed in this round are public (``CassinoView.passed``), and the Hard level's worlds
keep them out of that seat's hand (game.engine.cassino.worlds, ``infer``)."""

from __future__ import annotations

import pytest

from game.engine.cards import RANK, parse_card
from game.engine.cassino.game import CassinoState, capture_values
from game.engine.rng import Rng

from .helpers import act, pos

C = parse_card


def test_capture_values_are_the_loose_sums_and_the_reservations_cn5():
    # 3 and 4 loose: a 3, a 4 or a 7 captures; a 5 owned as a reservation adds 5
    bits = capture_values([C("3H"), C("4S")], [((C("2C"), C("3C")), 5, 1)])
    assert [v for v in range(1, 14) if bits >> v & 1] == [3, 4, 5, 7]
    # face cards count as their values in sums (CN-1): a queen takes a jack and an ace
    bits = capture_values([C("JH"), C("AS")], [])
    assert [v for v in range(1, 14) if bits >> v & 1] == [1, 11, 12]


def test_a_trail_past_a_capture_is_recorded_for_the_round_cn8():
    s = pos(["5S 9S", "7S 8S"], "2H 3D", deck="AC 2C 3C 4C 5C 6C 7C 8C")
    s.apply(act("0 trail 9S"))  # 2, 3 or 5 (2+3) could have captured
    assert s.view(1).passed == ((2, 3, 5), ())
    assert s.view(0).passed == s.view(1).passed  # public: every seat sees it
    s.apply(act("1 trail 8S"))  # the table is 2H 3D 9S: 2, 3, 5, 9, 11, 12, 14 > 13
    assert s.view(0).passed == ((2, 3, 5), (2, 3, 5, 9, 11, 12))
    s.apply(act("0 capture 5S 2H 3D"))
    round_ = s.round
    s.apply(act("1 trail 7S"))  # the last cards of the round: new hands are dealt (CN-3)
    assert s.round == round_ + 1
    assert s.view(0).passed == ((), ()), "a new round's hands start with nothing passed up"


def test_a_trail_on_an_empty_table_passes_nothing_up_cn8():
    s = pos(["5S 9S", "7S 8S"], "")
    s.apply(act("0 trail 9S"))
    assert s.view(1).passed == ((), ())


def test_passed_values_survive_a_position_round_trip_and_are_checked():
    s = pos(["5S 9S", "7S 8S"], "2H 3D")
    s.apply(act("0 trail 9S"))
    t = CassinoState.from_position(**s.position())
    assert t.view(1) == s.view(1)
    with pytest.raises(ValueError, match="card value"):
        pos(["5S", "7S"], "2H", passed=[[14], []])
    with pytest.raises(ValueError, match="2 seats"):
        pos(["5S", "7S"], "2H", passed=[[3]])


def test_clone_keeps_the_passed_values_apart():
    s = pos(["5S 9S", "7S 8S"], "2H 3D")
    c = s.clone()
    c.apply(act("0 trail 9S"))
    assert s.view(1).passed == ((), ()) and c.view(1).passed == ((2, 3, 5), ())


def _after_trail():
    """Seat 0 trailed the 9S past captures worth 2, 3 and 5 and holds three cards; seat 1 is
    to move with the unseen cards (seat 0's hand and the deck) one full round's worth."""
    deck = "AC 2C 3C 4C 6C 7C 8C 10C"  # the next round: 4 cards each
    s = pos(["5S 9S JD QD", "7S 8S KD KH"], "2H 3D", deck=deck)
    s.apply(act("0 trail 9S"))
    return s


def test_the_worlds_keep_passed_values_out_of_the_trailers_hand():
    s = _after_trail()
    view = s.view(1)
    rng = Rng(4)
    for _ in range(200):
        w = CassinoState.sample_world(view, rng)
        assert not any(RANK[c] in (2, 3, 5) for c in w.hands[0])
        assert w.view(1) == view  # still a world of this view
    # without the inference the 5S (the one card of seat 0 worth 5) turns up in its hand
    seen = set()
    for _ in range(200):
        w = CassinoState.sample_world(view, rng, infer=False)
        seen |= {RANK[c] for c in w.hands[0]}
    assert seen & {2, 3, 5}


def test_the_worlds_fall_back_to_any_card_when_too_few_are_left():
    # seat 0 trailed past an ace and still holds one: the only card left is dealt to it
    s = pos(["AS 2S", "3S 4S"], "AH")
    s.apply(act("0 trail 2S"))
    view = s.view(1)
    assert view.passed[0] == (1,)
    w = CassinoState.sample_world(view, Rng(1))
    assert w.hands[0] == [C("AS")] and w.view(1) == view


def test_a_reservations_card_comes_before_the_inference_cn6():
    # seat 0 trailed past a 7 and then built 7: it holds a 7 whatever its trail said
    s = pos(["2S 9S 7D QD", "KS KH KD KC"], "5H 3C 4C", deck="AC 2C 3D 4D 6C 7C 8C 10C")
    s.apply(act("0 trail 9S"))  # 3, 4, 5, 7, 8, 9, 12 could have captured
    s.apply(act("1 trail KS"))
    s.apply(act("0 build 2S 5H = 7"))
    view = s.view(1)
    assert 7 in view.passed[0]
    rng = Rng(9)
    for _ in range(100):
        w = CassinoState.sample_world(view, rng)
        assert any(RANK[c] == 7 for c in w.hands[0])
        assert w.view(1) == view


def test_the_heuristic_reading_trails_gives_passed_values_no_odds():
    from game.players.base import Decision
    from game.players.heuristic_cassino import CassinoContext

    s = _after_trail()
    d = Decision.of(s, 1)
    reading, blind = CassinoContext(d, read_trails=True), CassinoContext(d)
    for v in (2, 3, 5):  # passed up by seat 0's trail
        assert reading.p_value(v) == 0.0 < blind.p_value(v)
    # the other values are likelier: seat 0's three cards come from fewer candidates
    assert reading.p_value(12) > blind.p_value(12)
    # a table with a loose 5 threatens less from a seat that passed up fives
    table, res = (C("5H"),), ()
    assert reading.threat(table, res) < blind.threat(table, res)


def test_the_examples_in_the_trail_helpers_docs_hold():
    import doctest

    import game.engine.cassino.game
    import game.engine.cassino.view

    for module in (game.engine.cassino.game, game.engine.cassino.view):
        result = doctest.testmod(module)
        assert result.attempted >= 1 and result.failed == 0, module.__name__
