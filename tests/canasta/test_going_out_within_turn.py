"""The exact 'can this hand still go out this turn?' (checking.py ``_out_within_turn``), which
CA-6 (black threes in any order within the going-out turn, decided) and CA-12 (asking only
while going out is possible, decided) rely on, agrees with a search over the engine's own
moves on random small positions of Canasta and Quick Canasta."""

from __future__ import annotations

import random

from game.engine.canasta.position import build_position
from game.engine.errors import RecordError


def _goes_out_by_search(st, seat: int) -> bool:
    """Meld and add in every listed way; a discard only as the last card."""
    for a in st._play_actions(seat, False):
        if a.verb == "ask" or (a.verb == "discard" and st.hsize[seat] != 1):
            continue
        c = st.clone()
        c.apply(a, validate=False)
        if c.is_over():
            if c.went_out == seat:
                return True
        elif a.verb != "discard" and _goes_out_by_search(c, seat):
            return True
    return False


def test_ca6_ca12_going_out_within_the_turn_agrees_with_a_search():
    rng = random.Random(27)
    ranks = ["4", "5", "6", "7", "8"]
    checked = outs = 0
    while checked < 400:
        rules = rng.choice(["canasta", "quick-canasta"])
        hand = []
        for _ in range(rng.randint(2, 8)):
            r = rng.choice(ranks + ["2", "JK"])
            hand.append("JK" if r == "JK" else r + rng.choice("HD"))
        melds = {"K": "KS KS KH KH KD KD" + (" KC" if rng.random() < 0.6 else "")
                 + (" 2S" if rng.random() < 0.3 else "")}
        if rng.random() < 0.6:
            r = rng.choice(ranks)
            melds[r] = f"{r}S {r}S {r}C"
        if rng.random() < 0.3:
            melds["Q"] = "QS QS QH QH QD" + (" 2C JK" if rng.random() < 0.5 else "")
        try:
            st = build_position(rules, 2, hands=[" ".join(hand), "5C 5D"], turn=0,
                                phase="play", melds=[melds, {}])
        except RecordError:  # more copies of a card than two decks hold
            continue
        search = _goes_out_by_search(st, 0)
        assert st._out_within_turn(0, (), (), None) == search, (rules, hand, melds)
        checked += 1
        outs += search
    assert 50 < outs < 350  # both answers are well represented
