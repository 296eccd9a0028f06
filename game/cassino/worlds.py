"""Worlds consistent with one Cassino seat's view (``CassinoState.sample_world``): the
determinized games of the Hard level's search, built through the state's public constructor
(``CassinoState.from_position``).

The cards the seat has not seen are dealt at random to the other hands (a reservation's owner
always gets a card of its value, CN-6) and the rest form the deck.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.cards import RANK
from game.cassino.view import CassinoView
from game.rng import Shuffler

if TYPE_CHECKING:
    from game.cassino.game import CassinoState


def world_from_view(view: CassinoView, hands: list[list[int]], deck: list[int]) -> CassinoState:
    """The state of ``view`` with these hands and this deck (top first)."""
    from game.cassino.game import CassinoState

    res = [(r.cards, r.value, r.owner) for r in view.reservations]
    return CassinoState.from_position(
        hands, list(view.loose), res, turn=view.seat, first=view.first,
        captured=[list(p) for p in view.captured], sweeps=list(view.sweeps),
        deck=deck, last_capture=view.last_capture,
    )


def sample_world(view: CassinoView, rng: Shuffler) -> CassinoState:
    """A state consistent with ``view``, the cards it has not seen dealt with ``rng``."""
    seat = view.seat
    unseen = list(view.unseen)
    rng.shuffle(unseen)
    hands: list[list[int]] = [[] for _ in range(view.players)]
    hands[seat] = list(view.hand)
    # CN-6: the owner of a reservation holds a card of its value
    for r in view.reservations:
        owner = r.owner
        if owner == seat:
            continue
        v = r.value
        if any(RANK[c] == v for c in hands[owner]):
            continue
        for i, c in enumerate(unseen):
            if RANK[c] == v:
                hands[owner].append(unseen.pop(i))
                break
    for s in range(view.players):
        if s == seat:
            continue
        need = view.hand_counts[s] - len(hands[s])
        hands[s].extend(unseen[:need])
        del unseen[:need]
    return world_from_view(view, hands, unseen)
