"""Evaluations of a canasta position beyond its table points, for the search's playouts:

- :func:`held_credits` (issue 30, session 15; the search's "keep" judge, used by the arms
  ``hard-keep`` and ``hard-keep-melds``, not by Hard as shipped): what each side's hands hold
  for later at the heuristic's own keep values, and the pile the player to move can take.
- The learned evaluation (issue 14; an experimental judge, off): a linear model, fitted on
  Hard's heuristic in self-play by ``tools/canasta_learn.py``, of a side's final deal score
  minus the others' (CA-15) from the position at the start of a turn.

The model is ``w . x`` with no intercept, and every input is one side's figure minus the other
sides' mean (:func:`features`), so the estimate is antisymmetric: with two sides,
``learned_estimate(st, 0) == -learned_estimate(st, 1)``. The weights ship as JSON beside this
module (``canasta_eval.json``), one model per rule set; a rule set without one has none
(:func:`load_model` returns None).

The inputs, per side (card points are in hundreds; "late" is the share of the stock drawn,
``1 - stock / STOCK0``, 0 at the deal's start, 1 when the stock is empty):
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from game.engine.canasta.ruleset import RED_THREES
from game.engine.cards import RANK
from game.players.canasta_view import is_wild

# name, what it is (one side's figure; the feature is ours minus the others' mean)
FEATURES: tuple[tuple[str, str], ...] = (
    ("meld_pts", "card points of the side's melded cards / 100 (CA-15)"),
    ("clean", "natural canastas: melds of 7+ cards without a wild card (CA-5)"),
    ("dirty", "mixed canastas: melds of 7+ cards with a wild card (CA-5)"),
    ("red3", "the side's red threes as CA-15 scores them (negative unopened) / 100"),
    ("hand_pts", "card points held in the side's hands / 100 (red threes count 0)"),
    ("melds3", "melds of exactly 3 cards"),
    ("melds4", "melds of exactly 4 cards"),
    ("melds5", "melds of exactly 5 cards"),
    ("melds6", "melds of exactly 6 cards (one card from a canasta)"),
    ("cards", "cards held in the side's hands"),
    ("wild", "wild cards (jokers, twos) held in the side's hands"),
    ("pairs", "ranks 4..A a player holds exactly 2 naturals of, the side has no meld of"),
    ("triples", "ranks 4..A a player holds 3+ naturals of, the side has no meld of"),
    ("addable", "naturals held of a rank the side has a meld of (they can be added)"),
    ("opened", "1 if the side has opened (CA-7)"),
    ("can_out", "1 if the side has the canastas needed to go out (CA-11)"),
    ("short", "can_out x (8 - the fewest cards a player of the side holds), at least 0"),
    ("to_move", "1 if it is a player of the side's turn"),
    ("pile_mover", "the pile's size if it is the side's turn"),
    ("pile_take", "the pile's size if it is the side's turn and that player can take it now"
                  " (CA-9: a natural pair of the top card; unfrozen also 1 natural + 1 wild or"
                  " the side's meld of the rank)"),
    ("frozen_mover", "1 if it is the side's turn and the pile is frozen against it (CA-10)"),
    ("hand_late", "hand_pts x late"),
    ("cards_late", "cards x late"),
    ("canastas_late", "(clean + dirty) x late"),
    ("opened_late", "opened x late"),
    ("to_move_late", "to_move x late"),
)
NAMES = tuple(name for name, _ in FEATURES)
__doc__ += "\n".join(f"- ``{name}``: {text}" for name, text in FEATURES) + "\n"

STOCK0 = 63  # 4-player Canasta's stock after the deal: 108 - 4 x 11 - 1 starter (CA-1, CA-2)


def _can_take(st, seat: int) -> bool:
    """CA-9, roughly: the seat could take the pile now (the opening minimum is not checked)."""
    if not st.pile:
        return False
    top = st.pile[-1]
    r = RANK[top]
    if is_wild(top) or r == 3:
        return False
    hr = st.hrank[seat]
    if hr[r] >= 2:
        return True
    side = st.side[seat]
    if st.frozen or not st.opened[side]:
        return False
    if any(m.rank == r for m in st.melds[side]):
        return True
    return hr[r] >= 1 and (hr[0] + hr[2]) >= 1


def side_figures(st, side: int) -> list[float]:
    """One side's figures, in the order of :data:`FEATURES`."""
    rules = st.rules
    pts = rules.points
    meld_pts = 0.0
    clean = dirty = 0
    by_size = [0, 0, 0, 0]  # melds of 3, 4, 5, 6 cards
    melded = set()
    for m in st.melds[side]:
        meld_pts += sum(pts[c] for c in m.cards)
        melded.add(m.rank)
        size = len(m.cards)
        if m.rank != 3 and size >= 7:
            if m.jok + m.two:
                dirty += 1
            else:
                clean += 1
        elif 3 <= size <= 6:
            by_size[size - 3] += 1
    count = len(st.red3[side])
    red3 = rules.red_three_score(count, st.opened[side], clean, dirty) if count else 0
    hand = cards = wild = pairs = triples = addable = 0
    fewest = 99
    seats = [s for s in range(st.players) if st.side[s] == side]
    for s in seats:
        held = st.hand_cards(s)
        cards += len(held)
        fewest = min(fewest, len(held))
        for c in held:
            if c not in RED_THREES:
                hand += pts[c]
            if is_wild(c):
                wild += 1
        hr = st.hrank[s]
        for r in (1, *range(4, 14)):
            n = hr[r]
            if r in melded:
                addable += n
            elif n == 2:
                pairs += 1
            elif n >= 3:
                triples += 1
    opened = 1.0 if st.opened[side] else 0.0
    can_out = 1.0 if clean + dirty >= st.needed else 0.0
    short = can_out * max(0, 8 - fewest)
    mover = st.turn
    ours = st.side[mover] == side
    pile = len(st.pile)
    to_move = 1.0 if ours else 0.0
    pile_take = float(pile) if ours and _can_take(st, mover) else 0.0
    frozen_mover = 1.0 if ours and (st.frozen or not st.opened[side]) else 0.0
    late = max(0.0, 1.0 - len(st.stock) / STOCK0)
    return [
        meld_pts / 100, clean, dirty, red3 / 100, hand / 100, *by_size, cards, wild, pairs,
        triples, addable, opened, can_out, short, to_move, pile * to_move, pile_take,
        frozen_mover, hand / 100 * late, cards * late, (clean + dirty) * late, opened * late,
        to_move * late,
    ]


def features(st, side: int) -> list[float]:
    """The model's inputs for ``side``: its figures minus the other sides' mean."""
    figs = [side_figures(st, s) for s in range(st.nsides)]
    others = [f for s, f in enumerate(figs) if s != side]
    k = len(others)
    return [figs[side][i] - sum(f[i] for f in others) / k for i in range(len(NAMES))]


MODEL_PATH = Path(__file__).with_name("canasta_eval.json")
_models: dict | None = None


def load_model(rules: str, path: Path | None = None) -> dict | None:
    """The shipped model for a rule set's name ({"names", "weights", ...}), or None. The file
    is read once."""
    global _models
    if path is not None:
        return json.loads(Path(path).read_text(encoding="utf-8")).get(rules)
    if _models is None:
        _models = json.loads(MODEL_PATH.read_text(encoding="utf-8")) if MODEL_PATH.exists() \
            else {}
    return _models.get(rules)


def learned_estimate(st, side: int, model: dict) -> float:
    """The model's estimate of ``side``'s final deal score minus the others' mean."""
    if tuple(model["names"]) != NAMES:
        raise ValueError("the model's features are not this module's")
    return sum(w * x for w, x in zip(model["weights"], features(st, side), strict=True))


# ---- the fit (used by tools/canasta_learn.py; pure Python, no numpy) --------------------------

def solve_spd(a: list[list[float]], b: list[float]) -> list[float]:
    """x with A x = b for a symmetric positive definite A, by Cholesky (A = L L^T)."""
    n = len(a)
    lo = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1):
            s = a[i][j] - sum(lo[i][k] * lo[j][k] for k in range(j))
            if i == j:
                if s <= 0:
                    raise ValueError("matrix not positive definite")
                lo[i][i] = math.sqrt(s)
            else:
                lo[i][j] = s / lo[j][j]
    y = [0.0] * n
    for i in range(n):
        y[i] = (b[i] - sum(lo[i][k] * y[k] for k in range(i))) / lo[i][i]
    x = [0.0] * n
    for i in reversed(range(n)):
        x[i] = (y[i] - sum(lo[k][i] * x[k] for k in range(i + 1, n))) / lo[i][i]
    return x


def ridge_fit(rows: list[list[float]], ys: list[float], ridge: float = 0.0) -> list[float]:
    """w minimising sum (y - w.x)^2 + ridge |w|^2 (no intercept: add a column of ones for
    one), by the normal equations (X^T X + ridge I) w = X^T y."""
    n = len(rows[0])
    xtx = [[0.0] * n for _ in range(n)]
    xty = [0.0] * n
    for x, y in zip(rows, ys, strict=True):
        for i in range(n):
            xi = x[i]
            if xi == 0.0:
                continue
            xty[i] += xi * y
            row = xtx[i]
            for j in range(i + 1):
                row[j] += xi * x[j]
    for i in range(n):
        for j in range(i):
            xtx[j][i] = xtx[i][j]
        xtx[i][i] += ridge
    return solve_spd(xtx, xty)


# ---- what the hands hold for later (issue 30, session 15) ------------------------------------

def held_credits(st, params: dict) -> list[float]:
    """Per side, what its hands hold for later at the heuristic's own keep values (the
    ``keep_*`` of ``params[rules]``): a wild card ``keep_wild``, each card of a pair of a rank
    the side has not melded ``keep_pair`` (of a triple ``keep_triple``), a card of a melded rank
    ``keep_melded``, a lone natural ``keep_single``, a black three ``keep_black3``; and for the
    side of the player to move, when that player can take the pile now (CA-9, roughly), the
    pile at the heuristic's gain values (``gain_wild`` a wild card, ``gain_fit`` a natural) plus
    its card points. A one-round playout's table-minus-hand judge counts a pair held against
    its side; the pair, and the pile it takes, are what holding back is for."""
    p = params.get(st.rules.name)
    out = [0.0] * st.nsides
    if p is None:
        return out
    pts = st.rules.points
    for s in range(st.players):
        side = st.side[s]
        melded = {m.rank for m in st.melds[side]}
        hr = st.hrank[s]
        credit = (hr[0] + hr[2]) * p.keep_wild
        credit += sum(1 for c in st.hand_cards(s) if c not in RED_THREES and RANK[c] == 3) \
            * p.keep_black3
        for r in (1, *range(4, 14)):
            n = hr[r]
            if not n:
                continue
            if r in melded:
                credit += n * p.keep_melded
            elif n >= 3:
                credit += n * p.keep_triple
            elif n == 2:
                credit += 2 * p.keep_pair
            else:
                credit += p.keep_single
        out[side] += credit
    mover = st.turn
    if st.pile and _can_take(st, mover):
        pile = 0.0
        for c in st.pile:
            if is_wild(c):
                pile += p.gain_wild + pts[c]
            elif RANK[c] != 3:
                pile += p.gain_fit + pts[c]
        out[st.side[mover]] += pile
    return out
