"""A meld on the table: its cards and the counts the rules look at."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from game.engine.cards import JOKER, RANK

if TYPE_CHECKING:
    from game.engine.canasta.seatview import MeldView


# KIND[c]: what card code c is counted as in the counts of cards by kind (the state's
# ``shown_kinds``, the players' unseen cards): 0 jokers, 1..13 the rank
# (2 twos, 3 black threes), 14 red threes. A meld's cards by kind are its naturals under its
# rank, its jokers, twos and red threes: one count serves every meld.
KIND = tuple(0 if c == JOKER else 14 if c in (15, 28) else RANK[c] for c in range(53))
KINDS = 15


def kinds_of(cards: Iterable[int]) -> list[int]:
    """Cards counted by :data:`KIND`."""
    out = [0] * KINDS
    for c in cards:
        out[KIND[c]] += 1
    return out


def count_kinds(cards: Iterable[int], rank: int, nat: int = 0, jok: int = 0, two: int = 0,
                red3: int = 0) -> tuple[int, int, int, int]:
    """(naturals, jokers, twos, red threes) after adding ``cards`` to a meld of ``rank``: the
    one place that sorts a meld's cards into the kinds the rules count."""
    for c in cards:
        if c == JOKER:
            jok += 1
        elif RANK[c] == 2:
            two += 1
        elif RANK[c] == 3 and rank != 3:
            red3 += 1  # a red three on a Looking and Down red canasta (LD-6)
        else:
            nat += 1
    return nat, jok, two, red3


class Meld:
    """A side's meld. ``key`` names it in the notation (rank, 0 for the wild meld, or a
    Looking and Down n-th meld). Counts are kept beside the cards so that legality checks
    never rescan them."""

    __slots__ = ("key", "rank", "cards", "nat", "jok", "two", "red3", "creator", "turn",
                 "shown")

    def __init__(self, key: int, rank: int, creator: int, turn: int) -> None:
        self.key = key
        self.rank = rank  # 1..13 natural rank, 3 for black threes, 0 for the wild meld
        self.cards: list[int] = []
        self.nat = 0
        self.jok = 0
        self.two = 0
        self.red3 = 0  # Looking and Down: a red three on a red canasta (LD-6)
        self.creator = creator
        self.turn = turn
        # the meld as the seats' views show it (game.engine.canasta.seatview), made when first asked
        # and again after a change: a meld only grows, through add
        self.shown: MeldView | None = None

    @property
    def wild(self) -> int:
        return self.jok + self.two

    @property
    def size(self) -> int:
        return len(self.cards)

    def add(self, cards: Iterable[int]) -> None:
        self.cards.extend(cards)
        self.shown = None
        self.nat, self.jok, self.two, self.red3 = count_kinds(
            cards, self.rank, self.nat, self.jok, self.two, self.red3)

    def copy(self) -> Meld:
        m = Meld.__new__(Meld)
        m.key, m.rank, m.cards = self.key, self.rank, self.cards[:]
        m.nat, m.jok, m.two, m.red3 = self.nat, self.jok, self.two, self.red3
        m.creator, m.turn = self.creator, self.turn
        m.shown = self.shown  # immutable: shared
        return m

    def __repr__(self) -> str:
        from game.engine.cards import format_cards

        return f"Meld({self.key}: {format_cards(self.cards)})"


def canastas_within(deficits: list[int], wilds: int) -> int:
    """How many more canastas ``wilds`` wild cards can finish, given how many cards each meld
    within reach still lacks: the nearest first (the ask rule's reach check, CA-12/CS-13;
    checking's readable form and the listing's fast one share it)."""
    deficits.sort()
    more = 0
    for d in deficits:
        if d > wilds:
            break
        wilds -= d
        more += 1
    return more
