"""The subset-sum helpers (game/engine/cassino/combos.py) against brute force (CN-5, CN-6)."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.cassino import combos
from game.engine.cassino.game import _profiles

from .reference import splits

values = st.lists(st.integers(1, 13), min_size=0, max_size=9)


@settings(max_examples=80, deadline=None)
@given(vals=values)
def test_subsets_by_sum_is_every_subset(vals):
    by = combos.subsets_by_sum(vals)
    for total in range(14):
        want = sorted(
            sum(1 << i for i in idx)
            for k in range(len(vals) + 1)
            for idx in combinations(range(len(vals)), k)
            if sum(vals[i] for i in idx) == total
        )
        assert sorted(by[total]) == want


@settings(max_examples=80, deadline=None)
@given(vals=values, v=st.integers(1, 13))
def test_disjoint_unions_are_the_splittable_sets(vals, v):
    unions = combos.disjoint_unions(combos.subsets_by_sum(vals)[v])
    for mask in range(1 << len(vals)):
        chosen = [x for i, x in enumerate(vals) if mask >> i & 1]
        assert (mask in unions) == splits(chosen, v)
        assert combos.can_split(chosen, v) == (bool(chosen) and splits(chosen, v))


@settings(max_examples=80, deadline=None)
@given(vals=values, v=st.integers(1, 13), cap=st.integers(1, 20))
def test_capped_unions_are_a_deterministic_subset(vals, v, cap):
    groups = combos.subsets_by_sum(vals)[v]
    full = combos.disjoint_unions(groups)
    capped = combos.disjoint_unions(groups, (0,), cap)
    assert capped <= full and len(capped) <= max(cap, 1)
    assert capped == combos.disjoint_unions(groups, (0,), cap)
    if len(full) <= cap:
        assert capped == full


@settings(max_examples=150, deadline=None)
@given(mvals=st.lists(st.integers(1, 13), min_size=1, max_size=5),
       v=st.integers(1, 13), allowed=st.integers(0, (1 << 14) - 1))
def test_shared_profiles_match_pruned_profiles(mvals, v, allowed):
    mvals = tuple(sorted(mvals, reverse=True))
    allowed &= (1 << 14) - 2
    assert sorted(_profiles(mvals, v, allowed, {})) == sorted(
        combos.deficit_profiles(mvals, v, allowed, {}))
