"""How a canasta-family deal starts (G-5, CA-2, CA-3); Canastone and Looking and Down
deal in their own modules.

Each function takes a fresh state and the deck (top first) and fills hands, pile, packet and
stock exactly as the rule book says, so that a deck order and a dealer fix the whole deal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.engine.cards import JOKER, RANK

if TYPE_CHECKING:
    from game.engine.canasta.state import CanastaState
    from game.engine.events import Event


def wild_or_three(code: int) -> bool:
    return code == JOKER or RANK[code] in (2, 3)


def deal_round_robin(st: CanastaState, deck: list[int], pos: int, first: int, count: int,
                     into: Callable[[int, int], object]) -> int:
    """Deal ``count`` cards to each seat one at a time from ``first`` clockwise (G-5)."""
    n = st.players
    for _ in range(count):
        for i in range(n):
            into(((first + i) % n), deck[pos])
            pos += 1
    return pos


def deal_standard(st: CanastaState, deck: list[int]) -> list[Event]:
    """Canasta and Quick Canasta: hands, the starter (CA-2), then red threes (CA-3)."""
    n = st.players
    size = st.rules.hand_size_for(n, st.options)
    pos = deal_round_robin(st, deck, 0, (st.dealer + 1) % n, size, st._give)
    # CA-2: turn cards until a natural 4..A shows; wilds and red threes freeze the pile.
    while True:
        c = deck[pos]
        pos += 1
        st.pile.append(c)
        if c == JOKER or RANK[c] == 2 or c in (15, 28):
            st.frozen = True
        if not wild_or_three(c):
            break
    st.stock = deck[pos:][::-1]  # the stock's top is the list's end
    return st._lay_out_dealt_red_threes()
