"""Everything the table reads of the deal in progress, in one place.

The table shows the state and asks the engine (through the session) about moves; what it
needs to know of the position (whose turn, the phase, a side's opening minimum, the cards on
Cassino's table...) comes from :class:`TableReads`, never from ``session.state`` spread through
the drawing and gesture code. When the engine offers a typed per-seat view, this is the one
file to switch over.
"""

from __future__ import annotations

from game.canasta.phase import DRAW


class TableReads:
    """A read-only window on ``state`` (the current deal) for ``players`` seats."""

    __slots__ = ("state", "players")

    def __init__(self, state, players: int) -> None:
        self.state = state
        self.players = players

    # ---- turn ------------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.state.is_over()

    @property
    def current_player(self) -> int:
        return self.state.current_player()

    @property
    def turn(self) -> int:
        return self.state.turn

    @property
    def turn_no(self) -> int:
        return self.state.turn_no

    @property
    def phase(self) -> int:
        return getattr(self.state, "phase", -1)

    def actors(self) -> list[int]:
        """Seats that may act now, the one to move first."""
        return list(self.state.actors())

    def legal_actions(self, seat: int) -> list:
        return self.state.legal_actions(seat)

    # ---- hands -----------------------------------------------------------------------------
    def hand(self, seat: int) -> list[int]:
        st = self.state
        if hasattr(st, "hand_cards"):
            return st.hand_cards(seat)
        return list(st.hands[seat])

    # ---- canasta family --------------------------------------------------------------------
    def side(self, seat: int) -> int:
        return self.state.side[seat]

    def opened(self, seat: int) -> bool:
        return bool(self.state.opened[self.side(seat)])

    def open_min(self, seat: int) -> int:
        return self.state.open_min[self.side(seat)]

    def may_open_first(self, seat: int) -> bool:
        """Canastone's choice before drawing: open from the hand first, or draw two."""
        st = self.state
        return (st.phase == DRAW and st.rules.open_first and not self.opened(seat)
                and not st.opened_first)

    def pile(self) -> list[int]:
        """The discard pile, bottom card first."""
        return list(self.state.pile)

    @property
    def draw_only(self) -> bool:
        return bool(self.state.draw_only)

    @property
    def asked(self) -> int:
        """The partner asked for permission to go out (CS-13), or -1."""
        return self.state.ask_partner

    def partners(self, seat: int) -> list[int]:
        return list(self.state.rules.partners(seat, self.players))

    @property
    def has_downs(self) -> bool:
        """Looking and Down: players with a down may meld out of turn (LD-11)."""
        return getattr(self.state, "down", None) is not None

    def frozen_in_time(self, seat: int) -> bool:
        return self.has_downs and bool(self.state.frozen_time[seat])

    # ---- Cassino ---------------------------------------------------------------------------
    def reservations(self) -> list[tuple[int, ...]]:
        return [tuple(cards) for cards, _value, _owner in self.state.res]

    def table_cards(self) -> set[int]:
        """Every card on Cassino's table, loose or in a reservation."""
        return set(self.state.loose) | {c for cards in self.reservations() for c in cards}
