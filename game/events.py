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
