"""Shared helpers for the canasta-family tests (build positions, check legality, scores)."""

from __future__ import annotations

import re

from game.engine.actions import parse_action
from game.engine.canasta.position import build_position
from game.engine.cards import format_card, parse_card, parse_cards

CA, QC, CS, LD = "canasta", "quick-canasta", "canastone", "looking-and-down"
PARTS = ("melds", "canastas", "red_threes", "going_out", "hand")


def pos(rules: str, players: int, *, exact_stock: str | None = None, **kw):
    """build_position (see game/engine/canasta/position.py).

    ``exact_stock``: the whole stock, top first ("" for an empty stock). Every card placed
    nowhere else then goes under the given pile (pile cards never score), and the pile's
    frozen flag is computed from the given pile only unless ``frozen`` is passed.
    """
    if exact_stock is None:
        return build_position(rules, players, **kw)
    from collections import Counter

    from game.engine.registry import get_game

    opts = frozenset(kw.get("options", ()))
    left = Counter(get_game(rules).deck_for(players, opts))
    texts = list(kw.get("hands", [])) + [kw.get("pile", ""), kw.get("packet", ""), exact_stock]
    for table in kw.get("melds") or []:
        texts.extend(table.values())
    texts.extend(kw.get("red_threes") or [])
    texts.extend(d for d in (kw.get("downs") or []) if d)
    for t in texts:
        for x in parse_cards(t or ""):
            left[x] -= 1
    assert min(left.values()) >= 0, "more copies of a card than the decks hold"
    filler = " ".join(format_card(x) for x in sorted(left.elements()))
    pile = kw.get("pile", "")
    if "frozen" not in kw:
        kw["frozen"] = any(x == 52 or x % 13 == 1 for x in parse_cards(pile))
    kw["pile"] = (filler + " " + pile).strip()
    kw["stock"] = exact_stock or None
    st = build_position(rules, players, **kw)
    if not exact_stock:
        assert not st.stock
    return st


def act(text: str):
    return parse_action(text)


def why(state, text: str):
    """The refusal sentence for an action (None when legal)."""
    return state.why_illegal(parse_action(text))


def _norm(a):
    """An action with cards sorted in each group, and the groups of a meld (or the extra
    groups of a take) in sorted order: equal up to interchangeable orders."""
    groups = [tuple(sorted(g)) for g in a.groups]
    if a.verb == "meld":
        groups.sort()
    elif a.verb == "take" and groups:
        groups = groups[:1] + sorted(groups[1:])
    return (a.seat, a.verb, tuple(groups), a.target)


def listed(state, text: str) -> bool:
    """Whether the action is among legal_actions (cards, and meld groups, in any order)."""
    a = parse_action(text)
    return any(_norm(a) == _norm(b) for b in state.legal_actions(a.seat))


def legal(state, text: str) -> bool:
    """why_illegal says legal; when it does not, the refusal must be a readable sentence."""
    r = why(state, text)
    if r is not None:
        assert_sentence(r)
    return r is None


def refused(state, text: str, *words: str) -> str:
    """Assert the action is refused with a readable sentence mentioning each of ``words``
    (case-insensitive); return the sentence."""
    r = why(state, text)
    assert r is not None, f"{text!r} should be refused"
    assert_sentence(r)
    low = str(r).lower()
    for w in words:
        assert w.lower() in low, f"{text!r}: reason {r!r} does not mention {w!r}"
    return str(r)


_REPR = re.compile(r"<[a-zA-Z_.]+ object|\b(None|True|False)\b|\[\d|\(\d+,|\{'|Meld\(|\\n")


def assert_sentence(text) -> None:
    """A refusal a player understands: a non-empty sentence, no Python repr inside."""
    s = str(text)
    assert s.strip(), "empty refusal"
    assert s[0].isupper(), f"refusal does not start like a sentence: {s!r}"
    assert s.rstrip().endswith((".", "!", "?")), f"refusal is not a sentence: {s!r}"
    assert not _REPR.search(s), f"refusal holds a Python repr: {s!r}"
    assert "{" not in s and "}" not in s, f"unfilled template: {s!r}"


def do(state, *texts: str) -> list:
    """Apply actions in order (validated); return the events of the last one."""
    ev = []
    for t in texts:
        ev = state.apply(parse_action(t))
    return ev


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def cards(text: str) -> list[int]:
    return parse_cards(text)


def c(text: str) -> int:
    return parse_card(text)


def hand(state, seat: int) -> list[str]:
    return sorted(format_card(x) for x in state.hand_cards(seat))


def meld_cards(state, side: int, key: int) -> list[str]:
    m = state.by_key[side].get(key)
    return None if m is None else sorted(format_card(x) for x in m.cards)


def finish_scores(state):
    """(deal_scores, breakdown) of a finished deal, checking they are consistent."""
    assert state.is_over()
    scores = state.deal_scores()
    parts = state.breakdown()
    assert [sum(p.values()) for p in parts] == scores
    assert state.check_invariants() == []
    return scores, parts


def deck_from(rules: str, players: int, top: str, options=frozenset()) -> tuple[int, ...]:
    """A whole deck (top first) starting with the cards ``top``; the rest in deck order."""
    from collections import Counter

    from game.engine.registry import get_game

    full = get_game(rules).deck_for(players, frozenset(options))
    first = parse_cards(top)
    left = Counter(full)
    for x in first:
        assert left[x] > 0, f"too many {format_card(x)}"
        left[x] -= 1
    rest = []
    for x in full:
        if left[x] > 0:
            left[x] -= 1
            rest.append(x)
    return tuple(first + rest)


def deal(rules: str, players: int, top: str, dealer: int = 0, scores=None, options=(),
         keeper: int = -1, grab=(False, False)):
    """A fresh deal from a deck that starts with ``top`` (NOTATION.md dealing)."""
    from game.engine.base import DealSetup
    from game.engine.registry import get_game

    game = get_game(rules)
    opts = frozenset(options)
    setup = DealSetup(players=players, deck=deck_from(rules, players, top, opts), dealer=dealer,
                      scores=tuple(scores or [0] * game.num_sides(players)), options=opts,
                      keeper=keeper, grab=tuple(grab))
    return game.new_deal(setup)


def round_robin(hands: list[str], first: int = 1) -> str:
    """Deck text dealing ``hands[s]`` to each seat s one card at a time, starting at seat
    ``first`` and going clockwise (G-5). All hands must have the same size."""
    n = len(hands)
    split = [h.split() for h in hands]
    size = len(split[0])
    assert all(len(h) == size for h in split)
    out = []
    for i in range(size):
        for k in range(n):
            out.append(split[(first + k) % n][i])
    return " ".join(out)


def names(text: str) -> list[str]:
    """Card names of a notation string, sorted like ``hand()``."""
    return sorted(format_card(x) for x in parse_cards(text))
