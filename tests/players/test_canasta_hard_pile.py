"""Hard's pile price and freezes, and its reading of a baiting opponent (issue 30): the
questionable choices judged at the 1000 ms deadline, each in a position, Hard's choice
asserted; and the exploiters of tools/canasta_exploiters.py."""

from __future__ import annotations

import importlib.util
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from game.engine.canasta.position import build_position
from game.engine.cards import RANK, parse_card, parse_cards
from game.players.base import Decision
from game.players.canasta_view import CanastaView, is_wild
from game.players.heuristic_canasta import HARD_PARAMS, CanastaHeuristic
from game.players.levels import HardPlayer
from tests.players.test_players import decision, random_positions

_TABLE = [{"9": "9C 9D 9H"}, {"J": "JC JH JS"}]


def _hard_discard(st) -> tuple[int, int]:
    """Hard's heuristic's discard and Hard's (8 worlds), as card codes, seat 0."""
    d = Decision.of(st, 0, [0, 0])
    own = CanastaHeuristic(0, params=HARD_PARAMS).choose(d)
    searched = HardPlayer(3, samples=8).choose(Decision.of(st, 0, [0, 0]))
    assert own.verb == searched.verb == "discard"
    return own.groups[0][0], searched.groups[0][0]


def test_hard_does_not_freeze_a_two_card_pile_with_a_natural_at_hand():
    """CA-10: a wild card discarded freezes the pile until it is taken. On a pile of two
    cards a natural risks little (the pile is small) and the wild card is spent for good, so
    Hard throws a natural; at 130 a card every natural looked worse than the two. Four
    players, the opponents holding 7 cards: since session 15 a two-player Hard reads every
    hand as one keeping its pairs back and weighs the danger more (``hoard_read``), and there
    it freezes; four-player Canasta reads so a hand of 8 cards or more (session 19)."""
    st = build_position("canasta", 4, hands=["2C KD 6H 7C QS 8S 10H 5H",
                                             "5C 6C 8H 4D 5S 4H 10C",
                                             "AC AD KC KH 7D 7H 6D 4S",
                                             "QH QD 10S 9S 8D 6S 5C"],
                        pile="5D 8C", turn=0, phase="play", opened=[True, True], melds=_TABLE)
    for card in _hard_discard(st):
        assert not is_wild(card)


def test_hard_throws_no_second_wild_card_into_a_frozen_pile():
    """CA-10: the pile is already frozen by its joker, so a second wild card freezes nothing;
    it only blocks the next player for a turn (CA-9: never taken with a wild card on top) and
    goes to whoever takes the pile. Hard throws a natural."""
    st = build_position("canasta", 2, hands=["2C 2D KD 6H 7C QS 8S",
                                             "5C 6C 8H 4D 5S 4H 10C 10D"],
                        pile="5D 8C JK 4C 7D 10S 6S KH", turn=0, phase="play",
                        opened=[True, True], frozen=True, melds=_TABLE)
    for card in _hard_discard(st):
        assert not is_wild(card)


@pytest.mark.parametrize("rules", ["canasta", "quick-canasta"])
def test_hard_prices_a_pile_concavely_and_black_threes_at_nothing(rules):
    """CA-9 (QC alike): whoever takes the pile gets its cards. Hard prices the naturals under
    the top card at ``pile_card`` x n / (1 + n / ``pile_half``): each card adds less to a big
    pile; a black three in it adds nothing (it melds only when going out, CA-6)."""
    p = HARD_PARAMS[rules]
    assert p.pile_half > 0
    hard = CanastaHeuristic(0, params=HARD_PARAMS)
    priced = 0
    for state, seat in random_positions(rules, 4, seed=8, count=60, every=3):
        v = CanastaView(decision(state, rules, 4, seat))
        cards = [*v.pile, v.hand[0]] if v.hand else list(v.pile)
        if len(cards) < 3:
            continue
        black = parse_card("3S")
        with_three = [*cards[:-1], black, cards[-1]]
        assert hard.pile_value_for(v, with_three) == hard.pile_value_for(v, cards)
        n = sum(1 for c in cards[:-1] if not is_wild(c) and RANK[c] != 3)
        more = [*cards[:-1], parse_card("8H"), cards[-1]]
        step = hard.pile_value_for(v, more) - hard.pile_value_for(v, cards)
        step2 = hard.pile_value_for(v, [*more[:-1], parse_card("8D"), more[-1]]) - \
            hard.pile_value_for(v, more)
        assert 0 < step2 < step < p.pile_card + 0.4 * 5 + 1e-9
        priced += n > 2
    assert priced


def _bait_position(melded: str):
    """Canasta, 4 players (hands of 7 cards or fewer: none read as held back, which in
    two-player games every hand is since session 15, ``hoard_read``), seat 0 to discard. Seat
    1 has thrown a nine, a seven and a six; its side's melds are ``melded``'s rank."""
    st = build_position("canasta", 4, hands=["9S 5H 8S 4S KD 5C JD",
                                             "9H 9D 4D 4H 10C 10D KS",
                                             "6H 6D 8D 10H QC KC 5D",
                                             "4C 5S 6C 8C 10S JS KH"],
                        pile="4C 7D 10S 6S", turn=0, phase="play", opened=[True, True],
                        melds=[{"A": "AS AH AD"},
                               {melded: " ".join(melded + s for s in "CHS")}])
    st.discarded[0] = parse_cards("4C 10S")
    st.discarded[1] = parse_cards("9C 7D 6S")
    return st


def test_hard_stops_reading_a_baiters_discards_as_safe():
    """Hard reads a rank the next player has thrown as a safer discard (a player rarely throws
    a card of a pair it holds). Seat 1 threw a seven and its side has melded sevens: it threw
    a rank it held more of (public: the discards and the melds, CA-9 takes), so its thrown
    nine is no safer than any other card, and Hard keeps it."""
    nine = parse_card("9S")
    calm = Decision.of(_bait_position("Q"), 0, [0, 0])
    assert not CanastaView(calm).baited(1)
    assert CanastaHeuristic(0, params=HARD_PARAMS).choose(calm).groups[0][0] == nine
    baited = Decision.of(_bait_position("7"), 0, [0, 0])
    assert CanastaView(baited).baited(1) and not CanastaView(baited).baited(0)
    assert CanastaHeuristic(0, params=HARD_PARAMS).choose(baited).groups[0][0] != nine
    unguarded = {**HARD_PARAMS, "canasta": replace(HARD_PARAMS["canasta"], bait_guard=False)}
    assert CanastaHeuristic(0, params=unguarded).choose(baited).groups[0][0] == nine


def _exploiters():
    path = Path(__file__).resolve().parents[2] / "tools" / "canasta_exploiters.py"
    spec = importlib.util.spec_from_file_location("canasta_exploiters", path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules["canasta_exploiters"] = mod
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("level", ["bait", "stuffer", "sprinter", "rusher"])
def test_the_exploiters_play_legal_moves(level):
    mod = _exploiters()
    bot = mod.EXPLOITERS[level](5)
    for rules, n in (("canasta", 2), ("quick-canasta", 4), ("canastone", 4)):
        for state, seat in random_positions(rules, n, seed=6, count=30, every=2):
            d = decision(state, rules, n, seat)
            if d.legal:
                assert bot.choose(d) in d.legal


def test_the_bait_throws_one_of_three_and_keeps_the_pair():
    mod = _exploiters()
    """Unopened (nine 30 points short of the 50 the opening needs, CA-7): the bait throws a
    nine and keeps two."""
    st = build_position("canasta", 2, hands=["9C 9D 9H 4S KD 7H", "5C 6C"], pile="4C 7C",
                        turn=0, phase="play", opened=[False, False])
    a = mod.BaitPlayer(1).choose(decision(st, "canasta", 2, 0))
    assert a.verb == "discard" and RANK[a.groups[0][0]] == 9
