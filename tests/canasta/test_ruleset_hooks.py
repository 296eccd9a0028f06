"""The meld-shape hooks of each rule set agree with each other.

The listing (``legal_actions``) counts wild cards with ``wild_room`` instead of asking
``natural_meld_problem`` for every shape, and adds natural cards to a meld without asking
either: these tests hold the hooks to that (CA-4/CA-5, CS-5/CS-6, LD-5/LD-7).
"""

from __future__ import annotations

import pytest

from game.engine.registry import get_game

from .helpers import CA, CS, LD, QC

FAMILY = (CA, QC, CS, LD)


def valid_shapes(rules):
    """(naturals, wild cards) of every meld a side may have on the table."""
    top = 7 if rules.canasta_closed else 14
    for nat in range(2, top + 1):
        for wild in range(0, 7):
            if nat + wild <= top and rules.natural_meld_problem(nat, wild, nat + wild) is None:
                yield nat, wild


@pytest.mark.parametrize("name", FAMILY)
def test_wild_room_is_how_many_more_wild_cards_the_shape_allows(name):
    """CA-4, CA-5 / CS-5, CS-6 / LD-5, LD-7: x more wild cards are allowed exactly when
    x <= wild_room."""
    rules = get_game(name).rules
    shapes = list(valid_shapes(rules))
    assert shapes
    for nat, wild in shapes:
        room = rules.wild_room(nat, wild, nat + wild)
        for x in range(0, 8):
            allowed = rules.natural_meld_problem(nat, wild + x, nat + wild + x) is None
            assert allowed == (x <= room), (name, nat, wild, x, room)


@pytest.mark.parametrize("name", FAMILY)
def test_natural_cards_never_spoil_a_meld(name):
    """Adding natural cards to an allowed meld keeps it allowed (within Looking and Down's
    seven cards, LD-7): the wild room never goes below zero."""
    rules = get_game(name).rules
    cap = 7 if rules.canasta_closed else 20
    for nat, wild in valid_shapes(rules):
        for more in range(1, cap - nat - wild + 1):
            size = nat + more + wild
            assert rules.natural_meld_problem(nat + more, wild, size) is None, (name, nat, wild)
            assert rules.wild_room(nat + more, wild, size) >= 0, (name, nat, wild, more)
