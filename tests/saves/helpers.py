"""Shared helpers for the saves tests: sessions played by computer players, file edits."""

from __future__ import annotations

import json
from pathlib import Path

from game.engine.registry import game_info
from game.saves.model import checksum_of
from game.session import GameSession, SeatConfig

PLAYERS = {"canasta": 4, "quick-canasta": 3, "canastone": 6, "looking-and-down": 5,
           "cassino": 2}


def new_session(rules: str, players: int | None = None, seed: int = 5,
                human: bool = False) -> GameSession:
    n = players or game_info(rules).usual_players
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


def position_of(s: GameSession) -> dict:
    """The position keywords of a session's current deal (Cassino: its ``position()``; the
    canasta games: build_position's keywords), JSON-friendly as a save holds them."""
    st = s.state
    if s.rules == "cassino":
        return st.position()
    from game.engine.actions import format_key
    from game.engine.canasta.phase import PLAY
    from game.engine.cards import format_cards

    pos = {
        "hands": [format_cards(st.hand_cards(p)) for p in range(st.players)],
        "pile": format_cards(st.pile),
        "melds": [{format_key(m.key): format_cards(m.cards) for m in ms} for ms in st.melds],
        "red_threes": [format_cards(r) for r in st.red3],
        "opened": list(st.opened),
        "turn": st.turn,
        "phase": "play" if st.phase == PLAY else "draw",
        "scores": list(st.setup.scores),
        "frozen": st.frozen,
        "packet": format_cards(st.packet),
        "dealer": st.dealer,
        "keeper": st.keeper,
        "options": sorted(st.options),
        "took_last": list(st.took_last),
        "frozen_in_time": list(st.frozen_time),
    }
    if st.down is not None:
        pos["downs"] = [None if d is None else format_cards(d) for d in st.down]
    return pos


def sync_summary(doc: dict) -> None:
    """Make a hand-edited document's summary say what its session says (so that a check
    further in, not the summary's, is what refuses it)."""
    m, summary = doc["session"]["match"], doc["summary"]
    summary["totals"] = list(m["totals"])
    summary["deal"] = m["deals_played"] + (0 if doc["session"]["scored"] else 1)
    summary["game_over"] = m["over"]
    summary["winner"] = m["winner"] if m["over"] else None
