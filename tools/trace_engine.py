"""Trace the engines' behaviour into one SHA-256 per (game, player count, options).

A refactoring of the rules engines must not change what they do. This tool plays seeded random
deals of every game at every player count (500 deals without options, 200 with every option
on) and hashes, step by step:

- every acting seat's whole legal list, in order, in the notation (NOTATION.md);
- the events of the deal's start and of every applied action;
- ``why_illegal`` of a few actions near the legal ones (a card, seat or target changed) and of
  a few made at random, as the refusal's key and parameters (the sentence's wording lives in
  the locale catalogues);
- the final scores and their breakdown.

Run it before and after a change; every digest must match::

    python tools/trace_engine.py --out /tmp/after.json --compare tools/trace_reference.json

The configurations run in two processes (``--jobs``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
import zlib
from multiprocessing import Pool

from game.engine.actions import VERBS, format_action, make
from game.engine.base import DealSetup
from game.engine.errors import Misdeal
from game.engine.reasons import Reason
from game.engine.registry import GAME_NAMES, get_game

PLAIN_DEALS = 500
ALL_OPTIONS_DEALS = 200
MAX_STEPS = 20000
# Cumulative scores before a deal, covering every opening minimum (CA-7, QC-5, CS-8, LD-8).
SCORES = (-40, 0, 1500, 3000, 5000, 7500, 10500, 12500)
ODD_PER_STEP = 3  # near-miss and random actions put to why_illegal at each step


def configs() -> list[tuple[str, int, tuple[str, ...], int]]:
    out = []
    for name in GAME_NAMES:
        game = get_game(name)
        options = tuple(sorted(game.options))
        for players in game.player_counts:
            out.append((name, players, (), PLAIN_DEALS))
            if options:
                out.append((name, players, options, ALL_OPTIONS_DEALS))
    return out


def _reason_text(r) -> str:
    """A refusal as its key and parameters (nested reasons likewise)."""
    if r is None:
        return "-"
    if isinstance(r, Reason):
        params = ",".join(f"{k}={_reason_text(v)}" for k, v in sorted(r.params.items()))
        return f"{r.key}({params})"
    return repr(r)


def _odd_actions(rng: random.Random, state, legal: list, seat: int, verbs) -> list:
    """Actions a player might try that are probably not legal."""
    out = []
    players = state.players
    for _ in range(ODD_PER_STEP):
        roll = rng.random()
        if legal and roll < 0.6:
            a = rng.choice(legal)
            groups = [list(g) for g in a.groups]
            what = rng.random()
            if groups and what < 0.6:
                g = rng.randrange(len(groups))
                if groups[g]:
                    groups[g][rng.randrange(len(groups[g]))] = rng.randrange(53)
                if rng.random() < 0.3:
                    groups[g].append(rng.randrange(53))
            elif what < 0.8:
                seat_ = rng.randrange(players + 1)
                a = make(seat_, a.verb, a.groups, a.target)
            else:
                a = make(a.seat, a.verb, a.groups, rng.randrange(-1, 30))
            out.append(make(a.seat, a.verb, tuple(tuple(g) for g in groups), a.target))
        else:
            verb = rng.choice(verbs)
            groups = tuple(tuple(rng.randrange(53) for _ in range(rng.randrange(1, 5)))
                           for _ in range(rng.randrange(0, 3)))
            out.append(make(seat if rng.random() < 0.8 else rng.randrange(players), verb,
                            groups, rng.randrange(-1, 30)))
    return out


def trace_config(cfg) -> tuple[str, int, tuple[str, ...], int, str, int]:
    name, players, options, deals = cfg
    game = get_game(name)
    verbs = VERBS
    sides = game.num_sides(players)
    opts = frozenset(options)
    digest = hashlib.sha256()
    fmt: dict = {}  # action -> its notation (the same actions recur)
    steps_total = 0
    for i in range(deals):
        seed = zlib.crc32(f"{name}/{players}/{'+'.join(options)}/{i}".encode())
        rng = random.Random(seed)
        deck = game.deck_for(players, opts)
        rng.shuffle(deck)
        dealer = rng.randrange(players)
        keeper = -1
        if game.info.keeper:
            keeper = rng.choice([s for s in range(players) if s != dealer])
        setup = DealSetup(players=players, deck=tuple(deck), dealer=dealer,
                          scores=tuple(rng.choice(SCORES) for _ in range(sides)),
                          keeper=keeper, grab=(rng.random() < 0.3, rng.random() < 0.3),
                          options=opts)
        try:
            state = game.new_deal(setup)
        except Misdeal as e:
            digest.update(f"deal {i} misdeal {e}\n".encode())
            continue
        parts = [f"deal {i}", repr(getattr(state, "deal_events", None))]
        steps = 0
        while not state.is_over() and steps < MAX_STEPS:
            actors = state.actors()
            lists = []
            for seat in actors:
                legal = state.legal_actions(seat)
                texts = []
                for a in legal:
                    t = fmt.get(a)
                    if t is None:
                        t = fmt[a] = format_action(a)
                    texts.append(t)
                parts.append(f"{seat}:" + "|".join(texts))
                lists.append((seat, legal))
            seat, legal = lists[0]
            if len(lists) > 1 and rng.random() < 0.2:
                choice = rng.choice(lists[1:])
                if choice[1]:
                    seat, legal = choice
            if not legal:
                parts.append("no legal action")
                break
            known = set(legal)
            for odd in _odd_actions(rng, state, legal, seat, verbs):
                if odd not in known:
                    parts.append(_reason_text(state.why_illegal(odd)))
            action = rng.choice(legal)
            events = state.apply(action, validate=False)
            parts.append(repr(events))
            steps += 1
        parts.append(f"over {state.is_over()} {state.deal_scores()} {state.breakdown()}")
        steps_total += steps
        digest.update("\n".join(parts).encode())
    return name, players, options, deals, digest.hexdigest(), steps_total


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", help="write the digests to this JSON file")
    ap.add_argument("--compare", help="a JSON file of digests that every digest must match")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--games", nargs="*", help="only these games")
    ap.add_argument("--deals", type=int,
                    help="this many deals per configuration (a quick check between two "
                         "versions; the reference digests are of the full counts)")
    args = ap.parse_args(argv)
    cfgs = [c if args.deals is None else (*c[:3], args.deals)
            for c in configs() if not args.games or c[0] in args.games]
    # The longest first, so that two processes finish together.
    weight = {"looking-and-down": 6, "canastone": 3, "cassino": 1}
    cfgs.sort(key=lambda c: -weight.get(c[0], 2) * c[1] * c[3])
    t0 = time.time()
    with Pool(args.jobs) as pool:
        results = pool.map(trace_config, cfgs, chunksize=1)
    results.sort(key=lambda r: (GAME_NAMES.index(r[0]), r[1], r[2]))
    table = {f"{n}/{p}/{'+'.join(o) or 'plain'}": d for n, p, o, _, d, _ in results}
    for (n, p, o, deals, d, steps) in results:
        print(f"{n:17} {p} {'+'.join(o) or 'plain':60.60} {deals:4} deals {steps:7} steps {d}")
    print(f"{len(results)} configurations in {time.time() - t0:.0f} s")
    if args.out:
        with open(args.out, "w") as f:
            json.dump(table, f, indent=1, sort_keys=True)
            f.write("\n")
    if args.compare:
        with open(args.compare) as f:
            ref = json.load(f)
        bad = [k for k in table if ref.get(k) != table[k]]
        missing = [k for k in ref if k not in table]
        for k in bad:
            print(f"DIFFERS: {k}", file=sys.stderr)
        if bad:
            return 1
        print(f"all {len(table)} digests match" + (f" ({len(missing)} not run)" if missing else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
