"""Shared helpers for the saves tests: sessions played by computer players, file edits."""

from __future__ import annotations

import json
from pathlib import Path

from game.registry import USUAL_PLAYERS
from game.saves.model import checksum_of
from game.session import GameSession, SeatConfig

PLAYERS = {"canasta": 4, "quick-canasta": 3, "canastone": 6, "looking-and-down": 5,
           "cassino": 2}


def new_session(rules: str, players: int | None = None, seed: int = 5,
                human: bool = False) -> GameSession:
    n = players or USUAL_PLAYERS[rules]
    seats = [SeatConfig("computer", name=f"Bot {i}") for i in range(n)]
    if human:
        seats[0] = SeatConfig("human", name="Ann")
    s = GameSession(rules, n, seats=seats, seed=seed)
    s.start_deal()
    return s


def step(s: GameSession, log: list[str] | None = None) -> None:
    """One action (a new deal first when the last one is over)."""
    if s.state.is_over():
        s.start_deal()
        if log is not None:
            log.append("--deal--")
    seat = s.state.current_player()
    a = s.bot_move(seat)
    s.apply(a)
    if log is not None:
        log.append(s.history[-1])


def play(s: GameSession, n: int, log: list[str] | None = None) -> GameSession:
    for _ in range(n):
        if s.game_over:
            break
        step(s, log)
    return s


def finish_deal(s: GameSession) -> GameSession:
    while not s.state.is_over():
        s.apply(s.bot_move(s.state.current_player()))
    return s


def edit(path: Path, change, *, resign: bool = True) -> None:
    """Change a save's JSON with ``change(doc)``; recompute the checksum unless told not to."""
    doc = json.loads(path.read_bytes())
    change(doc)
    if resign:
        doc["checksum"] = checksum_of(doc)
    path.write_text(json.dumps(doc, ensure_ascii=False, indent=1), encoding="utf-8")


def fingerprint(path: Path) -> tuple[bytes, int]:
    return path.read_bytes(), path.stat().st_mtime_ns
