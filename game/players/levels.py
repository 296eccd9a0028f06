"""The Easy and Normal levels: one player object per seat that plays every game, handing each
decision to the game's heuristic (canasta family or Cassino). The heuristics share the
player's seeded generator, so its state (saved with the game) covers them all."""

from __future__ import annotations

from typing import Any

from game.engine.actions import Action
from game.engine.base import Game
from game.engine.rng import Rng
from game.players.base import Decision, Player
from game.players.explain import (
    SAMPLED,
    Explanation,
    heuristic_explanation,
    searched_explanation,
)
from game.players.families import FAMILIES, FamilyPlayers, players_of
from game.players.heuristic_canasta import EASY_SLIPS, HARD_PARAMS


class NormalPlayer(Player):
    level = "normal"
    slips = None
    params = None  # the canasta-family parameters (None: PARAMS, Normal's)
    # why the last ``choose`` (or ``choose_optional`` move) was made (game.players.explain)
    last_explanation: Explanation | None = None

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.seed = seed
        self._heuristics: dict[str, Any] = {}  # family -> its heuristic, made when first used
        self._last: tuple[FamilyPlayers, Any] | None = None  # the family and heuristic last used

    def make_heuristic(self, family: str) -> Any:
        """The heuristic that plays ``family`` at this level (game.players.families)."""
        return FAMILIES[family].heuristic(self.seed, self.params, self.slips)

    def heuristic_for(self, game: Game) -> Any:
        """The heuristic that plays ``game``. It draws from the player's generator, so the
        generator's saved state covers every family."""
        family = game.info.family
        heuristic = self._heuristics.get(family)
        if heuristic is None:
            heuristic = self._heuristics[family] = self.make_heuristic(family)
            heuristic.rng = self.rng
        return heuristic

    def _delegate(self, decision: Decision):
        heuristic = self.heuristic_for(decision.game)
        self._last = (players_of(decision.game), heuristic)
        return heuristic

    def choose(self, decision: Decision) -> Action:
        heuristic = self._delegate(decision)
        action = heuristic.choose(decision)
        self.last_explanation = heuristic_explanation(
            decision, action, self._reason(decision, action, heuristic.reason))
        return action

    def choose_optional(self, decision: Decision) -> Action | None:
        heuristic = self._delegate(decision)
        action = heuristic.choose_optional(decision)
        self.last_explanation = None if action is None else heuristic_explanation(
            decision, action, self._reason(decision, action, heuristic.reason))
        return action

    @staticmethod
    def _reason(decision: Decision, action: Action, text: str):
        """The heuristic's one-line reason for ``action`` (a game.engine.reasons.Reason), or None
        when it had no choice."""
        if len(decision.legal) < 2:
            return None
        from game.players.hints import move_reason

        return move_reason(decision, action, text)

    @property
    def reason(self) -> str:
        """A one-line reason for the last choice (for hints); "" where the family's heuristic
        does not speak (game.players.families)."""
        if self._last is None or not self._last[0].speaks:
            return ""
        return getattr(self._last[1], "reason", "")

    def set_state(self, state: int) -> None:
        self.rng.state = state


class EasyPlayer(NormalPlayer):
    level = "easy"
    slips = EASY_SLIPS


class HardPlayer(NormalPlayer):
    """Hard: a time-bounded search over its heuristic's best moves (Cassino: exact in the
    two-player last round, sampled splits each solved exactly in the four-player one,
    determinized Monte Carlo before). Its heuristics are Normal's with ``HARD_PARAMS``,
    retuned in every game (Cassino's also with ``owner_holds``; docs/ai-journal.md, Tuning). The
    deadline of the decision (``deadline_ms``) is always respected; without time the
    heuristic's move stands."""

    level = "hard"
    params = HARD_PARAMS  # Normal's, plus what Normal does not use (the discards seen)

    def __init__(self, seed: int = 0, samples: int | None = None) -> None:
        super().__init__(seed)
        # a fixed number of sampled worlds per searched decision, whatever the clock (None:
        # as many as the deadline allows): reproducible play for comparisons and tests
        self.samples = samples
        self._searches: dict[str, Any] = {}  # family -> its search, made when first used
        self._searched: Any = None  # the search of the last choice

    def make_search(self, family: str, rng: Rng) -> Any:
        """The search that plays ``family`` at this level (game.players.families)."""
        return FAMILIES[family].search(rng, self.params)

    def search_for(self, game: Game, rng: Rng) -> Any:
        """The search that plays ``game``, drawing from ``rng`` from now on."""
        family = game.info.family
        search = self._searches.get(family)
        if search is None:
            search = self._searches[family] = self.make_search(family, rng)
        search.rng = rng
        return search

    def choose(self, decision: Decision) -> Action:
        import time

        start = time.perf_counter()
        budget = max(0.0, decision.deadline_ms / 1000.0 * 0.75 - 0.01)
        # One draw from the player's generator per decision: how many worlds the search
        # samples depends on the clock, the generator's saved state does not.
        search = self.search_for(decision.game, Rng(self.rng.next64()))
        search.report = None
        self._searched = search
        action = search.choose(decision, budget - (time.perf_counter() - start), self.samples)
        text = search.heuristic.reason if players_of(decision.game).speaks else ""
        self.last_explanation = self._explain(decision, action, search.report, text)
        return action

    @property
    def searched(self) -> Any:
        """The search that made the last choice (None before the first)."""
        return self._searched

    @property
    def last_report(self):
        """The search's own figures for the last choice (game.players.explain.SearchReport),
        or None when the heuristic's move stood unsearched."""
        return None if self._searched is None else self._searched.report

    def _explain(self, decision: Decision, action: Action, report, text: str) -> Explanation:
        """The explanation of a searched choice from the search's own ``report`` (None: the
        heuristic's move stood unsearched); ``text``: the canasta heuristic's one-liner for
        its own move (the first candidate)."""
        if report is None:
            return heuristic_explanation(decision, action, self._reason(decision, action, text))
        first = report.candidates[0] if report.kind in SAMPLED else action
        return searched_explanation(decision, report, self._reason(decision, first, text),
                                    first)
