"""Deal numbers: a game's number gives its seed, the same on every machine (docs/deals.md).

A *game number* is a whole number from 1 to :data:`MAX_NUMBER`. The match's generator
(game.engine.rng,
SplitMix64) is seeded with the first eight bytes, big-endian, of the SHA-256 of the
ASCII text ``cardtable-deal:<number>``: no Python ``hash()`` and nothing that depends on the
machine, so game 12345 of Canasta deals the same cards everywhere. The later deals of a game
follow from the same generator; deal ``k`` of game ``N`` is written ``N-k``.

The daily deal of a game on a calendar day is a game number derived the same way from
``cardtable-daily:<game>:<YYYY-MM-DD>``.

>>> seed_of(1)
9244874148020251897
>>> format_number(12345, 2)
'12345-2'
>>> parse_number("#12345")
12345
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from datetime import date

MAX_NUMBER = 999_999_999


def _digest64(text: str) -> int:
    # Imported here: the menu and ``--help`` read MAX_NUMBER only, and hashlib loads OpenSSL.
    import hashlib

    return int.from_bytes(hashlib.sha256(text.encode("ascii")).digest()[:8], "big")


def seed_of(number: int) -> int:
    """The match seed of game ``number``."""
    check_number(number)
    return _digest64(f"cardtable-deal:{number}")


def check_number(number: int) -> int:
    if type(number) is not int or not 1 <= number <= MAX_NUMBER:
        raise ValueError(f"a deal number is a whole number from 1 to {MAX_NUMBER}")
    return number


def random_number() -> int:
    """A new game's number, when the player does not choose one."""
    import secrets

    return 1 + secrets.randbelow(MAX_NUMBER)


def daily_number(rules: str, day: date) -> int:
    """The number of ``rules``' daily deal on ``day`` (the same for everyone)."""
    return 1 + _digest64(f"cardtable-daily:{rules}:{day.isoformat()}") % MAX_NUMBER


# Draws a deal may make after its shuffle: Looking and Down's keeper and grabs (LD-1, LD-3),
# with room for the generator's rare rejected draws.
_DRAWS_AFTER_SHUFFLE = 8


def deals_deck(number: int, deck: list[int], shuffled: list[int], state: int,
               deals: int) -> bool:
    """Whether ``shuffled`` is the deck game ``number`` dealt last before its generator reached
    ``state``: the number's generator, wound to just before that point, shuffles ``deck`` (the
    game's unshuffled deck) into exactly these cards. ``deals``: the deals dealt before, which
    bounds how far the generator can be (a deal draws about one number per card; Canastone's
    rare redeals, CS-2, draw again)."""
    from game.engine.rng import Rng, draws_between

    seed = seed_of(number)
    draws = draws_between(seed, state)
    need = len(deck) - 1  # Fisher-Yates draws once per card but the last
    if draws > 4 * (deals + 1) * (need + _DRAWS_AFTER_SHUFFLE):
        return False
    for after in range(_DRAWS_AFTER_SHUFFLE + 1):
        start = draws - need - after
        if start < 0:
            break
        cards = list(deck)
        Rng.at(seed, start).shuffle(cards)
        if cards == list(shuffled):
            return True
    return False


def format_number(number: int, deal: int = 1) -> str:
    """``N`` for a game's first deal, ``N-k`` for its deal ``k``."""
    return str(number) if deal <= 1 else f"{number}-{deal}"


def parse_number(text: str) -> int:
    """A typed game number (``12345`` or ``#12345``, spaces allowed); ValueError if not one."""
    t = text.strip().lstrip("#").strip().replace(",", "").replace(" ", "")
    if not t.isascii() or not t.isdigit() or len(t) > len(str(MAX_NUMBER)):
        raise ValueError(f"a deal number is a whole number from 1 to {MAX_NUMBER}")
    return check_number(int(t))
