"""Save and load timings for ``python -m game bench --saves``.

A long Canastone game: six players (two teams of three), random-move computer players (they
rarely go out, so deals run long and the game lasts many deals); the save is taken late in the
game, near the end of its longest late deal, so it holds a long list of earlier deals and a
long current deal. Save = snapshot, checksum, JSON, atomic
write with fsync; load = read, parse, validate, replay every action, check. Medians (p50).
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from game.saves.atomic import write_atomic
from game.saves.files import build_document, encode, read_save
from game.session import GameSession, SeatConfig


def long_canastone(seed: int = 7, players: int = 6, max_deals: int = 30,
                   level: str = "random") -> GameSession:
    """A late position with a long history: of the later half of ``max_deals`` deals, the
    longest one, stopped three actions before its end."""
    seats = [SeatConfig("computer", level) for _ in range(players)]

    def fresh() -> GameSession:
        s = GameSession("canastone", players, seats=seats, seed=seed)
        s.start_deal()
        return s

    s = fresh()
    lengths = []
    while True:
        n = 0
        while not s.state.is_over():
            s.apply(s.bot_move(s.state.current_player()))
            n += 1
        lengths.append(n)
        if s.game_over or len(lengths) >= max_deals:
            break
        s.start_deal()
    late = range(len(lengths) // 2, len(lengths))
    target = max(late, key=lambda i: lengths[i])
    s = fresh()
    for _ in range(target):
        while not s.state.is_over():
            s.apply(s.bot_move(s.state.current_player()))
        s.start_deal()
    for _ in range(max(1, lengths[target] - 3)):
        s.apply(s.bot_move(s.state.current_player()))
    return s


def saves_section(runs: int = 20) -> dict:
    session = long_canastone()
    with tempfile.TemporaryDirectory(prefix="cardtable-bench-") as d:
        path = Path(d) / "bench.json"
        save_ms, load_ms, encode_ms = [], [], []
        size = 0
        for _ in range(max(1, runs)):
            t0 = time.perf_counter()
            data = encode(build_document(session))
            encode_ms.append((time.perf_counter() - t0) * 1000)
            write_atomic(path, data)
            save_ms.append((time.perf_counter() - t0) * 1000)
            size = len(data)
            t0 = time.perf_counter()
            read_save(path)
            load_ms.append((time.perf_counter() - t0) * 1000)
    return {"canastone_long": {
        "players": session.players,
        "deals_played": session.match.deals_played,
        "actions": len(session.history),
        "bytes": size,
        "save_ms_p50": round(statistics.median(save_ms), 2),
        "encode_ms_p50": round(statistics.median(encode_ms), 2),  # save without the disk
        "load_ms_p50": round(statistics.median(load_ms), 2),
        "runs": max(1, runs),
    }}
