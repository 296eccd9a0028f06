"""Property tests over random Cassino games with random legal moves (hypothesis)."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine.base import DealSetup
from game.engine.cards import RANK, parse_card
from game.engine.cassino.game import CASSINO, CassinoState
from game.engine.rng import Rng

from .reference import normalize, reference_actions

SETTINGS = settings(max_examples=30, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**63)
player_counts = st.sampled_from([2, 4])


def new_game(players: int, seed: int, first: int = 0) -> CassinoState:
    deck = list(range(52))
    Rng(seed).shuffle(deck)
    return CASSINO.new_deal(DealSetup(players=players, deck=tuple(deck), dealer=first))


def play(players: int, seed: int, check=None):
    """A whole game with random legal moves; ``check(state)`` before every move.
    Returns the final state and every event."""
    rng = Rng(seed ^ 0x5EED)
    s = new_game(players, seed, first=seed % players)
    events = []
    while not s.is_over():
        if check:
            check(s)
        acts = s.legal_actions()
        assert acts, "a player to move always has a legal move"
        events.extend(s.apply(rng.choice(acts)))
    return s, events


@SETTINGS
@given(players=player_counts, seed=seeds)
def test_cards_conserved_and_points_add_up(players, seed):
    """52 cards always in exactly one place; a game's points sum to 11 + sweeps (8 + sweeps
    when the cards tie 26-26)."""

    def check(s):
        assert s.check_invariants() == []

    s, events = play(players, seed, check)
    assert s.check_invariants() == []
    assert sum(len(p) for p in s.captured) == 52 or s.last_capture < 0
    total = sum(s.deal_scores())
    tie = len(s.captured[0]) == len(s.captured[1])
    assert total == 11 + sum(s.sweeps) - (3 if tie else 0)
    assert [sum(d.values()) for d in s.breakdown()] == s.deal_scores()
    assert events[-1].kind == "deal_over" and events[-1].info == s.deal_scores()
    assert sum(1 for e in events if e.kind == "sweep") == sum(s.sweeps)
    assert sum(1 for e in events if e.kind == "deal") == s.rounds - 1


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=player_counts, seed=seeds)
def test_every_listed_action_is_legal_and_nothing_is_missing(players, seed):
    """Each listed action passes why_illegal; on small tables the list equals a brute-force
    reference exactly (no duplicates, nothing missing)."""
    compared = [0]

    def check(s):
        acts = s.legal_actions()
        for a in acts:
            assert s.why_illegal(a) is None, (str(a), s.why_illegal(a))
        assert len(acts) == len(normalize(acts))
        units = len(s.loose) + len(s.res)
        if units <= 6:
            assert normalize(acts) == reference_actions(s)
            compared[0] += 1
        other = (s.turn + 1) % s.players
        assert s.legal_actions(other) == []

    play(players, seed, check)
    assert compared[0] > 0


@SETTINGS
@given(players=player_counts, seed=seeds)
def test_determinism_same_deck_same_choices(players, seed):
    a, ev_a = play(players, seed)
    b, ev_b = play(players, seed)
    assert ev_a == ev_b
    assert a.summary() == b.summary()
    assert a.deal_scores() == b.deal_scores() and a.breakdown() == b.breakdown()


@SETTINGS
@given(players=player_counts, seed=seeds, stop=st.integers(0, 47), viewer=st.integers(0, 3))
def test_observation_hides_other_hands_and_the_deck(players, seed, stop, viewer):
    """Re-dealing the cards a seat cannot see (other hands, the deck) leaves its observation,
    and its legal moves, unchanged."""
    rng = Rng(seed)
    s = new_game(players, seed)
    for _ in range(stop % 40):
        if s.is_over():
            break
        s.apply(rng.choice(s.legal_actions()))
    seat = viewer % players
    p = s.position()
    hidden = [c for i, h in enumerate(p["hands"]) if i != seat for c in h] + p["deck"]
    rng.shuffle(hidden)
    # Public knowledge to respect: a reservation's owner holds a card of its value (CN-6).
    pinned = {}
    for _cards, value, owner in p["reservations"]:
        if owner != seat:
            card = next(c for c in hidden if RANK[parse_card(c)] == value)
            hidden.remove(card)
            pinned[owner] = card
    k = 0
    for i, h in enumerate(p["hands"]):
        if i != seat:
            n = len(h) - (i in pinned)
            p["hands"][i] = hidden[k:k + n] + ([pinned[i]] if i in pinned else [])
            k += n
    p["deck"] = hidden[k:]
    t = CassinoState.from_position(**p)
    assert t.observation(seat) == s.observation(seat)
    assert t.view(seat) == s.view(seat)  # the players' form
    if s.turn == seat and not s.is_over():
        assert t.legal_actions(seat) == s.legal_actions(seat)
    obs = s.observation(seat)
    assert json.loads(json.dumps(obs)) == obs  # JSON-friendly
    shown = set(obs["hand"]) | set(obs["table"]["loose"]) | set(obs["out"])
    shown |= {c for r in obs["table"]["reservations"] for c in r["cards"]}
    shown |= {c for pile in obs["captured"] for c in pile}
    others = {c for i, h in enumerate(s.hands) if i != seat for c in h} | set(s.deck[s.pos:])
    assert not shown & others
    assert set(obs["unseen"]) == others


@SETTINGS
@given(players=player_counts, seed=seeds, stop=st.integers(0, 40))
def test_clone_is_independent(players, seed, stop):
    rng = Rng(seed)
    s = new_game(players, seed)
    for _ in range(stop):
        s.apply(rng.choice(s.legal_actions()))
    before = s.summary()
    c = s.clone()
    assert c.summary() == before and c.observation(0) == s.observation(0)
    while not c.is_over():
        c.apply(rng.choice(c.legal_actions()), validate=False)
    assert s.summary() == before and not s.is_over()
    assert s.check_invariants() == [] and c.check_invariants() == []


def test_crowded_table_never_gets_stuck():
    """Trailing whenever possible piles up to ~48 loose cards, where one card can have
    millions of distinct captures: the listing is capped (LIST_LIMIT), stays legal, and the
    game finishes (CN-8: no deal can get stuck)."""
    from game.engine.cassino.game import LIST_LIMIT

    for players in (2, 4):
        s = new_game(players, 2)
        biggest = 0
        while not s.is_over():
            acts = s.legal_actions()
            caps = {}
            for a in acts:
                if a.verb == "capture":
                    caps[a.groups[0][0]] = caps.get(a.groups[0][0], 0) + 1
            assert all(n <= LIST_LIMIT for n in caps.values())
            biggest = max(biggest, len(s.loose))
            for a in acts[::97]:
                assert s.why_illegal(a) is None
            trails = [a for a in acts if a.verb == "trail"]
            s.apply(trails[0] if trails else acts[0])
        assert biggest > 30 and s.check_invariants() == []
