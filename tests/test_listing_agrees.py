"""The fast listing and the rules agree, in every game, player count and rule option.

``legal_actions`` is written apart from ``why_illegal`` for speed (docs/engine-speed.md), so
the two can drift. Here random deals of every game are played by the self-play bots (greedy
and uniformly random, game/lab/selfplay.py) with ``check_lists``: before every action, every
action listed for every seat that may act must pass ``why_illegal``. In the canasta games every
position also checks the other direction (issue 27: a sample of every fifteenth position let
accepted actions go unlisted): every legal one-group action shape is listed
(``check_complete`` of the property tests), and every accepted action, one-group ones and
random ones of several groups, is listed in some form with the same cards
(``unlisted`` of tests/canasta/test_listing_complete.py).

Every player count of every game, with no option, each rule option alone and all options
together. The cumulative scores cover every opening minimum of every game (CA-7, QC-5, CS-8,
LD-8): high minimums keep a side from opening and its hand grows, and that is where a
Canastone opening before the draw leaving fewer than two cards (CS-9 with CS-12) was listed
though refused (issue 10). Bounded by counts: a few seconds per game on one core.
"""

from __future__ import annotations

import random
import zlib

import pytest
from canasta.test_listing_complete import unlisted
from canasta.test_properties import check_complete, new_deal

from game.engine.actions import make
from game.engine.registry import GAME_NAMES, get_game
from game.lab.selfplay import POLICIES, SelfPlayReport, play_deal, run_selfplay

# Cumulative scores reaching every opening bracket (the highest only matters for Canastone's
# target-15000, CS-8).
SCORES = (-40, 0, 1500, 3000, 5000, 7500, 10500, 12500)
DEALS = 8  # per configuration: half greedy, half random
SEVERAL = 6  # random actions of several groups tried per position and seat


def _configs():
    out = []
    for name in GAME_NAMES:
        game = get_game(name)
        names = sorted(game.options)
        sets = [()] + [(o,) for o in names] + ([tuple(names)] if len(names) > 1 else [])
        for players in game.player_counts:
            out += [(name, players, opts) for opts in sets]
    return out


CONFIGS = _configs()


def _checking(policy, rules: str, problems: list, seed: int):
    """``policy`` that first, in the canasta games, checks at every position that every
    accepted action of each acting seat is listed."""
    step = 0
    scan = random.Random(seed)  # apart from the policy's, so the deal is the same

    def choose(state, rng):
        nonlocal step
        if rules != "cassino":
            for seat in state.actors():
                missing = check_complete(state, seat) + unlisted(state, seat, scan, SEVERAL)
                if missing:
                    problems.append(f"step {step}, seat {seat}: legal, not listed: {missing[:3]}")
        step += 1
        return policy(state, rng)

    return choose


@pytest.mark.parametrize("rules,players,options", CONFIGS,
                         ids=[f"{r}-{n}-{'+'.join(o) or 'plain'}" for r, n, o in CONFIGS])
def test_every_listed_action_is_legal_and_every_legal_shape_listed(rules, players, options):
    base = zlib.crc32(f"{rules}/{players}/{options}".encode())
    report = SelfPlayReport(rules=rules, players=players, games=0)
    missing: list[str] = []
    for i in range(DEALS):
        policy = "greedy" if i % 2 == 0 else "random"
        state, _ = new_deal(rules, players, base + i, frozenset(options), SCORES)
        play_deal(state, random.Random(base + i), report, True,
                  _checking(POLICIES[policy], rules, missing, base + i), check_lists=True,
                  where=f"deal seed {base + i} ({policy})")
    assert report.errors == [] and report.violations == []
    assert missing == []
    assert report.actions > 0


@pytest.mark.parametrize("players,seed", [(2, 11), (3, 7)])
def test_canastone_selfplay_seeds_of_issue_10(players, seed):
    """CS-9 / CS-12: these whole games listed a pre-draw opening that left one card or none
    (``python -m game selfplay --rules canastone --players 2 --games 3 --seed 11``)."""
    report = run_selfplay("canastone", players, 3, seed, check_lists=True)
    assert report.errors == [] and report.violations == []
    assert report.completed == 3


class _Overlisting:
    """A deal whose listing also offers a refused action: a discard before the draw."""

    def __init__(self, state):
        self._state = state
        seat = state.current_player()
        self.extra = make(seat, "discard", ((state.hand_cards(seat)[0],),))

    def __getattr__(self, name):
        return getattr(self._state, name)

    def legal_actions(self, seat=None):
        return self._state.legal_actions(seat) + [self.extra]


def test_selfplay_reports_a_listed_but_refused_action():
    """Self-play stops at a listed action the rules refuse, saying where, which and why: with
    check_lists before any move, and without it when a bot plays the action."""
    deal = _Overlisting(new_deal("canasta", 4, 1)[0])
    report = SelfPlayReport(rules="canasta", players=4, games=0)
    assert not play_deal(deal, random.Random(1), report, check_lists=True, where="deal 1")
    assert report.errors == [f"deal 1 before action 0: listed action refused: {deal.extra}: "
                             "Draw first, then discard."]
    deal = _Overlisting(new_deal("canasta", 4, 1)[0])
    report = SelfPlayReport(rules="canasta", players=4, games=0)
    assert not play_deal(deal, random.Random(1), report, policy=lambda st, rng: deal.extra,
                         where="deal 1")
    assert report.errors == [f"deal 1 action 0: listed action refused: {deal.extra}: "
                             "Draw first, then discard."]
