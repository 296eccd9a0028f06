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

from game.engine.canasta.phase import Phase
from game.engine.canasta.position import position_of_codes
from game.engine.canasta.ruleset import RED_THREES
from game.engine.canasta.seatview import SeatView
from game.engine.cards import JOKER, RANK
from game.engine.rng import Shuffler

if TYPE_CHECKING:
    from game.engine.canasta.state import CanastaState


# A player who passed an unfrozen pile of at least this many cards did not hold a natural pair
# of its top card (it would have taken it).
BIG_PILE = 5
# ... nor a natural of its own last discard when its side has a meld of that rank and it held
# at least this many cards (it would have added the card instead of discarding it).
ADD_HAND = 5


def hand_limits(view: SeatView) -> dict[int, dict[int, int]]:
    """What the public history says other hands do not hold: per seat, rank -> the most
    naturals of that rank the seat holds now (the cards known to be in its hand aside).

    - Passing a big pile (the pile is unfrozen, so it was when passed; the seat's side has
      opened): the seat did not hold a natural pair of the top card (CA-9: two naturals take
      it), so it holds at most one, counting its most recent pass only (it has drawn since).
    - Its last discard, of a rank its side has melded (and the meld still takes naturals,
      the seat holding ``ADD_HAND`` cards or more): it holds no other natural of that rank.

    Looking and Down is left out (taking needs the looking's own conditions, LD-9). Cards that
    another seat is known to hold are never limited."""
    from game.engine.registry import get_game

    limits: dict[int, dict[int, int]] = {}
    if view.downs is not None or view.to_move < 0:
        return limits
    rules = get_game(view.rules).rules  # type: ignore[attr-defined]
    n = view.players
    side_of = [rules.side_of(s, n) for s in range(n)]
    pile = view.discard
    if not view.frozen:
        for j in range(1, len(pile) + 1):
            discarder = (view.to_move - j) % n
            mine = view.discarded[discarder]
            back = (j - 1) // n + 1
            if len(mine) < back or mine[-back] != pile[-j]:
                break  # below: the cards the pile started with, or before the last take
            passer = (discarder + 1) % n
            if j == 1 and not view.drawn:
                continue  # the player to move has not passed it yet
            c = pile[-j]
            r = RANK[c]
            if passer == view.seat or r in (2, 3) or c == JOKER or not view.opened[
                    side_of[passer]] or len(pile) - j + 1 < BIG_PILE:
                continue
            if passer not in limits or r not in limits[passer]:
                limits.setdefault(passer, {}).setdefault(r, 1)
    for s in range(n):
        if s == view.seat or not view.discarded[s] or view.hand_counts[s] + 1 < ADD_HAND:
            continue
        c = view.discarded[s][-1]
        r = RANK[c]
        if r in (2, 3) or c == JOKER:
            continue
        if any(m.rank == r and not (rules.canasta_closed and len(m.cards) >= 7)
               for m in view.melds[side_of[s]]):
            limits.setdefault(s, {})[r] = 0
    for s, ranks in limits.items():
        known = view.known_hands[s]
        for r in [r for r in ranks if any(RANK[c] == r for c in known)]:
            del ranks[r]  # the seat took cards of that rank with a pile: no inference
    return limits


def _apply_limits(hands: list[list[int]], known: list[list[int]], stock: list[int],
                  limits: dict[int, dict[int, int]]) -> None:
    """Swap the naturals a limited hand holds beyond its limit with stock cards of other
    ranks (the stock is in random order, so its first such card is a random one)."""
    for s, ranks in limits.items():
        dealt = hands[s]
        for r, most in ranks.items():
            have = [i for i in range(len(known[s]), len(dealt))
                    if RANK[dealt[i]] == r and dealt[i] != JOKER]
            for i in have[most:]:
                k = next((k for k, c in enumerate(stock)
                          if c not in RED_THREES and (c == JOKER or RANK[c] not in ranks)), -1)
                if k < 0:
                    return  # nothing to swap with: the world stays as dealt
                dealt[i], stock[k] = stock[k], dealt[i]


def sample_world(view: SeatView, rng: Shuffler, options: frozenset[str] = frozenset(),
                 may_ask: bool | None = None, infer: bool = True) -> CanastaState | None:
    """A state consistent with ``view``, hidden cards dealt with ``rng`` (None when the view's
    counts cannot be met, which a real deal never gives). ``infer``: other hands also respect
    what their history says they do not hold (:func:`hand_limits`)."""
    from game.engine.registry import get_game

    rules = get_game(view.rules).rules  # type: ignore[attr-defined]
    n = view.players
    seat = view.seat
    deck = rules.deck_codes_for(n)
    left: Counter[int] = Counter(deck)
    left.subtract(view.hand)
    left.subtract(view.discard)
    meld_tables: list[dict[int, list[int]]] = []
    for side_melds in view.melds:
        table: dict[int, list[int]] = {}
        for m in side_melds:
            left.subtract(m.cards)
            table[m.key] = list(m.cards)
        meld_tables.append(table)
    red: list[list[int]] = []
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
        red.append(mine)
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
        downs = [None if size is None else deal(size) for size in view.downs]
    packet = deal(view.packet)
    stock = pool[pos:]
    if len(stock) != view.stock:
        return None
    if infer:
        _apply_limits(hands, known, stock, hand_limits(view))
    phase = view.phase if view.phase != Phase.OVER else Phase.DRAW
    try:
        st = position_of_codes(
            view.rules, n,
            hands=hands,
            pile=list(view.discard),
            stock=stock if stock else None,
            melds=meld_tables,
            red_threes=red,
            opened=list(view.opened),
            turn=view.turn,
            phase=phase.name.lower(),
            scores=list(view.scores_before),
            frozen=view.frozen,
            downs=downs,
            packet=packet,
            dealer=view.dealer,
            keeper=view.keeper if view.keeper is not None else -1,
            options=options,
            frozen_in_time=list(view.frozen_in_time) if view.frozen_in_time else None,
        )
    except Exception:  # noqa: BLE001 - a world we cannot build is simply skipped
        return None
    st.resume(view, may_ask)
    return st
