"""A small seeded random generator whose whole state is one integer.

The shuffle must give the same deal on every machine and every Python version, and the
generator's state is saved with the game, so we use SplitMix64 (public domain, Steele et al.)
rather than the standard library's Mersenne Twister, whose state is 625 numbers.

>>> r = Rng(42); d = list(range(10)); r.shuffle(d); d
[0, 9, 5, 8, 6, 4, 7, 2, 1, 3]
>>> Rng(42).below(6) == Rng(42).below(6)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15  # SplitMix64's step: the state after n draws is seed + n * _GAMMA

_T = TypeVar("_T")


class Shuffler(Protocol):
    """What deals worlds for the computer players' search: an Rng or a random.Random."""

    def shuffle(self, x: list[int]) -> None: ...


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = z = (self.state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in 0..n-1 (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[_T]) -> _T:
        return items[self.below(len(items))]

    def fork(self) -> Rng:
        """An independent generator seeded from this one (for computer players, grabs...)."""
        return Rng(self.next64())

    def clone(self) -> Rng:
        return Rng(self.state)

    @staticmethod
    def at(seed: int, draws: int) -> Rng:
        """The generator seeded with ``seed`` after ``draws`` 64-bit draws (no drawing)."""
        return Rng(seed + draws * _GAMMA)


def draws_between(seed: int, state: int) -> int:
    """How many 64-bit draws take a generator seeded with ``seed`` to ``state`` (modulo 2**64:
    the step is odd, so every state is reached exactly once in 2**64 draws).

    >>> r = Rng(7); _ = [r.next64() for _ in range(5)]; draws_between(7, r.state)
    5
    """
    return ((state - seed) * pow(_GAMMA, -1, 1 << 64)) & _MASK
