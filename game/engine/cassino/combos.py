"""Subset-sum helpers for Cassino captures and reservations (RULES.md CN-5, CN-6).

Loose table cards are addressed by their position in a list; a set of them is a bitmask over
those positions. Values are small (1..13) and a group never exceeds 13, so the subsets worth at
most 13 are few even on a crowded table: they are enumerated once, by value, with a
0/1-knapsack pass (output-sensitive, no walk over all 2**n subsets). A set of loose cards
"splits into groups worth v" exactly when its mask is a union of disjoint masks worth v.

Cards that *must* be in a reservation (the played card and the whole reservations it takes in)
are interchangeable by value, so they are handled as a multiset: :func:`deficit_profiles` says
which loose sums are still needed to complete their groups.

>>> by = subsets_by_sum([3, 3, 6, 10])         # 3H 3C 6D 10D, seed examples 1-5
>>> sorted(by[6]), sorted(by[9])
([3, 4], [5, 6])
>>> sorted(disjoint_unions(by[6]))             # example 3: 3H+3C, 6D, or all three
[0, 3, 4, 7]
>>> can_split([3, 3, 6], 6), can_split([3, 6, 3, 6], 9), can_split([3, 3, 6], 12)
(True, True, True)
>>> can_split([1, 3, 5], 9), can_split([2, 3, 5], 5), can_split([4, 4, 2], 5)
(True, True, False)
>>> sorted(deficit_profiles((3, 1), 6, 0b101100, {}))  # 3 and A toward 6: lacking 2, or 3 and 5
[(2,), (3, 5)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

MAX_VALUE = 13


def subsets_by_sum(vals: Sequence[int], limit: int = MAX_VALUE) -> list[list[int]]:
    """For each total 0..limit, the bitmasks of the subsets of ``vals`` with that total.

    ``[0]`` (the empty set) is the only subset worth 0."""
    subs = [(0, 0)]
    bit = 1
    for v in vals:
        if v <= limit:
            room = limit - v
            subs += [(m | bit, s + v) for m, s in subs if s <= room]
        bit <<= 1
    by_sum: list[list[int]] = [[] for _ in range(limit + 1)]
    for m, s in subs:
        by_sum[s].append(m)
    return by_sum


def disjoint_unions(groups: Sequence[int], seeds: Iterable[int] = (0,),
                    cap: int = 0) -> set[int]:
    """Every union of a seed with pairwise disjoint masks from ``groups`` (none taken too).

    With ``cap``, at most ``cap`` unions: the seeds, then each seed with one group, then the
    rest, as far as they go, keeping those with the fewest cards (a crowded table can have
    millions; the choice is deterministic)."""
    reach = set(seeds)
    if not groups:
        return trim(reach, cap)
    if not cap:
        for g in groups:
            reach.update([r | g for r in reach if not r & g])
        return reach
    if len(reach) >= cap:
        return trim(reach, cap)
    base = list(reach)
    for g in groups:
        reach.update([s | g for s in base if not s & g])
        if len(reach) >= cap:
            return trim(reach, cap)
    for g in groups:
        reach.update([r | g for r in reach if not r & g])
        if len(reach) >= cap:
            return trim(reach, cap)
    return reach


def trim(masks: set[int], cap: int) -> set[int]:
    """At most ``cap`` of ``masks`` (0: no limit): those with the fewest cards."""
    if not cap or len(masks) <= cap:
        return masks
    return set(sorted(masks, key=lambda m: (m.bit_count(), m))[:cap])


def _submultisets(items: list[tuple[int, int]], cap: int) -> list[tuple[tuple[int, ...], int]]:
    """Sub-multisets of ``items`` ((value, count) pairs) worth at most ``cap``, as
    (counts taken, total)."""
    out: list[tuple[tuple[int, ...], int]] = [((), 0)]
    for value, count in items:
        grown = []
        for taken, s in out:
            for k in range(min(count, (cap - s) // value) + 1):
                grown.append((taken + (k,), s + k * value))
        out = grown
    return out


def deficit_profiles(vals: tuple[int, ...], v: int, allowed: int,
                     memo: dict[tuple[tuple[int, ...], int], set[tuple[int, ...]]]
                     ) -> set[tuple[int, ...]]:
    """The ways to place the mandatory cards ``vals`` (values, sorted high to low) into groups
    worth ``v``: each result is the sorted tuple of the amounts the groups still lack, to be
    made up by loose cards (groups already complete lack nothing and are not listed). Every
    lack ``d`` must be allowed: bit ``d`` set in the int ``allowed``. ``memo`` may be shared
    between calls with the same ``allowed``."""
    key = (vals, v)
    hit = memo.get(key)
    if hit is not None:
        return hit
    res: set[tuple[int, ...]] = set()
    if not vals:
        res.add(())
    elif vals[0] <= v:
        m = vals[0]
        rest = vals[1:]
        items: list[tuple[int, int]] = []
        for x in rest:
            if items and items[-1][0] == x:
                items[-1] = (x, items[-1][1] + 1)
            else:
                items.append((x, 1))
        for taken, s in _submultisets(items, v - m):
            d = v - m - s
            if d and not allowed >> d & 1:
                continue
            remaining = []
            for (x, c), k in zip(items, taken):
                remaining.extend([x] * (c - k))
            for prof in deficit_profiles(tuple(remaining), v, allowed, memo):
                res.add(tuple(sorted(prof + (d,))) if d else prof)
    memo[key] = res
    return res


def can_split(vals: Sequence[int], v: int) -> bool:
    """Whether the cards with values ``vals`` split into disjoint groups each worth ``v``,
    using every card (an empty list does not split: there is nothing to take)."""
    if not vals or v <= 0 or sum(vals) % v:
        return False
    return () in deficit_profiles(tuple(sorted(vals, reverse=True)), v, 0, {})


def bits(mask: int) -> list[int]:
    """The positions set in ``mask``, lowest first."""
    out = []
    i = 0
    while mask:
        if mask & 1:
            out.append(i)
        mask >>= 1
        i += 1
    return out
