"""The canasta-family deal state: the table, the hands, whose turn it is.

One class holds the data (plain lists and ints, copied quickly by ``clone``; declared in
``table.py``). The rules are mixed in by idea: checking (``checking.py``), applying and the
turns (``applying.py``), listing (``listing.py``), scoring (``scoring.py``), what a seat may see
(``views.py``). This class is classic Canasta; a variant with state or turns of its own
subclasses it in its module (``quick.py``, ``canastone.py``, ``looking_down.py``) and overrides
only the hooks that differ, each declared here or in the parts with the base game's answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Self

from game.engine.base import DealSetup, DealState
from game.engine.canasta.applying import ApplyingMixin
from game.engine.canasta.checking import CheckingMixin
from game.engine.canasta.deal import deal_standard
from game.engine.canasta.listing import ListingMixin, ask_actions
from game.engine.canasta.melds import KIND, KINDS, kinds_of
from game.engine.canasta.phase import ANSWER, ASK_NONE, DRAW
from game.engine.canasta.ruleset import RED_THREES
from game.engine.canasta.scoring import ScoringMixin
from game.engine.canasta.views import ViewsMixin
from game.engine.cards import RANK
from game.engine.events import Event

if TYPE_CHECKING:
    from game.engine.canasta.game import CanastaFamilyGame


class CanastaState(CheckingMixin, ApplyingMixin, ListingMixin, ScoringMixin, ViewsMixin, DealState):
    __slots__ = (
        "game", "rules", "setup", "players", "nsides", "side", "options", "dealer", "keeper",
        "hand", "hrank", "hsize", "stock", "pile", "packet", "frozen", "discarded", "melds",
        "by_key", "red3", "opened", "open_min", "known", "turn", "phase", "turn_no", "drew",
        "took", "played", "melded_before", "turn_fresh", "touched_old", "new_keys", "ask",
        "ask_partner", "asked", "went_out", "concealed", "over", "end_reason", "_scores", "_parts",
        "draw_n", "needed", "can_ask", "pile_red3", "ask_actions", "shown_kinds",
    )
    # A stock draw goes into the hand unseen by the others (CA-8).
    private_events = frozenset({"draw"})

    def __init__(self, game: CanastaFamilyGame, setup: DealSetup) -> None:
        rules = game.rules
        n = setup.players
        self.game = game
        self.rules = rules
        self.setup = setup
        self.players = n
        self.nsides = rules.sides(n)
        self.side = [rules.side_of(s, n) for s in range(n)]
        self.options = setup.options
        self.dealer = setup.dealer
        self.keeper = setup.keeper
        self.draw_n = rules.draw_for(n, setup.options)
        self.needed = rules.canastas_needed(n, setup.options)
        self.hand = [[0] * 53 for _ in range(n)]  # counts per card code
        self.hrank = [[0] * 14 for _ in range(n)]  # counts per rank, 0 = jokers
        self.hsize = [0] * n
        self.stock: list[int] = []  # top is the end of the list
        self.pile: list[int] = []  # bottom first
        self.packet: list[int] = []
        self.frozen = False
        self.melds = [[] for _ in range(self.nsides)]
        self.by_key = [{} for _ in range(self.nsides)]
        self.red3 = [[] for _ in range(self.nsides)]
        self.opened = [False] * self.nsides
        scores = setup.scores or (0,) * self.nsides
        self.open_min = [rules.opening_minimum(s) for s in scores]
        self.known = [[] for _ in range(n)]  # cards others know a seat holds (pile pickups)
        self.discarded = [[] for _ in range(n)]  # each seat's discards this deal, in order
        self.turn = 0
        self.phase = DRAW
        self.turn_no = 0
        self.drew = self.took = self.played = False
        self.melded_before = [False] * n
        self.turn_fresh = True  # the player had not melded before this turn (CA-13)
        self.touched_old = False
        self.new_keys: list[int] = []
        self.ask = ASK_NONE
        self.ask_partner = -1
        self.asked = False
        self.went_out = -1
        self.concealed = False
        self.over = False
        self.end_reason = ""
        self._scores = None
        self._parts = None
        self.can_ask = bool(rules.asking and rules.partners(0, n)
                            and "no-asking" not in setup.options)
        self.ask_actions = ask_actions(rules, n)
        self._init_variant()
        self.shown_kinds = [0] * KINDS  # kept by the actions (recount_kinds)
        self.deal_events = self._deal(list(setup.deck))
        self.recount_kinds()  # a deal places the pile by hand
        self.pile_red3 = any(c in RED_THREES for c in self.pile + self.packet)
        self.turn = self._first_player()
        self.deal_events.extend(self._start_turn(self.turn))

    def _init_variant(self) -> None:
        """Set the variant's own state before the deal (hook: a variant's state class adds
        its attributes in ``__slots__`` and sets them here)."""

    # Events of the automatic steps before the first action (red threes laid out...).
    deal_events: list[Event]

    # ---- hand helpers ------------------------------------------------------------------
    def _give(self, seat: int, code: int) -> None:
        self.hand[seat][code] += 1
        self.hrank[seat][RANK[code]] += 1
        self.hsize[seat] += 1

    def _take_card(self, seat: int, code: int) -> None:
        self.hand[seat][code] -= 1
        self.hrank[seat][RANK[code]] -= 1
        self.hsize[seat] -= 1

    def recount_kinds(self) -> None:
        """Count ``shown_kinds`` from the cards, after they were placed other than by an
        action (a deal, a built position); the actions keep the count as the cards move."""
        self.shown_kinds = self.count_shown()

    def count_shown(self) -> list[int]:
        """The cards face up (the pile, the melds, the red threes laid out) counted by kind
        (melds.KIND) from the cards themselves."""
        out = kinds_of(self.pile)
        for r in self.red3:
            for c in r:
                out[KIND[c]] += 1
        for ms in self.melds:
            for m in ms:
                for c in m.cards:
                    out[KIND[c]] += 1
        return out

    def hand_cards(self, seat: int) -> list[int]:
        """The seat's hand (in Looking and Down: the looking, or the down once picked up)."""
        h = self.hand[seat]
        return [c for c in range(53) for _ in range(h[c])]

    def in_down(self, seat: int) -> bool:
        """Looking and Down: the seat has picked up its down."""
        return False

    # Looking and Down's own state, as the other games read it (the table and the saves ask
    # every game): no downs, nobody frozen in time, nobody took the pile last turn.
    down: list[list[int] | None] | None = None

    # Canastone's own state (CS-9), as the other games read it (the table asks every game):
    # nobody opens before drawing, nobody is left with only a discard.
    draw_only = False
    opened_first = False

    @property
    def frozen_time(self) -> list[bool]:
        """LD-10's players frozen in time: nobody, in the other games."""
        return [False] * self.players

    @frozen_time.setter
    def frozen_time(self, value: list[bool]) -> None:
        raise AttributeError("only Looking and Down has players frozen in time (LD-10)")

    @property
    def took_last(self) -> list[bool]:
        """LD-9's seats that took the pile on their last turn: none, in the other games."""
        return [False] * self.players

    @took_last.setter
    def took_last(self, value: list[bool]) -> None:
        raise AttributeError("only Looking and Down remembers who took the pile (LD-9)")

    # ---- variant hooks of the deal's start ---------------------------------------------------
    def _deal(self, deck: list[int]) -> list[Event]:
        """Fill hands, pile and stock from the deck, top first (G-5, CA-2, CA-3); the events
        of the automatic steps."""
        return deal_standard(self, deck)

    def _first_player(self) -> int:
        """G-1: the dealer's left."""
        return (self.dealer + 1) % self.players

    # ---- the interface ---------------------------------------------------------------------
    def current_player(self) -> int:
        if self.over:
            return -1
        return self.ask_partner if self.phase == ANSWER else self.turn

    def actors(self) -> list[int]:
        if self.over:
            return []
        return [self.current_player()]

    def turn_count(self) -> int:
        return self.turn_no

    def is_over(self) -> bool:
        return self.over

    def clone(self) -> Self:
        """An independent copy (a variant copies its own state after this)."""
        c = type(self).__new__(type(self))
        for name in _SHARED:
            setattr(c, name, getattr(self, name))
        c.hand = [h[:] for h in self.hand]
        c.hrank = [h[:] for h in self.hrank]
        c.hsize = self.hsize[:]
        c.stock = self.stock[:]
        c.pile = self.pile[:]
        c.shown_kinds = self.shown_kinds[:]
        c.packet = self.packet[:]
        c.melds = [[m.copy() for m in ms] for ms in self.melds]
        c.by_key = [{m.key: m for m in ms} for ms in c.melds]
        c.red3 = [r[:] for r in self.red3]
        c.opened = self.opened[:]
        c.known = [k[:] for k in self.known]
        c.discarded = [d[:] for d in self.discarded]
        c.melded_before = self.melded_before[:]
        c.new_keys = self.new_keys[:]
        c.deal_events = []
        return c


# Attributes that are immutable (or replaced, never mutated in place) and so shared by clones.
_SHARED = (
    "game", "rules", "setup", "players", "nsides", "side", "options", "dealer", "keeper", "frozen",
    "open_min", "turn", "phase", "turn_no", "drew", "took", "played", "turn_fresh", "touched_old",
    "ask", "ask_partner", "asked", "went_out", "concealed", "over", "end_reason", "_scores",
    "_parts", "draw_n", "needed", "can_ask", "pile_red3", "ask_actions",
)
