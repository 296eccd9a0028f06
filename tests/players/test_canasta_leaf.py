"""The canasta search's leaf values and playout lengths added in issue 30 (session 15): what
the hands hold for later at the heuristic's keep values (``canasta_eval.held_credits``, the
``"keep"`` judge) and a freeze decision played to the end of the deal (``freeze_rounds``)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.engine.canasta.position import build_position
from game.engine.cards import parse_cards
from game.engine.rng import Rng
from game.players.base import Decision
from game.players.canasta_eval import held_credits
from game.players.canasta_search import CanastaSearch, evaluate
from game.players.canasta_view import is_wild
from game.players.heuristic_canasta import HARD_PARAMS, PARAMS


def _pair_position(hand0: str):
    """Two-player Canasta, both sides opened, seat 0 to draw: the pile's top is 8H over 9C 5D;
    seat 1 holds 4C 6D 10S JH KC."""
    return build_position(
        "canasta", 2, hands=[hand0, "4C 6D 10S JH KC"], pile="9C 5D 8H", turn=0,
        melds=[{"Q": "QC QD QH"}, {"A": "AC AD AS"}], opened=[True, True])


def test_a_held_pair_and_the_pile_it_takes_are_credited_at_the_keep_values():
    """CA-9: a natural pair of the pile's top card takes it. The table-minus-hand judge counts
    the pair of eights against its side (their points in hand); the keep judge credits each
    card of it ``keep_pair`` and, the pair's holder being to move, the pile at the heuristic's
    gain values plus its card points."""
    p = HARD_PARAMS["canasta"]
    st = _pair_position("8C 8D 7S")
    credits = held_credits(st, HARD_PARAMS)
    pile = 3 * p.gain_fit + 10 + 5 + 10  # 9C, 5D, 8H: naturals, their points
    mine = 2 * p.keep_pair + p.keep_single + pile
    theirs = 5 * p.keep_single
    assert credits == pytest.approx([mine, theirs])
    # the same hand with the pair split: no pair credit, and no pile (seat 0 cannot take it)
    split = held_credits(_pair_position("8C 9D 7S"), HARD_PARAMS)
    assert split[0] == pytest.approx(3 * p.keep_single)
    assert evaluate(st, 0, HARD_PARAMS) - evaluate(st, 0) == pytest.approx(mine - theirs)
    # a card of a rank the side has melded counts keep_melded, a wild card keep_wild
    st = _pair_position("QS 2C 7S")
    assert held_credits(st, HARD_PARAMS)[0] == pytest.approx(
        p.keep_melded + p.keep_wild + p.keep_single)


def _freeze_position():
    """Canasta, 4 players, seat 0 to discard a lone natural or freeze with 2C on a 13-card pile
    (as tests/players/test_canasta_hard.py)."""
    return build_position(
        "canasta", 4,
        hands=["2C 5H 6H 8H", "4D 7D 9S 10D JD 4H 7H", "4S 7S 10S JS 5S 6S 8S 3S 4D 7D 10D",
               "KD QD AD 5D 6D 8D 4S 7S 10S JS 9S"],
        pile="KH KS QH QS AH AS 4C 5C 6C 7C 8C 10C JC", turn=0, phase="play",
        melds=[{"9": "9C 9D 9H"},
               {"K": "KC KC KD KH KS", "Q": "QC QC QD QH QS", "A": "AC AC AD AH AS"}],
        opened=[True, True])


def test_a_freeze_decision_is_played_to_the_end_of_the_deal_with_freeze_rounds_none():
    """With ``freeze_rounds`` None a discard decision with a wild discard among its candidates
    is played to the end of the deal: every playout's last position is a finished deal (one
    round: not all). (Normal's
    heuristic here: it throws a natural, and the freeze is searched against it; Hard's own
    heuristic freezes unsearched.)"""
    d = Decision.of(_freeze_position(), 0, [0, 0])
    seen = []

    class Probe(CanastaSearch):
        def judge_position(self, st, side, rules):
            seen.append(st.is_over())
            return super().judge_position(st, side, rules)

    for rounds, over in ((1, False), (None, True)):
        seen.clear()
        search = Probe(Rng(3), params=PARAMS)
        search.freeze_pile, search.freeze_chance = 5, 0.0  # search the freeze here
        search.freeze_rounds = rounds
        cands = search.candidates(d)
        assert any(a.verb == "discard" and is_wild(a.groups[0][0]) for a in cands)
        search.choose(d, 0.0, samples=4)
        assert seen and all(seen) == over  # one round: some deals go on past it


def _opening_position():
    """Two-player Canasta, seat 0 has drawn and not opened (CA-7: 50 at a score of 0); its
    opponent has (jacks, queens). Seat 0 holds AS AH 2S (20 + 20 + 20 = 60, an opening on its
    own) and three nines. A position from Hard's self-play (its opponent's hand as one of its
    sampled worlds dealt it)."""
    return build_position(
        "canasta", 2, hands=["AS 2S 8S AH 9H 9H 4D 8D 9D 3C 4C 10C", "QS 8H 10H KH JC"],
        pile="5C KS", turn=0, phase="play",
        melds=[{}, {"J": "JH JD JC", "Q": "QH QH QC"}], red_threes=["3H", ""],
        opened=[False, True])


def test_hard_opens_with_the_aces_alone_and_keeps_its_triple_back():
    """Hard's heuristic (before it read a two-player hand as held back) opens with both melds
    (the nines and the aces). The search of sessions 12 to 14 did not search melding (its
    table-minus-hand judge counted the held nines against their side) and played it. The
    search with the keep judge compares it, in the meld plans, with the smallest opening that
    makes the minimum, AS AH 2S alone (CA-7), and keeps the three nines: the keep judge
    credits them (a pair of them takes the pile, CA-9) where the table judge charged their
    points; and a new meld of nines would show the rank. (The arm ``hard-keep-melds``: Hard's
    search kept the table judge, issue 30 session 15's merge.)"""
    d = Decision.of(_opening_position(), 0, [0, 0])
    # the heuristic as it was before it read a two-player hand as held back (session 15's
    # other change, which waits with both melds: it discards)
    before = {**HARD_PARAMS, "canasta": replace(HARD_PARAMS["canasta"], hoard_hand=(),
                                                hoard_read=())}
    both = CanastaSearch(Rng(0), params=before).heuristic.choose(d)
    assert both.verb == "meld" and len(both.cards()) == 6
    for seed in range(3):
        old = CanastaSearch(Rng(seed), params=before)
        old.judge, old.melds = "table", False
        assert old.choose(d, 0.0, samples=16) == both
        new = CanastaSearch(Rng(seed), params=HARD_PARAMS)
        new.judge, new.melds = "keep", True  # the arm hard-keep-melds
        a = new.choose(d, 0.0, samples=16)
        assert a.verb == "meld" and sorted(a.cards()) == sorted(parse_cards("AS AH 2S"))
