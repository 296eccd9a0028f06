"""Refusal reasons: sentences a player understands, translatable by key.

An engine refuses an action with ``reason("key", **params)``. The result is a ``str`` (the
English sentence, so replay output and logs read naturally) that also carries its key and
parameters, so the table can show it from the player's language catalogue
(``reason.<key>`` in ``game/locales``).

>>> r = reason("not_your_turn", seat=2)
>>> str(r), r.key, r.params
("It is not seat 2's turn.", 'not_your_turn', {'seat': 2})

Each engine adds its sentences to ``ENGLISH`` with :func:`register`.
"""

from __future__ import annotations

ENGLISH: dict[str, str] = {
    "not_your_turn": "It is not seat {seat}'s turn.",
    "deal_over": "The deal is over.",
    "no_such_seat": "There is no seat {seat} at this table.",
    "not_in_hand": "You do not hold {cards}.",
}


class Reason(str):
    key: str
    params: dict

    def __new__(cls, key: str, params: dict) -> Reason:
        text = ENGLISH[key].format(**params)
        obj = super().__new__(cls, text)
        obj.key = key
        obj.params = params
        return obj


def reason(key: str, **params) -> Reason:
    return Reason(key, params)


def register(sentences: dict[str, str]) -> None:
    """Add an engine's sentences; a key may not be defined twice with different text."""
    for k, v in sentences.items():
        if ENGLISH.get(k, v) != v:
            raise ValueError(f"reason key {k!r} defined twice")
        ENGLISH[k] = v
