"""Hints for the human: the Normal player's move with a one-line reason, and a warning before a
risky discard. Both read only the seat's Decision (as every computer player does) and are
instant (the heuristic, no search).

>>> from game.engine.match import Match
>>> from game.engine.registry import get_game
>>> st = Match(get_game("canasta"), 4, seed=3).start_deal()
>>> seat = st.current_player()
>>> d = Decision.of(st, seat, [0, 0])
>>> action, why = suggest(d)
>>> action in d.legal and isinstance(why, str) and why != ""
True

The reason and the warning are :class:`game.engine.reasons.Reason` strings: English text that also
carries a key and parameters (``reason.hint_*`` in ``game/locales``) for the table.

>>> why.key.startswith("hint_")
True
"""

from __future__ import annotations

from game.engine.actions import Action
from game.engine.cards import RANK
from game.engine.reasons import Reason, reason, register
from game.players.base import Decision

_RANKS = {1: "ace", 11: "jack", 12: "queen", 13: "king"}

register({
    "hint_draw": "draw from the stock",
    "hint_pile_not_worth": "draw: the pile is not worth taking",
    "hint_take": "take the pile: {cards} cards",
    "hint_take_fit": "take the pile: {cards} cards, {fit} of them fit your melds",
    "hint_take_wild": "take the pile: {cards} cards with {wild} wild cards",
    "hint_take_fit_wild": "take the pile: {cards} cards, {fit} fit your melds, "
                          "{wild} wild cards",
    "hint_take_wild_one": "take the pile: {cards} cards with a wild card",
    "hint_take_fit_wild_one": "take the pile: {cards} cards, {fit} fit your melds, "
                              "a wild card",
    "hint_open_first": "open first, then play a normal turn",
    "hint_yes": "yes: let your partner go out",
    "hint_no": "no: you still hold {points} points to meld",
    "hint_ask": "ask your partner before going out",
    "hint_meld_out": "meld everything you can and go out",
    "hint_empty_looking": "meld to empty your looking",
    "hint_meld": "meld these cards",
    "hint_add": "add these cards to your meld",
    "hint_discard": "discard the least useful card",
    "hint_freeze": "freeze the pile with a wild card",
    "hint_discard_three": "discard a black three: it blocks the pile",
    "hint_safest_discard": "the safest discard",
    "hint_capture": "capture {cards} cards from the table",
    "hint_build": "reserve {value}: you hold the card to take it",
    "hint_trail": "trail the least useful card",
    "hint_other": "play this move",
    "hint_warn_pile": "this {rank} lets the opponents take a pile of {cards} cards",
    "hint_warn_pile_one": "this {rank} lets your opponent take a pile of {cards} cards",
    "hint_warn_canasta": "this {rank} lets the opponents take the pile and complete a canasta",
    "hint_warn_canasta_one": "this {rank} lets your opponent take the pile and complete a "
                             "canasta",
    "hint_warn_sweep": "this trail leaves a table your opponent can sweep",
})

# The heuristic's English one-liners -> reason keys (the take and "no" lines are parsed).
_FIXED = {
    "draw": "hint_draw",
    "draw: the pile is not worth it": "hint_pile_not_worth",
    "open first, then play a normal turn": "hint_open_first",
    "yes: go out": "hint_yes",
    "ask partner before going out": "hint_ask",
    "meld out": "hint_meld_out",
    "empty the looking": "hint_empty_looking",
    "discard": "hint_discard",
    "freeze the pile with a wild card": "hint_freeze",
    "discard a three: it blocks the pile": "hint_discard_three",
    "the safest discard": "hint_safest_discard",
}


def _rank_name(r: int) -> str:
    return _RANKS.get(r, str(r))


def suggest(decision: Decision, seed: int = 0) -> tuple[Action, Reason]:
    """The suggested move and a one-line reason: a :class:`~game.engine.reasons.Reason` (the
    English sentence as a ``str``, with ``.key`` and ``.params`` for translation)."""
    from game.players.levels import NormalPlayer

    player = NormalPlayer(seed)
    action = player.choose(decision)
    return action, _reason_of(player.reason, action, decision)


def move_reason(decision: Decision, a: Action, text: str = "") -> Reason:
    """The reason of a heuristic's move ``a`` from its English one-liner ``text`` (its
    ``reason``; "" in Cassino, whose reasons follow from the move): for the "Why?" of a
    computer's move (game.players.explain)."""
    from game.players.families import players_of

    return _reason_of(text if players_of(decision.game).speaks else "", a, decision)


def _reason_of(text: str, a: Action, decision: Decision) -> Reason:
    if a.verb == "take" or text.startswith("take the pile"):
        return _take_reason(decision)
    if text in _FIXED and a.verb not in ("capture", "build", "trail"):
        return reason(_FIXED[text])
    if text.startswith("no: I still hold "):
        pts = text.removeprefix("no: I still hold ").split(" ")[0]
        return reason("hint_no", points=int(pts) if pts.isdigit() else pts)
    return _default_reason(a)


def _take_reason(decision: Decision) -> Reason:
    from game.players.canasta_view import CanastaView

    v = CanastaView(decision)
    fit, wild = v.pile_gain()
    n = len(v.pile)
    one = "_one" if wild == 1 else ""  # "a wild card", not "1 wild cards"
    if fit and wild:
        return reason("hint_take_fit_wild" + one, cards=n, fit=fit, wild=wild)
    if fit:
        return reason("hint_take_fit", cards=n, fit=fit)
    if wild:
        return reason("hint_take_wild" + one, cards=n, wild=wild)
    return reason("hint_take", cards=n)


def _default_reason(a: Action) -> Reason:
    if a.verb == "capture":
        taken = len(a.groups[1]) if len(a.groups) > 1 else max(1, len(a.cards()) - 1)
        return reason("hint_capture", cards=taken)
    if a.verb == "build":
        return reason("hint_build", value=a.target)
    key = {
        "draw": "hint_draw",
        "discard": "hint_discard",
        "meld": "hint_meld",
        "add": "hint_add",
        "yes": "hint_yes",
        "ask": "hint_ask",
        "trail": "hint_trail",
    }.get(a.verb)
    return reason(key) if key else reason("hint_other")


def discard_warning(decision: Decision, action: Action,
                    threshold: float = 0.45) -> Reason | None:
    """A warning before a risky discard or trail (a translatable
    :class:`~game.engine.reasons.Reason`), or None: the game family's own warning
    (game.players.families), :func:`pile_warning` or :func:`trail_warning`."""
    from game.players.families import players_of

    return players_of(decision.game).warning(decision, action, threshold)


def pile_warning(decision: Decision, action: Action, threshold: float = 0.45) -> Reason | None:
    """Canasta family: the next player is likely (at least ``threshold``) to be able to take
    the pile with this card, and the pile is worth having: big, or small but completing a
    canasta of theirs with this card (a small pile was never warned of)."""
    if action.verb != "discard":
        return None
    from game.players.canasta_view import CanastaView, is_wild
    from game.players.heuristic_canasta import CanastaContext, CanastaHeuristic

    c = action.groups[0][0]
    if is_wild(c) or RANK[c] == 3:
        return None
    v = CanastaView(decision)
    q = v.next_seat
    if v.side_of[q] == v.side:
        return None
    size = len(v.pile) + 1
    canasta = _completes_canasta(v, v.side_of[q], c)
    if size < 5 and not canasta:
        return None
    chance = CanastaHeuristic().take_chance(v, q, RANK[c], CanastaContext())
    if chance < threshold:
        return None
    key = "hint_warn_canasta" if canasta else "hint_warn_pile"
    if len(v.opponents) == 1:
        key += "_one"
    return reason(key, rank=_rank_name(RANK[c]), cards=size)


def _completes_canasta(v, side: int, c: int) -> bool:
    """Whether taking the pile with ``c`` on top lets ``side`` complete a canasta: their meld
    of its rank grows by the card and the pile's naturals of that rank to a canasta's size."""
    from game.players.canasta_view import is_wild

    r = RANK[c]
    m = v.meld_of_rank(side, r)
    if m is None:
        return False
    gain = 1 + sum(1 for x in v.pile if not is_wild(x) and RANK[x] == r)
    return m.size < v.rules.canasta_size <= m.size + gain


def trail_warning(decision: Decision, action: Action, threshold: float = 0.45) -> Reason | None:
    """Cassino: the trail leaves a table the next player is likely to sweep."""
    if action.verb != "trail":
        return None
    from game.engine.cassino.combos import disjoint_unions, subsets_by_sum
    from game.players.heuristic_cassino import CassinoContext, p_holds

    # the next player's odds leave out the values it passed up by trailing this round (CN-8)
    ctx = CassinoContext(decision, read_trails=True)
    loose = list(ctx.loose) + [action.groups[0][0]]
    if ctx.res:
        return None
    full = (1 << len(loose)) - 1
    by_sum = subsets_by_sum([RANK[c] for c in loose], 13)
    good = 0
    for val in range(1, 14):
        if full in disjoint_unions(by_sum[val]):
            good += ctx.opp_by_value[val]
    chance = p_holds(ctx.opp_pool, good, ctx.opp_hand)
    if chance >= threshold:
        return reason("hint_warn_sweep")
    return None
