"""The canasta heuristic's cheaper prices (issue 30: cheaper simulation) give exactly the
figures of the prices they replace, over random deals and actions (hypothesis chooses them):

- a decision's discards priced once per class of card (``discard_costs``) equal each discard
  priced from scratch, in a view of its own (``discard_cost``);
- a decision's melds priced with the figures they share (``_best_meld``) equal each meld
  priced alone from scratch (``meld_benefit``);
- the melds a one-group meld or an add changes (``meld_changes``) equal those read from a copy
  of the side's melds after it (``changes_by_copy``), old meld for old meld and count for count;
- a one-group meld's or an add's figures (``one_change_price``: canastas, progress, the
  cards' points, kept across decisions by the counts of the meld before and the cards
  added) equal those figured from a copy of the side's melds after it (``changes_price`` of
  ``changes_by_copy``) and from the cards one by one;
- a side's canastas (``canastas``, counted inline) equal ``canasta_kind`` meld by meld;
- the meld-out step (``_toward``), which plans the melds best first, picks what planning every
  meld picked (the reference below is the step as it was).

The positions come from deals played by Hard's heuristic with random legal actions mixed in
(``p_random``), so that the late positions where a hand can be melded out are reached."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine.match import Match
from game.engine.registry import get_game
from game.players.base import Decision
from game.players.canasta_view import CanastaView, plan_meld_out
from game.players.heuristic_canasta import (
    HARD_PARAMS,
    PARAMS,
    CanastaContext,
    CanastaHeuristic,
    _apply_meld,
    changes_by_copy,
    changes_price,
    meld_changes,
    one_change_price,
)

GAMES = [("canasta", 4), ("canasta", 2), ("quick-canasta", 4), ("canastone", 4),
         ("canastone", 2), ("looking-and-down", 4), ("looking-and-down", 3)]


def _decisions(rules: str, players: int, seed: int, p_random: float):
    """Every decision of the seat to move in one deal (the state, the decision)."""
    game = get_game(rules)
    match = Match(game, players, seed=seed)
    state = match.start_deal()  # it deals again after a Misdeal (CS-2)
    rng = random.Random(seed)
    policy = CanastaHeuristic(0, params=HARD_PARAMS if rng.random() < 0.5 else PARAMS)
    totals = [0] * game.num_sides(players)
    steps = 0
    while not state.is_over() and steps < 600:
        steps += 1
        seat = state.current_player()
        legal = state.legal_actions(seat)
        if not legal:
            break
        if len(legal) == 1:
            a = legal[0]
        else:
            d = Decision(state.game, players, seat, state.view(seat), legal, totals)
            yield d
            a = rng.choice(legal) if rng.random() < p_random else policy.choose(d)
        state.apply(a, validate=False)


def _reference_toward(h: CanastaHeuristic, v: CanastaView, melds, discards, plan):
    """The meld-out step as it was: every meld planned, the first of the best key kept."""
    hand = len(v.hand)
    if hand <= 1 and discards:
        return discards[0]
    best = None
    best_key = None
    clean0, dirty0, _ = v.canastas(v.side)
    for a in melds:
        h_ = v.hcount[:]
        for c in a.cards():
            h_[c] -= 1
        after = _apply_meld(v, a)
        rest = plan_meld_out(v, h_, after)
        if rest is None:
            continue
        if v.ld and v.in_down[v.seat]:
            if not v.may_go_out(v.side, rest[1]):
                continue
        elif not v.ld and not v.may_go_out(v.side, rest[1]):
            continue
        clean, dirty, _ = v.canastas(v.side, after)
        key = ((clean + dirty) - (clean0 + dirty0), len(a.cards()))
        if best_key is None or key > best_key:
            best, best_key = a, key
    if best is not None:
        return best
    discard, _ = plan
    if hand == 2 and discard >= 0:
        for a in discards:
            if a.groups[0][0] == discard:
                return a
    return None


def _sums(v, cards):
    """(points, wild cards, red threes) of the cards, read card by card."""
    return (sum(v.points[c] for c in cards), sum(1 for c in cards if c == 52 or c % 13 == 1),
            sum(1 for c in cards if c in (15, 28)))


def _counts(m):
    return None if m is None else (m.key, m.rank, m.nat, m.jok, m.two, m.red3)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10**6),
       p_random=st.sampled_from([0.0, 0.2, 0.5]), forget=st.booleans())
def test_cheap_prices_equal_the_full_ones(game, seed, p_random, forget):
    rules, players = game
    h = CanastaHeuristic(0, params=HARD_PARAMS)
    p = HARD_PARAMS[rules]
    ctx = CanastaContext(forget=forget)
    checked = {"discards": 0, "melds": 0, "toward": 0}
    for d in _decisions(rules, players, seed, p_random):
        if d.seat != d.view.to_move:
            continue
        v = CanastaView(d)
        risk = h.end_risk(v)
        discards = [a for a in d.legal if a.verb == "discard"]
        if discards:
            cheap = h.discard_costs(v, p, discards, risk, ctx)
            full = [h.discard_cost(CanastaView(d), p, a.groups[0][0], risk, ctx)
                    for a in discards]
            assert cheap == full, (str(discards), cheap, full)
            checked["discards"] += 1
        for side in range(v.nsides):  # counted inline, as canasta_kind tells them one by one
            kinds = [v.canasta_kind(m) for m in v.melds[side].values()]
            short = any(m.rank == 0 and m.size < 7 for m in v.melds[side].values())
            assert v.canastas(side) == (sum(k[0] for k in kinds), sum(k[1] for k in kinds),
                                        short)
        melds = [a for a in d.legal if a.verb in ("meld", "add")]
        before = v.my_melds()
        for a in melds:
            fast = meld_changes(v, a, before, a.cards())
            slow = changes_by_copy(v, a, before)
            assert [(_counts(o), _counts(m)) for o, m in fast] == \
                [(_counts(o), _counts(m)) for o, m in slow], str(a)
            if len(a.groups) == 1 or a.verb == "add":
                cards = tuple(a.cards())
                kept = one_change_price(v, a, before, cards)
                assert kept == changes_price(v, slow, {}) + _sums(v, cards), (str(a), kept)
            checked["melds"] += 1
        if melds:  # priced with the decision's shared figures, and each from scratch
            best, benefit = h._best_meld(v, p, melds, risk)
            alone = [h.meld_benefit(CanastaView(d), p, a, risk) for a in melds]
            assert benefit == max(alone) and best == melds[alone.index(benefit)]
        plan = plan_meld_out(v, v.hcount, v.my_melds()) if melds else None
        if plan is not None:
            got = h._toward(CanastaView(d), melds, discards, plan)
            want = _reference_toward(h, CanastaView(d), melds, discards, plan)
            assert got == want, (str(got), str(want))
            checked["toward"] += 1
    assert checked["discards"] > 0  # the deal had decisions to compare
