"""Hints for the human: the Normal player's move with a one-line reason, and a warning before a
risky discard. Both read only the seat's Decision (as every computer player does) and are
instant (the heuristic, no search).

>>> from game.match import Match
>>> from game.registry import get_game
>>> st = Match(get_game("canasta"), 4, seed=3).start_deal()
>>> seat = st.current_player()
>>> d = Decision("canasta", 4, seat, st.observation(seat), st.legal_actions(seat), [0, 0])
>>> action, why = suggest(d)
>>> action in d.legal and isinstance(why, str) and why != ""
True
"""

from __future__ import annotations

from game.actions import Action
from game.cards import RANK
from game.players.base import Decision

_RANKS = {1: "ace", 11: "jack", 12: "queen", 13: "king"}


def _rank_name(r: int) -> str:
    return _RANKS.get(r, str(r))


def suggest(decision: Decision, seed: int = 0) -> tuple[Action, str]:
    """The suggested move and a one-line reason (English)."""
    from game.players.levels import NormalPlayer

    player = NormalPlayer(seed)
    action = player.choose(decision)
    why = player.reason or _default_reason(action)
    return action, why


def _default_reason(a: Action) -> str:
    return {
        "draw": "draw from the stock",
        "discard": "discard the least useful card",
        "meld": "meld these cards",
        "add": "add to your meld",
        "yes": "let your partner go out",
        "no": "you still have points to meld",
        "ask": "ask your partner before going out",
        "trail": "trail the least useful card",
        "capture": "capture",
        "build": "build: you hold the card to take it",
        "take": "take the pile",
    }.get(a.verb, a.verb)


def discard_warning(decision: Decision, action: Action, threshold: float = 0.45) -> str | None:
    """A warning before a risky discard or trail, or None.

    Canasta family: the next player is likely (at least ``threshold``) to be able to take the
    pile with this card, and the pile is worth having. Cassino: the trail leaves a table the
    next player is likely to sweep."""
    if decision.rules == "cassino":
        return _trail_warning(decision, action, threshold)
    if action.verb != "discard":
        return None
    from game.players.canasta_view import CanastaView, is_wild
    from game.players.heuristic_canasta import CanastaHeuristic, _Ctx

    c = action.groups[0][0]
    if is_wild(c) or RANK[c] == 3:
        return None
    v = CanastaView(decision)
    q = v.next_seat
    if v.side_of[q] == v.side:
        return None
    size = len(v.pile) + 1
    if size < 5:
        return None
    chance = CanastaHeuristic().take_chance(v, q, RANK[c], _Ctx())
    if chance < threshold:
        return None
    who = "the opponents" if len(v.opponents) > 1 else "your opponent"
    return f"this {_rank_name(RANK[c])} lets {who} take a pile of {size} cards"


def _trail_warning(decision: Decision, action: Action, threshold: float) -> str | None:
    if action.verb != "trail":
        return None
    from game.cassino.combos import disjoint_unions, subsets_by_sum
    from game.players.heuristic_cassino import _Context, _p_holds

    ctx = _Context(decision)
    loose = list(ctx.loose) + [action.groups[0][0]]
    if ctx.res:
        return None
    full = (1 << len(loose)) - 1
    by_sum = subsets_by_sum([RANK[c] for c in loose], 13)
    good = 0
    for val in range(1, 14):
        if full in disjoint_unions(by_sum[val]):
            good += ctx.unseen_by_value[val]
    chance = _p_holds(ctx.nunseen, good, ctx.opp_hand)
    if chance >= threshold:
        return "this trail leaves a table your opponent can sweep"
    return None
