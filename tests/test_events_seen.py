"""A seat's events never hold another seat's hidden cards (issue 12, "one public view").

The engines' events carry every card (records, saves and the statistics need them); what the
table of seat 0 receives goes through ``events_seen_by``: a card moved into another seat's
hidden hand (a stock draw CA-8, Canastone's packet CS-3, Looking and Down's down LD-11) keeps its
count but not which card it is. Every other card of an event is public: after the move it lies
where seat 0 may see it.
"""

from __future__ import annotations

import doctest
import random

import pytest

import game.engine.events
from game.engine.canasta.seatview import SeatView
from game.engine.events import HIDDEN, Event
from game.engine.registry import GAMES, get_game
from game.session import GameSession


def _seen_places(view) -> set[int]:
    """Every card code seat 0's view shows somewhere."""
    if not isinstance(view, SeatView):  # Cassino: the table, the captured cards
        seen = set(view.hand) | set(view.loose) | set(view.out)
        for r in view.reservations:
            seen.update(r.cards)
        for pile in view.captured:
            seen.update(pile)
        return seen
    seen = set(view.hand) | set(view.discard)
    for side in view.melds:
        for m in side:
            seen.update(m.cards)
    for group in (*view.red_three_cards, *view.known_hands, *view.discarded):
        seen.update(group)
    return seen


CONFIGS = [(name, n) for name in GAMES for n in sorted({get_game(name).info.player_counts[0],
                                                         get_game(name).info.player_counts[-1]})]


def _check(state, whole: list[Event]) -> int:
    """Seat 0's events of ``whole`` (just applied): the same events, another seat's private
    cards hidden, every other card where seat 0 can see it. Returns the hidden events."""
    seen = state.events_seen_by(whole, 0)
    assert [(e.kind, e.seat, len(e.cards)) for e in seen] == \
        [(e.kind, e.seat, len(e.cards)) for e in whole]
    public = _seen_places(state.view(0))
    hidden = 0
    for e in seen:
        if e.kind in state.private_events and e.seat != 0:
            assert set(e.cards) <= {HIDDEN}, e
            hidden += bool(e.cards)
        elif e.seat != 0:  # seat 0's own cards are its to see
            assert all(c in public for c in e.cards), (e, public)
    return hidden


@pytest.mark.parametrize("rules, players", CONFIGS)
def test_seat_zero_never_receives_a_hidden_card(rules, players):
    rng = random.Random(f"{rules}{players}")
    hidden = 0
    for deal in range(3):
        session = GameSession(rules, players, seed=deal + 11)
        dealt = session.start_deal()
        hidden += _check(session.state, dealt)
        state = session.state
        for _ in range(400):
            if state.is_over():
                break
            actor = state.actors()[0]
            hidden += _check(state, session.apply(rng.choice(state.legal_actions(actor))))
    if rules != "cassino":
        assert hidden, "some other seat drew in three deals"


def test_private_kinds_are_declared_by_each_game():
    kinds = {}
    for name in GAMES:
        session = GameSession(name, get_game(name).info.player_counts[0], seed=1)
        session.start_deal()
        kinds[name] = session.state.private_events
    assert kinds["canasta"] == {"draw"}
    assert kinds["canastone"] == {"draw", "packet"}  # CS-3: the packet is dealt face down
    assert kinds["looking-and-down"] == {"draw", "down"}  # LD-11: a down is picked up unseen
    assert kinds["cassino"] == frozenset()


def test_own_and_public_events_pass_unchanged():
    events = [Event("draw", 0, (4, 7)), Event("discard", 1, (9,)), Event("take", 1, (9, 3))]
    assert game.engine.events.seen_by(events, 0, frozenset({"draw"})) == events


def test_the_module_examples_hold():
    assert doctest.testmod(game.engine.events).failed == 0
