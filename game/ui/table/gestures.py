"""Mouse gestures to actions.

The pointer state machine (:class:`Pointer`) turns button and motion events into *intents*:
a click on a card or a place, a double click, a drag of some hand cards dropped on a target.
It reads ``event.pos`` only (never ``pygame.mouse.get_pos()``), so tests can post events.

Candidate actions for an intent come from ``canasta_candidates`` and ``cassino_candidates``:
the dragged cards and the drop target give one or a few readings (one meld or several grouped
by rank, taking the pile with these cards...). The table offers them in order to the session
(``TableMoves.play_first``, one engine check each); the first the engine accepts is played,
otherwise the engine's reason for the most natural reading is shown. ``first_legal`` only
decides which targets light up while cards are dragged. Nothing here knows the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from game.engine.actions import Action, make
from game.engine.canasta.phase import DRAW
from game.engine.cards import JOKER, RANK
from game.ui.table.scene import Target

DRAG_THRESHOLD = 6  # pixels before a press becomes a drag
DOUBLE_CLICK = 0.4  # seconds

RED_THREES = (15, 28)


def _wild(c: int) -> bool:
    return c == JOKER or RANK[c] == 2


def _by_rank(cards: list[int]) -> list[list[int]]:
    groups: dict[object, list[int]] = {}
    for c in cards:
        k = "r3" if c in RED_THREES else RANK[c]
        groups.setdefault(k, []).append(c)
    return list(groups.values())


def _short(groups) -> int:
    """How many groups of a reading are too short to be a meld (under three cards)."""
    return sum(1 for g in groups if len(g) < 3)


def natural_ranks(cards: list[int]) -> int:
    """How many ranks the natural cards among ``cards`` hold (wild cards go with any)."""
    return len(_by_rank([c for c in cards if not _wild(c)]))


def meld_groupings(cards: list[int]) -> list[tuple[tuple[int, ...], ...]]:
    """Ways to read a set of hand cards as new melds, the most natural first (the table shows
    the engine's reason for the first when none is accepted): one meld; or one meld per rank
    with the wild cards going to one of them (each in turn, first where no group is left
    under three cards); or the wild cards as a meld of their own. When the cards make melds
    of three or more by rank, those readings come first and one meld of all last (a meld
    has one natural rank)."""
    nat = [c for c in cards if not _wild(c)]
    wild = [c for c in cards if _wild(c)]
    whole = (tuple(cards),)
    groups = _by_rank(nat)
    if len(groups) <= 1:
        out: list[tuple[tuple[int, ...], ...]] = [whole]
        if groups and len(wild) >= 3:
            out.append((tuple(groups[0]), tuple(wild)))
        return out
    out = []
    for i in range(len(groups)):
        gs = [list(g) for g in groups]
        gs[i] += wild
        out.append(tuple(tuple(g) for g in gs))
    out.sort(key=_short)  # stable: rank order otherwise
    if len(wild) >= 3:
        out.append(tuple(tuple(g) for g in groups) + (tuple(wild),))
    if _short(out[0]):
        return [whole] + out
    return out + [whole]


def take_groupings(cards: list[int], top: int) -> list[tuple[tuple[int, ...], ...]]:
    """Ways to take the pile with these hand cards, the most natural first: they all go with
    the top card; or the cards of the top card's rank (with or without the wild cards) go
    with it and the rest form melds by rank (first when they make melds of three or more)."""
    if not cards:
        return [()]
    r = RANK[top]
    same = [c for c in cards if RANK[c] == r and not _wild(c)]
    wild = [c for c in cards if _wild(c)]
    rest = [c for c in cards if c not in same and not _wild(c)]
    whole = (tuple(cards),)
    out: list[tuple[tuple[int, ...], ...]] = []
    if rest or (same and wild):
        for g0 in (same + wild, same):
            if not g0:
                continue
            left = _minus(cards, g0)
            if not left:
                out.append((tuple(g0),))
                continue
            for more in meld_groupings(left):
                out.append((tuple(g0),) + more)
    # All with the top card first, unless the other cards make melds of three or more.
    if rest and out and not _short(out[0][1:]):
        out.append(whole)
    else:
        out.insert(0, whole)
    seen = set()
    uniq = []
    for g in out:
        if g not in seen:
            seen.add(g)
            uniq.append(g)
    return uniq


def _minus(a: list[int], b: list[int]) -> list[int]:
    rest = list(a)
    for c in b:
        rest.remove(c)
    return rest


def canasta_candidates(reads, seat: int, target: Target, cards: list[int]) -> list[Action]:
    """Readings of dropping ``cards`` (hand cards of ``seat``) on ``target`` (``reads``: the
    table's :class:`~game.ui.table.reads.TableReads`)."""
    kind = target.kind
    if kind == "stock":
        return [make(seat, "draw")]
    if kind == "pile":
        taking = seat == reads.turn and reads.phase == DRAW
        if taking:
            pile = reads.pile()
            if not pile:
                return [make(seat, "take")]
            return [make(seat, "take", g) for g in take_groupings(cards, pile[-1])]
        if not cards:
            return [make(seat, "take")]
        out = [make(seat, "discard", (tuple(cards),))]
        pile = reads.pile() if len(cards) >= 2 and seat == reads.turn else None
        if pile:  # a turn that starts without a draw may still take (LD-13)
            out += [make(seat, "take", g) for g in take_groupings(cards, pile[-1])]
        return out
    if kind == "meld_area":
        if not cards:
            return []
        return [make(seat, "meld", g) for g in meld_groupings(cards)]
    if kind == "meld":
        if not cards:
            return []
        return [make(seat, "add", (tuple(cards),), target.key)]
    return []


def cassino_candidates(reads, seat: int, target: Target, card: int,
                       table_selected: set[int]) -> list[Action]:
    """Readings of dropping hand card ``card`` on a Cassino table group or the open table.
    Builds are not listed: they need a declared value (the screen asks for it)."""
    if target.kind == "group":
        chosen = tuple(sorted(set(table_selected) | set(target.cards)))
        out = [make(seat, "capture", ((card,), chosen))]
        if not table_selected:
            # The engine's own list: captures with this card that take the whole group.
            want = set(target.cards)
            found = [a for a in reads.legal_actions(seat)
                     if a.verb == "capture" and a.groups[0][0] == card
                     and want <= set(a.groups[1])]
            found.sort(key=lambda a: -len(a.groups[1]))
            out.extend(found[:1])
        return out
    if target.kind == "table" and not table_selected:
        return [make(seat, "trail", ((card,),))]
    return []


def build_values(judge, seat: int, card: int, table_cards) -> list[int]:
    """The values (1..13) the engine would accept for a reservation of ``card`` with
    ``table_cards`` (``judge``: the session, or anything with the engine's ``why_illegal``)."""
    cards = tuple(sorted(table_cards))
    if not cards:
        return []
    return [v for v in range(1, 14)
            if judge.why_illegal(make(seat, "build", ((card,), cards), v)) is None]


def first_legal(session, actions: list[Action]) -> tuple[Action | None, object]:
    """The first legal reading, else (None, the engine's reason for the first reading); for
    lighting drop targets (a move itself goes through ``session.try_apply``)."""
    reason = None
    for a in actions:
        why = session.why_illegal(a)
        if why is None:
            return a, None
        if reason is None:
            reason = why
    return None, reason


# ---------------------------------------------------------------------------------------------
# The pointer


@dataclass
class Press:
    pos: tuple[int, int]
    index: int = -1  # a hand card
    target: Target | None = None  # or a place on the table
    code: int = -1  # a table card (Cassino)
    staged: tuple[int, int] | None = None  # a staged meld's card: (meld, code)


@dataclass
class Drag:
    indices: list[int]  # hand positions being dragged
    codes: list[int]
    grab: list[tuple[int, int]]  # each card's offset from the pointer
    pos: tuple[int, int]
    legal: list[Target] = field(default_factory=list)  # targets the engine would accept
    hot: Target | None = None  # the target under the pointer
    staged: tuple[int, int] | None = None  # a staged meld's card being dragged: (meld, code)


class Pointer:
    """Tracks one press at a time; reports intents to the table's ``on_*`` methods
    (``intents``: game/ui/table/intents.py).

    ``clock`` tells the time of the event being handled (the app's ``now``), not a sum of
    frame times kept here: frames add their time after their events, and an idle frame's is
    the whole time slept before its click (a second click then looked late)."""

    def __init__(self, intents, clock: Callable[[], float]) -> None:
        self.intents = intents
        self.press: Press | None = None
        self.drag: Drag | None = None
        self._last_click: tuple[int, float] | None = None  # (hand index, time)
        self.clock = clock

    def reset(self) -> None:
        self.press = None
        self.drag = None

    def forget_hand(self) -> None:
        """The hand shown changed: drop what points at its positions (a drag in progress is
        cancelled; the cards go back to the new hand)."""
        if self.drag is not None or (self.press is not None and self.press.index >= 0):
            self.reset()
        self._last_click = None

    def down(self, pos: tuple[int, int]) -> None:
        it = self.intents
        idx = it.hand_index_at(pos)
        if idx >= 0:
            self.press = Press(pos, index=idx)
            return
        staged = it.staged_at(pos)
        if staged is not None:
            self.press = Press(pos, staged=staged)
            return
        code = it.table_card_at(pos)
        self.press = Press(pos, target=it.target_at(pos), code=code)

    def motion(self, pos: tuple[int, int], held: bool) -> None:
        if self.drag is not None:
            self.drag.pos = pos
            self.drag.hot = self.intents.drop_target_at(pos, self.drag)
            return
        p = self.press
        if p is None or not held or (p.index < 0 and p.staged is None):
            return
        if abs(pos[0] - p.pos[0]) + abs(pos[1] - p.pos[1]) >= DRAG_THRESHOLD:
            self.drag = (self.intents.start_drag(p.index, p.pos) if p.staged is None
                         else self.intents.start_staged_drag(p.staged, p.pos))
            if self.drag is not None:
                self.drag.pos = pos
                self.drag.hot = self.intents.drop_target_at(pos, self.drag)
            else:
                self.press = None

    def up(self, pos: tuple[int, int]) -> None:
        it = self.intents
        if self.drag is not None:
            d = self.drag
            self.drag = None
            self.press = None
            d.pos = pos
            it.end_drag(d, it.drop_target_at(pos, d))
            return
        p = self.press
        self.press = None
        if p is None:
            return
        if p.index >= 0:
            if it.hand_index_at(pos) != p.index:
                return
            last = self._last_click
            now = self.clock()
            if last is not None and last[0] == p.index and now - last[1] <= DOUBLE_CLICK:
                self._last_click = None
                it.on_double_click(p.index)
                return
            self._last_click = (p.index, now)
            it.on_click_card(p.index)
            return
        if p.staged is not None:
            if it.staged_at(pos) == p.staged:
                it.on_click_staged(*p.staged)
            return
        if p.code >= 0 and it.table_card_at(pos) == p.code:
            it.on_click_table_card(p.code)
            return
        target = it.target_at(pos)
        if target is not None and p.target is not None and target.kind == p.target.kind:
            it.on_click_target(target)
