"""Reproducible self-play for checking that the computer players' choices do not change.

:func:`play_sequence` plays one fixed-seed deal (a Cassino game) with every seat at one level
(Hard: one seat Hard with a fixed number of sampled worlds per searched decision, the others
Normal, as ``bench --ai`` measures it) and returns the actions in notation. The same code and
seeds give the same sequence on every machine; tools/ai_choices.py records and compares them.
"""

from __future__ import annotations

import hashlib

from game.driver import play_deal
from game.engine.actions import format_action
from game.engine.match import Match
from game.engine.registry import get_game
from game.players.base import Decision, Player
from game.players.levels import HardPlayer
from game.players.registry import make_player

LEVELS = ("simple", "easy", "normal", "hard")
# What tests/players/choices.json pins: the first actions of one deal per game and level.
PIN = {"seed": 1, "samples": 8, "max_actions": 150}


def digest(actions: list[str]) -> dict:
    """A short record of a sequence: its length and hash."""
    return {"actions": len(actions),
            "sha256": hashlib.sha256("\n".join(actions).encode()).hexdigest()}


def _players(level: str, players: int, seed: int, samples: int) -> list[Player]:
    if level != "hard":
        return [make_player(level, seed * 131 + s * 7 + 1) for s in range(players)]
    out = [make_player("normal", seed * 131 + s * 7 + 1) for s in range(players)]
    out[seed % players] = HardPlayer(seed * 131 + 1, samples=samples)
    return out


def play_sequence(rules: str, players: int, level: str, seed: int, samples: int = 8,
                  max_actions: int = 4000) -> list[str]:
    """The actions of one deal (at most ``max_actions``), in notation."""
    game = get_game(rules)
    state = Match(game, players, seed=seed, dealer=seed % players).start_deal()
    totals = [0] * game.num_sides(players)
    out: list[str] = []
    end = play_deal(state, _players(level, players, seed, samples),
                    decide=lambda seat: Decision.of(state, seat, totals),
                    on_action=lambda seat, action, events: out.append(format_action(action)),
                    max_actions=max_actions)
    if end.error is not None and end.error.endswith("has no legal action"):
        out.append("no legal action")
    return out
