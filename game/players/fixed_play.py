"""Reproducible self-play for checking that the computer players' choices do not change.

:func:`play_sequence` plays one fixed-seed deal (a Cassino game) with every seat at one level
(Hard: one seat Hard with a fixed number of sampled worlds per searched decision, the others
Normal, as ``bench --ai`` measures it) and returns the actions in notation. The same code and
seeds give the same sequence on every machine; tools/ai_choices.py records and compares them.
"""

from __future__ import annotations

import hashlib

from game.actions import format_action
from game.errors import Misdeal
from game.match import Match
from game.players.base import Decision, Player
from game.players.levels import HardPlayer
from game.players.registry import make_player
from game.registry import get_game

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
    match = Match(game, players, seed=seed, dealer=seed % players)
    while True:
        try:
            state = match.start_deal()
            break
        except Misdeal:  # pragma: no cover - Match retries itself
            continue
    bots = _players(level, players, seed, samples)
    totals = [0] * game.num_sides(players)
    ld = rules == "looking-and-down"
    out: list[str] = []
    last_turn = None

    def decision(seat: int) -> Decision:
        return Decision.of(state, seat, totals)

    while not state.is_over() and len(out) < max_actions:
        if ld and (state.turn, state.turn_no) != last_turn:
            last_turn = (state.turn, state.turn_no)
            for other in state.actors()[1:]:
                d = decision(other)
                a = bots[other].choose_optional(d) if d.legal else None
                if a is not None:
                    out.append(format_action(a))
                    state.apply(a, validate=False)
                    if state.is_over():
                        return out
        seat = state.current_player()
        d = decision(seat)
        if not d.legal:
            out.append("no legal action")
            break
        a = bots[seat].choose(d)
        out.append(format_action(a))
        state.apply(a, validate=False)
    return out
