"""A slow, obviously-correct reference for Cassino's legal moves (CN-5..CN-8), for tests.

Brute force over every subset of table *units* (a loose card, or a whole reservation) and every
declared value, with a naive partition check; independent of game.engine.cassino.combos.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

from game.engine.cards import RANK


def splits(values: list[int], v: int) -> bool:
    """Whether ``values`` split into groups each summing to v (every value used)."""
    return _splits(tuple(sorted(values)), v)


@cache
def _splits(values: tuple[int, ...], v: int) -> bool:
    if not values:
        return True
    first, rest = values[0], values[1:]
    for k in range(len(rest) + 1):
        for idx in combinations(range(len(rest)), k):
            if first + sum(rest[i] for i in idx) == v:
                left = tuple(x for i, x in enumerate(rest) if i not in idx)
                if _splits(left, v):
                    return True
    return False


def reference_actions(state, seat=None) -> set:
    """Normalized legal actions: (seat, verb, played, frozenset(table cards), value)."""
    if state.is_over():
        return set()
    seat = state.turn if seat is None else seat
    if seat != state.turn:
        return set()
    hand = state.hands[seat]
    units = [((c,), None, None) for c in state.loose] + list(state.res)
    must = None
    for r in state.res:
        if r[2] == seat and any(RANK[c] == r[1] for c in hand):
            must = r
    out = set()
    for p in hand:
        v = RANK[p]
        rest_vals = [RANK[c] for c in hand if c != p]
        for k in range(1, len(units) + 1):
            for chosen in combinations(units, k):
                if must is not None and must not in chosen:
                    continue
                cards = frozenset(c for u in chosen for c in u[0])
                reservations = [u for u in chosen if u[1] is not None]
                loose_vals = [RANK[u[0][0]] for u in chosen if u[1] is None]
                if all(u[1] == v for u in reservations) and splits(loose_vals, v):
                    out.add((seat, "capture", p, cards, -1))
                all_vals = [v] + [RANK[c] for c in cards]
                for w in set(rest_vals):
                    if sum(all_vals) % w == 0 and splits(all_vals, w):
                        out.add((seat, "build", p, cards, w))
        if must is None:
            out.add((seat, "trail", p, frozenset(), -1))
    return out


def normalize(actions) -> set:
    out = set()
    for a in actions:
        table = frozenset(c for g in a.groups[1:] for c in g)
        out.add((a.seat, a.verb, a.groups[0][0], table, a.target if a.verb == "build" else -1))
    return out
