"""Cards as small integers, and their notation (NOTATION.md, "Cards").

A card is a code 0..52: ``suit * 13 + (rank - 1)`` for the 52 suited cards, 52 for a joker.
Ranks are 1 (ace) to 13 (king); suits 0..3 are S H D C. Several decks are mixed by
repeating codes: equal cards are interchangeable for every rule (G-3).

>>> parse_card("10h"), parse_card("TH"), format_card(parse_card("th"))
(22, 22, '10H')
>>> format_cards(parse_cards("JK as 2c"))
'JK AS 2C'
"""

from __future__ import annotations

from collections.abc import Iterable

from game.engine.errors import NotationError

JOKER = 52
NUM_CODES = 53
SUITS = "SHDC"
RANK_NAMES = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)

# Per-code lookup tables: faster than arithmetic in the engines' inner loops.
RANK = tuple([c % 13 + 1 for c in range(52)] + [0])  # joker has rank 0
SUIT = tuple([c // 13 for c in range(52)] + [-1])
IS_RED = tuple([SUIT[c] in (HEARTS, DIAMONDS) for c in range(52)] + [False])


def card(rank: int, suit: int) -> int:
    """The code of a suited card, rank 1..13, suit 0..3."""
    return suit * 13 + rank - 1


def codes_of_rank(rank: int) -> tuple[int, ...]:
    """The four codes of one rank, in suit order S H D C."""
    return tuple(s * 13 + rank - 1 for s in range(4))


_RANK_BY_NAME = {name: r for r, name in enumerate(RANK_NAMES) if name}
_RANK_BY_NAME["T"] = 10


def parse_card(text: str) -> int:
    """Read one card such as ``AS``, ``10H``, ``TH`` or ``JK`` (any case)."""
    t = text.strip().upper()
    if t == "JK":
        return JOKER
    if len(t) < 2 or t[-1] not in SUITS or t[:-1] not in _RANK_BY_NAME:
        raise NotationError(f"'{text}' is not a card (write it like AS, 10H, TH or JK)")
    return card(_RANK_BY_NAME[t[:-1]], SUITS.index(t[-1]))


def format_card(code: int) -> str:
    if code == JOKER:
        return "JK"
    return RANK_NAMES[RANK[code]] + SUITS[SUIT[code]]


def parse_cards(text: str) -> list[int]:
    """Read cards separated by spaces or ``+``."""
    return [parse_card(t) for t in text.replace("+", " ").split()]


def format_cards(codes: Iterable[int]) -> str:
    return " ".join(format_card(c) for c in codes)


def parse_rank(text: str) -> int:
    """Read a rank name (``7``, ``10``, ``T``, ``A``); used by ``add 7 ...``."""
    t = text.strip().upper()
    if t not in _RANK_BY_NAME:
        raise NotationError(f"'{text}' is not a rank (A, 2..10, J, Q, K)")
    return _RANK_BY_NAME[t]


def standard_deck(jokers: int = 2) -> list[int]:
    """One deck in a fixed order: 52 suited cards then the jokers."""
    return list(range(52)) + [JOKER] * jokers


def decks(count: int, jokers: int = 2) -> list[int]:
    return standard_deck(jokers) * count
