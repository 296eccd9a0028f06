"""A learned evaluation of a canasta position, trained by self-play (docs/ai-journal.md, issue 14):

    python tools/canasta_learn.py data --rules canasta --games K --seed S --out FILE
    python tools/canasta_learn.py fit --data FILE [--out game/players/canasta_eval.json]
                                      [--ridge L]
    python tools/canasta_learn.py pairs --rules canasta --games K --seed S [--worlds W]

- ``data``: K deals of Hard's heuristic (``HARD_PARAMS``) at all 4 seats, deal i dealt from seed
  S x 1000 + i (as tools/canasta_probe.py). At the start of every turn one JSON line: the deal,
  the turn, side 0's features (game/players/canasta_eval.py), the search's table judge for
  side 0 (``canasta_search.evaluate``) and the target, side 0's final deal score minus side 1's
  (CA-15). Side 1's row is the mirror, (-x, -table, -y), not written: ``fit`` adds it (for
  the linear model, with no intercept, it adds exactly the same terms to the normal
  equations; for the table judge's scale and intercept it keeps the fit symmetric, the
  intercept 0). Same seed, same file.
- ``fit``: ridge least squares target ~ w . x on the deals not in the held-out 20% (deal index
  % 5 == 4; split by deal, not by position), then on the held-out deals R^2 and the correlation
  of the prediction with the target, against the table judge as a single predictor (with its
  own scale and intercept fitted on the same training deals). Writes the model (merged into
  ``--out``'s JSON under the rule set's name) and prints the figures as JSON.
- ``pairs``: the judges where the search uses them (as tools/canasta_judge.py): K self-play
  deals of Hard's heuristic; at every decision the search has candidates for, W worlds are
  sampled and each candidate is played in each for one round (judged there by the table judge
  and by the shipped learned model) and then to the end of the deal. Prints the correlation of
  each judge's difference between a candidate and the heuristic's move with the difference of
  their final scores.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

from game.engine.match import Match
from game.engine.registry import get_game
from game.engine.rng import Rng
from game.players.base import Decision
from game.players.canasta_eval import (
    FEATURES,
    NAMES,
    features,
    learned_estimate,
    load_model,
    ridge_fit,
)
from game.players.canasta_search import CanastaSearch, evaluate
from game.players.heuristic_canasta import HARD_PARAMS, CanastaHeuristic

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the tools beside this one
from canasta_judge import candidate_playouts  # noqa: E402

PLAYERS = 4


def deal_rows(rules: str, seed: int, index: int, heuristic: CanastaHeuristic) -> list[dict]:
    """One self-play deal's rows (see the module's doc)."""
    st = Match(get_game(rules), PLAYERS, seed=seed * 1000 + index,
               dealer=index % PLAYERS).start_deal()
    rows = []
    last = None
    steps = 0
    while not st.is_over() and steps < 4000:
        steps += 1
        if st.turn_no != last:
            last = st.turn_no
            rows.append({"deal": index, "turn": st.turn_no,
                         "x": [round(v, 4) for v in features(st, 0)],
                         "table": round(evaluate(st, 0), 1)})
        seat = st.current_player()
        d = Decision.of(st, seat, [0] * st.nsides)
        st.apply(d.legal[0] if len(d.legal) == 1 else heuristic.choose(d), validate=False)
    scores = st.deal_scores() or [0] * st.nsides
    y = scores[0] - sum(scores[1:]) / (len(scores) - 1)
    for r in rows:
        r["y"] = y
    return rows


def make_data(rules: str, games: int, seed: int, out: Path) -> dict:
    heuristic = CanastaHeuristic(seed, params=HARD_PARAMS)
    t0 = time.perf_counter()
    n = 0
    with out.open("w", encoding="utf-8") as f:
        f.write(json.dumps({"rules": rules, "games": games, "seed": seed, "names": NAMES})
                + "\n")
        for i in range(games):
            for r in deal_rows(rules, seed, i, heuristic):
                f.write(json.dumps(r) + "\n")
                n += 1
    return {"rows": n, "deals": games, "seconds": round(time.perf_counter() - t0, 1)}


def _r2_corr(pred: list[float], ys: list[float]) -> tuple[float, float]:
    n = len(ys)
    my = sum(ys) / n
    mp = sum(pred) / n
    sst = sum((y - my) ** 2 for y in ys)
    sse = sum((y - p) ** 2 for y, p in zip(ys, pred, strict=True))
    cov = sum((y - my) * (p - mp) for y, p in zip(ys, pred, strict=True))
    vp = sum((p - mp) ** 2 for p in pred)
    corr = cov / math.sqrt(sst * vp) if sst > 0 and vp > 0 else 0.0
    return 1 - sse / sst, corr


def fit(data: Path, out: Path, ridge: float) -> dict:
    with data.open(encoding="utf-8") as f:
        head = json.loads(f.readline())
        if tuple(head["names"]) != NAMES:
            raise SystemExit("the data's features are not canasta_eval's: make the data again")
        rows = [json.loads(line) for line in f]
    # every row with its mirror, side 1's (-x, -table, -y): the figures are both sides'
    rows += [{"deal": r["deal"], "x": [-v for v in r["x"]], "table": -r["table"], "y": -r["y"]}
             for r in rows]
    train = [r for r in rows if r["deal"] % 5 != 4]
    test = [r for r in rows if r["deal"] % 5 == 4]
    w = ridge_fit([r["x"] for r in train], [r["y"] for r in train], ridge)
    ys = [r["y"] for r in test]
    pred = [sum(a * b for a, b in zip(w, r["x"], strict=True)) for r in test]
    r2, corr = _r2_corr(pred, ys)
    r2_train, corr_train = _r2_corr(
        [sum(a * b for a, b in zip(w, r["x"], strict=True)) for r in train],
        [r["y"] for r in train])
    # the table judge as a single predictor: y ~ a + b * table on the same training deals
    b0, b1 = ridge_fit([[1.0, r["table"]] for r in train], [r["y"] for r in train], 0.0)
    t_r2, t_corr = _r2_corr([b0 + b1 * r["table"] for r in test], ys)
    figures = {
        "rows_train": len(train), "rows_test": len(test),  # with the mirrors
        "deals": len({r["deal"] for r in rows}), "ridge": ridge,
        "test_r2": round(r2, 4), "test_corr": round(corr, 4),
        "train_r2": round(r2_train, 4), "train_corr": round(corr_train, 4),
        "table_test_r2": round(t_r2, 4), "table_test_corr": round(t_corr, 4),
        "table_fit": [round(b0, 2), round(b1, 4)],
    }
    model = {"names": list(NAMES), "weights": [round(v, 3) for v in w],
             "data": {"rules": head["rules"], "games": head["games"], "seed": head["seed"]},
             "fit": figures,
             "doc": {name: text for name, text in FEATURES}}
    models = json.loads(out.read_text(encoding="utf-8")) if out.exists() else {}
    models[head["rules"]] = model
    out.write_text(json.dumps(models, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return {**figures, "weights": dict(zip(NAMES, model["weights"], strict=True))}


def pairs(rules: str, games: int, seed: int, worlds: int) -> dict:
    model = load_model(rules)
    if model is None:
        raise SystemExit(f"no shipped model for {rules}")
    heuristic = CanastaHeuristic(seed, params=HARD_PARAMS)
    search = CanastaSearch(Rng(seed), params=HARD_PARAMS)
    d_table: list[float] = []
    d_learned: list[float] = []
    d_final: list[float] = []
    decisions = 0

    def judged(st, side: int) -> tuple[float, float]:
        """Both judges a round on (the deal's score for both when it is over)."""
        table = evaluate(st, side)
        return table, table if st.is_over() else learned_estimate(st, side, model)

    for i in range(games):
        st = Match(get_game(rules), PLAYERS, seed=seed * 1000 + i,
                   dealer=i % PLAYERS).start_deal()
        steps = 0
        while not st.is_over() and steps < 4000:
            steps += 1
            d = Decision.of(st, st.current_player(), [0] * st.nsides)
            cands = search.candidates(d) if len(d.legal) > 1 else []
            if len(cands) >= 2:
                decisions += 1
                for got in candidate_playouts(search, d, cands, worlds, judged):
                    for t, lv, f in got[1:]:
                        d_table.append(t - got[0][0])
                        d_learned.append(lv - got[0][1])
                        d_final.append(f - got[0][2])
            a = d.legal[0] if len(d.legal) == 1 else heuristic.choose(d)
            st.apply(a, validate=False)
    n = len(d_final)
    zero = sum(1 for v in d_final if v == 0)
    return {"deals": games, "decisions": decisions, "pairs": n, "final_zero": zero,
            "final_sd": round(math.sqrt(sum(v * v for v in d_final) / n), 1) if n else None,
            "corr_table": round(_r2_corr(d_table, d_final)[1], 4) if n else None,
            "corr_learned": round(_r2_corr(d_learned, d_final)[1], 4) if n else None}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("data", help="self-play positions and final scores, as JSON lines")
    d.add_argument("--rules", default="canasta", choices=("canasta", "quick-canasta"))
    d.add_argument("--games", type=int, default=100)
    d.add_argument("--seed", type=int, default=1)
    d.add_argument("--out", type=Path, required=True)
    f = sub.add_parser("fit", help="fit the linear model by ridge least squares")
    f.add_argument("--data", type=Path, required=True)
    f.add_argument("--out", type=Path, default=Path("game/players/canasta_eval.json"))
    f.add_argument("--ridge", type=float, default=10.0)
    q = sub.add_parser("pairs", help="the judges' candidate differences against the deal's")
    q.add_argument("--rules", default="canasta", choices=("canasta", "quick-canasta"))
    q.add_argument("--games", type=int, default=20)
    q.add_argument("--seed", type=int, default=2)
    q.add_argument("--worlds", type=int, default=4)
    args = p.parse_args(argv)
    if args.cmd == "pairs":
        print(json.dumps(pairs(args.rules, args.games, args.seed, args.worlds)))
    elif args.cmd == "data":
        if args.games < 1:
            p.error("--games must be at least 1")
        print(json.dumps(make_data(args.rules, args.games, args.seed, args.out)))
    else:
        print(json.dumps(fit(args.data, args.out, args.ridge)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
