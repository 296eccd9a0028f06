"""A simple legal player for every game: goes out when it can, melds the most cards, often
takes the pile, captures when it can, otherwise discards or trails a low card. It is the
fallback level and the self-play opponent; it knows nothing of strategy."""

from __future__ import annotations

from game.engine.actions import Action
from game.engine.cards import JOKER, RANK
from game.players.base import Decision, Player


class SimplePlayer(Player):
    level = "simple"

    def choose(self, decision: Decision) -> Action:
        legal = decision.legal
        by_verb: dict[str, list[Action]] = {}
        for a in legal:
            by_verb.setdefault(a.verb, []).append(a)
        rng = self.rng
        if "yes" in by_verb:
            return by_verb["yes"][0] if rng.random() < 0.6 else by_verb["no"][0]
        for verb in ("take", "meld", "add", "capture"):
            options = by_verb.get(verb)
            if options and (verb != "take" or rng.random() < 0.8):
                most = max(len(a.cards()) for a in options)
                return rng.choice([a for a in options if len(a.cards()) == most])
        if "draw" in by_verb:
            return by_verb["draw"][0]
        for verb in ("discard", "trail"):
            options = by_verb.get(verb)
            if options:
                plain = [a for a in options
                         if a.groups[0][0] != JOKER and RANK[a.groups[0][0]] != 2]
                return rng.choice(plain or options)
        return rng.choice(legal)
