"""Refusal reasons: sentences a player understands, translatable by key.

An engine refuses an action with ``reason("key", **params)``. The result is a ``str`` (the
English sentence, so replay output and logs read naturally) that also carries its key and
parameters, so the table can show it from the player's language catalogue.

Every sentence lives in the locale catalogues (``reason.<key>`` in ``game/locales/en.json``
and ``ja.json``), never in the engines' code: the English text of a reason is the English
catalogue's.

>>> r = reason("not_your_turn", seat=2)
>>> str(r), r.key, r.params
("It is not seat 2's turn.", 'not_your_turn', {'seat': 2})
"""

from __future__ import annotations

from typing import Any

from game.i18n import catalogue

# key -> the English sentence (a ``str.format`` template), from the English catalogue.
ENGLISH: dict[str, str] = {
    k[len("reason."):]: v for k, v in catalogue("en").items() if k.startswith("reason.")}


def english(key: str) -> str:
    """The English sentence of a reason key."""
    return ENGLISH[key]


class Reason(str):
    key: str
    params: dict[str, Any]

    def __new__(cls, key: str, params: dict[str, Any]) -> Reason:
        obj = super().__new__(cls, english(key).format(**params))
        obj.key = key
        obj.params = params
        return obj

    def __reduce__(self) -> tuple[type[Reason], tuple[str, dict[str, Any]]]:
        """Copied and pickled as its key and parameters (a player's explanation holds one)."""
        return (Reason, (self.key, self.params))


def reason(key: str, **params: Any) -> Reason:
    return Reason(key, params)


def register(sentences: dict[str, str]) -> None:
    """Check sentences written beside code against the English catalogue, which is where
    they live: a key missing there, or worded differently, is an error."""
    for k, v in sentences.items():
        if english(k) != v:
            raise ValueError(f"reason key {k!r}: the English catalogue says otherwise")
