"""Worlds consistent with one Cassino seat's view (``CassinoState.sample_world``): the
determinized games of the Hard level's search, built through the state's public constructor
(``CassinoState.from_position``).

The cards the seat has not seen are dealt at random to the other hands (a reservation's owner
always gets a card of its value, CN-6) and the rest form the deck. With ``infer``, a seat that
trailed in this round while a card of value v could have captured (``view.passed``) gets no
card of value v while other cards are left to deal it: no card is drawn within a round (CN-3),
and the computer players trail past a capture in about one trail in a hundred (docs/ai.md).
The inference yields to the rules: a reservation's card is dealt first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.cards import RANK
from game.engine.cassino.view import CassinoView
from game.engine.rng import Shuffler

if TYPE_CHECKING:
    from game.engine.cassino.game import CassinoState


def world_from_view(view: CassinoView, hands: list[list[int]], deck: list[int]) -> CassinoState:
    """The state of ``view`` with these hands and this deck (top first)."""
    from game.engine.cassino.game import CassinoState

    res = [(r.cards, r.value, r.owner) for r in view.reservations]
    return CassinoState.from_position(
        hands, list(view.loose), res, turn=view.seat, first=view.first,
        captured=[list(p) for p in view.captured], sweeps=list(view.sweeps),
        deck=deck, last_capture=view.last_capture, passed=view.passed,
    )


def sample_world(view: CassinoView, rng: Shuffler, infer: bool = True) -> CassinoState:
    """A state consistent with ``view``, the cards it has not seen dealt with ``rng`` (with
    ``infer``, none of the values a seat passed up by trailing into its hand, if it can be
    helped)."""
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
        passed = view.passed[s] if infer else ()
        if passed and need > 0:
            # the first ``need`` cards of values it did not pass up (the order is random)
            ok = [i for i, c in enumerate(unseen) if RANK[c] not in passed][:need]
            if len(ok) < need:  # not enough of them: the rest at random
                ok += [i for i in range(len(unseen)) if i not in ok][:need - len(ok)]
            taken = set(ok)
            hands[s].extend(unseen[i] for i in ok)
            unseen = [c for i, c in enumerate(unseen) if i not in taken]
            continue
        hands[s].extend(unseen[:need])
        del unseen[:need]
    return world_from_view(view, hands, unseen)
