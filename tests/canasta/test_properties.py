"""Property tests over random canasta-family deals (hypothesis chooses the seeds).

For every game and player count: random decks, dealers, keepers and cumulative scores, and
random legal play (``random.Random(seed).choice`` over ``legal_actions(seat)`` for a seat in
``actors()``). Checked:

- card conservation after every action (``check_invariants() == []``), and that the deal ends
  within a bounded number of actions, with parts that add up to the deal's scores;
- every listed action passes ``why_illegal`` (the whole list, at a sample of states);
- determinism: the same deal and choices give identical events, summaries and scores, also
  through a DealRecord (format_action -> parse_action -> replay) and through ``clone``;
- observation hiding: re-dealing the cards a seat cannot see (other hands except cards known
  from pile pickups, the stock, the packet, the downs) leaves ``observation(seat)`` and that
  seat's legal actions unchanged;
- generator completeness: brute-force candidate draw/take/meld/add/discard/ask actions (every
  rank with every count of naturals, of jokers and of twos, canonical cards: suits in S H D C
  order) that pass ``why_illegal`` must appear among ``legal_actions`` up
  to their shape (verb, target, rank, natural count, jokers, twos): a joker and a two are
  different cards (50 points or 20). Actions of several groups: test_listing_complete.py.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine.actions import Action, format_action, parse_action
from game.engine.base import DealSetup
from game.engine.cards import JOKER, RANK, codes_of_rank, format_card
from game.engine.errors import Misdeal
from game.engine.record import DealRecord, replay
from game.engine.registry import get_game

from .helpers import CA, CS, LD, QC, assert_sentence

CONFIGS = ([(CA, n) for n in (2, 3, 4)] + [(QC, n) for n in (2, 3, 4)]
           + [(CS, n) for n in (2, 3, 4, 6)] + [(LD, n) for n in range(2, 8)])
IDS = [f"{r}-{n}" for r, n in CONFIGS]
MAX_ACTIONS = 3000
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
PROFILE = settings(max_examples=4, deadline=None, derandomize=True,
                   suppress_health_check=[HealthCheck.too_slow])

RED_THREES = (15, 28)
TWOS = (1, 14, 27, 40)
NATURAL_RANKS = (4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1)
RANK_CODES = {r: codes_of_rank(r) for r in range(1, 14)}
RANK_CODES[3] = (2, 41)  # a meld of threes is black threes only


def is_wild(c: int) -> bool:
    return c == JOKER or RANK[c] == 2


# ---------------------------------------------------------------------------------------
# Random deals and random play
# ---------------------------------------------------------------------------------------
SCORES = (0, 0, -40, 1500, 3000, 5000, 7500)


def new_deal(rules: str, players: int, seed: int, options=frozenset(), scores=SCORES):
    """A random deal: shuffled deck, dealer, keeper, cumulative scores (from ``scores``),
    grabs."""
    rng = random.Random(seed)
    game = get_game(rules)
    sides = game.num_sides(players)
    while True:
        deck = game.deck_for(players, options)
        rng.shuffle(deck)
        dealer = rng.randrange(players)
        keeper = -1
        if rules == LD:
            keeper = rng.choice([s for s in range(players) if s != dealer])
        totals = tuple(rng.choice(scores) for _ in range(sides))
        setup = DealSetup(players=players, deck=tuple(deck), dealer=dealer, scores=totals,
                          keeper=keeper, grab=(rng.random() < 0.3, rng.random() < 0.3),
                          options=frozenset(options))
        try:
            return game.new_deal(setup), setup
        except Misdeal:
            continue  # CS-2: deal again


def choose(state, rng: random.Random) -> Action:
    actors = state.actors()
    assert actors, "a deal in progress has nobody to act"
    seat = actors[0] if len(actors) == 1 or rng.random() < 0.7 else rng.choice(actors)
    legal = state.legal_actions(seat)
    if not legal:
        seat = actors[0]
        legal = state.legal_actions(seat)
    assert legal, f"seat {seat} is to move but has no legal action"
    return rng.choice(legal)


def play(rules, players, seed, every=None, options=frozenset()):
    """Play a random deal to its end; ``every(state, step, rng)`` is called before each
    action. Returns (setup, actions, events per action, final state)."""
    state, setup = new_deal(rules, players, seed, options)
    rng = random.Random(seed ^ 0x5EED)
    actions, events = [], []
    for step in range(MAX_ACTIONS):
        if state.is_over():
            return setup, actions, events, state
        if every:
            every(state, step, rng)
        a = choose(state, rng)
        actions.append(a)
        events.append(state.apply(a))
    raise AssertionError(f"the deal did not end within {MAX_ACTIONS} actions")


# ---------------------------------------------------------------------------------------
# Conservation, termination, legality of the list
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("rules,players", CONFIGS, ids=IDS)
@PROFILE
@given(seed=SEEDS)
def test_conservation_termination_and_listed_actions_are_legal(rules, players, seed):
    checked = []

    def every(state, step, rng):
        assert state.check_invariants() == [], state.check_invariants()
        if step % 7 == 0:
            for seat in state.actors():
                for a in state.legal_actions(seat):
                    problem = state.why_illegal(a)
                    assert problem is None, (format_action(a), problem)
                checked.append(step)

    _, actions, _, final = play(rules, players, seed, every)
    assert final.check_invariants() == []
    assert final.current_player() == -1 and final.actors() == []
    assert final.legal_actions() == []
    refusal = final.why_illegal(parse_action("0 draw"))
    assert refusal is not None
    assert_sentence(refusal)
    scores, parts = final.deal_scores(), final.breakdown()
    assert len(scores) == get_game(rules).num_sides(players)
    assert [sum(p.values()) for p in parts] == scores
    assert checked


# ---------------------------------------------------------------------------------------
# Determinism
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("rules,players", CONFIGS, ids=IDS)
@PROFILE
@given(seed=SEEDS)
def test_determinism_same_deal_same_choices(rules, players, seed):
    summaries = []
    setup, actions, events, final = play(
        rules, players, seed, lambda s, i, r: summaries.append(s.summary()) if i % 5 == 0
        else None)
    # the same deal and choices again, from the setup
    game = get_game(rules)
    again = game.new_deal(setup)
    for i, a in enumerate(actions):
        if i % 5 == 0:
            assert again.summary() == summaries[i // 5], f"differs before action {i}"
        assert again.apply(a) == events[i], f"events differ at action {i}"
    assert again.summary() == final.summary()
    assert again.deal_scores() == final.deal_scores()
    assert again.breakdown() == final.breakdown()
    # and through the notation: a record of the deal replays to the same end
    texts = [format_action(a) for a in actions]
    assert [format_action(parse_action(t)) for t in texts] == texts
    record = DealRecord.from_setup(rules, setup, texts)
    result, code = replay(DealRecord.model_validate_json(record.model_dump_json()))
    assert code == 0 and result["ok"] and result["applied"] == len(actions)
    assert result["deal_over"] is True
    assert result["deal_scores"] == final.deal_scores()
    assert result["breakdown"] == final.breakdown()
    assert result["state"] == final.summary()


@pytest.mark.parametrize("rules,players", CONFIGS, ids=IDS)
@PROFILE
@given(seed=SEEDS)
def test_clone_is_independent_and_identical(rules, players, seed):
    def every(state, step, rng):
        if step % 11 == 0:
            before = state.summary()
            copy = state.clone()
            assert copy.summary() == before
            assert copy.legal_actions() == state.legal_actions()
            a = choose(copy, random.Random(step))
            ev = copy.apply(a)
            assert state.summary() == before, "applying to a clone changed the original"
            twin = state.clone()
            assert twin.apply(a) == ev and twin.summary() == copy.summary()

    play(rules, players, seed, every)


# ---------------------------------------------------------------------------------------
# Observation hiding
# ---------------------------------------------------------------------------------------
def rehide(state, seat: int, rng: random.Random):
    """A copy of ``state`` where every card ``seat`` cannot see is dealt again among the same
    hidden places with the same counts (red threes, which are laid out at once in Canasta,
    Quick Canasta and Canastone, never land in a hand there)."""
    c = state.clone()
    n = c.players
    laid_out = c.rules.red_threes_laid_out
    keep = {}
    free_count = {}
    pool = []
    for s in range(n):
        if s == seat:
            continue
        held = Counter(c.hand_cards(s))
        known = Counter(c.known[s]) & held
        keep[s] = known
        free = held - known
        free_count[s] = sum(free.values())
        pool.extend(free.elements())
    stock_n, packet_n = len(c.stock), len(c.packet)
    pool += list(c.stock) + list(c.packet)
    down_n = {}
    if c.down is not None:
        for s in range(n):
            if c.down[s] is not None:
                down_n[s] = len(c.down[s])
                pool += list(c.down[s])
    rng.shuffle(pool)
    if laid_out:
        reds = [x for x in pool if x in RED_THREES]
        others = [x for x in pool if x not in RED_THREES]
        hand_total = sum(free_count.values())
        for_hands, rest = others[:hand_total], others[hand_total:] + reds
        rng.shuffle(rest)
        pool = for_hands + rest
    it = iter(pool)
    for s, k in free_count.items():
        cards = list(keep[s].elements()) + [next(it) for _ in range(k)]
        c.hand[s] = [0] * 53
        c.hrank[s] = [0] * 14
        c.hsize[s] = 0
        for x in cards:
            c._give(s, x)
    c.stock = [next(it) for _ in range(stock_n)]
    c.packet = [next(it) for _ in range(packet_n)]
    for s, k in down_n.items():
        c.down[s] = [next(it) for _ in range(k)]
    assert next(it, None) is None
    assert c.check_invariants() == []
    return c


@pytest.mark.parametrize("rules,players", CONFIGS, ids=IDS)
@PROFILE
@given(seed=SEEDS)
def test_observation_hides_other_hands_stock_packet_and_downs(rules, players, seed):
    seen = []

    def every(state, step, rng):
        if step % 9 != 0:
            return
        for seat in range(state.players):
            other = rehide(state, seat, rng)
            assert other.observation(seat) == state.observation(seat), (step, seat)
            assert other.view(seat) == state.view(seat), (step, seat)  # the players' form
            if seat in state.actors():
                assert other.legal_actions(seat) == state.legal_actions(seat), (step, seat)
        seen.append(step)

    play(rules, players, seed, every)
    assert seen


def test_observation_shows_own_hand_not_others():
    """The observation holds the seat's own hand, and only counts of the others'."""
    state, _ = new_deal(CA, 4, 7)
    obs = state.observation(1)
    assert sorted(obs["hand"]) == sorted(format_card(x) for x in state.hand_cards(1))
    assert obs["hand_counts"] == [len(state.hand_cards(s)) for s in range(4)]
    text = repr(obs)
    assert "hands" not in obs and "red_three_cards" not in obs
    assert isinstance(obs["stock"], int) and isinstance(obs["packet"], int)
    assert "downs" not in obs or all(d is None or isinstance(d, int) for d in obs["downs"])
    assert text


# ---------------------------------------------------------------------------------------
# Completeness of the generator
# ---------------------------------------------------------------------------------------
def shape(a: Action, partners=()):
    """(verb, target, rank, natural count, jokers, twos) of a one-group action (a joker and a
    two are different cards: 50 points or 20); verbs without cards, discards and the plain
    'take' keep their identity ('ask' names the partner, which may be left out when there is
    only one)."""
    if a.verb in ("draw", "yes", "no"):
        return (a.verb,)
    if a.verb == "ask":
        return (a.verb, partners[0] if a.target < 0 and len(partners) == 1 else a.target)
    if a.verb == "discard":
        return (a.verb, a.groups[0][0])
    if not a.groups:
        return (a.verb, a.target, None, 0, 0, 0)
    g = a.groups[0]
    nat = [x for x in g if not is_wild(x)]
    rank = RANK[nat[0]] if nat else 0
    jokers = g.count(JOKER)
    return (a.verb, a.target, rank, len(nat), jokers, len(g) - len(nat) - jokers)


def canonical(held: Counter, rank: int, k: int, jokers: int, twos: int):
    """k cards of ``rank`` (suits in S H D C order), ``jokers`` jokers and ``twos`` twos
    (suits in order), or None when the hand cannot supply them."""
    nat = []
    for x in RANK_CODES[rank] if rank else ():
        nat += [x] * held[x]
    held_twos = []
    for x in TWOS:
        held_twos += [x] * held[x]
    if len(nat) < k or held[JOKER] < jokers or len(held_twos) < twos:
        return None
    return tuple(nat[:k]) + (JOKER,) * jokers + tuple(held_twos[:twos])


def brute_candidates(state, seat: int):
    """Every draw/take/meld/add/discard/ask/answer of one group with canonical cards: every
    count of naturals with every count of jokers and of twos."""
    held = Counter(state.hand_cards(seat))
    held_twos = sum(held[x] for x in TWOS)
    out = [Action(seat, "draw"), Action(seat, "yes"), Action(seat, "no"),
           Action(seat, "ask", (), -1)]
    out += [Action(seat, "ask", (), p) for p in range(state.players) if p != seat]
    out += [Action(seat, "discard", ((x,),)) for x in sorted(held)]
    counts = {r: sum(held[x] for x in RANK_CODES[r]) for r in RANK_CODES}

    def groups(rank):
        for k in range(0, counts.get(rank, 0) + 1 if rank else 1):
            for j in range(0, held[JOKER] + 1):
                for t in range(0, held_twos + 1):
                    if k + j + t:
                        yield canonical(held, rank, k, j, t)

    for rank in (0, 3) + NATURAL_RANKS:
        out += [Action(seat, "meld", (g,)) for g in groups(rank)]
    side = state.game.side_of(seat, state.players)
    for m in state.melds[side]:
        out += [Action(seat, "add", (g,), m.key) for g in groups(m.rank)]
        if state.rules.canasta_closed:
            out += [Action(seat, "add", ((r,),), m.key) for r in RED_THREES if held[r]]
    if state.pile:
        top_rank = RANK[state.pile[-1]]
        out.append(Action(seat, "take"))
        if top_rank in RANK_CODES:
            out += [Action(seat, "take", (g,)) for g in groups(top_rank)]
    return out


def check_complete(state, seat: int):
    partners = state.rules.partners(seat, state.players)
    listed = {shape(a, partners) for a in state.legal_actions(seat) if len(a.groups) <= 1}
    missing = []
    for a in brute_candidates(state, seat):
        if state.why_illegal(a) is None and shape(a, partners) not in listed:
            missing.append(format_action(a))
    return missing


@pytest.mark.parametrize("rules,players", CONFIGS, ids=IDS)
@PROFILE
@given(seed=SEEDS)
def test_generator_lists_every_legal_shape(rules, players, seed):
    problems = []
    checked = []

    def every(state, step, rng):
        if step % 6 != 0:
            return
        for seat in state.actors():
            miss = check_complete(state, seat)
            if miss:
                problems.append((step, seat, miss[:4]))
        checked.append(step)

    play(rules, players, seed, every)
    assert checked
    assert problems == []


OPTION_CONFIGS = [
    (CA, 2, ("pagat-small-tables",)), (CA, 3, ("pagat-small-tables",)),
    (CS, 4, ("two-clean-to-close", "never-opened-double")),
    (CS, 6, ("five-canasta-needs-both", "no-asking", "target-15000")),
    (LD, 3, ("no-grab-bonus",)),
]


@pytest.mark.parametrize("rules,players,options", OPTION_CONFIGS,
                         ids=[f"{r}-{n}-{'+'.join(o)}" for r, n, o in OPTION_CONFIGS])
@settings(max_examples=3, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_options_conservation_legality_and_completeness(rules, players, options, seed):
    """The same properties with the rule options of RULES.md switched on."""
    problems = []

    def every(state, step, rng):
        assert state.check_invariants() == []
        for seat in state.actors():
            if step % 5 == 0:
                for a in state.legal_actions(seat):
                    assert state.why_illegal(a) is None, format_action(a)
                    assert not (a.verb == "ask" and "no-asking" in options)
            if step % 8 == 0:
                miss = check_complete(state, seat)
                if miss:
                    problems.append((step, seat, miss[:4]))

    *_, final = play(rules, players, seed, every, frozenset(options))
    assert problems == []
    scores, parts = final.deal_scores(), final.breakdown()
    assert [sum(p.values()) for p in parts] == scores
    if "no-grab-bonus" in options:
        assert all(p["grab"] == 0 for p in parts)


# ---------------------------------------------------------------------------------------
# Random (mostly illegal) actions: a readable refusal, or a legal action that keeps the
# table whole
# ---------------------------------------------------------------------------------------
def random_text(state, rng: random.Random) -> str:
    """A random action in notation, from the cards the seat holds (and a few others)."""
    seat = rng.choice(state.actors() + [rng.randrange(state.players)])
    held = [format_card(x) for x in state.hand_cards(seat)] or ["AS"]
    verb = rng.choice(("draw", "take", "meld", "add", "discard", "ask", "yes", "no"))

    def group():
        return " ".join(rng.choice(held if rng.random() < 0.85 else ["JK", "2C", "7H", "3S"])
                        for _ in range(rng.randint(1, 5)))

    if verb in ("draw", "yes", "no"):
        return f"{seat} {verb}"
    if verb == "ask":
        return f"{seat} ask" + (f" {rng.randrange(state.players)}" if rng.random() < .5 else "")
    if verb == "discard":
        return f"{seat} discard {rng.choice(held)}"
    if verb == "add":
        key = rng.choice(["A", "4", "7", "9", "K", "W", "7#2", "3"])
        return f"{seat} add {key} {group()}"
    if verb == "take" and rng.random() < 0.3:
        return f"{seat} take"
    return f"{seat} {verb} " + " / ".join(group() for _ in range(rng.randint(1, 3)))


@pytest.mark.parametrize("rules,players", [(CA, 4), (QC, 2), (CS, 6), (LD, 3)],
                         ids=["canasta-4", "quick-canasta-2", "canastone-6", "ld-3"])
@settings(max_examples=2, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_random_actions_are_refused_with_sentences_or_keep_the_table(rules, players, seed):
    def every(state, step, rng):
        if step % 3:
            return
        for _ in range(25):
            text = random_text(state, rng)
            a = parse_action(text)
            problem = state.why_illegal(a)
            if problem is not None:
                assert_sentence(problem)
                assert str(problem) == problem  # a str, fit for the replay 'reason'
                continue
            copy = state.clone()
            copy.apply(a)
            assert copy.check_invariants() == [], text

    play(rules, players, seed, every)
