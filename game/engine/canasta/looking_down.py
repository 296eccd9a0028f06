"""Looking and Down, a Hand and Foot variant (RULES.md section 4, seed 001, Pagat New Canasta)."""

from __future__ import annotations

from typing import Any, Self

from game.engine.actions import Action
from game.engine.canasta.deal import deal_round_robin
from game.engine.canasta.game import CanastaFamilyGame
from game.engine.canasta.melds import Meld
from game.engine.canasta.phase import PLAY
from game.engine.canasta.ruleset import CARD_POINTS, RED_THREES, RuleSet
from game.engine.canasta.state import CanastaState
from game.engine.canasta.table import Shape
from game.engine.events import Event
from game.engine.gameinfo import down_dealer  # LD-2, declared with the game
from game.engine.reasons import Reason, reason
from game.engine.registry import GAMES


class LookingAndDown(RuleSet):
    info = GAMES["looking-and-down"]
    hand_size = 11  # LD-2: 11 looking and 11 down cards
    draw = 2  # LD-9
    points = tuple(0 if c in (2, 41) else p for c, p in enumerate(CARD_POINTS))  # G-4: 3S 3C are 0
    black_three_meld = (7, 7)  # LD-7
    one_meld_per_rank = False  # LD-5
    canasta_closed = True  # LD-6
    melds_per_player = True
    # LD-8
    opening = ((7001, 210), (5001, 150), (3001, 120), (1501, 90), (0, 50), (None, 15))
    canastas_to_go_out = 2  # LD-12
    concealed_bonus = None
    asking = False
    take_with_wild = False
    take_by_adding = False
    take_shows_pair = True  # LD-9
    red_threes_laid_out = False  # LD-7
    unopened_pile_frozen = False
    wild_discard_freezes = False  # LD-4: no frozen pile
    pile_compulsory = False  # LD-13: the stock's end has its own rule
    deals_downs = True  # LD-2

    def deck_codes_for(self, players: int) -> list[int]:
        return (list(range(52)) + [52, 52]) * (players + 1)  # LD-1

    def natural_meld_problem(self, nat: int, wild: int, size: int) -> str | None:
        """LD-5: 3 to 7 cards, wild cards fewer than half."""
        if size < 3:
            return "meld_three_cards"
        if size > self.canasta_size:
            return "ld_meld_seven"
        if 2 * wild >= size:
            return "ld_meld_half_wild"
        return None

    fixed_wild_room = False

    def wild_room(self, nat: int, wild: int, size: int) -> int:
        by_half = size - 2 * wild - 1
        by_size = self.canasta_size - size
        return by_half if by_half < by_size else by_size  # min() without a call: inner loop

    def canasta_bonus(self, meld: Meld) -> int:
        """LD-6: red 500, black 300, red with a red three 1000."""
        if meld.wild:
            return 300
        return 1000 if meld.red3 else 500

    def going_out_refusal(self, needed: int) -> Reason:
        return reason("why_ld_down")


# The base state's hooks are called by name in the variants' overrides on the inner loop's
# path: cheaper than super() in CPython 3.11 (no super object, a specialised attribute load).
_BASE = CanastaState


class LookingAndDownState(CanastaState):
    """The downs (LD-2, LD-11), frozen in time (LD-10), the pile not taken twice running
    (LD-9), no canasta in the opening turn (LD-8), and the end of the stock (LD-12, LD-13)."""

    __slots__ = ("down", "frozen_time", "took_last", "opening_turn", "final_turn", "out_seat")
    # A down is picked up unseen by the others (LD-11).
    private_events = CanastaState.private_events | {"down"}

    def _init_variant(self) -> None:
        n = self.players
        self.down: list[list[int] | None] = [[] for _ in range(n)]  # None once picked up
        self.frozen_time = [False] * n  # LD-10
        self.took_last = [False] * n  # LD-9: took the pile on the seat's last turn
        self.opening_turn = [-1] * n  # LD-8: the turn number of each player's opening
        self.final_turn = -1  # LD-13: the turn number after which the deal ends
        self.out_seat = -1  # LD-12: a frozen-in-time player who went out

    def _deal(self, deck: list[int]) -> list[Event]:
        """Lookings from the looking dealer's left, downs from the down dealer's left (LD-2,
        order decided), then one card starts the pile (LD-4)."""
        n = self.players
        size = self.rules.hand_size
        dd = down_dealer(self.dealer, self.keeper, n)
        downs: list[list[int]] = [[] for _ in range(n)]
        pos = deal_round_robin(self, deck, 0, (self.dealer + 1) % n, size, self._give)
        pos = deal_round_robin(self, deck, pos, (dd + 1) % n, size,
                               lambda seat, c: downs[seat].append(c))
        self.down = [*downs]
        self.pile.append(deck[pos])
        self.stock = deck[pos + 1:][::-1]
        return []

    def _first_player(self) -> int:
        """LD-2: left of the down dealer, passing over the score keeper."""
        n = self.players
        s = (down_dealer(self.dealer, self.keeper, n) + 1) % n
        if s == self.keeper:
            s = (s + 1) % n
        return s

    def in_down(self, seat: int) -> bool:
        return self.down[seat] is None

    def actors(self) -> list[int]:
        if self.over:
            return []
        first = self.current_player()
        return [first] + [s for s in range(self.players) if self.frozen_time[s] and s != first]

    def _free_period(self) -> bool:
        """LD-12/13: turns after the last draw or after a frozen-in-time player went out, in
        which emptying a hand is not going out."""
        if self.out_seat >= 0:
            return True
        return self.final_turn >= 0 and self.turn_no > self.final_turn - self.players

    # ---- turn flow -------------------------------------------------------------------------
    def _turn_begins(self, seat: int, ev: list[Event]) -> None:
        self.frozen_time[seat] = False  # LD-10: until the player's next turn begins
        if self.out_seat == seat:
            self._end_deal("went out while frozen in time", ev)
        elif not self.hsize[seat] and self.in_down(seat) and self._free_period():
            self._end_turn(ev)  # an emptied hand after the end has nothing to play
        elif self._last_round():
            self.phase = PLAY  # LD-13: no draw; the turn starts with melds, a discard or a take

    def _last_round(self) -> bool:
        """LD-13: the round without drawing, after the stock's last card was drawn."""
        return self.final_turn >= 0 and self.turn_no > self.final_turn - self.players

    def _check_draw(self, seat: int) -> Reason | None:
        if self._last_round():
            return reason("ld_no_draw")  # LD-13
        return _BASE._check_draw(self, seat)

    def _takes_without_drawing(self, seat: int) -> bool:
        return self._last_round() and not (self.drew or self.took or self.played)  # LD-13

    def _play_actions(self, seat: int, out_of_turn: bool,
                      discards: bool = True) -> list[Action]:
        out = _BASE._play_actions(self, seat, out_of_turn, discards)
        if not out_of_turn and discards and self._takes_without_drawing(seat):
            out += self._take_variants(seat)  # LD-13: taking the pile starts the turn
        return out

    def apply_recorded(self, action: Action) -> list[Event] | None:
        """LD-13: an older record wrote a draw in the last round; it draws nothing."""
        if (action.verb == "draw" and not action.groups and action.seat == self.turn
                and self._last_round() and not self.over
                and not (self.drew or self.took or self.played)):
            return None
        return _BASE.apply_recorded(self, action)

    def _end_turn(self, ev: list[Event]) -> None:
        self.took_last[self.turn] = self.took
        _BASE._end_turn(self, ev)

    def _turn_ends_deal(self, seat: int) -> bool:
        return self.final_turn >= 0 and self.turn_no >= self.final_turn  # LD-13

    def _stock_ran_out(self, seat: int) -> None:
        if self.final_turn < 0:
            self.final_turn = self.turn_no + self.players  # LD-13: one more round

    def _draw_from_empty_stock(self, seat: int, ev: list[Event]) -> None:
        self.phase = PLAY  # LD-13: the round without drawing
        self.drew = True

    def _acts_out_of_turn(self, seat: int) -> bool:
        return self.frozen_time[seat]

    def _may_empty_hand(self, seat: int) -> bool:
        return not self.in_down(seat) or self._free_period()  # LD-11; LD-12/13

    def _go_out_problem(self, seat: int, after: dict[Any, Shape] | None) -> Reason | None:
        if not self.in_down(seat):
            return reason("why_ld_down")  # LD-12: only from the down
        return _BASE._go_out_problem(self, seat, after)

    def _keep_reason(self, why: Reason, out_of_turn: bool) -> Reason:
        return reason("keep_down", why=why)

    def _opening_turn(self, seat: int) -> bool:
        return (not self.opened[self.side[seat]]) or self.opening_turn[seat] == self.turn_no

    def _side_opens(self, seat: int, out_of_turn: bool) -> None:
        self.opening_turn[seat] = self.turn_no

    def _take_blocker(self, seat: int) -> str | None:
        blocker = _BASE._take_blocker(self, seat)
        if blocker is None and self.took_last[seat]:
            return "ld_take_twice"
        return blocker

    def _pile_taken(self, seat: int) -> None:
        self.frozen_time[seat] = True  # LD-10

    def _after_meld(self, seat: int, out_of_turn: bool, ev: list[Event]) -> None:
        """An empty hand after melding: pick up the down (LD-11), play on in the free period
        (LD-12/13), or go out (out of turn, the others play on: LD-12)."""
        if self.hsize[seat] or self.over:
            return
        if not self.in_down(seat):
            self._pick_up_down(seat, ev)
        elif self._free_period():
            if not out_of_turn:
                self._end_turn(ev)  # nothing left to discard: the turn is over
        elif out_of_turn:
            self.went_out = seat
            self.out_seat = seat  # LD-12: the others play on
            ev.append(Event("out", seat, (), None))
        else:
            self._go_out(seat, ev)

    def _hand_emptied_by_discard(self, seat: int, ev: list[Event]) -> bool:
        if not self.in_down(seat):
            self._pick_up_down(seat, ev)  # LD-11: used up by the discard: the turn ends
            return False
        if self._free_period():
            return False
        self._go_out(seat, ev)
        return True

    def _pick_up_down(self, seat: int, ev: list[Event]) -> None:
        cards = self.down[seat]
        assert cards is not None
        self.down[seat] = None
        for c in cards:
            self._give(seat, c)
        ev.append(Event("down", seat, tuple(cards), None))

    # ---- scoring -----------------------------------------------------------------------------
    def _unplayed_points(self, seat: int) -> int:
        """LD-14: a down never picked up counts against its side (a red three 500)."""
        cards = self.down[seat]
        if cards is None:
            return 0
        pts = self.rules.points
        red3 = self.rules.red_three_in_hand
        return sum(red3 if c in RED_THREES else pts[c] for c in cards)

    def _extra_parts(self, side: int, clean: int, dirty: int) -> dict[str, int]:
        """LD-3: 100 to the dealer's side for an exact grab of the looking, 100 to the down
        dealer's side for the down (option no-grab-bonus: none)."""
        grab = 0
        if "no-grab-bonus" not in self.options:
            dd = down_dealer(self.dealer, self.keeper, self.players)
            if self.setup.grab[0] and self.dealer == side:
                grab += 100
            if self.setup.grab[1] and dd == side:
                grab += 100
        return {"grab": grab}

    def clone(self) -> Self:
        c = super().clone()
        c.down = [d if d is None else d[:] for d in self.down]
        c.frozen_time = self.frozen_time[:]
        c.took_last = self.took_last[:]
        c.opening_turn = self.opening_turn[:]
        c.final_turn = self.final_turn
        c.out_seat = self.out_seat
        return c


LOOKING_AND_DOWN = CanastaFamilyGame(LookingAndDown(), LookingAndDownState)
