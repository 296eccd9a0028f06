"""``python -m game stats [--json]``: the player's statistics (docs/stats.md).

One line per game, player count and computer level, then the daily deals. A damaged
statistics file is reported on standard error (it is kept, and set aside at the next write);
the command still exits 0 with empty statistics.
"""

from __future__ import annotations

import json
import sys


def add_arguments(p) -> None:
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--file", help="a statistics file other than the user's")


def _tally(name: str, t) -> str:
    return f"{name} {t.played} (won {t.won}, lost {t.lost}, drawn {t.drawn})"


def _streak(streak: int) -> str:
    if streak > 0:
        return f"won {streak}"
    return f"lost {-streak}" if streak < 0 else "none"


PLURAL = {"deal": "deals", "game": "games", "match": "matches"}


def bucket_line(key: str, b) -> str:
    from game.engine.registry import game_info
    from game.stats.families import counts_of
    from game.stats.model import split_key

    rules, players, level = split_key(key)
    info = game_info(rules)
    parts = [_tally(PLURAL[info.game_word], b.games), _tally(PLURAL[info.deal_word], b.deals)]
    if b.deals.played:
        parts.append(f"average {b.average_score:.0f}, best {b.best_score}")
    parts.append(f"streak {_streak(b.streak)} (longest won {b.best_streak}, "
                 f"lost {b.worst_streak})")
    parts.append(counts_of(rules).summary(b))
    if b.take_backs.played:
        parts.append(_tally("games with take-backs", b.take_backs))
    return f"{rules}, {players} players, {level} computers: " + "; ".join(parts)


def as_json(stats) -> dict:
    doc = stats.model_dump(mode="json", exclude={"recorded"})
    for key, b in stats.buckets.items():
        doc["buckets"][key]["average_score"] = b.average_score
    return doc


def run(args) -> int:
    from pathlib import Path

    from game.safetext import display_text
    from game.stats import store

    path = Path(args.file) if args.file else store.stats_path()
    loaded = store.read(path)
    if loaded.unreadable:  # refused by the system (no permission): not damaged, not replaced
        print(f"stats: {display_text(str(path), 200)} {display_text(loaded.problem)}; no deal "
              "is counted until it can be read", file=sys.stderr)
    elif loaded.problem:
        print(f"stats: {display_text(str(path), 200)} cannot be read "
              f"({display_text(loaded.problem)}); it is kept as it is and a new one is started "
              "at the next game", file=sys.stderr)
    stats = loaded.stats
    if args.json:
        print(json.dumps(as_json(stats), ensure_ascii=False))
        return 0
    if not stats.buckets and not stats.daily:
        print(f"no statistics yet ({display_text(str(path), 200)})")
        return 0
    print(f"statistics in {display_text(str(path), 200)}:")
    for key in sorted(stats.buckets):
        print("  " + bucket_line(key, stats.buckets[key]))
    if stats.daily:
        print("daily deals:")
        for e in sorted(stats.daily.values(), key=lambda e: (e.day, e.rules), reverse=True):
            result = "not finished" if e.result is None else f"{e.result} ({e.score})"
            print(f"  {e.day} {e.rules} no. {e.number}: {result}")
    return 0
