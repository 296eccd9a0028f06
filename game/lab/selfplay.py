"""Self-play: whole games between simple legal bots, checking the rules after every action.

Used by ``python -m game selfplay`` and by the tests. A bot picks uniformly among the legal
actions of the seat to move (with a small chance, a Looking and Down player frozen in time
acts out of turn instead). After every action the state must conserve every card, and each
finished deal's parts must add up to its score and to the running totals. With
``check_lists`` every action listed for every seat that may act is also put to
``why_illegal`` before each move: the fast listing must never offer what the rules refuse.

Self-play is the engine's fuzzer, so it keeps a loop of its own rather than the deal driver
(game/driver.py) every player loop uses: the driver offers Looking and Down's out-of-turn
melds only at the start of a turn, as the table and the computers play, while LD-10 lets a
frozen-in-time player meld at any moment; the bots here act out of turn at random moments, in
states no driver schedule reaches. The scoring and the Misdeal retry are the match's own.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from game.engine.errors import CardTableError, Misdeal
from game.engine.match import Match
from game.engine.registry import get_game

MAX_ACTIONS_PER_DEAL = 20000
MAX_DEALS_PER_GAME = 200


@dataclass
class SelfPlayReport:
    rules: str
    players: int
    games: int
    completed: int = 0
    deals: int = 0
    actions: int = 0
    errors: list[str] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def as_dict(self) -> dict:
        return {
            "rules": self.rules,
            "players": self.players,
            "games": self.games,
            "completed": self.completed,
            "deals": self.deals,
            "actions": self.actions,
            "errors": self.errors[:20],
            "violations": self.violations[:20],
            "seconds": round(self.seconds, 3),
        }


def _seat_and_legal(state, rng: random.Random):
    """The seat that acts now and its legal actions: the seat to move, or with a small chance
    a Looking and Down player frozen in time acting out of turn. (None, []) when nobody can."""
    actors = state.actors()
    if not actors:
        return None, []
    seat = actors[0]
    if len(actors) > 1 and rng.random() < 0.15:
        seat = rng.choice(actors[1:])
    legal = state.legal_actions(seat)
    if not legal and seat != actors[0]:
        seat = actors[0]
        legal = state.legal_actions(seat)
    return seat, legal


def random_choice_actor(state, rng: random.Random):
    """The action a random bot plays now (None when nobody can act)."""
    _, legal = _seat_and_legal(state, rng)
    return rng.choice(legal) if legal else None


def greedy_choice_actor(state, rng: random.Random):
    """A simple legal bot that tries to win: it goes out when it can, melds the most cards,
    often takes the pile, and otherwise draws and discards at random (not wild cards)."""
    _, legal = _seat_and_legal(state, rng)
    if not legal:
        return None
    by_verb: dict[str, list] = {}
    for a in legal:
        by_verb.setdefault(a.verb, []).append(a)
    if "yes" in by_verb:
        return rng.choice(legal)
    for verb in ("take", "meld", "add"):
        options = by_verb.get(verb)
        if options and (verb != "take" or rng.random() < 0.7):
            most = max(len(a.cards()) for a in options)
            return rng.choice([a for a in options if len(a.cards()) == most])
    if "capture" in by_verb:
        return rng.choice(by_verb["capture"])
    if "draw" in by_verb:
        return by_verb["draw"][0]
    if "ask" in by_verb and rng.random() < 0.2:
        return by_verb["ask"][0]
    discards = by_verb.get("discard")
    if discards:  # keep wild cards (jokers, twos) when another card will do
        plain = [a for a in discards if a.groups[0][0] != 52 and a.groups[0][0] % 13 != 1]
        return rng.choice(plain or discards)
    return rng.choice(legal)


POLICIES = {"random": random_choice_actor, "greedy": greedy_choice_actor}


def refused_listed(state) -> list[str]:
    """Every action listed now (for each seat that may act) that ``why_illegal`` refuses, as
    'action: reason'."""
    out = []
    for seat in state.actors():
        for a in state.legal_actions(seat):
            problem = state.why_illegal(a)
            if problem is not None:
                out.append(f"{a}: {problem}")
    return out


def play_deal(state, rng: random.Random, report: SelfPlayReport, check: bool = True,
              policy=greedy_choice_actor, check_lists: bool = False, where: str = "") -> bool:
    """Play one deal to its end; False if it got stuck or broke a rule. ``where`` (such as
    'game 2 deal 5') prefixes the problems reported."""
    for step in range(MAX_ACTIONS_PER_DEAL):
        if state.is_over():
            return True
        if check_lists:
            refused = refused_listed(state)
            if refused:
                report.errors.extend(f"{where} before action {step}: listed action refused: {r}"
                                     for r in refused)
                return False
        action = policy(state, rng)
        if action is None:
            report.violations.append(f"stuck: no legal action for seat {state.current_player()}")
            return False
        try:
            state.apply(action, validate=check)
        except CardTableError as e:
            report.errors.append(f"{where} action {step}: listed action refused: {action}: {e}")
            return False
        report.actions += 1
        if check:
            problems = state.check_invariants()
            if problems:
                report.violations.append(f"after {action}: {'; '.join(problems)}")
                return False
    report.violations.append("a deal did not end")
    return False


def run_selfplay(rules: str, players: int, games: int, seed: int, check: bool = True,
                 options: frozenset[str] = frozenset(), policy: str = "greedy",
                 check_lists: bool = False) -> SelfPlayReport:
    """Whole games; ``check_lists`` also checks every listed action before each move (see
    the module's docstring; several times slower)."""
    game = get_game(rules)
    report = SelfPlayReport(rules=rules, players=players, games=games)
    start = time.perf_counter()
    for g in range(games):
        rng = random.Random(seed * 1_000_003 + g)
        match = Match(game, players, seed=seed * 7919 + g, options=options)
        ok = True
        first_deal = report.deals
        for _ in range(MAX_DEALS_PER_GAME):
            try:
                state = match.start_deal()
            except Misdeal:
                continue  # CS-2: the same dealer deals again from a new shuffle
            where = f"game {g} deal {report.deals - first_deal}"
            if not play_deal(state, rng, report, check, POLICIES[policy], check_lists, where):
                ok = False
                break
            before = list(match.totals)
            match.finish_deal()
            report.deals += 1
            scores = state.deal_scores()
            if [b + s for b, s in zip(before, scores)] != match.totals:
                report.violations.append("totals do not add up")
                ok = False
                break
            if match.over:
                break
        if ok and match.over:
            report.completed += 1
        elif ok:
            report.violations.append(f"game {g} did not end within {MAX_DEALS_PER_GAME} deals")
    report.seconds = time.perf_counter() - start
    return report
