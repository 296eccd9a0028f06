"""Canastone, Italian canasta (RULES.md section 3, seed 000, Pagat Canastone)."""

from __future__ import annotations

from typing import Self

from game.engine.actions import Action, make
from game.engine.canasta.deal import deal_round_robin, wild_or_three
from game.engine.canasta.game import CanastaFamilyGame
from game.engine.canasta.melds import Meld
from game.engine.canasta.phase import DRAW
from game.engine.canasta.ruleset import NATURAL_RANKS, RuleSet, is_wild
from game.engine.canasta.state import CanastaState
from game.engine.cards import JOKER, RANK
from game.engine.errors import Misdeal
from game.engine.events import Event
from game.engine.reasons import Reason, reason
from game.engine.registry import GAMES


class Canastone(RuleSet):
    info = GAMES["canastone"]
    decks = 3  # CS-1: three 54-card decks
    hand_size = 15  # CS-1
    draw = 2  # CS-10
    max_wild_in_meld = 2  # CS-5
    black_three_meld = None
    wild_meld = True  # CS-6
    # CS-8 (200 only matters when the target is above 12000)
    opening = ((12000, 200), (10000, 180), (7000, 160), (5000, 120), (3000, 90), (None, 50))
    concealed_bonus = None
    going_out_bonus = 300  # CS-15: closing
    discard_to_go_out = True  # CS-12
    take_with_wild = False  # CS-11: natural cards only
    take_by_adding = False  # CS-11: never by adding the top card alone
    take_naturals_frozen = 3
    unopened_pile_frozen = False  # CS-9 already keeps an unopened side off the pile
    open_first = True  # CS-9
    pile_closed_to_unopened = True  # CS-9
    clean_opening_minimum = 50  # CS-8
    ask_right_after_draw = False  # CS-13: any time before closing, before the draw too
    draw_after_take = 1  # CS-10
    deals_packet = True  # CS-3
    pile_compulsory = False  # CS-14: the deal ends with the stock's last card

    def natural_meld_problem(self, nat: int, wild: int, size: int) -> str | None:
        """CS-5: at most 2 wild cards, and fewer wild cards than natural cards."""
        if size < 3:
            return "meld_three_cards"
        if wild > self.max_wild_in_meld:
            return "cs_meld_two_wild"
        if wild >= nat:
            return "cs_meld_fewer_wild"
        return None

    fixed_wild_room = False

    def wild_room(self, nat: int, wild: int, size: int) -> int:
        cap = self.max_wild_in_meld
        return (cap if cap < nat - 1 else nat - 1) - wild  # min() without a call: inner loop

    def canasta_accepts_wild(self) -> bool:
        return False  # CS-7: only natural cards are added to a natural-rank canasta

    def wild_meld_clean(self, jokers: int, twos: int) -> bool:
        """CS-7: dirty exactly when it holds at least 2 twos and at least 1 joker."""
        return not (twos >= 2 and jokers >= 1)

    def canasta_bonus(self, meld: Meld) -> int:
        """CS-15."""
        if meld.rank == 0:
            if not self.wild_meld_clean(meld.jok, meld.two):
                return 2000
            return 3000 if meld.jok == 0 else 5000
        if meld.rank == 1:
            return 1000 if meld.wild == 0 else 500
        return 500 if meld.wild == 0 else 300

    def red_three_score(self, count: int, opened: bool, clean: int, dirty: int) -> int:
        """CS-16: per red three by the side's canastas, doubled with four or more."""
        if clean and dirty:
            each = 100
        elif clean:
            each = 0
        elif dirty:
            each = -100
        else:
            each = -200
        return each * count * (2 if count >= 4 else 1)

    def five_canasta_bonus(self, clean: int, dirty: int, options: frozenset[str]) -> int:
        """CS-15: five or more canastas +1000, or +2000 with five natural and one mixed."""
        if clean + dirty < 5:
            return 0
        if clean >= 5 and dirty >= 1:
            return 2000
        if "five-canasta-needs-both" in options and not (clean and dirty):
            return 0
        return 1000

    def going_out_allowed(self, clean: int, dirty: int, canastas: int, needed: int,
                          wild_meld_open: bool, options: frozenset[str]) -> bool:
        """CS-12 (and the option two-clean-to-close)."""
        if wild_meld_open:
            return False
        return (clean >= 1 and dirty >= 1) or ("two-clean-to-close" in options and clean >= 2)

    def going_out_refusal(self, needed: int) -> Reason:
        return reason("why_canastone")

    def going_out_discard_ok(self, code: int) -> bool:
        """CS-12: the closing discard is a natural card 4..A."""
        return not is_wild(code) and RANK[code] in NATURAL_RANKS


PACKET_SIZE = {1: 14, 11: 11, 12: 12, 13: 13}  # CS-3; 4..10 by face value


# The base state's hooks are called by name in the variants' overrides on the inner loop's
# path: cheaper than super() in CPython 3.11 (no super object, a specialised attribute load).
_BASE = CanastaState


class CanastoneState(CanastaState):
    """The packet and the starters (CS-2, CS-3), opening before the draw or drawing two and
    only discarding (CS-9), the pile closed to an unopened side (CS-9), the stock's end
    (CS-14) and the five-canasta bonus (CS-15)."""

    __slots__ = ("draw_only", "opened_first")
    # The packet goes into the hand of the player who took the pile, unseen (CS-3).
    private_events = CanastaState.private_events | {"packet"}
    rules: Canastone

    def _init_variant(self) -> None:
        self.draw_only = False  # CS-9: drew two without opening: only a discard is left
        self.opened_first = False  # CS-9: opened as the first action of the turn

    def _deal(self, deck: list[int]) -> list[Event]:
        """15 cards each, up to three starters (CS-2), the packet (CS-3), red threes (CS-4)."""
        n = self.players
        pos = deal_round_robin(self, deck, 0, (self.dealer + 1) % n, self.rules.hand_size,
                               self._give)
        starters = []
        for _ in range(3):
            c = deck[pos]
            pos += 1
            starters.append(c)
            if not wild_or_three(c):
                break
        else:
            raise Misdeal("all three starter cards are wild cards or threes: the same dealer "
                          "deals again (CS-2)")
        rank = RANK[starters[-1]]
        packet_size = PACKET_SIZE.get(rank, rank)
        self.packet = list(deck[pos:pos + packet_size])
        pos += packet_size
        self.pile = starters
        self.frozen = any(c == JOKER or RANK[c] == 2 for c in starters)  # wild starters freeze
        self.stock = deck[pos:][::-1]
        return self._lay_out_dealt_red_threes()

    def _turn_begins(self, seat: int, ev: list[Event]) -> None:
        self.draw_only = self.opened_first = False
        if len(self.stock) <= 1:  # CS-14
            self._end_deal("stock exhausted", ev)

    def _may_meld_before_drawing(self, seat: int) -> bool:
        return not self.opened[self.side[seat]] and not self.opened_first  # CS-9

    def _side_opens(self, seat: int, out_of_turn: bool) -> None:
        if self.phase == DRAW and not out_of_turn:
            self.opened_first = True  # CS-9: opened as the first action of the turn

    def _do_draw(self, seat: int, ev: list[Event]) -> None:
        if self.stock and not self.opened[self.side[seat]]:
            self.draw_only = True  # CS-9: drew two without opening
        _BASE._do_draw(self, seat, ev)

    def _draw_actions(self, seat: int) -> list[Action]:
        side = self.side[seat]
        if self.opened[side] or self.opened_first:
            return _BASE._draw_actions(self, seat)
        # CS-9 with CS-12: an opening before the draw must leave two cards too, unless the
        # side may close; with two or more left no end-of-hand rule can refuse it.
        out = []
        hs = self.hsize[seat]
        for g in self._openings(seat, None, self.open_min[side]):
            if hs - sum(map(len, g)) >= 2 or self._check_meld_groups(
                    seat, g, False, 0, -1) is None:
                out.append(make(seat, "meld", g))
        return out + _BASE._draw_actions(self, seat)

    def _only_discard_left(self) -> bool:
        return self.draw_only

    def _play_actions(self, seat: int, out_of_turn: bool, discards: bool = True) -> list[Action]:
        if self.draw_only and not out_of_turn:  # CS-9: drew two without opening
            return self._discards(seat) if discards else []
        return _BASE._play_actions(self, seat, out_of_turn, discards)

    def _extra_parts(self, side: int, clean: int, dirty: int) -> dict[str, int]:
        return {"five_canastas": self.rules.five_canasta_bonus(clean, dirty, self.options)}

    def clone(self) -> Self:
        c = _BASE.clone(self)
        c.draw_only = self.draw_only
        c.opened_first = self.opened_first
        return c


CANASTONE = CanastaFamilyGame(Canastone(), CanastoneState)
