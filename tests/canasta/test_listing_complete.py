"""Every action ``why_illegal`` accepts is listed by ``legal_actions`` in some form with the
same cards (issue 27: a random scan found accepted actions no listed form covered, so the
computer players and the hints never considered them).

The same cards: natural cards by rank (their suits are interchangeable, the listing picks
them in S H D C order), jokers and twos apart (a joker is worth 50, a two 20). The form:
the groups of a meld together (how the wild cards of an opening are spread over its melds is
the listing's choice); a take's meld (its first group with the groups of the top card's rank,
which join it) apart from the rest. A side that has opened may meld several groups at once or
one after the other: its action of several groups is covered when each meld of it is listed
on its own (and a take when its first group is).

``unlisted`` checks one-group actions exhaustively (``brute_candidates`` of the property
tests) and actions of several groups by random candidates: several melds of random ranks,
natural counts and jokers and twos, alone or after a take's first group.
tests/test_listing_agrees.py runs it at every position of its self-play deals.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings

from game.engine.actions import Action, format_action, parse_action
from game.engine.cards import JOKER, RANK

from .helpers import CA, CS, LD, QC, pos, why
from .test_properties import CONFIGS, IDS, RANK_CODES, SEEDS, brute_candidates, play

TWOS = (1, 14, 27, 40)


def kind(c: int):
    """A card as the rules tell it apart: its rank, or 'JK', or '2'."""
    if c == JOKER:
        return "JK"
    return "2" if RANK[c] == 2 else str(RANK[c])


def kinds(cards) -> tuple:
    return tuple(sorted(map(kind, cards)))


def form(a: Action, merge: bool):
    """The action's verb, target and cards by kind, in the form described above (``merge``:
    one meld per rank, so groups of the take's rank join its meld)."""
    if a.verb == "meld":
        return (a.seat, "meld", a.target, kinds(c for g in a.groups for c in g))
    if a.verb == "take" and a.groups:
        head = list(a.groups[0])
        rest: list[int] = []
        ranks = {kind(c) for c in head} - {"JK", "2"}
        for g in a.groups[1:]:
            own = {kind(c) for c in g} - {"JK", "2"}
            if merge and own and own <= ranks:
                head += g
            else:
                rest += g
        return (a.seat, "take", a.target, kinds(head), kinds(rest))
    return (a.seat, a.verb, a.target, tuple(kinds(g) for g in a.groups))


def covered(state, text: str) -> bool:
    """Whether a listed action has the same cards in the same form as ``text``."""
    a = parse_action(text)
    merge = state.rules.one_meld_per_rank
    return form(a, merge) in {form(b, merge) for b in state.legal_actions(a.seat)}


def _pile_rank(state) -> int:
    return RANK[state.pile[-1]] if state.pile else -1


def _groups_of(held: Counter, rank: int):
    """Groups of two cards or more of ``rank`` (0: wild cards only) from ``held``, one per
    count of naturals, jokers and twos."""
    nat = [x for x in RANK_CODES.get(rank, ()) for _ in range(held[x])] if rank else []
    twos = [x for x in TWOS for _ in range(held[x])]
    out = []
    for k in range(len(nat) + 1):
        for j in range(held[JOKER] + 1):
            for t in range(len(twos) + 1):
                if k + j + t >= 2:
                    out.append(tuple(nat[:k]) + (JOKER,) * j + tuple(twos[:t]))
    return out


def several_groups(state, seat: int, rng: random.Random, count: int):
    """``count`` random melds and takes of two to four groups."""
    held = Counter(state.hand_cards(seat))
    ranks = [0] + [r for r in RANK_CODES if r != 3 and any(held[x] for x in RANK_CODES[r])]
    top = _pile_rank(state)
    firsts = _groups_of(held, top) if top in RANK_CODES else []
    out = []
    for _ in range(count):
        used: Counter = Counter()
        groups = []
        verb = "meld"
        if firsts and rng.random() < 0.4:
            verb = "take"
            groups.append(rng.choice(firsts))
            used.update(groups[0])
        for r in rng.sample(ranks, min(len(ranks), rng.randint(1, 3))):
            options = _groups_of(held - used, r)
            if options:
                g = rng.choice(options)
                groups.append(g)
                used.update(g)
        if len(groups) >= 2:
            out.append(Action(seat, verb, tuple(groups)))
    return out


def unlisted(state, seat: int, rng: random.Random, samples: int = 40) -> list[str]:
    """Actions of ``seat`` that ``why_illegal`` accepts and no listed action covers."""
    merge = state.rules.one_meld_per_rank
    legal = state.legal_actions(seat)
    forms = {form(a, merge) for a in legal}
    opened = state.opened[state.game.side_of(seat, state.players)]
    missing = []
    seen = set()
    for a in brute_candidates(state, seat) + several_groups(state, seat, rng, samples):
        if a.verb in ("yes", "no", "ask", "draw") or (a.verb == "take" and not a.groups):
            continue  # compared by test_properties.check_complete
        f = form(a, merge)
        if f in forms or f in seen:
            continue
        seen.add(f)
        if opened and len(a.groups) > 1:
            if a.verb == "take":
                parts = [Action(seat, "take", a.groups[:1])]
            else:
                by_rank: dict = {}
                for g in a.groups:
                    r = {kind(c) for c in g} - {"JK", "2"}
                    key = min(r) if merge and len(r) == 1 else id(g)
                    by_rank.setdefault(key, []).extend(g)
                parts = [Action(seat, "meld", (tuple(g),)) for g in by_rank.values()]
            if all(form(p, merge) in forms for p in parts):
                continue
        if state.why_illegal(a) is None:
            missing.append(format_action(a))
    return missing


@pytest.mark.parametrize("rules,players", CONFIGS, ids=IDS)
@settings(max_examples=3, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_every_accepted_action_is_listed_with_the_same_cards(rules, players, seed):
    """A random scan: random deals played by random legal actions; at every position every
    acting seat's accepted actions (all one-group ones, random ones of several groups) are
    listed in some form with the same cards."""
    problems = []

    def every(state, step, rng):
        for seat in state.actors():
            miss = unlisted(state, seat, rng, samples=20)
            if miss:
                problems.append((step, seat, miss[:3]))

    play(rules, players, seed, every)
    assert problems == []


# ---- the scan's finds (issue 27), each a rule's listing ------------------------------------


def test_ld5_a_joker_added_beside_a_two_is_listed():
    """LD-5, LD-10: `0 add 4 JK` was accepted but only `0 add 4 2C` listed (the listing
    offered one mix of jokers and twos per count of wild cards)."""
    st = pos(LD, 2, hands=["JK 2C 9S 9H 10D KS", "5C 5D 6S"], pile="7C 8D",
             melds=[{"4": "4S 4H 4D 4C"}, {}], opened=[True, False], turn=0, phase="play")
    for text in ("0 add 4 JK", "0 add 4 2C", "0 add 4 JK 2C"):
        assert why(st, text) is None and covered(st, text), text


def test_cs5_three_player_canastone_lists_a_joker_on_tens():
    """CS-5: three-player Canastone, `0 add 10 JK` beside a two in hand."""
    st = pos(CS, 3, hands=["JK 2D 9S 9H 5D KS QS", "5C 5D 6S", "7S 7H 8C"], pile="7C 8D",
             melds=[{"10": "10S 10H 10D 10C"}, {}, {}], opened=[True, False, False], turn=0,
             phase="play")
    for text in ("0 add 10 JK", "0 add 10 2D"):
        assert why(st, text) is None and covered(st, text), text


def test_cs8_an_opening_with_some_of_the_naturals_of_a_rank_is_listed():
    """CS-8, CS-9: `meld 4S 4H 4C / 8S 8H 8H 8C` (15 + 40 = 55) was accepted, but the
    listing offered only openings with every natural held of each rank."""
    st = pos(CS, 2, hands=["4S 4H 4C 4D 8S 8H 8H 8C 9D JS QS KS AH 5C 6D", "5C 5D 6S"],
             pile="7C 8D 9C", turn=0)
    assert why(st, "0 meld 4S 4H 4C / 8S 8H 8H 8C") is None
    assert covered(st, "0 meld 4S 4H 4C / 8S 8H 8H 8C")


@pytest.mark.parametrize("rules", [CA, QC])
def test_ca7_openings_of_every_count_and_mix_are_listed(rules):
    """CA-7 (QC-5): an opening of four ranks out of five, one with fewer naturals than held,
    and one with a joker rather than a two: all accepted, all listed."""
    st = pos(rules, 2, hands=["4S 4H 4D 5S 5H 5D 6S 6H 6D 7S 7H KS KH JK 2C", "9C 9D"],
             pile="8D 9S", turn=0, phase="play", scores=[-40, 0])
    for text in ("0 meld 4S 4H 4D / 5S 5H 5D / 6S 6H 6D / KS KH JK",
                 "0 meld 4S 4H 4D / 5S 5H 2C / 6S 6H 6D / KS KH JK",
                 "0 meld 7S 7H JK / KS KH 2C"):
        assert why(st, text) is None and covered(st, text), text


def test_ca7_an_opening_through_the_pile_with_more_melds_is_listed():
    """CA-7, CA-9: the take's pair alone reaches the minimum (15), and more melds beside it
    are an opening too: `take 5S 5H / QS QD JK`."""
    st = pos(CA, 2, hands=["5S 5H QS QD JK 9C 10D", "9H 9D"], pile="8C 5C", turn=0,
             scores=[-40, 0], frozen=False)
    for text in ("0 take 5S 5H", "0 take 5S 5H / QS QD JK"):
        assert why(st, text) is None and covered(st, text), text


def test_qc4_a_take_that_grows_its_meld_in_the_same_action_is_listed():
    """QC-4, QC-5: two cards take the pile, and a group of the top card's rank joins that
    meld in the same action: `take 10H 10C / 10C 2D JK` (10 x 4 + 20 + 50 = 110)."""
    st = pos(QC, 2, hands=["10H 10C 10C 2D JK 5S 6S 7S 9H", "QC QD"], pile="5C 10D",
             turn=0, frozen=False)
    assert why(st, "0 take 10H 10C / 10C 2D JK") is None
    assert covered(st, "0 take 10H 10C / 10C 2D JK")


def test_unlisted_finds_what_an_old_listing_missed():
    """The check itself: a listing short of one accepted action is caught."""
    st = pos(LD, 2, hands=["JK 2C 9S 9H 10D KS", "5C 5D 6S"], pile="7C 8D",
             melds=[{"4": "4S 4H 4D 4C"}, {}], opened=[True, False], turn=0, phase="play")

    class Short:
        def __init__(self, state):
            self._s = state

        def __getattr__(self, name):
            return getattr(self._s, name)

        def legal_actions(self, seat=None):
            return [a for a in self._s.legal_actions(seat) if JOKER not in a.cards()]

    assert "0 add 4 JK" in unlisted(Short(st), 0, random.Random(1))
    assert unlisted(st, 0, random.Random(1)) == []


def test_a_huge_unopened_hand_lists_a_bounded_number_of_openings():
    """LD-8: a two-player Looking and Down deal of draws and discards only grows hands of 40
    unopened cards with hundreds of thousands of openings (5 s and 700,000 actions a call
    before the bound); the listing stops at MAX_OPENINGS of them, each one legal."""
    from game.engine.base import DealSetup
    from game.engine.canasta.listing import MAX_OPENINGS
    from game.engine.registry import get_game

    game = get_game("looking-and-down")
    st = game.new_deal(DealSetup(players=2, deck=tuple(game.deck_for(2)), dealer=0,
                                 scores=(0, 0), options=frozenset(), keeper=1))
    biggest = 0
    while not st.is_over():
        legal = st.legal_actions()
        seat = st.current_player()
        openings = [a for a in legal if a.verb == "meld"]
        if len(st.hand_cards(seat)) >= 40:
            biggest = max(biggest, len(openings))
            assert all(st.why_illegal(a) is None for a in openings[:: max(1, len(openings) // 50)])
        assert len(openings) <= MAX_OPENINGS
        verbs = [a.verb for a in legal]
        st.apply(legal[verbs.index("draw")] if "draw" in verbs else legal[verbs.index("discard")])
    assert biggest == MAX_OPENINGS  # the bound was reached: the case is real
