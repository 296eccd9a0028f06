"""Read-only checks that a Cassino position or state could happen in play.

:meth:`CassinoState.from_position` refuses positions whose cards cannot be placed (a card twice,
a reservation without a card of its value...); these checks add what play can never reach and
the engine does not look at: seats and options that do not exist, more sweeps than captures
(each sweep captures at least two cards, CN-9), captures without a last capturer (CN-9).
Both functions return None, or one short English line naming the first problem.
"""

from __future__ import annotations

from typing import Any

from game.engine.cassino.game import CASSINO, HAND_SIZE, CassinoState


def position_problem(players: int, position: dict[str, Any]) -> str | None:
    """What makes these from_position keywords impossible for ``players`` seats."""
    hands = position.get("hands") or []
    if len(hands) != players:
        return f"'hands' lists {len(hands)} entries for {players} seats"
    unknown = sorted(set(position.get("options") or ()) - set(CASSINO.options))
    if unknown:
        return f"unknown option '{unknown[0][:20]}' for cassino"
    for name in ("turn", "first", "last_capture"):
        seat = position.get(name)
        if seat is not None and not 0 <= seat < players:
            return f"'{name}' is seat {seat}, beyond the {players} seats"
    for _cards, _value, owner in position.get("reservations") or ():
        if not 0 <= owner < players:
            return f"a reservation belongs to seat {owner}, beyond the {players} seats"
    passed = position.get("passed")
    if passed is not None and len(passed) != players:
        return f"'passed' lists {len(passed)} entries for {players} seats"
    return None


def state_problem(st: CassinoState) -> str | None:
    """What no play of Cassino can reach in the state ``st`` (None when it could be)."""
    n = st.players
    if n not in HAND_SIZE or len(st.hands) != n:
        return f"{len(st.hands)} hands for {n} seats"
    if len(st.captured) != 2 or len(st.sweeps) != 2:
        return "captures and sweeps must list 2 sides"
    for side in (0, 1):
        if not 0 <= st.sweeps[side] <= len(st.captured[side]) // 2:
            return (f"side {side} has {st.sweeps[side]} sweeps with "
                    f"{len(st.captured[side])} captured cards (CN-9)")
    if st.last_capture >= n:
        return f"the last capture is by seat {st.last_capture}, beyond the {n} seats"
    if any(st.captured) and st.last_capture < 0:
        return "cards were captured but nobody captured last (CN-9)"
    if st.last_capture >= 0 and not st.captured[st.last_capture % 2]:
        return "the last capturer's side has captured nothing (CN-9)"
    if not st.over and not 0 <= st.turn < n:
        return "nobody is to move in a deal that is not over"
    return None


__all__ = ["position_problem", "state_problem"]
