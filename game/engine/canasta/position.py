"""Build a canasta-family position by hand: for rule tests, puzzles and teaching positions.

Cards are written in the notation (``"7H 7S JK"``). Every card of the game's decks that the
description does not place goes to the stock (in deck order, under any ``stock`` given), so a
built position conserves cards like a dealt one.

>>> st = build_position("canasta", 4, hands=["7H 7S 7D 9C", "", "", ""],
...                     pile="KS 8D", turn=0, phase="play", opened=[True, False])
>>> st.hand_cards(0) == sorted(st.hand_cards(0)), st.pile[-1] == parse_card("8D")
(True, True)
"""

from __future__ import annotations

from collections import Counter

from game.engine.actions import parse_key
from game.engine.base import DealSetup
from game.engine.canasta.melds import Meld
from game.engine.canasta.phase import DRAW, Phase
from game.engine.canasta.state import CanastaState
from game.engine.cards import format_cards, parse_card, parse_cards
from game.engine.errors import RecordError
from game.engine.registry import get_game

# The phases a built position may start in.
PHASE_BY_NAME = {p.label: int(p) for p in (Phase.DRAW, Phase.PLAY, Phase.ANSWER)}


def build_position(
    rules: str,
    players: int,
    *,
    hands: list[str],
    pile: str = "",
    stock: str | None = None,
    melds: list[dict[str, str]] | None = None,
    red_threes: list[str] | None = None,
    opened: list[bool] | None = None,
    turn: int = 0,
    phase: str = "draw",
    scores: list[int] | None = None,
    frozen: bool | None = None,
    downs: list[str | None] | None = None,
    packet: str = "",
    dealer: int | None = None,
    keeper: int = -1,
    options: frozenset[str] = frozenset(),
    took_last: list[bool] | None = None,
    frozen_in_time: list[bool] | None = None,
) -> CanastaState:
    """A state with exactly these hands and table; the rest of the decks form the stock.

    ``melds``: per side, meld key (``"7"``, ``"W"``, ``"7#2"``) -> cards. ``downs``: Looking and
    Down, per seat the down's cards, or None once picked up (then ``hands`` is the down).
    ``stock``: cards on top of the stock, top first; None puts every unplaced card there.
    """
    return position_of_codes(
        rules, players,
        hands=[_codes(t) for t in hands],
        pile=_codes(pile),
        stock=_codes(stock) if stock else None,
        melds=[{parse_key(k): _codes(t) for k, t in table.items()} for table in melds or []],
        red_threes=None if red_threes is None else [_codes(t) for t in red_threes],
        opened=opened, turn=turn, phase=phase, scores=scores, frozen=frozen,
        downs=None if downs is None else [None if d is None else _codes(d) for d in downs],
        packet=_codes(packet), dealer=dealer, keeper=keeper, options=options,
        took_last=took_last, frozen_in_time=frozen_in_time)


def _codes(text: str) -> list[int]:
    return parse_cards(text) if text else []


def position_of_codes(
    rules: str,
    players: int,
    *,
    hands: list[list[int]],
    pile: list[int],
    stock: list[int] | None = None,
    melds: list[dict[int, list[int]]] | None = None,
    red_threes: list[list[int]] | None = None,
    opened: list[bool] | None = None,
    turn: int = 0,
    phase: str = "draw",
    scores: list[int] | None = None,
    frozen: bool | None = None,
    downs: list[list[int] | None] | None = None,
    packet: list[int] | None = None,
    dealer: int | None = None,
    keeper: int = -1,
    options: frozenset[str] = frozenset(),
    took_last: list[bool] | None = None,
    frozen_in_time: list[bool] | None = None,
) -> CanastaState:
    """:func:`build_position` with card codes instead of text (meld keys as numbers): what
    the Hard level's sampled worlds build (game.engine.canasta.worlds), with no round trip through
    the notation."""
    game = get_game(rules)
    nsides = game.num_sides(players)
    if dealer is None:
        dealer = (turn - 1) % players
    if rules == "looking-and-down" and keeper < 0:
        keeper = (turn + 1) % players if players > 2 else (turn + 1) % players
        if keeper == dealer:
            keeper = (dealer + 1) % players
    deck = game.deck_for(players, options)
    setup = DealSetup(players=players, deck=tuple(deck), dealer=dealer,
                      scores=tuple(scores or [0] * nsides), options=frozenset(options),
                      keeper=keeper)
    st = game.new_deal(setup)  # a real deal gives every attribute; replaced below
    assert isinstance(st, CanastaState)
    remaining = Counter(deck)

    def take(cards: list[int]) -> list[int]:
        for c in cards:
            if remaining[c] <= 0:
                raise RecordError("more copies of a card than the decks hold: "
                                  + format_cards(cards))
            remaining[c] -= 1
        return list(cards)

    st.hand = [[0] * 53 for _ in range(players)]
    st.hrank = [[0] * 14 for _ in range(players)]
    st.hsize = [0] * players
    for seat, cards in enumerate(hands):
        for c in take(cards):
            st._give(seat, c)
    st.pile = take(pile)
    st.packet = take(packet or [])
    st.melds = [[] for _ in range(nsides)]
    st.by_key = [{} for _ in range(nsides)]
    for side, table in enumerate(melds or []):
        for key, meld_cards in table.items():
            cards = take(meld_cards)
            rank = key % 16
            m = Meld(key, rank, side, -1)
            m.add(cards)
            st.melds[side].append(m)
            st.by_key[side][key] = m
    st.red3 = [take(t) for t in (red_threes or [[]] * nsides)]
    if st.down is not None:
        st.down = [None if d is None else take(d) for d in (downs or [[]] * players)]
    top = take(stock) if stock else []
    rest = []
    for c in deck:
        if remaining[c] > 0:
            remaining[c] -= 1
            rest.append(c)
    st.stock = (top + rest)[::-1]  # the stock's top is the list's end
    st.opened = list(opened) if opened is not None else [
        bool(st.melds[s]) for s in range(nsides)]
    if not st.rules.wild_discard_freezes:
        st.frozen = False  # Looking and Down has no frozen pile
    else:
        st.frozen = any(c == 52 or c % 13 == 1 for c in st.pile) if frozen is None else frozen
    st.pile_red3 = any(c in (15, 28) for c in st.pile + st.packet)
    st.known = [[] for _ in range(players)]
    st.discarded = [[] for _ in range(players)]
    if st.down is not None:  # Looking and Down's own state (LD-9, LD-10)
        st.took_last = list(took_last or [False] * players)
        st.frozen_time = list(frozen_in_time or [False] * players)
    st.over = False
    st.went_out = -1
    st._scores = st._parts = None
    st.deal_events = []
    st.recount_kinds()
    st._start_turn(turn)
    st.phase = PHASE_BY_NAME[phase]
    if st.phase != DRAW:
        st.drew = True
    return st


__all__ = ["build_position", "parse_card", "position_of_codes"]
