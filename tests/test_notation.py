"""Card and action notation (NOTATION.md, "Cards" and "Actions"): parse/print round trips,
case-insensitivity, T for 10, '+' joining cards, and readable NotationErrors."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.actions import (
    CANASTA_VERBS,
    CASSINO_VERBS,
    WILD_MELD,
    Action,
    format_action,
    format_key,
    meld_key,
    parse_action,
    parse_key,
    same_action,
)
from game.engine.cards import (
    JOKER,
    NUM_CODES,
    format_card,
    format_cards,
    parse_card,
    parse_cards,
    parse_rank,
)
from game.engine.errors import CardTableError, NotationError

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


# ---------------------------------------------------------------------------------------
# Cards
# ---------------------------------------------------------------------------------------
def test_every_card_round_trips():
    seen = set()
    for code in range(NUM_CODES):
        text = format_card(code)
        assert parse_card(text) == code
        assert text == text.upper() and "T" not in text
        seen.add(text)
    assert len(seen) == NUM_CODES  # 52 suited cards and JK
    assert format_card(JOKER) == "JK"


def test_card_codes_follow_suit_and_rank():
    assert parse_card("AS") == 0 and parse_card("KS") == 12
    assert parse_card("AH") == 13 and parse_card("2D") == 27 and parse_card("KC") == 51
    assert parse_card("JK") == JOKER == 52


@pytest.mark.parametrize("text,card", [
    ("10h", "10H"), ("TH", "10H"), ("th", "10H"), ("Td", "10D"), ("as", "AS"), ("jk", "JK"),
    ("Jk", "JK"), ("qC", "QC"), (" 7h ", "7H"), ("jc", "JC"),
])
def test_card_input_is_case_insensitive_and_t_is_ten(text, card):
    assert format_card(parse_card(text)) == card


def test_ten_is_printed_as_10():
    assert format_cards(parse_cards("TS th Td tc")) == "10S 10H 10D 10C"


def test_plus_joins_cards_like_a_space():
    assert parse_cards("3H+3C+6D") == parse_cards("3H 3C 6D")
    assert parse_cards("3h + 3c  6d") == parse_cards("3H 3C 6D")


@pytest.mark.parametrize("bad", ["1S", "11H", "XX", "", "A", "AX", "JKK", "10", "T", "0S",
                                 "14C", "AS!", "S", "KZ", "JOKER"])
def test_bad_card_raises_a_readable_notation_error(bad):
    with pytest.raises(NotationError) as e:
        parse_card(bad)
    message = str(e.value)
    assert f"'{bad}'" in message and "not a card" in message
    assert "Traceback" not in message and "\n" not in message
    assert isinstance(e.value, CardTableError) and isinstance(e.value, ValueError)


def test_bad_card_in_a_list_names_the_card():
    with pytest.raises(NotationError, match="'7X' is not a card"):
        parse_cards("7H 7X 7S")


@pytest.mark.parametrize("text,rank", [("A", 1), ("a", 1), ("10", 10), ("T", 10), ("t", 10),
                                       ("J", 11), ("q", 12), ("K", 13), ("7", 7)])
def test_rank_names(text, rank):
    assert parse_rank(text) == rank


@pytest.mark.parametrize("bad", ["1", "11", "X", "", "JK", "AA"])
def test_bad_rank(bad):
    with pytest.raises(NotationError, match="not a rank"):
        parse_rank(bad)


@given(st.lists(st.integers(0, NUM_CODES - 1), min_size=1, max_size=20))
@settings(max_examples=100, deadline=None)
def test_card_lists_round_trip(codes):
    assert parse_cards(format_cards(codes)) == codes
    assert parse_cards(format_cards(codes).lower()) == codes
    assert parse_cards("+".join(format_card(c) for c in codes)) == codes


# ---------------------------------------------------------------------------------------
# Meld keys
# ---------------------------------------------------------------------------------------
def test_meld_keys():
    assert parse_key("W") == WILD_MELD and format_key(WILD_MELD) == "W"
    assert parse_key("w") == WILD_MELD
    assert parse_key("7") == 7 and format_key(7) == "7"
    assert parse_key("10") == parse_key("T") == 10 and format_key(10) == "10"
    assert parse_key("7#2") == meld_key(7, 2) and format_key(meld_key(7, 2)) == "7#2"
    assert parse_key("k#3") == meld_key(13, 3) and format_key(meld_key(13, 3)) == "K#3"
    assert parse_key("A") == 1 and format_key(1) == "A"
    for bad in ("7#0", "7#x", "7#", "Z", "#2"):
        with pytest.raises(NotationError):
            parse_key(bad)


# ---------------------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------------------
CARD = st.integers(0, NUM_CODES - 1)
GROUP = st.lists(CARD, min_size=1, max_size=8).map(tuple)
SEAT = st.integers(0, 11)
KEY = st.one_of(st.just(WILD_MELD),
                st.builds(meld_key, st.integers(1, 13), st.integers(1, 4)))


@st.composite
def actions(draw):
    verb = draw(st.sampled_from(CANASTA_VERBS + CASSINO_VERBS))
    seat = draw(SEAT)
    if verb in ("draw", "yes", "no"):
        return Action(seat, verb)
    if verb == "ask":
        return Action(seat, verb, (), draw(st.one_of(st.just(-1), SEAT)))
    if verb == "take":
        return Action(seat, verb, tuple(draw(st.lists(GROUP, min_size=0, max_size=3))))
    if verb == "meld":
        return Action(seat, verb, tuple(draw(st.lists(GROUP, min_size=1, max_size=4))))
    if verb == "add":
        return Action(seat, verb, (draw(GROUP),), draw(KEY))
    if verb in ("discard", "trail"):
        return Action(seat, verb, ((draw(CARD),),))
    played = (draw(CARD),)
    table = draw(st.lists(CARD, min_size=1, max_size=6).map(tuple))
    if verb == "capture":
        return Action(seat, verb, (played, table))
    return Action(seat, verb, (played, table), draw(st.integers(1, 13)))


@given(actions())
@settings(max_examples=300, deadline=None)
def test_actions_round_trip(a):
    text = format_action(a)
    assert parse_action(text) == a
    assert format_action(parse_action(text)) == text
    assert parse_action(text.lower()) == a  # case-insensitive input
    assert text.startswith(f"{a.seat} {a.verb}")
    assert "T" not in text  # 10 is printed as 10 (verbs are lower case)
    assert str(a) == text


@given(actions())
@settings(max_examples=100, deadline=None)
def test_plus_joins_cards_in_actions(a):
    text = format_action(a)
    head = f"{a.seat} {a.verb} "
    if not text.startswith(head) or a.verb in ("add", "build"):
        return
    body = text[len(head):]
    joined = " / ".join("+".join(g.split()) for g in body.split(" / "))
    assert parse_action(head + joined) == a


def test_action_examples_from_notation_md():
    examples = [
        "2 draw", "2 take 7H 7S", "2 take", "2 take 7H 7S / KH KD KS", "2 meld 7H 7S 2C",
        "2 meld 7H 7S 7D / KH KD JK", "2 add 7 7C 2D", "0 add W 2C", "1 add 7#2 7C",
        "2 discard 9S", "2 ask", "2 ask 4", "0 yes", "0 no", "0 trail 9S",
        "0 capture QS 3H 3C 6D", "1 build 2S 3H 5D = 5",
    ]
    for text in examples:
        assert format_action(parse_action(text)) == text


def test_action_input_is_case_insensitive():
    assert parse_action("0 MELD 7h 7s 7d") == parse_action("0 meld 7H 7S 7D")
    assert parse_action("0 Add w 2c") == parse_action("0 add W 2C")
    assert parse_action("1 add 7#2 7c") == parse_action("1 ADD 7#2 7C")
    assert parse_action("2 take th TS") == parse_action("2 take 10H 10S")
    assert format_action(parse_action("0 discard th")) == "0 discard 10H"


def test_action_plus_joins():
    assert parse_action("2 meld 7H+7S+2C") == parse_action("2 meld 7H 7S 2C")
    assert parse_action("0 capture QS 3H+3C+6D") == parse_action("0 capture QS 3H 3C 6D")
    assert parse_action("2 meld 7H+7S+7D / KH+KD+JK") == parse_action(
        "2 meld 7H 7S 7D / KH KD JK")


def test_same_action_ignores_card_order_within_groups():
    a = parse_action("2 meld 7H 7S 2C / KH KD JK")
    b = parse_action("2 meld 2C 7S 7H / JK KD KH")
    assert same_action(a, b)
    assert not same_action(a, parse_action("2 meld KH KD JK / 7H 7S 2C"))
    assert not same_action(a, parse_action("3 meld 7H 7S 2C / KH KD JK"))


def test_action_cards_lists_every_card():
    a = parse_action("2 take 7H 7S / KH KD KS")
    assert format_cards(a.cards()) == "7H 7S KH KD KS"


@pytest.mark.parametrize("bad,words", [
    ("", "not an action"),
    ("draw", "not an action"),
    ("x draw", "seat number"),
    ("-1 draw", "seat number"),
    ("0 fly", "not a verb"),
    ("0 draw 7H", "takes no cards"),
    ("0 yes 7H", "takes no cards"),
    ("0 discard", "exactly one card"),
    ("0 discard 7H 8H", "exactly one card"),
    ("0 trail", "exactly one card"),
    ("0 meld", "needs cards"),
    ("0 meld 7H / / 8H", "empty group"),
    ("0 meld 7H 7S 2C /", "empty group"),
    ("0 take /", "empty group"),
    ("0 add 7", "needs a meld and cards"),
    ("0 add Z 7H", "not a rank"),
    ("0 add 7#0 7H", "not a meld"),
    ("0 ask x", "seat number"),
    ("1 build 2S 3H", "= VALUE"),
    ("1 build 2S 3H 5D = x", "= VALUE"),
    ("1 build 2S = 5", "at least one table card"),
    ("0 capture QS", "table cards"),
    ("0 meld 7X 7S 7D", "not a card"),
])
def test_bad_actions_raise_readable_notation_errors(bad, words):
    with pytest.raises(NotationError) as e:
        parse_action(bad)
    message = str(e.value)
    assert words in message
    assert message.strip() and "\n" not in message and "Traceback" not in message


@pytest.mark.parametrize("bad", ["² draw", "0 ask ²", "0 add 7#² 7H", "1 build 2S 3H = ²"])
def test_unicode_digits_raise_notation_error(bad):
    with pytest.raises(NotationError):
        parse_action(bad)
