"""A reservation refused whatever value is declared names the value the cards make (RULES.md
CN-6): a queen and a three on the table were refused as "To declare 13...", a value nobody
asked for, because the table guessed min(13, total)."""

from __future__ import annotations

import itertools
import random

from game.engine.actions import make
from game.engine.base import DealSetup
from game.engine.cards import RANK, parse_card, parse_cards
from game.engine.cassino.combos import can_split
from game.engine.cassino.game import CASSINO

from .helpers import pos


def refusal(state, card, table):
    return state.why_no_reservation(0, parse_card(card), parse_cards(table))


def test_cn6_cards_past_13_that_split_into_no_value():
    r = refusal(pos(["QD 3C 5S", "2S 4S"], "3H 8D"), "QD", "3H")
    assert r.key == "cassino_build_total" and r.params["total"] == 15
    assert 13 not in r.params.values() and "15" in str(r)


def test_cn6_cards_past_13_name_the_value_they_split_into():
    r = refusal(pos(["5D 2C KS", "2S 4S"], "5H 5C"), "5D", "5H 5C")  # 5 + 5 + 5
    assert r.key == "cassino_build_keep" and r.params["value"] == 5


def test_cn6_cards_up_to_13_name_their_total():
    r = refusal(pos(["3D 9C", "2S 4S"], "5H JD"), "3D", "5H")  # 8, and no 8 kept
    assert r.key == "cassino_build_keep" and r.params["value"] == 8


def test_cn6_refusals_before_any_value_are_kept():
    r = refusal(pos(["QD 3C", "2S 4S"], "5H"), "QD", "9H")
    assert r.key == "cassino_not_on_table"


def test_cn6_a_legal_reservation_is_not_refused():
    assert refusal(pos(["AD 4C", "2S 4S"], "3H 8D"), "AD", "3H") is None


def test_cn6_the_named_value_is_one_the_cards_make():
    """From dealt tables (a bounded number of tries): no reason when some value is legal;
    otherwise a reason whose value is the total (13 or less) or a value the cards split into."""
    rng = random.Random(6)
    checked = 0
    for _ in range(40):
        deck = list(range(52))
        rng.shuffle(deck)
        st = CASSINO.new_deal(DealSetup(players=2, deck=tuple(deck), dealer=0))
        seat = st.current_player()
        for p in st.hands[seat]:
            for n in (1, 2):
                for table in itertools.combinations(st.loose, n):
                    why = st.why_no_reservation(seat, p, table)
                    legal = [v for v in range(1, 14) if st.why_illegal(
                        make(seat, "build", ((p,), table), v)) is None]
                    assert (why is None) == bool(legal)
                    value = getattr(why, "params", {}).get("value")
                    if value is not None:
                        ranks = [RANK[c] for c in (p, *table)]
                        assert value == sum(ranks) or (
                            sum(ranks) > 13 and can_split(ranks, value)), (why, ranks)
                    checked += 1
    assert checked > 500
