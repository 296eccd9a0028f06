"""Record or check the computer players' choices in fixed-seed self-play.

    python tools/ai_choices.py record FILE [--deals N] [--samples K] [--max-actions M]
    python tools/ai_choices.py check FILE
    python tools/ai_choices.py pin

``pin`` rewrites tests/players/choices.json (what tests/players/test_same_choices.py checks) after
a change meant to alter the play.

``record`` plays, for every game at its usual player count and every level (Simple, Easy,
Normal, Hard with K sampled worlds per searched decision), N fixed-seed deals and writes every
action sequence to FILE (JSON); ``check`` replays the same deals with the file's settings and
names the first action that differs. Run it before and after a change that must not change
the players' play (a refactoring, a speed-up).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from game.engine.registry import GAME_NAMES, game_info
from game.lab.fixed_play import LEVELS, PIN, digest, play_sequence


def sequences(deals: int, samples: int, max_actions: int) -> dict:
    out: dict = {}
    for rules in GAME_NAMES:
        players = game_info(rules).usual_players
        for level in LEVELS:
            for seed in range(1, deals + 1):
                out[f"{rules}/{level}/{seed}"] = play_sequence(rules, players, level, seed,
                                                               samples, max_actions)
                print(f"  {rules} {level} {seed}: {len(out[f'{rules}/{level}/{seed}'])} actions",
                      file=sys.stderr, flush=True)
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("mode", choices=("record", "check", "pin"))
    p.add_argument("file", nargs="?")
    p.add_argument("--deals", type=int, default=2)
    p.add_argument("--samples", type=int, default=8)
    p.add_argument("--max-actions", type=int, default=400)
    args = p.parse_args(argv)
    if args.mode == "pin":
        seqs = sequences(1, PIN["samples"], PIN["max_actions"])
        pinned = dict(PIN, sequences={k.rsplit("/", 1)[0]: digest(v) for k, v in seqs.items()})
        path = Path(__file__).resolve().parents[1] / "tests" / "players" / "choices.json"
        path.write_text(json.dumps(pinned, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        return 0
    if args.file is None:
        p.error(f"{args.mode} needs a FILE")
    if args.mode == "record":
        settings = {"deals": args.deals, "samples": args.samples,
                    "max_actions": args.max_actions}
        data = {"settings": settings, "sequences": sequences(**settings)}
        with open(args.file, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=0)
        return 0
    with open(args.file, encoding="utf-8") as f:
        data = json.load(f)
    now = sequences(**data["settings"])
    differ = 0
    for key, before in data["sequences"].items():
        after = now.get(key, [])
        if after != before:
            differ += 1
            i = next((i for i, (x, y) in enumerate(zip(before, after)) if x != y),
                     min(len(before), len(after)))
            print(f"{key}: action {i} differs: {before[i:i + 1]} -> {after[i:i + 1]}")
    print(f"{len(data['sequences']) - differ} of {len(data['sequences'])} sequences identical")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
