"""The order of cards as the table shows them: a hand sorted by rank or suit, the player's own
arrangement kept as cards come and go, melds by rank and a meld's cards naturals first."""

from __future__ import annotations

from collections import Counter

from game.engine.actions import WILD_MELD as WILD_KEY
from game.engine.cards import JOKER, RANK, SUIT


def rank_key(code: int, canasta: bool = True) -> tuple:
    """Order for "sort by rank": canasta games put threes low, aces high, wild cards last;
    Cassino counts aces as one."""
    if code == JOKER:
        return (20, 0)
    r = RANK[code]
    if not canasta:
        return (r, SUIT[code])
    if r == 2:
        return (19, SUIT[code])
    return (14 if r == 1 else r, SUIT[code])


def suit_key(code: int, canasta: bool = True) -> tuple:
    if code == JOKER:
        return (9, 0)
    r = RANK[code]
    high = (14 if r == 1 else r) if canasta else r
    return (SUIT[code], high)


def meld_order(rank: int) -> int:
    """Melds are shown by rank, aces first, the wild meld and black threes last."""
    if rank == WILD_KEY:
        return 100
    if rank == 3:
        return 90
    return -(14 if rank == 1 else rank)


def meld_cards_shown(cards: list[int]) -> list[int]:
    """A meld's cards as laid out: natural cards first, then wild cards."""
    nat = [c for c in cards if c != JOKER and RANK[c] != 2]
    wild = [c for c in cards if c == JOKER or RANK[c] == 2]
    return nat + wild


def sync_order(order: list[int], hand: list[int]) -> list[int]:
    """Keep the player's arrangement: cards still held stay where they were, new cards go to
    the right end."""
    have = Counter(hand)
    out = []
    for c in order:
        if have[c] > 0:
            out.append(c)
            have[c] -= 1
    new = sorted(have.elements())
    return out + new
