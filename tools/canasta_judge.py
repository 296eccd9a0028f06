"""Can a learned judge make Hard's one-round canasta search better? (docs/ai-journal.md, issue 14)

    python tools/canasta_judge.py [--deals K] [--seed S] [--worlds W] [--only RULES/PLAYERS]
                                  [--out PATH]

Hard's search plays each candidate move for one round in the same sampled worlds and judges the
positions reached (table points minus 0.6 x hand points, canasta_search.evaluate). This script
measures that judge and fits a linear one in its place on exactly what the search compares. For
Canasta and Quick Canasta at 2, 3 and 4 players, K deals are played by Hard's heuristic at every
seat (fixed seeds: the data and the fit are the same on every machine); at every decision where
the search has candidates, W worlds are sampled from the deciding seat's view and each candidate
is played in each world for one round (the features and the judge are read there) and then on to
the end of the deal (its score is the target). A ridge least-squares fit of the final score
difference between two candidates on the difference of their features, on the first 80% of the
deals, gives the weights: what a feature is worth when a move changes it, not what merely comes
with it in self-play. On the last 20%: the correlation of predicted and real differences, for the
fitted judge and for the search's own. Prints one line per game and count; ``--out`` writes the
weights and figures as JSON.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

from game.engine.canasta.ruleset import RED_THREES
from game.engine.cards import JOKER, RANK
from game.engine.match import Match
from game.engine.registry import get_game
from game.engine.rng import Rng
from game.players.base import Decision
from game.players.canasta_search import CanastaSearch, evaluate, sample_world
from game.players.canasta_view import CanastaView
from game.players.heuristic_canasta import HARD_PARAMS, CanastaHeuristic

# The features of a position for one side: our side's figure minus the others' mean, some also
# times how far the deal has gone (``late``: the share of the stock drawn).
NAMES = (
    "bias_late", "table", "table_late", "hand", "hand_late", "cards", "cards_late", "wild",
    "canastas", "canastas_late", "clean", "near", "opened", "opened_late", "pairs",
    "pile_ours", "pile_theirs", "frozen_ours", "frozen_theirs",
)


def _is_wild(c: int) -> bool:
    return c == JOKER or RANK[c] == 2


def _side_figures(st, side: int) -> tuple:
    """(table, hand, cards, wild, canastas, clean, near, opened, pairs) of one side."""
    rules = st.rules
    pts = rules.points
    table = 0.0
    canastas = clean = near = 0
    dirty = 0
    for m in st.melds[side]:
        table += sum(pts[c] for c in m.cards)
        size = len(m.cards)
        if m.rank != 3 and size >= 7:
            table += rules.canasta_bonus(m)
            canastas += 1
            if m.jok + m.two:
                dirty += 1
            else:
                clean += 1
        elif size >= 5:
            near += 1
    count = len(st.red3[side])
    if count:
        table += rules.red_three_score(count, st.opened[side], clean, dirty)
    hand = cards = wild = pairs = 0
    for s in range(st.players):
        if st.side[s] != side:
            continue
        held = st.hand_cards(s)
        cards += len(held)
        for c in held:
            hand += pts[c] if c not in RED_THREES else 0
            if _is_wild(c):
                wild += 1
        hr = st.hrank[s]
        pairs += sum(1 for r in range(4, 14) if hr[r] >= 2) + (hr[1] >= 2)
    return (table, hand, cards, wild, canastas, clean, near, 1.0 if st.opened[side] else 0.0,
            pairs)


def features(st, side: int, stock_at_start: int) -> list[float]:
    """The model's inputs for ``side`` in state ``st`` (see :data:`NAMES`)."""
    figs = [_side_figures(st, s) for s in range(st.nsides)]
    ours = figs[side]
    others = [f for s, f in enumerate(figs) if s != side]
    k = len(others)
    d = [ours[i] - sum(f[i] for f in others) / k for i in range(len(ours))]
    table, hand, cards, wild, canastas, clean, near, opened, pairs = d
    late = 1.0 - len(st.stock) / stock_at_start if stock_at_start else 1.0
    pile = len(st.pile)
    ours_next = st.side[st.current_player()] == side
    return [
        late, table, table * late, hand, hand * late, cards, cards * late, wild,
        canastas, canastas * late, clean, near, opened, opened * late, pairs,
        pile if ours_next else 0.0, 0.0 if ours_next else pile,
        pile if ours_next and st.frozen else 0.0, pile if st.frozen and not ours_next else 0.0,
    ]


GAMES = (("canasta", 2), ("canasta", 3), ("canasta", 4),
         ("quick-canasta", 2), ("quick-canasta", 3), ("quick-canasta", 4))


def play(rules: str, players: int, seed: int, worlds: int) -> list[list[tuple]]:
    """One deal's searched decisions: per decision, per world, per candidate, (features after
    one round, the old judge there, the deal's final score difference)."""
    game = get_game(rules)
    match = Match(game, players, seed=seed, dealer=seed % players)
    st = match.start_deal()
    stock0 = len(st.stock)
    bots = [CanastaHeuristic(seed * 7 + s, params=HARD_PARAMS) for s in range(players)]
    search = CanastaSearch(Rng(seed), params=HARD_PARAMS)
    search.learned = False
    totals = [0] * game.num_sides(players)
    out: list[list[tuple]] = []
    steps = 0
    while not st.is_over() and steps < 4000:
        steps += 1
        seat = st.current_player()
        d = Decision.of(st, seat, totals)
        if not d.legal:
            break
        cands = search.candidates(d)
        if cands:
            out.extend(_measure(search, d, cands, stock0, worlds))
        a = d.legal[0] if len(d.legal) == 1 else bots[seat].choose(d)
        st.apply(a, validate=False)
    return out


def _measure(search: CanastaSearch, d: Decision, cands: list, stock0: int,
             worlds: int) -> list[list[tuple]]:
    return candidate_playouts(search, d, cands, worlds,
                              lambda st, side: (features(st, side, stock0), evaluate(st, side)))


def candidate_playouts(search: CanastaSearch, d: Decision, cands: list, worlds: int,
                       at_round) -> list[list[tuple]]:
    """Each candidate in ``worlds`` sampled worlds (the same for every candidate): played one
    round, recorded there by ``at_round(state, side)`` (a tuple), then played to the end of the
    deal. One row a world, one tuple a candidate: ``at_round``'s figures and the final score
    (``evaluate`` of the finished deal). A world the engine refuses or that does not finish is
    skipped (tools/canasta_learn.py uses it too)."""
    side = CanastaView(d).side
    out = []
    for _ in range(worlds):
        world = sample_world(d, search.rng)
        if world is None:
            continue
        row = []
        try:
            for a in cands:
                st = world.clone()
                st.apply(a, validate=False)
                search._rollout(st, d, math.inf, 1)
                got = at_round(st, side)
                search._rollout(st, d, math.inf, None)
                if not st.is_over():
                    raise ValueError("unfinished")
                row.append((*got, evaluate(st, side)))
        except Exception:  # noqa: BLE001 - a world the engine refuses is skipped
            continue
        out.append(row)
    return out


def _pairs(groups: list[list[tuple]]) -> tuple[list[list[float]], list[float], list[float]]:
    """Differences (candidate minus the first) of features, final scores and old judge."""
    dx, dy, dj = [], [], []
    for row in groups:
        x0, j0, y0 = row[0]
        for x, j, y in row[1:]:
            dx.append([u - v for u, v in zip(x, x0, strict=True)])
            dy.append(y - y0)
            dj.append(j - j0)
    return dx, dy, dj


def ridge(xs: list[list[float]], ys: list[float], lam: float) -> list[float]:
    """Least squares with a small ridge penalty, by Gaussian elimination on the normal
    equations (features are scaled by their spread first, so one penalty suits all)."""
    k = len(xs[0])
    n = len(xs)
    scale = []
    for j in range(k):
        m = sum(x[j] for x in xs) / n
        sd = math.sqrt(sum((x[j] - m) ** 2 for x in xs) / n) or 1.0
        scale.append(sd)
    a = [[0.0] * k for _ in range(k)]
    b = [0.0] * k
    for x, y in zip(xs, ys, strict=True):
        z = [x[j] / scale[j] for j in range(k)]
        for i in range(k):
            zi = z[i]
            if zi:
                b[i] += zi * y
                row = a[i]
                for j in range(k):
                    row[j] += zi * z[j]
    for i in range(k):
        a[i][i] += lam * n
    w = _solve(a, b)
    return [w[j] / scale[j] for j in range(k)]


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    k = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(k):
        p = max(range(c, k), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        piv = m[c][c]
        if abs(piv) < 1e-12:
            continue
        for r in range(k):
            if r != c and m[r][c]:
                f = m[r][c] / piv
                m[r] = [u - f * v for u, v in zip(m[r], m[c], strict=True)]
    return [m[i][k] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(k)]


def corr(u: list[float], v: list[float]) -> float:
    n = len(u)
    mu, mv = sum(u) / n, sum(v) / n
    su = math.sqrt(sum((x - mu) ** 2 for x in u))
    sv = math.sqrt(sum((x - mv) ** 2 for x in v))
    return sum((x - mu) * (y - mv) for x, y in zip(u, v, strict=True)) / (su * sv or 1.0)


def fit(rules: str, players: int, deals: int, seed: int, lam: float, worlds: int) -> dict:
    train: list[list[tuple]] = []
    test: list[list[tuple]] = []
    cut = int(deals * 0.8)
    for i in range(deals):
        (train if i < cut else test).extend(play(rules, players, seed * 1_000_003 + i, worlds))
    tx, ty, _ = _pairs(train)
    w = ridge(tx, ty, lam)
    hx, hy, hj = _pairs(test)
    pred = [sum(a * b for a, b in zip(w, x, strict=True)) for x in hx]
    world = Match(get_game(rules), players, seed=seed, dealer=0).start_deal()
    return {"weights": [round(v, 6) for v in w], "stock": len(world.stock),
            "records": len(tx), "held_out": len(hx),
            "r_model": round(corr(pred, hy), 4), "r_old": round(corr(hj, hy), 4)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--deals", type=int, default=300)
    p.add_argument("--worlds", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--ridge", type=float, default=1e-3)
    p.add_argument("--out", type=Path, default=None)
    p.add_argument("--only", default=None, help="one RULES/PLAYERS, e.g. canasta/4")
    args = p.parse_args(argv)
    if args.deals < 10:
        p.error("--deals must be at least 10")
    models = {}
    for rules, players in GAMES:
        key = f"{rules}/{players}"
        if args.only and key != args.only:
            continue
        models[key] = fit(rules, players, args.deals, args.seed, args.ridge, args.worlds)
        m = models[key]
        print(f"{key}: fitted judge r {m['r_model']}, the search's judge r {m['r_old']} "
              f"({m['records']} differences fitted, {m['held_out']} held out)", flush=True)
    out = {"features": list(NAMES), "deals": args.deals, "worlds": args.worlds,
           "seed": args.seed,
           "ridge": args.ridge, "models": models}
    if args.out:
        args.out.write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
