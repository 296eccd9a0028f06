"""What a canasta-family player counts as unseen (``CanastaView.unseen``) is exactly the cards
hidden from its seat: the other hands less what is known of them (cards taken with a pile),
the stock, the Canastone packet and the Looking and Down downs (its own included). Melded
naturals and wild cards are on the table, whatever their suit (CA-7: a meld is of one rank,
any suits; wild cards join melds of any rank)."""

from __future__ import annotations

from collections import Counter

import pytest

from game.engine.cards import JOKER, RANK
from game.players.canasta_view import CanastaView
from tests.players.test_players import decision, random_positions


def _hidden_by_rank(state, seat: int) -> tuple[list[int], int]:
    """Per rank (0 jokers, 2 twos, 3 black threes) and red threes: the cards hidden from
    ``seat``, read from the state itself."""
    view = state.view(seat)
    hidden: Counter[int] = Counter()
    for s in range(state.players):
        if s != seat:
            hand = Counter(state.hand_cards(s))
            hand.subtract(view.known_hands[s])
            hidden.update({c: k for c, k in hand.items() if k > 0})
    hidden.update(state.stock)
    hidden.update(state.packet)
    for down in state.down or ():
        hidden.update(down or ())
    by_rank = [0] * 14
    red = 0
    for c, k in hidden.items():
        if c in (15, 28):
            red += k
        else:
            by_rank[0 if c == JOKER else RANK[c]] += k
    return by_rank, red


@pytest.mark.parametrize("rules,players", [("canasta", 4), ("quick-canasta", 4),
                                           ("canastone", 4), ("looking-and-down", 3)])
def test_unseen_counts_are_the_hidden_cards(rules, players):
    checked_melded = 0
    for state, seat in random_positions(rules, players, seed=5, count=120, every=3):
        v = CanastaView(decision(state, rules, players, seat))
        by_rank, red, total, wild = v.unseen()
        want, want_red = _hidden_by_rank(state, seat)
        assert by_rank == want, (by_rank, want)
        assert red == want_red
        assert total == max(1, sum(want) + want_red)
        assert wild == want[0] + want[2]
        checked_melded += any(len(m.cards) >= 3 for ms in v.view.melds for m in ms)
    assert checked_melded  # positions with melds on the table were among them
