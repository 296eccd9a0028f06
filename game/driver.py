"""One deal, one loop: who is asked for a move next, and the loop that asks them.

A *seat* is anything that answers "your move" from its own view: ``choose(decision)`` returns
one action of ``decision.legal``, and ``choose_optional(decision)`` one of them or None for an
out-of-turn right it lets pass (Looking and Down's frozen-in-time players, LD-10). A computer
player is a seat; so is the local player at the table, or a remote one. The driver never
decides legality, the engine does; it decides only who is asked, in what order and how often.

:class:`DealDriver` is the schedule alone, for callers that ask asynchronously (the table asks
its computers in a worker thread); :func:`play_deal` runs a deal to its end with it.

>>> from game.engine.match import Match
>>> from game.players.registry import make_player
>>> from game.engine.registry import get_game
>>> state = Match(get_game("cassino"), 2, seed=5).start_deal()
>>> end = play_deal(state, [make_player("simple", 1), make_player("simple", 2)])
>>> end.error is None and state.is_over() and end.actions > 0
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from game.engine.actions import Action
from game.engine.base import DealState
from game.engine.events import Event
from game.players.base import Decision

# Out-of-turn actions one seat may take in a row before the turn goes on: a seat that keeps
# melding out of turn is stopped here rather than holding the table forever.
OPTIONAL_TRIES = 12
MAX_ACTIONS = 5000  # a deal that has not ended by then is reported, never looped on


class Seat(Protocol):
    def choose(self, decision: Decision) -> Action: ...

    def choose_optional(self, decision: Decision) -> Action | None: ...


@dataclass(frozen=True)
class Ask:
    """The driver's question: ``seat`` is asked for a move; ``optional`` when it may pass."""

    seat: int
    optional: bool = False


class DealDriver:
    """Whose move it is. At the start of each turn every seat with an out-of-turn right
    (``state.actors()[1:]``) is offered it in seat order, up to :data:`OPTIONAL_TRIES` actions
    in a row, until it passes or loses the right; then the seat whose turn it is moves."""

    def __init__(self, state: DealState, tries: int = OPTIONAL_TRIES) -> None:
        self.state = state
        self.tries = tries
        self._turn: tuple[int, int] | None = None
        self._offers: list[int] = []
        self._taken = 0

    def ask(self) -> Ask | None:
        """The next question, or None once the deal is over."""
        st = self.state
        if st.is_over():
            return None
        turn = (st.current_player(), st.turn_count())
        if turn != self._turn:
            self._turn = turn
            self._offers = st.actors()[1:]
            self._taken = 0
        while self._offers:
            if self._offers[0] in st.actors()[1:]:
                return Ask(self._offers[0], optional=True)
            self._next_offer()  # the right is gone (the seat went out, or the time thawed)
        return Ask(st.current_player())

    def answered(self, ask: Ask, action: Action | None) -> None:
        """Note the seat's answer (None: it passed); the caller applies the action."""
        if not ask.optional or not self._offers or self._offers[0] != ask.seat:
            return
        self._taken += 1
        if action is None or self._taken >= self.tries:
            self._next_offer()

    def _next_offer(self) -> None:
        self._offers.pop(0)
        self._taken = 0


@dataclass
class DealEnd:
    """How a deal driven by :func:`play_deal` ended: the actions applied, and what stopped it
    early if something did (a seat with no legal move, an unlisted action, no end)."""

    actions: int
    error: str | None = None


def play_deal(
    state: DealState,
    seats: Sequence[Seat],
    *,
    decide: Callable[[int], Decision] | None = None,
    apply: Callable[[Action], Any] | None = None,
    on_action: Callable[[int, Action, list[Event]], None] | None = None,
    max_actions: int = MAX_ACTIONS,
) -> DealEnd:
    """Ask each seat for its move until the deal ends (or ``max_actions`` are applied).

    ``decide(seat)`` makes a seat's decision (its view and legal actions; by default with no
    scores or options); ``apply(action)`` applies a listed action (by default the engine's,
    unchecked, since the action is one the engine listed); ``on_action(seat, action, events)``
    hears every applied action."""
    if decide is None:
        def decide(seat: int) -> Decision:
            return Decision.of(state, seat)
    if apply is None:
        def apply(action: Action) -> list[Event]:
            return state.apply(action, validate=False)
    driver = DealDriver(state)
    done = 0
    while (ask := driver.ask()) is not None:
        if done >= max_actions:
            return DealEnd(done, "the deal did not end")
        decision = decide(ask.seat)
        if ask.optional:
            action = seats[ask.seat].choose_optional(decision) if decision.legal else None
            driver.answered(ask, action)
            if action is None:
                continue
        elif not decision.legal:  # an engine dead end: stop rather than loop
            return DealEnd(done, f"seat {ask.seat} has no legal action")
        else:
            action = seats[ask.seat].choose(decision)
        if action not in decision.legal:
            return DealEnd(done, f"seat {ask.seat} chose an unlisted action {action}")
        events = apply(action)
        done += 1
        if on_action is not None:
            on_action(ask.seat, action, events if isinstance(events, list) else [])
    return DealEnd(done)
