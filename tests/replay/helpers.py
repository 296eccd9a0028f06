"""Finished deals to replay, played by the computer players (seeded, so always the same)."""

from __future__ import annotations

from functools import cache

from game.engine.record import DealRecord


@cache
def finished_session(rules: str, players: int, seed: int = 3):
    from game.session import GameSession, SeatConfig

    seats = [SeatConfig("computer", "easy") for _ in range(players)]
    keeper = 1 if rules == "looking-and-down" else None
    s = GameSession(rules, players, seats=seats, seed=seed, dealer=0, keeper=keeper)
    s.start_deal()
    s.play_computers(0, seed, "easy", to_end=True)
    assert s.state.is_over()
    return s


def finished_record(rules: str = "canasta", players: int = 2, seed: int = 3) -> DealRecord:
    return finished_session(rules, players, seed).record()
