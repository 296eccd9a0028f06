"""The felt's noise drawn in bulk (docs/startup.md): exactly the values, and the generator
state, of one randrange call per pixel, so the seeded felt keeps its pixels."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ui.felt import small_draws


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 300), st.integers(0, 3000), st.integers(0, 2**32))
def test_bulk_draws_are_randrange_draws(n, count, seed):
    bulk, one_by_one = random.Random(seed), random.Random(seed)
    drawn = small_draws(bulk, n, count) if n <= 256 else None
    expected = [one_by_one.randrange(n) for _ in range(count)]
    if drawn is not None:
        assert list(drawn) == expected
        assert bulk.getstate() == one_by_one.getstate()  # the next draws agree too
