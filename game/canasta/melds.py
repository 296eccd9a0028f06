"""A meld on the table: its cards and the counts the rules look at."""

from __future__ import annotations

from game.cards import JOKER, RANK


class Meld:
    """A side's meld. ``key`` names it in the notation (rank, 0 for the wild meld, or a
    Looking and Down n-th meld). Counts are kept beside the cards so that legality checks
    never rescan them."""

    __slots__ = ("key", "rank", "cards", "nat", "jok", "two", "red3", "creator", "turn")

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

    @property
    def wild(self) -> int:
        return self.jok + self.two

    @property
    def size(self) -> int:
        return len(self.cards)

    def add(self, cards) -> None:
        for c in cards:
            self.cards.append(c)
            if c == JOKER:
                self.jok += 1
            elif RANK[c] == 2:
                self.two += 1
            elif RANK[c] == 3 and self.rank != 3:
                self.red3 += 1
            else:
                self.nat += 1

    def copy(self) -> Meld:
        m = Meld.__new__(Meld)
        m.key, m.rank, m.cards = self.key, self.rank, self.cards[:]
        m.nat, m.jok, m.two, m.red3 = self.nat, self.jok, self.two, self.red3
        m.creator, m.turn = self.creator, self.turn
        return m

    def __repr__(self) -> str:
        from game.cards import format_cards

        return f"Meld({self.key}: {format_cards(self.cards)})"
