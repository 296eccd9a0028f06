"""Worlds consistent with one seat's view (``CanastaState.sample_world``): the determinized
deals of the Hard level's search, built by the rules package itself, so that no player sets
the engine's attributes.

The cards others are known to hold stay with them; every other card the seat has not seen
(other hands, the stock, the Canastone packet, the Looking and Down downs, this seat's own down
included) is dealt at random with the right counts. The turn under way is set as the view
describes it: its phase, the partner's question and answer, whether the player to move has
drawn (CS-13: a Canastone player may ask before the draw, and must still draw after the
answer).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from game.canasta.phase import Phase
from game.canasta.position import build_position
from game.canasta.seatview import SeatView
from game.cards import format_cards
from game.rng import Shuffler

if TYPE_CHECKING:
    from game.canasta.state import CanastaState


def sample_world(view: SeatView, rng: Shuffler, options: frozenset[str] = frozenset(),
                 may_ask: bool | None = None) -> CanastaState | None:
    """A state consistent with ``view``, hidden cards dealt with ``rng`` (None when the view's
    counts cannot be met, which a real deal never gives)."""
    from game.registry import get_game

    rules = get_game(view.rules).rules  # type: ignore[attr-defined]
    n = view.players
    seat = view.seat
    deck = rules.deck_codes_for(n)
    left: Counter[int] = Counter(deck)
    left.subtract(view.hand)
    left.subtract(view.discard)
    meld_tables = []
    for side_melds in view.melds:
        table = {}
        for m in side_melds:
            left.subtract(m.cards)
            table[_key_text(m.key)] = format_cards(m.cards)
        meld_tables.append(table)
    red = []
    for side, count in enumerate(view.red_threes):
        if view.red_three_cards:  # the very cards laid out, in their order (public)
            mine = list(view.red_three_cards[side])
            left.subtract(mine)
        else:  # a view made by hand with counts only
            mine = []
            for _ in range(count):
                c = 15 if left[15] > 0 else 28
                left[c] -= 1
                mine.append(c)
        red.append(format_cards(mine))
    known: list[list[int]] = []
    for s in range(n):
        ks: list[int] = []
        if s != seat:
            for c in view.known_hands[s]:
                if left[c] > 0 and len(ks) < view.hand_counts[s]:
                    left[c] -= 1
                    ks.append(c)
        known.append(ks)
    pool = sorted(c for c, k in left.items() for _ in range(max(0, k)))
    rng.shuffle(pool)
    pos = 0

    def deal(k: int) -> list[int]:
        nonlocal pos
        part = pool[pos:pos + k]
        pos += k
        return part

    hands = []
    for s in range(n):
        if s == seat:
            hands.append(list(view.hand))
        else:
            hands.append(known[s] + deal(max(0, view.hand_counts[s] - len(known[s]))))
    downs = None
    if view.downs is not None:
        downs = [None if size is None else format_cards(deal(size)) for size in view.downs]
    packet = deal(view.packet)
    stock = pool[pos:]
    if len(stock) != view.stock:
        return None
    phase = view.phase if view.phase != Phase.OVER else Phase.DRAW
    try:
        st = build_position(
            view.rules, n,
            hands=[format_cards(h) for h in hands],
            pile=format_cards(view.discard),
            stock=format_cards(stock) if stock else None,
            melds=meld_tables,
            red_threes=red,
            opened=list(view.opened),
            turn=view.turn,
            phase=phase.name.lower(),
            scores=list(view.scores_before),
            frozen=view.frozen,
            downs=downs,
            packet=format_cards(packet),
            dealer=view.dealer,
            keeper=view.keeper if view.keeper is not None else -1,
            options=options,
            frozen_in_time=list(view.frozen_in_time) if view.frozen_in_time else None,
        )
    except Exception:  # noqa: BLE001 - a world we cannot build is simply skipped
        return None
    st.resume(view, may_ask)
    return st


def _key_text(key: int) -> str:
    from game.actions import format_key

    return format_key(key)
