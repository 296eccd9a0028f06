"""The Easy and Normal levels: one player object per seat that plays every game, handing each
decision to the game's heuristic (canasta family or Cassino). The heuristics share the
player's seeded generator, so its state (saved with the game) covers them all."""

from __future__ import annotations

from game.actions import Action
from game.players.base import Decision, Player
from game.players.explain import (
    SAMPLED,
    Explanation,
    heuristic_explanation,
    searched_explanation,
)
from game.players.heuristic_canasta import EASY_SLIPS, HARD_PARAMS, CanastaHeuristic


class NormalPlayer(Player):
    level = "normal"
    slips = None
    params = None  # the canasta-family parameters (None: PARAMS, Normal's)
    # why the last ``choose`` (or ``choose_optional`` move) was made (game.players.explain)
    last_explanation: Explanation | None = None

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._canasta = CanastaHeuristic(seed, params=self.params, slips=self.slips)
        self._canasta.rng = self.rng
        self._cassino = None

    def _delegate(self, decision: Decision):
        if decision.rules == "cassino":
            if self._cassino is None:
                from game.players.heuristic_cassino import CassinoHeuristic

                self._cassino = CassinoHeuristic(0, easy=self.slips is not None)
                self._cassino.rng = self.rng
            return self._cassino
        return self._canasta

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
        """The heuristic's one-line reason for ``action`` (a game.reasons.Reason), or None
        when it had no choice."""
        if len(decision.legal) < 2:
            return None
        from game.players.hints import move_reason

        return move_reason(decision, action, text)

    @property
    def reason(self) -> str:
        """A one-line reason for the last choice (for hints)."""
        return getattr(self._canasta, "reason", "")

    def set_state(self, state: int) -> None:
        self.rng.state = state


class EasyPlayer(NormalPlayer):
    level = "easy"
    slips = EASY_SLIPS


class HardPlayer(NormalPlayer):
    """Hard: a time-bounded search over its heuristic's best moves (Cassino: exact in the
    two-player last round, sampled splits each solved exactly in the four-player one,
    determinized Monte Carlo before). Its heuristics are Normal's with ``HARD_PARAMS``,
    retuned in every game (Cassino's also with ``owner_holds``; docs/ai.md, Tuning). The
    deadline of the decision (``deadline_ms``) is always respected; without time the
    heuristic's move stands."""

    level = "hard"
    params = HARD_PARAMS  # Normal's, plus what Normal does not use (the discards seen)

    def __init__(self, seed: int = 0, samples: int | None = None) -> None:
        super().__init__(seed)
        # a fixed number of sampled worlds per searched decision, whatever the clock (None:
        # as many as the deadline allows): reproducible play for comparisons and tests
        self.samples = samples
        self._search = None
        self._csearch = None

    def choose(self, decision: Decision) -> Action:
        import time

        from game.rng import Rng

        start = time.perf_counter()
        budget = max(0.0, decision.deadline_ms / 1000.0 * 0.75 - 0.01)
        # One draw from the player's generator per decision: how many worlds the search
        # samples depends on the clock, the generator's saved state does not.
        rng = Rng(self.rng.next64())
        if decision.rules == "cassino":
            if self._search is None:
                from game.players.cassino_search import CassinoSearch

                self._search = CassinoSearch(rng)
            self._search.rng = rng
            action = self._search.choose(decision, budget - (time.perf_counter() - start),
                                         self.samples)
            self.last_explanation = self._explain(decision, action, self._search.report, "")
            return action
        if self._csearch is None:
            from game.players.canasta_search import CanastaSearch

            self._csearch = CanastaSearch(rng, params=self.params)
        self._csearch.rng = rng
        self._csearch.report = None
        action = self._csearch.choose(decision, budget - (time.perf_counter() - start),
                                      self.samples)
        self.last_explanation = self._explain(decision, action, self._csearch.report,
                                              self._csearch.heuristic.reason)
        return action

    @property
    def last_report(self):
        """The search's own figures for the last choice (game.players.explain.SearchReport),
        or None when the heuristic's move stood unsearched."""
        e = self.last_explanation
        search = self._search if e is not None and e.rules == "cassino" else self._csearch
        return None if search is None else search.report

    def _explain(self, decision: Decision, action: Action, report, text: str) -> Explanation:
        """The explanation of a searched choice from the search's own ``report`` (None: the
        heuristic's move stood unsearched); ``text``: the canasta heuristic's one-liner for
        its own move (the first candidate)."""
        if report is None:
            return heuristic_explanation(decision, action, self._reason(decision, action, text))
        first = report.candidates[0] if report.kind in SAMPLED else action
        return searched_explanation(decision, report, self._reason(decision, first, text),
                                    first)
