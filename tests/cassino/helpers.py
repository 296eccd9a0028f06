"""Shared helpers for the Cassino tests."""

from __future__ import annotations

from game.engine.actions import parse_action, same_action
from game.engine.cassino.game import CassinoState


def pos(hands, table=(), reservations=(), **kw) -> CassinoState:
    return CassinoState.from_position(hands, table, reservations, **kw)


def act(text: str):
    return parse_action(text)


def listed(state, text: str) -> bool:
    """Whether the action is among legal_actions (cards in any order)."""
    a = parse_action(text)
    return any(same_action(a, b) for b in state.legal_actions(a.seat))


def why(state, text: str):
    return state.why_illegal(parse_action(text))


def legal(state, text: str) -> bool:
    """Legal by why_illegal AND listed by legal_actions (the two must agree)."""
    ok = why(state, text) is None
    assert ok == listed(state, text), (text, why(state, text))
    return ok


def captures(state, seat=None):
    """The capture actions as (played, frozenset of taken cards) in notation."""
    from game.engine.cards import format_card
    out = set()
    for a in state.legal_actions(seat):
        if a.verb == "capture":
            out.add((format_card(a.groups[0][0]), frozenset(format_card(c) for c in a.groups[1])))
    return out


def builds(state, seat=None):
    from game.engine.cards import format_card
    out = set()
    for a in state.legal_actions(seat):
        if a.verb == "build":
            out.add((format_card(a.groups[0][0]), frozenset(format_card(c) for c in a.groups[1]),
                     a.target))
    return out
