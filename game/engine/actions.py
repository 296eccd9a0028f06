"""Actions and their text notation (NOTATION.md, "Actions"), for all five games.

An action is a small tuple: who acts, the verb, groups of cards, and a target number.

- ``groups``: tuples of card codes. ``meld`` and ``take`` use one group per meld; ``add`` and
  ``discard`` one group; Cassino's ``capture`` and ``build`` put the played card alone in the
  first group and the table cards in the second.
- ``target``: the meld an ``add`` goes to (see :func:`meld_key`), the partner named by
  ``ask``, the value declared by ``build``; otherwise -1.

>>> a = parse_action("2 meld 7h 7s 2c / KH+KD JK")
>>> a.verb, format_action(a)
('meld', '2 meld 7H 7S 2C / KH KD JK')
>>> format_action(parse_action("0 add W 2C")), format_action(parse_action("1 add 7#2 7C"))
('0 add W 2C', '1 add 7#2 7C')
>>> format_action(parse_action("1 build 2S 3H 5D = 5"))
'1 build 2S 3H 5D = 5'
"""

from __future__ import annotations

from typing import NamedTuple

from game.engine.cards import format_card, format_cards, parse_card, parse_cards, parse_rank
from game.engine.errors import NotationError

CANASTA_VERBS = ("draw", "take", "meld", "add", "discard", "ask", "yes", "no")
CASSINO_VERBS = ("trail", "capture", "build")
VERBS = CANASTA_VERBS + CASSINO_VERBS

WILD_MELD = 0  # the meld key of Canastone's wild meld ("W")
_NTH = 16  # Looking and Down: the n-th meld of a rank has key rank + 16 * (n - 1)


class Action(NamedTuple):
    seat: int
    verb: str
    groups: tuple[tuple[int, ...], ...] = ()
    target: int = -1

    def cards(self) -> list[int]:
        """Every card the action names, in order."""
        return [c for g in self.groups for c in g]

    def __str__(self) -> str:
        return format_action(self)


_new = tuple.__new__


def make(seat: int, verb: str, groups: tuple[tuple[int, ...], ...] = (),
         target: int = -1) -> Action:
    """Build an Action without NamedTuple's Python-level constructor (engine inner loops)."""
    return _new(Action, (seat, verb, groups, target))


def meld_key(rank: int, nth: int = 1) -> int:
    """The key of a side's meld: its rank (1..13), 0 for the wild meld, or for Looking and
    Down's second, third... meld of one rank ``rank + 16 * (nth - 1)``."""
    return rank + _NTH * (nth - 1)


def key_rank(key: int) -> int:
    return key % _NTH


def format_key(key: int) -> str:
    if key == WILD_MELD:
        return "W"
    rank, nth = key % _NTH, key // _NTH + 1
    name = format_card(rank - 1)[:-1]  # rank name via the spade of that rank
    return name if nth == 1 else f"{name}#{nth}"


def parse_key(text: str) -> int:
    t = text.strip().upper()
    if t == "W":
        return WILD_MELD
    nth = 1
    if "#" in t:
        t, _, n = t.partition("#")
        if not _number(n) or int(n) < 1:
            raise NotationError(f"'{text}' is not a meld (write 7, K, W or 7#2)")
        nth = int(n)
    return meld_key(parse_rank(t), nth)


def _number(text: str) -> bool:
    """Plain ASCII digits only (str.isdigit also accepts superscripts int() refuses)."""
    return text.isascii() and text.isdigit()


def _groups(text: str) -> tuple[tuple[int, ...], ...]:
    parts = [p for p in text.split("/")]
    groups = tuple(tuple(parse_cards(p)) for p in parts)
    if any(not g for g in groups):
        raise NotationError("an empty group of cards between '/' signs")
    return groups


def parse_action(text: str) -> Action:
    """Read one action such as ``0 meld 7H 7S 7D``; raise NotationError with a reason."""
    words = text.split(None, 2)
    if len(words) < 2:
        raise NotationError(f"'{text}' is not an action (write SEAT VERB CARDS, e.g. '0 draw')")
    seat_text, verb = words[0], words[1].lower()
    rest = words[2].strip() if len(words) > 2 else ""
    if not _number(seat_text):
        raise NotationError(f"'{text}': an action starts with the seat number")
    seat = int(seat_text)
    if verb not in VERBS:
        raise NotationError(f"'{verb}' is not a verb ({', '.join(VERBS)})")
    if verb in ("draw", "yes", "no"):
        if rest:
            raise NotationError(f"'{verb}' takes no cards")
        return make(seat, verb)
    if verb == "ask":
        if not rest:
            return make(seat, verb)
        if not _number(rest):
            raise NotationError("'ask' names the partner by seat number, e.g. '2 ask 4'")
        return make(seat, verb, (), int(rest))
    if verb == "take":
        return make(seat, verb, _groups(rest) if rest else ())
    if verb in ("meld",):
        if not rest:
            raise NotationError("'meld' needs cards")
        return make(seat, verb, _groups(rest))
    if verb == "add":
        key_text, _, cards = rest.partition(" ")
        if not cards.strip():
            raise NotationError("'add' needs a meld and cards, e.g. '0 add 7 7C 2D'")
        return make(seat, verb, (tuple(parse_cards(cards)),), parse_key(key_text))
    if verb in ("discard", "trail"):
        played = parse_cards(rest)
        if len(played) != 1:
            raise NotationError(f"'{verb}' takes exactly one card")
        return make(seat, verb, ((played[0],),))
    if verb == "capture":
        played = parse_cards(rest.replace("/", " "))
        if len(played) < 2:
            raise NotationError("'capture' needs the played card and the table cards it takes")
        return make(seat, verb, ((played[0],), tuple(played[1:])))
    # build
    body, eq, value = rest.partition("=")
    if not eq or not _number(value.strip()):
        raise NotationError("'build' ends with '= VALUE', e.g. '1 build 2S 3H 5D = 5'")
    played = parse_cards(body.replace("/", " "))
    if len(played) < 2:
        raise NotationError("'build' needs the played card and at least one table card")
    return make(seat, verb, ((played[0],), tuple(played[1:])), int(value))


def format_action(a: Action) -> str:
    head = f"{a.seat} {a.verb}"
    v = a.verb
    if v in ("draw", "yes", "no"):
        return head
    if v == "ask":
        return head if a.target < 0 else f"{head} {a.target}"
    if v in ("take", "meld"):
        body = " / ".join(format_cards(g) for g in a.groups)
        return f"{head} {body}" if body else head
    if v == "add":
        return f"{head} {format_key(a.target)} {format_cards(a.cards())}"
    if v in ("discard", "trail", "capture"):
        return f"{head} {format_cards(a.cards())}"
    if v == "build":
        return f"{head} {format_cards(a.cards())} = {a.target}"
    raise NotationError(f"unknown verb {v!r}")


def same_action(a: Action, b: Action) -> bool:
    """Equal up to the order of cards inside each group (equal cards are interchangeable)."""
    if a.seat != b.seat or a.verb != b.verb or a.target != b.target:
        return False
    if len(a.groups) != len(b.groups):
        return False
    return all(sorted(x) == sorted(y) for x, y in zip(a.groups, b.groups))


__all__ = [
    "Action", "make", "parse_action", "format_action", "same_action", "meld_key", "key_rank",
    "format_key", "parse_key", "WILD_MELD", "parse_card",
]
