"""How a canasta-family deal starts (G-5, CA-2, CA-3, CS-2..CS-4, LD-2, LD-4).

Each function takes a fresh state and the deck (top first) and fills hands, pile, packet and
stock exactly as the rule book says, so that a deck order and a dealer fix the whole deal.
"""

from __future__ import annotations

from game.cards import JOKER, RANK
from game.errors import Misdeal
from game.gameinfo import down_dealer  # LD-2, declared with the game

PACKET_SIZE = {1: 14, 11: 11, 12: 12, 13: 13}  # CS-3; 4..10 by face value


def _wild_or_three(code: int) -> bool:
    return code == JOKER or RANK[code] in (2, 3)


def _deal_round_robin(st, deck: list[int], pos: int, first: int, count: int, into) -> int:
    """Deal ``count`` cards to each seat one at a time from ``first`` clockwise (G-5)."""
    n = st.players
    for _ in range(count):
        for i in range(n):
            into(((first + i) % n), deck[pos])
            pos += 1
    return pos


def deal_standard(st, deck: list[int]) -> list:
    """Canasta and Quick Canasta: hands, the starter (CA-2), then red threes (CA-3)."""
    n = st.players
    size = st.rules.hand_size_for(n, st.options)
    pos = _deal_round_robin(st, deck, 0, (st.dealer + 1) % n, size, st._give)
    # CA-2: turn cards until a natural 4..A shows; wilds and red threes freeze the pile.
    while True:
        c = deck[pos]
        pos += 1
        st.pile.append(c)
        if c == JOKER or RANK[c] == 2 or c in (15, 28):
            st.frozen = True
        if not _wild_or_three(c):
            break
    st.stock = deck[pos:][::-1]  # the stock's top is the list's end
    return st._lay_out_dealt_red_threes()


def deal_canastone(st, deck: list[int]) -> list:
    """Canastone: 15 cards each, up to three starters (CS-2), the packet (CS-3), CS-4."""
    n = st.players
    pos = _deal_round_robin(st, deck, 0, (st.dealer + 1) % n, st.rules.hand_size, st._give)
    starters = []
    for _ in range(3):
        c = deck[pos]
        pos += 1
        starters.append(c)
        if not _wild_or_three(c):
            break
    else:
        raise Misdeal("all three starter cards are wild cards or threes: the same dealer "
                      "deals again (CS-2)")
    top = starters[-1]
    rank = RANK[top]
    packet_size = PACKET_SIZE.get(rank, rank)
    st.packet = list(deck[pos:pos + packet_size])
    pos += packet_size
    st.pile = starters
    st.frozen = any(c == JOKER or RANK[c] == 2 for c in starters)  # wild starters freeze
    st.stock = deck[pos:][::-1]
    return st._lay_out_dealt_red_threes()


def deal_looking(st, deck: list[int]) -> list:
    """Looking and Down: lookings from the looking dealer's left, downs from the down
    dealer's left (LD-2, order decided), then one card starts the pile (LD-4)."""
    n = st.players
    size = st.rules.hand_size
    dd = down_dealer(st.dealer, st.keeper, n)
    pos = _deal_round_robin(st, deck, 0, (st.dealer + 1) % n, size, st._give)
    pos = _deal_round_robin(st, deck, pos, (dd + 1) % n, size,
                            lambda seat, c: st.down[seat].append(c))
    st.pile.append(deck[pos])
    pos += 1
    st.stock = deck[pos:][::-1]
    return []


def first_player(st) -> int:
    """G-1: left of the dealer; Looking and Down: left of the down dealer, not the keeper."""
    n = st.players
    if st.rules.deal_style == "looking":
        s = (down_dealer(st.dealer, st.keeper, n) + 1) % n
        if s == st.keeper:
            s = (s + 1) % n
        return s
    return (st.dealer + 1) % n


DEALS = {"standard": deal_standard, "canastone": deal_canastone, "looking": deal_looking}
