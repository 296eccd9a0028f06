"""What the four canasta-family games share, and where they differ.

A :class:`RuleSet` is a readable, mostly declarative definition of one game: decks, hand sizes,
wild-card limits, opening minimums, bonuses, going-out conditions. Where the games differ in
structure (how the deal starts, how the pile is taken, how the stock runs out) the engine calls a
small named hook that a variant overrides. Adding a variant is a new module with a subclass.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.cards import JOKER, RANK
from game.engine.gameinfo import GameInfo
from game.engine.reasons import Reason, reason

if TYPE_CHECKING:
    from game.engine.canasta.melds import Meld

# Card points (G-4); black threes 5 (0 in Looking and Down), red threes 0 as a card.
CARD_POINTS = [0] * 53
for _c in range(52):
    _r = RANK[_c]
    CARD_POINTS[_c] = 20 if _r in (1, 2) else 10 if _r >= 8 else 5 if _r >= 4 else 0
CARD_POINTS[JOKER] = 50
for _c in (2, 41):  # 3S, 3C
    CARD_POINTS[_c] = 5

RED_THREES = (15, 28)  # 3H, 3D
BLACK_THREES = (2, 41)  # 3S, 3C
TWOS = (1, 14, 27, 40)
NATURAL_RANKS = (4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1)  # ranks that form melds, ace high
WILD, THREE = -1, 3


def is_wild(code: int) -> bool:
    return code == JOKER or RANK[code] == 2


class RuleSet:
    """The base definition; each game subclasses it (``classic.py``, ``quick.py``, ...)."""

    def __init__(self) -> None:
        # The engine reads these data in its inner loop; copied onto the instance they load
        # faster than class attributes do (CPython 3.11 specialises instance loads).
        for cls in reversed(type(self).__mro__):
            for key, value in vars(cls).items():
                if not key.startswith("__") and not callable(value) \
                        and not isinstance(value, (staticmethod, classmethod, property)):
                    setattr(self, key, value)
        # Name, seating, options and target are the game's declaration (game.engine.registry).
        self.name = self.info.name

    info: GameInfo  # the game's declaration, from game.engine.registry
    decks = 2

    hand_size = 11
    draw = 1
    points = tuple(CARD_POINTS)

    # Melds
    max_wild_in_meld = 3  # CA-4, CA-5
    black_three_meld: tuple[int, int] | None = (3, 4)  # sizes allowed, only when going out
    one_meld_per_rank = True
    wild_meld = False  # Canastone's meld of wild cards
    canasta_size = 7
    canasta_closed = False  # Looking and Down: nothing is added to a canasta
    melds_per_player = False  # Looking and Down: melds are the player's own

    # Opening minimums: (lowest cumulative score, minimum), checked from the top.
    opening: tuple[tuple[int | None, int], ...] = ((3000, 120), (1500, 90), (0, 50), (None, 15))
    clean_opening_minimum = 0  # Canastone CS-8: at this minimum or below, open clean only

    # Going out
    canastas_to_go_out = 1
    going_out_bonus = 100
    concealed_bonus: int | None = 200
    discard_to_go_out = False  # Canastone: a final discard is always required
    asking = True  # partners may ask "may I go out?"
    ask_right_after_draw = True  # CA-12: only right after drawing or taking, before melding

    # Taking the pile
    take_with_wild = True  # unfrozen pile: one natural and one wild card
    take_by_adding = True  # unfrozen pile: the top card alone onto the side's meld
    take_naturals_frozen = 2
    take_naturals = 2
    take_more_naturals = False  # CA-9: "2 or more" natural cards take it (classic only)
    red_threes_laid_out = True  # Looking and Down keeps them in hand
    red_three_in_hand = 500  # LD-14: what a red three held at the end costs
    unopened_pile_frozen = True  # CA-10: frozen against a side that has not opened
    open_first = False  # Canastone CS-9: open before drawing, or draw two and only discard
    pile_closed_to_unopened = False  # Canastone CS-9: an unopened side never takes the pile
    draw_after_take = 0  # Canastone CS-10: one stock card after taking the pile
    pile_compulsory = True  # CA-14: with the stock empty, a matching pile must be taken
    take_shows_pair = False  # LD-9: an opened side's pair is only shown, kept in hand
    wild_discard_freezes = True  # CA-10, CS-11 (Looking and Down has no frozen pile)
    deals_downs = False  # Looking and Down LD-2: a down of cards for later
    deals_packet = False  # Canastone CS-3: a face-down packet under the pile

    # ---- data lookups ------------------------------------------------------------------
    def sides(self, players: int) -> int:
        return self.info.num_sides(players)

    def side_of(self, seat: int, players: int) -> int:
        return self.info.side_of(seat, players)

    def partners(self, seat: int, players: int) -> list[int]:
        return self.info.partners(seat, players)

    def hand_size_for(self, players: int, options: frozenset[str]) -> int:
        """Cards dealt to each player (hook: a table size or an option may change it)."""
        return self.hand_size

    def draw_for(self, players: int, options: frozenset[str]) -> int:
        """Cards drawn from the stock each turn (hook, as ``hand_size_for``)."""
        return self.draw

    def target_for(self, options: frozenset[str]) -> int:
        return self.info.target_for(options)

    def canastas_needed(self, players: int, options: frozenset[str]) -> int:
        """Canastas a side needs to go out (hook, as ``hand_size_for``)."""
        return self.canastas_to_go_out

    def opening_minimum(self, score: int) -> int:
        for bound, minimum in self.opening:
            if bound is None or score >= bound:
                return minimum
        return self.opening[-1][1]

    def deck_codes(self) -> list[int]:
        return (list(range(52)) + [JOKER, JOKER]) * self.decks

    def deck_codes_for(self, players: int) -> list[int]:
        """The deck for a player count (hook: Looking and Down, LD-1, grows with the table)."""
        return self.deck_codes()

    # ---- meld shape (hooks) --------------------------------------------------------------
    def natural_meld_problem(self, nat: int, wild: int, size: int) -> str | None:
        """None when a meld of this shape may stand, else a reason key (CA-4)."""
        if nat < 2:
            return "meld_two_naturals"
        if wild > self.max_wild_in_meld:
            return "meld_too_many_wild"
        if size < 3:
            return "meld_three_cards"
        return None

    fixed_wild_room = True  # wild_room is max_wild_in_meld - wild (lets the lister skip it)

    def wild_room(self, nat: int, wild: int, size: int) -> int:
        """How many more wild cards a meld of this shape may take (the generator's shortcut
        for ``natural_meld_problem``; tests/canasta/test_ruleset_hooks.py checks that the two
        agree, and that natural cards never bring it below zero)."""
        return self.max_wild_in_meld - wild

    def canasta_accepts_wild(self) -> bool:
        """Whether wild cards may still be added to a natural-rank canasta (CA-5)."""
        return True

    def wild_meld_clean(self, jokers: int, twos: int) -> bool:
        """Whether a wild meld of these cards counts as clean (only Canastone has one)."""
        return True

    # ---- bonuses (hooks) -----------------------------------------------------------------
    def canasta_bonus(self, meld: Meld) -> int:
        """CA-15: 500 natural, 300 mixed."""
        return 500 if meld.wild == 0 else 300

    def red_three_score(self, count: int, opened: bool, clean: int, dirty: int) -> int:
        """CA-15: 100 each, 800 for all four; negative for a side that has not opened."""
        value = 800 if count == 4 else 100 * count
        return value if opened else -value

    def going_out_allowed(self, clean: int, dirty: int, canastas: int, needed: int,
                          wild_meld_open: bool, options: frozenset[str]) -> bool:
        """Whether a side with these canastas may go out (CA-11: ``needed`` of any kind)."""
        return canastas >= needed

    def going_out_discard_ok(self, code: int) -> bool:
        """Whether this card may be the discard that goes out (CA-11: any card)."""
        return True

    def going_out_refusal(self, needed: int) -> Reason:
        """Why a side may not go out yet, for the refusal's sentence (CA-11)."""
        return reason("why_canasta", needed=needed)
