"""The fields of a canasta-family deal state, declared once for the parts that use them.

The state (``state.py``) is one class assembled from parts, one per idea: checking
(``checking.py``), applying and the flow of turns (``applying.py``), listing (``listing.py``),
scoring (``scoring.py``) and views (``views.py``). Each part derives from :class:`TableState`,
which declares the data they share and, for the type checker, the methods one part calls in
another.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.canasta.melds import Meld

if TYPE_CHECKING:
    from game.engine.actions import Action
    from game.engine.base import DealSetup
    from game.engine.canasta.ruleset import RuleSet
    from game.engine.events import Event
    from game.engine.reasons import Reason

# A meld's shape as the checks count it: (rank, naturals, jokers, twos, red threes).
Shape = tuple[int, int, int, int, int]
# An action's groups of cards (Action.groups).
Groups = tuple[tuple[int, ...], ...]


class TableState:
    # No __slots__ here: the assembled CanastaState declares them (DealState has a __dict__).
    rules: RuleSet
    setup: DealSetup
    players: int
    nsides: int
    side: list[int]  # each seat's side
    options: frozenset[str]
    dealer: int
    keeper: int
    # hands: counts per card code, per rank (0 = jokers), and sizes
    hand: list[list[int]]
    hrank: list[list[int]]
    hsize: list[int]
    stock: list[int]  # top is the end of the list
    pile: list[int]  # bottom first
    # the cards face up (the pile, the melds, the red threes laid out) counted by kind
    # (melds.KIND) as they move: what a player's count of the unseen cards reads
    shown_kinds: list[int]
    packet: list[int]  # face-down cards taken with the pile (Canastone's packet, CS-3)
    frozen: bool
    discarded: list[list[int]]
    melds: list[list[Meld]]
    by_key: list[dict[int, Meld]]
    red3: list[list[int]]
    opened: list[bool]
    open_min: list[int]
    known: list[list[int]]
    # the turn
    turn: int
    phase: int  # a Phase value
    turn_no: int
    drew: bool
    took: bool
    played: bool
    draw_only: bool  # Canastone's (CS-9): only a discard is left this turn
    opened_first: bool  # Canastone's (CS-9): opened before drawing this turn
    melded_before: list[bool]
    turn_fresh: bool
    touched_old: bool
    new_keys: list[int]
    ask: int  # an Ask value
    ask_partner: int
    asked: bool
    # the end
    went_out: int
    concealed: bool
    over: bool
    end_reason: str
    _scores: list[int] | None
    _parts: list[dict[str, int]] | None
    # fixed for the deal
    draw_n: int
    needed: int
    can_ask: bool
    pile_red3: bool
    ask_actions: tuple[tuple[Action, ...], ...]
    deal_events: list[Event]
    # Looking and Down's (LD-2, LD-9, LD-10), read by every game's views and table
    down: list[list[int] | None] | None

    if TYPE_CHECKING:
        # What one part calls in another (defined in state.py and the parts).
        def _give(self, seat: int, code: int) -> None: ...
        def _take_card(self, seat: int, code: int) -> None: ...
        def in_down(self, seat: int) -> bool: ...
        def current_player(self) -> int: ...
        def hand_cards(self, seat: int) -> list[int]: ...
        def count_shown(self) -> list[int]: ...
        def deal_scores(self) -> list[int] | None: ...
        def breakdown(self) -> list[dict[str, int]] | None: ...
        @property
        def frozen_time(self) -> list[bool]: ...
        @frozen_time.setter
        def frozen_time(self, value: list[bool]) -> None: ...
        @property
        def took_last(self) -> list[bool]: ...
        @took_last.setter
        def took_last(self, value: list[bool]) -> None: ...
        # checking
        def why_illegal(self, action: Action) -> Reason | None: ...
        def _canastas(self, side: int, after: dict[Any, Shape] | None = None
                      ) -> tuple[int, int, bool]: ...
        def _wild_meld_short(self, side: int) -> bool: ...
        def _go_out_problem(self, seat: int, after: dict[Any, Shape] | None
                            ) -> Reason | None: ...
        def _out_of_reach(self, seat: int) -> Reason | None: ...
        def _may_reach_out(self, seat: int, extra: int = 0) -> bool: ...
        def _cards_to_come(self, seat: int) -> int: ...
        def _hand_may_go_out(self, seat: int) -> bool: ...
        def _end_problem(self, seat: int, left: int, after: dict[Any, Shape] | None,
                         out_of_turn: bool, last: int = -1) -> Reason | None: ...
        def _after_shape(self, side: int, key: int, rank: int, cards: Any,
                         base: Meld | None) -> Shape: ...
        def _shape_problem(self, seat: int, shape: Shape, base: Meld | None,
                           opening_turn: bool, short_after: bool) -> Reason | None: ...
        def _classify(self, group: Any) -> tuple[int, Reason | None]: ...
        def _check_draw(self, seat: int) -> Reason | None: ...
        def _check_take(self, seat: int, groups: Any) -> Reason | None: ...
        def _check_meld_groups(self, seat: int, groups: Any, out_of_turn: bool,
                               extra_in: int, take_top: int) -> Reason | None: ...
        def _check_add(self, seat: int, key: int, groups: Any,
                       out_of_turn: bool) -> Reason | None: ...
        def _check_discard(self, seat: int, groups: Any) -> Reason | None: ...
        def _take_blocker(self, seat: int) -> str | None: ...
        def _take_gain(self) -> int: ...
        def _opening_turn(self, seat: int) -> bool: ...
        def _black_threes_pending(self, seat: int) -> bool: ...
        def _acts_out_of_turn(self, seat: int) -> bool: ...
        # applying
        def _end_deal(self, why: str, ev: list[Event]) -> None: ...
        def _end_turn(self, ev: list[Event]) -> None: ...
        def _go_out(self, seat: int, ev: list[Event]) -> None: ...
        # listing
        def _take_variants(self, seat: int) -> list[Action]: ...
        def _play_actions(self, seat: int, out_of_turn: bool,
                          discards: bool = True) -> list[Action]: ...
        def _openings(self, seat: int, used: dict[int, int] | None, minimum: int,
                      exclude_rank: int = -1) -> list[tuple[tuple[int, ...], ...]]: ...
