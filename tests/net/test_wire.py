"""A seat's view over the wire (issue 31): decoded, it equals the server's view field for field
and type for type, in many real positions of every game at every player count; the bytes name
no card the view does not show; a client's computer chooses as it would from the real view."""

from __future__ import annotations

import doctest
import json
import random

import pytest

import game.net.wire
from game.engine.actions import format_action, parse_action
from game.engine.registry import GAMES, get_game
from game.net.wire import (
    events_from_wire,
    events_to_wire,
    view_from_wire,
    view_to_wire,
)
from game.players.base import Decision
from game.players.registry import make_player
from game.session import GameSession

ALL_CONFIGS = [(name, n) for name in GAMES for n in get_game(name).info.player_counts]


def _positions(rules: str, players: int, deals: int = 2, step: int = 3):
    """Real positions: deals of random legal moves, every ``step``-th action."""
    rng = random.Random(f"wire{rules}{players}")
    for deal in range(deals):
        session = GameSession(rules, players, seed=deal + 100)
        session.start_deal()
        state = session.state
        for i in range(600):
            if state.is_over():
                break
            if i % step == 0:
                yield state
            state.apply(rng.choice(state.legal_actions(state.actors()[0])), validate=False)
        yield state  # the end, scores included


@pytest.mark.parametrize("rules, players", ALL_CONFIGS)
def test_every_seat_view_round_trips_exactly(rules, players):
    count = 0
    for state in _positions(rules, players, step=max(3, 2 * players - 4)):  # each view of all
        for seat in range(players):
            view = state.view(seat)
            text = json.dumps(view_to_wire(view))
            back = view_from_wire(json.loads(text))
            assert back == view
            assert repr(back) == repr(view)  # the same types: tuples, bools, the phase enum
            count += 1
    assert count > 20


@pytest.mark.parametrize("rules, players", ALL_CONFIGS)
def test_legal_actions_round_trip_in_the_notation(rules, players):
    for state in _positions(rules, players, deals=1, step=5):
        for seat in state.actors():
            legal = state.legal_actions(seat)
            assert [parse_action(format_action(a)) for a in legal] == legal


@pytest.mark.parametrize("rules, players", ALL_CONFIGS)
def test_a_computer_chooses_the_same_from_the_decoded_view(rules, players):
    """Normal at the client, from the wire, picks what Normal picks from the real view."""
    for state in _positions(rules, players, deals=1, step=7):
        seat = state.actors()[0] if not state.is_over() else 0
        if state.is_over():
            continue
        real = Decision.of(state, seat, (0,) * state.game.num_sides(players))
        wired = Decision(real.game, real.players, real.seat,
                         view_from_wire(json.loads(json.dumps(view_to_wire(real.view)))),
                         [parse_action(format_action(a)) for a in real.legal],
                         list(real.totals), real.options, real.deadline_ms)
        a = make_player("normal", 7).choose(real)
        b = make_player("normal", 7).choose(wired)
        assert a == b


def test_the_wire_names_no_card_the_view_does_not_show():
    """Cassino's cards not yet seen are rebuilt, never sent: every card named in the bytes
    is one the view shows somewhere."""
    from tests.test_events_seen import _seen_places

    for rules, players in (("cassino", 2), ("canastone", 4), ("looking-and-down", 3)):
        for state in _positions(rules, players, deals=1, step=4):
            view = state.view(0)
            data = view_to_wire(view)
            shown = {c for c in _all_cards(data)}
            seen = {game.net.wire.card_out(c) for c in _seen_places(view)}
            assert shown <= seen


def _all_cards(x):
    if isinstance(x, str) and x not in ("??",):
        try:
            game.net.wire.card_in(x)
        except ValueError:
            return
        yield x
    elif isinstance(x, list):
        for i in x:
            yield from _all_cards(i)
    elif isinstance(x, dict):
        for k, v in x.items():
            if k not in ("rules", "kind", "phase"):
                yield from _all_cards(v)


def test_events_keep_hidden_cards_hidden():
    session = GameSession("canasta", 2, seed=4)
    session.start_deal()
    state = session.state
    events = session.apply(state.legal_actions()[0])
    for seat in (0, 1):
        seen = state.events_seen_by(events, seat)
        back = events_from_wire(json.loads(json.dumps(events_to_wire(seen))))
        assert [(e.kind, e.seat, e.cards) for e in back] == [(e.kind, e.seat, e.cards)
                                                             for e in seen]
    assert "??" in json.dumps(events_to_wire(state.events_seen_by(events, 1 - events[0].seat)))


@pytest.mark.parametrize("bad", [
    None, [], {"kind": "chess"}, {"kind": "canasta"}, {"kind": "cassino", "players": "2"},
])
def test_a_malformed_view_is_refused_with_a_reason(bad):
    with pytest.raises(ValueError):
        view_from_wire(bad)


def test_a_view_with_a_wrong_card_is_refused():
    state = GameSession("cassino", 2, seed=1)
    state.start_deal()
    data = view_to_wire(state.state.view(0))
    data["hand"][0] = "ZZ"
    with pytest.raises(ValueError, match="not a card|not a view"):
        view_from_wire(data)
    data["hand"][0] = 7
    with pytest.raises(ValueError):
        view_from_wire(data)


def test_the_module_examples_hold():
    assert doctest.testmod(game.net.wire).failed == 0


WHY_CONFIGS = [(name, get_game(name).info.player_counts[0]) for name in GAMES]


def _explanations(rules: str, players: int, count: int = 25):
    """Hard's explanations (a fixed number of sampled worlds) of real decisions in a deal."""
    from game.players.levels import HardPlayer

    session = GameSession(rules, players, seed=7)
    session.start_deal()
    state = session.state
    hard = HardPlayer(3, samples=8)
    rng = random.Random(rules)
    out = []
    for _ in range(400):
        if state.is_over() or len(out) >= count:
            break
        seat = state.actors()[0]
        decision = Decision.of(state, seat)
        action = hard.choose(decision)
        out.append((hard.last_explanation, set(decision.view.hand) - set(action.cards())))
        state.apply(action if rng.random() < 0.7 else rng.choice(decision.legal),
                    validate=False)
    return out


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("rules, players", WHY_CONFIGS)
def test_an_explanation_over_the_wire_reads_as_at_the_server_and_names_no_hidden_card(
        rules, players, lang):
    """A computer's explanation sent to each seat (the ``why`` frame): decoded, its words for
    that seat are those the server's explanation gives that seat (explanation_lines), and
    for another seat the frame's bytes name no card the computer held hidden that its move
    did not show (an alternative hidden from the seat goes as its verb alone)."""
    from game import i18n
    from game.engine.cards import format_card
    from game.net.messages import Why, parse_server
    from game.net.wire import why_from_wire, why_to_wire
    from game.players.explain import explanation_lines
    from tests.net.test_play import CARD_RE

    i18n.set_language(lang)
    try:
        redacted = 0
        for e, hidden in _explanations(rules, players):
            for viewer in range(players):
                frame = Why(deal=1, seq=1, **why_to_wire(e, viewer)).model_dump_json()
                msg = parse_server(frame)
                back = why_from_wire(msg, rules, e.action)
                assert explanation_lines(back, viewer) == explanation_lines(e, viewer)
                if viewer != e.seat:
                    assert not set(CARD_RE.findall(frame)) & {format_card(c) for c in hidden}
                    redacted += sum(a.action is None for a in msg.alternatives)
        if rules in ("canasta", "quick-canasta", "looking-and-down"):
            assert redacted > 0  # some alternatives were the computer's hidden cards
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("rules, players",
                         [(r, n) for r, n in ALL_CONFIGS if r != "cassino"])
def test_a_staged_melds_needs_read_at_the_window_as_the_engine_says(rules, players):
    """The needs line under a staged meld at a network table (RemoteState.meld_shortfall,
    from the seat's view alone) is the engine's answer at the server, for groups of the
    seat's own cards in many real positions: what a group lacks, or that it is no meld."""
    from game.engine.cards import RANK
    from game.net.remote import RemoteState
    from game.net.wire import table_from_wire, table_to_wire

    rng = random.Random(f"stage{rules}{players}")
    asked = needs = 0
    for state in _positions(rules, players, step=5):
        if state.is_over():
            continue
        seat = state.actors()[0]
        remote = RemoteState(rules, seat, table_from_wire(table_to_wire(state, seat)))
        hand = list(state.view(seat).hand)
        for k in range(6):
            if k % 2:  # any cards: mostly no meld
                cards = rng.sample(hand, min(len(hand), rng.randint(1, 4)))
            else:  # one rank's cards, a wild card or not: a meld, or what it still needs
                rank = RANK[rng.choice(hand)]
                cards = [c for c in hand if RANK[c] == rank][:rng.randint(1, 3)]
                cards += [c for c in hand if RANK[c] in (0, 2)][:rng.randint(0, 1)]  # wild
            short = state.meld_shortfall(seat, cards)
            assert remote.meld_shortfall(seat, cards) == short
            needs += short.cards > 0 and short.reason is None
            asked += 1
    assert asked > 30 and needs > 3
