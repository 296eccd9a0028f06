"""The seed's examples 1 to 11 (seeds/002_b9512001ebaf52b2.txt, <例>), one test each, set up
exactly as the seed describes, with the negative cases it spells out.

Seat 0 is "the player" of the examples; seat 1 the opponent, given a few cards of its own so
that the position is complete. Suits in the seed: ハート H, クラブ C, ダイア D, スペード S.
"""

from __future__ import annotations

from .helpers import act, builds, captures, legal, pos, why

TABLE = "3H 3C 6D 10D"  # examples 1 to 4


def test_example_1_queen_takes_three_cards():
    """3H 3C 6D 10D, play QS: 3+3+6 = 12, QS takes the three (or may be trailed)."""
    s = pos(["QS", "KC"], TABLE)
    assert legal(s, "0 capture QS 3H 3C 6D")
    assert captures(s) == {("QS", frozenset({"3H", "3C", "6D"}))}
    assert legal(s, "0 trail QS")
    s.apply(act("0 capture QS 3H 3C 6D"))
    assert s.summary()["table"]["loose"] == ["10D"]
    assert s.captured[0] == [s_code("QS"), s_code("3H"), s_code("3C"), s_code("6D")]


def test_example_2_ten_takes_ten():
    s = pos(["10S", "KC"], TABLE)
    assert captures(s) == {("10S", frozenset({"10D"}))}
    assert legal(s, "0 capture 10S 10D")
    assert legal(s, "0 trail 10S")


def test_example_3_six_takes_both_groups_or_either():
    s = pos(["6C", "KC"], TABLE)
    assert captures(s) == {
        ("6C", frozenset({"3H", "3C", "6D"})),
        ("6C", frozenset({"3H", "3C"})),
        ("6C", frozenset({"6D"})),
    }
    assert legal(s, "0 capture 6C 3H 3C 6D")
    assert legal(s, "0 trail 6C")


def test_example_4_groups_may_not_share_a_card():
    s = pos(["9S", "KC"], TABLE)
    assert captures(s) == {("9S", frozenset({"3H", "6D"})), ("9S", frozenset({"3C", "6D"}))}
    assert not legal(s, "0 capture 9S 3H 3C 6D")  # 6D would serve twice
    assert "cannot be split into groups each worth 9" in why(s, "0 capture 9S 3H 3C 6D")


def test_example_5_two_disjoint_groups_together():
    s = pos(["9S", "KC"], "3H 3C 6D 6C")
    assert legal(s, "0 capture 9S 3C 6D 3H 6C")
    assert legal(s, "0 capture 9S 3C 6D")  # one of them only
    assert legal(s, "0 capture 9S 3H 6C")
    got = captures(s)
    assert ("9S", frozenset({"3H", "3C", "6D", "6C"})) in got
    # Every pairing of a 3 with a 6 and both pairings together: 4 single groups + 1 union.
    assert len(got) == 5


EX6 = "3H JC 5D KD"  # examples 6 to 9


def test_example_6_reserve_ace_with_three_as_four():
    s = pos(["AC 4H", "3S QS 9S"], EX6)
    assert legal(s, "0 build AC 3H = 4")
    s.apply(act("0 build AC 3H = 4"))
    assert s.summary()["table"]["reservations"] == [
        {"cards": ["AC", "3H"], "value": 4, "owner": 0}]
    # The opponent can no longer take the reserved cards except with a 4:
    assert "never split" in why(s, "1 capture 3S 3H")  # a 3 does not take 3H
    assert "never split" in why(s, "1 capture QS AC JC")  # Q does not take A+J
    assert "reserved as 4" in why(s, "1 capture 9S AC 3H 5D")  # 9 does not take A+3+5
    assert str(why(s, "1 capture 3S 3H")) == (
        "A reservation is never split: take all of AC 3H or none.")
    assert not any(a.verb == "capture" for a in s.legal_actions(1))
    # With a 4 the opponent could take it (横取り):
    t = pos(["AC 4H", "4S QS"], EX6)
    t.apply(act("0 build AC 3H = 4"))
    assert legal(t, "1 capture 4S AC 3H")


def test_example_7_reserve_two_groups_as_five():
    s = pos(["2S 5H", "10S 9S"], EX6)
    assert legal(s, "0 build 2S 3H 5D = 5")  # (2+3) and (5)
    s.apply(act("0 build 2S 3H 5D = 5"))
    assert "reserved as 5" in why(s, "1 capture 10S 2S 3H 5D")  # 2+3+5 = 10 is no matter
    assert not legal(s, "1 capture 10S 2S 3H 5D")
    t = pos(["2S 5H", "5C 9S"], EX6)
    t.apply(act("0 build 2S 3H 5D = 5"))
    assert legal(t, "1 capture 5C 2S 3H 5D")


def test_example_8_reservation_must_use_the_played_card():
    """Hand 2S 8H: 3H+5D could be taken by 8H, but a reservation must include the card
    played this turn, and 2S with any table cards makes no 8."""
    s = pos(["2S 8H", "9S QS"], EX6)
    assert not legal(s, "0 build 2S 3H 5D = 8")
    assert "cannot be split into groups each worth 8" in why(s, "0 build 2S 3H 5D = 8")
    assert not any(a.verb == "build" for a in s.legal_actions())
    assert legal(s, "0 capture 8H 3H 5D")  # 8H itself may capture now


def test_example_9_reservation_must_use_a_table_card():
    """Hand AS AH, table JD 3H: playing AS alone cannot be reserved as 1."""
    s = pos(["AS AH", "9S QS"], "JD 3H")
    from game.engine.actions import make
    from game.engine.cards import parse_card
    alone = make(0, "build", ((parse_card("AS"),), ()), 1)
    assert "at least one table card" in s.why_illegal(alone)
    assert not any(a.verb == "build" for a in s.legal_actions())
    assert not legal(s, "0 build AS 3H = 1")


EX10 = "JC 5D KD"  # with AC 3H reserved as 4


def _ex10(hand, owner, other):
    hands = [hand, other] if owner == 1 else [hand + " 4S", other]
    return pos(hands, EX10, [("AC 3H", 4, owner)])


def test_example_10_override_by_two_to_six_and_by_three_to_twelve():
    for owner in (0, 1):  # the reservation is the opponent's, or the player's own
        other = "4C 9S" if owner == 1 else "9S QS"
        s = _ex10("2C 6C", owner, other)
        assert legal(s, "0 build 2C AC 3H = 6")
        s.apply(act("0 build 2C AC 3H = 6"))
        assert s.summary()["table"]["reservations"] == [
            {"cards": ["2C", "AC", "3H"], "value": 6, "owner": 0}]
        s = _ex10("3C QC", owner, other)
        assert legal(s, "0 build 3C AC 3H 5D = 12")
        assert not legal(s, "0 build 3C AC 5D = 12")  # all of the reservation or none
        assert "never split" in why(s, "0 build 3C AC 5D = 12")
        s.apply(act("0 build 3C AC 3H 5D = 12"))
        assert s.res[0][1] == 12 and s.res[0][2] == 0
    # Without the 4 the player's own reservation could not exist (checked by from_position).
    try:
        pos(["2C 6C", "9S QS"], EX10, [("AC 3H", 4, 0)])
    except ValueError as e:
        assert "without a card of value 4" in str(e)
    else:
        raise AssertionError("an owner must hold its value")


def test_example_11_override_with_regrouping():
    """3C with the reserved AC 3H and loose 5D, as 6: (3C+3H) and (AC+5D)."""
    for owner in (0, 1):
        other = "4C 9S" if owner == 1 else "9S QS"
        s = _ex10("3C 6C", owner, other)
        assert ("3C", frozenset({"AC", "3H", "5D"}), 6) in builds(s)
        assert legal(s, "0 build 3C AC 3H 5D = 6")
        s.apply(act("0 build 3C AC 3H 5D = 6"))
        assert s.res == [(tuple(codes("3C AC 3H 5D")), 6, 0)]
        if owner == 1:  # the old owner's 4 no longer takes AC 3H: they are part of a 6 now
            assert "never split" in why(s, "1 capture 4C AC 3H")
            assert not legal(s, "1 capture 4C AC 3H")


def s_code(text):
    from game.engine.cards import parse_card
    return parse_card(text)


def codes(text):
    from game.engine.cards import parse_cards
    return parse_cards(text)
