"""Flowing a side's melds into its area: each meld's slot, with the label under it, shrunk
until every meld fits (the table's layout gives the areas; the scene fills them)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pygame import Rect

from game.ui.table.layout import card_h


@dataclass
class MeldSpot:
    key: object
    rect: Rect  # the whole meld
    cards: list[Rect]  # one rectangle per visible card, bottom first
    stacked: bool  # a canasta shown as a squared pile


def meld_extent(n: int, stacked: bool, w: int) -> tuple[int, int]:
    """(width, height) a meld of ``n`` cards takes at card width ``w``."""
    h = card_h(w)
    if stacked:
        return w + 2 * max(2, round(w * 0.06)), h + 2 * max(2, round(w * 0.06))
    step = max(6, round(w * 0.3))
    return w + step * max(0, n - 1), h


# A label on a meld's lower edge ("4 · 40 pts", "Mixed · 230 pts"; render._ribbon draws it):
# its type size and padding at scale 1.
RIBBON_TYPE = 12
RIBBON_PAD = (7, 2)


RIBBON_LEAST_PX = 9  # a label's type is never drawn smaller, whatever the text size


def ribbon_font(scale: float):
    """The bold font of a meld's label at ``scale``: at the player's text size, and never
    under 9 pixels (a floor in pixels, so that a crowded area's last tries can draw its
    labels smaller than a larger text size's floor would, and never unreadable)."""
    from game.ui import fonts

    return fonts.font_px(max(RIBBON_LEAST_PX, fonts.px(round(RIBBON_TYPE * scale))), True)


def ribbon_size(text: str, scale: float) -> tuple[int, int]:
    """(width, height) of a meld's label at ``scale``, measured in the font (only here)."""
    tw, th = ribbon_font(scale).size(text)
    pw, ph = round(RIBBON_PAD[0] * scale), round(RIBBON_PAD[1] * scale)
    return tw + 2 * pw, th + 2 * ph


UNDER_GAP = 1  # a staged meld's label hangs this far under its cards (render.label_rect)
POINTS_INSET = 3  # a side's points label sits this far (at scale 1) above its area's bottom


def points_foot(text: str, scale: float) -> int:
    """The strip at a meld area's bottom kept free for the side's points label (``text``),
    with a few pixels above it."""
    return ribbon_size(text, scale)[1] + round(POINTS_INSET * scale) + max(3, round(3 * scale))


def flow_melds(area: Rect, melds: list[tuple[object, int, bool]], pref_w: int,
               min_w: int = 20, lead: int = 0, labels: list[tuple[int, int]] | None = None,
               foot: int = 0, fixed: dict | None = None,
               under: frozenset = frozenset()) -> tuple[int, list[MeldSpot]]:
    """Place melds, given as (key, card count, stacked), left to right in rows inside
    ``area``, the first row starting ``lead`` pixels in (room for red threes). The card
    width starts at ``pref_w`` and shrinks until everything fits (or reaches ``min_w``).

    ``labels`` are the sizes of the labels centred on each meld's lower edge: a meld gets a
    slot as wide as its label and some (its cards centred in it), and a row leaves room under
    it for the labels' lower halves, so no two labels touch and none reaches into the next row
    or into the ``foot`` pixels kept free at the area's bottom (the side's points).
    ``fixed``: (width, height) of items whose size is not a meld's (the staged melds'
    buttons), by key. The labels of the items keyed in ``under`` hang wholly under their
    cards instead (a staged meld's: what it still needs, its cards in full view)."""
    w, spots, _ok = _shrink(area, melds, pref_w, min_w, lambda _w: lead,
                            labels or [(0, 0)] * len(melds), foot, fixed or {}, under)
    return w, spots


def _shrink(area: Rect, melds, pref_w: int, min_w: int, lead: Callable[[int], int], labels,
            foot: int, fixed: dict, under: frozenset = frozenset()
            ) -> tuple[int, list[MeldSpot], bool]:
    """The flow at the widest card (from ``pref_w`` down to ``min_w``) at which it fits;
    whether it does."""
    w = pref_w
    while True:
        spots, ok = _try_flow(area, melds, w, lead(w), labels, foot, fixed, under)
        if ok or w <= min_w:
            return w, spots, ok
        w = max(min_w, int(w * 0.9))


def _try_flow(area: Rect, melds, w: int, lead: int, labels, foot: int, fixed: dict,
              under: frozenset = frozenset()) -> tuple[list[MeldSpot], bool]:
    gap = max(4, round(w * 0.18))
    h = card_h(w)
    x, y = area.x + lead, area.y
    row_h = 0
    spots = []
    ok = True
    for (key, n, stacked), (lw, lh) in zip(melds, labels):
        mw, mh = fixed[key] if key in fixed else meld_extent(n, stacked, w)
        slot = max(mw, lw + gap if lw else 0)
        below = lh + UNDER_GAP if key in under else lh - lh // 2  # the label under the cards
        if x + slot > area.right and x > area.x + (lead if y == area.y else 0):
            x = area.x  # the red threes (``lead``) stand in the first row only
            y += row_h + gap
            row_h = 0
        if x + slot > area.right or y + mh + max(below, 0) > area.bottom - foot:
            ok = False
        left = x + (slot - mw) // 2
        rect = Rect(left, y, mw, mh)
        cards = []
        if stacked:
            off = max(2, round(w * 0.06))
            for i in range(3):
                cards.append(Rect(left + i * off, y + i * off, w, h))
        else:
            step = max(6, round(w * 0.3))
            for i in range(n if key not in fixed else 0):
                cards.append(Rect(left + i * step, y, w, h))
        spots.append(MeldSpot(key, rect, cards, stacked))
        x += slot + gap
        row_h = max(row_h, mh + below)
    return spots, ok


@dataclass
class MeldFit:
    """How a side's melds fit its area: the card width, each item's spot (``stacked``: a
    squared pile), the labels' texts and scale."""
    w: int
    spots: list[MeldSpot]
    texts: list[str]
    label_scale: float


LABEL_FLOOR = 0.75  # labels drawn smaller in a crowded area, never under 9 px type


def fit_melds(area: Rect, items: list[tuple[object, int, bool]], texts: list[str],
              shorts: list[list[str]], pref_w: int, scale: float, lead: Callable[[int], int],
              foot_text: str, fixed: dict, melds: int) -> MeldFit:
    """Lay out a side's items (its ``melds`` first, then any staged ones) to fit ``area``,
    trying in turn: the table's card size shrunk to half; smaller cards and labels; every
    meld squared into a pile (its count in its corner) under shorter labels (each of
    ``shorts`` in turn: its points, then the bare number); last, at a larger text size, the
    bare numbers under that size's floor (type of 9 pixels, as at 100 % text): the player's
    text size gives way only where nothing else fits.
    ``lead(w)``: the room the red threes take beside cards of width ``w``. The staged melds'
    labels (the items after ``melds`` but the fixed ones) hang under their cards."""
    small = min(scale, LABEL_FLOOR)
    under = frozenset(k for k, _n, _s in items[melds:] if k not in fixed)
    squared = [(k, n, True) if i < melds else (k, n, st) for i, (k, n, st) in enumerate(items)]
    tries = [(items, texts, scale, max(20, round(pref_w * 0.5))),
             (items, texts, small, 14),
             *[(squared, words, small, 12) for words in shorts]]
    from game.ui import fonts

    least = small / fonts.text_scale()  # the type 9 pixels (ribbon_font)
    if least < small:  # seven seats at 800x600 and 150 % text did not fit otherwise
        tries.append((squared, shorts[-1], least, 12))
    fit = None
    for its, words, s, min_w in tries:
        sizes = [ribbon_size(x, s) if x else (0, 0) for x in words]
        w, spots, ok = _shrink(area, its, pref_w, min_w, lead, sizes,
                               points_foot(foot_text, s), fixed, under)
        fit = MeldFit(w, spots, words, s)
        if ok:
            break
    assert fit is not None
    return fit
