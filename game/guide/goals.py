"""Goals: when a practice position (or a guided step) counts as done.

A goal is a tuple of conditions, all of which must hold. Each condition reads only the
session's public surface: the deal's replay ``state`` (``summary()``, NOTATION.md), the
observation of the player's seat, and the actions applied so far in the notation (``history``).
They are data, so a puzzle declares its goal next to its position:

>>> from game.session import GameSession
>>> s = GameSession.from_position("cassino", 2, {"hands": [["9S", "2H"], ["3S", "4S"]],
...                                              "table": ["9D"]})
>>> goal = (Cond("captured", 2),)
>>> reached(goal, s), reached(goal, (s.apply(parse_action("0 capture 9S 9D")), s)[1])
(False, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.actions import parse_action

KINDS = ("meld", "canasta", "wild_meld", "opened", "took_pile", "went_out", "down",
         "red_three_on_canasta", "frozen_in_time", "captured", "reserved", "sweep", "trailed",
         "deal_over")


@dataclass(frozen=True)
class Cond:
    """One condition about seat ``seat`` (its side for melds and captures).

    - ``meld`` (rank): the side has a meld of that rank (``"7"``, ``"A"``);
    - ``canasta`` (rank or ""): the side has a canasta (of that rank; ``"W"``: a wild one);
    - ``wild_meld``: the side has a meld of wild cards (Canastone, CS-6);
    - ``opened``: the side has opened; ``went_out``: the seat went out;
    - ``took_pile``: the seat took the discard pile; ``down``: the seat picked up its down;
    - ``red_three_on_canasta``: a red three lies on one of the side's canastas (LD-6);
    - ``frozen_in_time``: the seat melded while frozen in time, out of its turn (LD-10);
    - ``captured`` (n): the side has captured at least n cards; ``sweep``: it swept the table;
    - ``reserved`` (value, cards): the seat owns a reservation of that value (and at least that
      many cards); ``trailed``: the seat trailed a card; ``deal_over``: the deal has ended.
    """

    kind: str
    arg: str | int = ""
    more: int = 0
    seat: int = 0

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown goal condition: {self.kind}")


Goal = tuple[Cond, ...]


def _actions(session, seat: int, verb: str) -> list:
    out = []
    for text in session.history:
        a = parse_action(text)
        if a.seat == seat and a.verb == verb:
            out.append(a)
    return out


def _melds(summary: dict, side: int) -> list[dict]:
    melds = summary.get("melds") or []
    return melds[side] if side < len(melds) else []


def holds(cond: Cond, session) -> bool:
    st = session.state
    if st is None:
        return False
    summary = st.summary()
    seat = cond.seat
    side = session.game.side_of(seat, session.players)
    k = cond.kind
    if k == "deal_over":
        return st.is_over()
    if k == "captured":
        return summary["captured"][side] >= int(cond.arg)
    if k == "sweep":
        return summary["sweeps"][side] > 0
    if k == "reserved":
        return any(r["owner"] == seat and r["value"] == int(cond.arg)
                   and len(r["cards"]) >= cond.more for r in summary["table"]["reservations"])
    if k == "trailed":
        return bool(_actions(session, seat, "trail"))
    if k == "took_pile":
        return bool(_actions(session, seat, "take"))
    if k == "went_out":
        return summary.get("went_out") == seat
    if k == "opened":
        return bool(summary["opened"][side])
    if k == "down":
        return bool(st.observation(seat).get("in_down", [False] * (seat + 1))[seat])
    if k == "frozen_in_time":
        return _melded_out_of_turn(session, seat)
    melds = _melds(summary, side)
    if k == "meld":
        return any(m["rank"] == str(cond.arg) for m in melds)
    if k == "wild_meld":
        return any(m["rank"] == "W" for m in melds)
    if k == "canasta":
        return any(m["canasta"] and (not cond.arg or m["rank"] == str(cond.arg)) for m in melds)
    if k == "red_three_on_canasta":
        return any(m["canasta"] and ("3H" in m["cards"] or "3D" in m["cards"]) for m in melds)
    raise ValueError(k)  # pragma: no cover (KINDS is checked when a Cond is made)


def _melded_out_of_turn(session, seat: int) -> bool:
    """A meld or an addition by ``seat`` after its own discard ended its turn and before its
    next draw: Looking and Down's frozen in time (LD-10)."""
    out_of_turn = False
    for text in session.history:
        a = parse_action(text)
        if a.seat != seat:
            continue
        if a.verb == "discard":
            out_of_turn = True
        elif a.verb in ("draw", "take"):
            out_of_turn = False
        elif a.verb in ("meld", "add") and out_of_turn:
            return True
    return False


def reached(goal: Goal, session) -> bool:
    """Every condition of the goal holds now."""
    return bool(goal) and all(holds(c, session) for c in goal)
