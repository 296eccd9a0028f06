"""Events: what applying an action did, in the order a table should animate it.

The engines return a list of events from every ``apply``. Kinds used by the canasta games:
``draw`` (stock to hand), ``take`` (pile to hand), ``meld`` (new meld, info: key), ``add``
(info: key), ``discard``, ``red_three`` (laid out), ``packet`` (Canastone packet taken),
``frozen`` / ``unfrozen`` (the discard pile), ``ask`` / ``answer`` (info: yes), ``down``
(Looking and Down: the down picked up), ``canasta`` (a meld reached 7 cards), ``out`` (a player
went out), ``turn`` (the turn passed), ``deal_over`` (info: scores). Cassino adds ``trail``,
``capture``, ``build``, ``sweep`` and ``collect`` (last capturer takes the table).
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Event(NamedTuple):
    kind: str
    seat: int = -1
    cards: tuple[int, ...] = ()
    info: Any = None


HIDDEN = -1  # a card code a seat may not see: the card is there, which card is not


def seen_by(events: list[Event], seat: int, private_kinds: frozenset[str]) -> list[Event]:
    """What ``seat`` may see of ``events``: an event of a private kind (cards moved into a
    hidden place: a stock draw, a packet, a down picked up) by another seat keeps its count of
    cards but not which; every other event is public and passed as it is. Records, saves and
    the statistics keep the whole events; a seat's table sees these.

    >>> moves = [Event("draw", 1, (5, 9)), Event("discard", 1, (9,))]
    >>> [e.cards for e in seen_by(moves, 0, frozenset({"draw"}))]
    [(-1, -1), (9,)]
    """
    if not private_kinds:
        return list(events)
    return [e._replace(cards=(HIDDEN,) * len(e.cards))
            if e.kind in private_kinds and e.seat != seat and e.cards else e for e in events]
