"""What each seat may see (observations), the full table (replay ``state``), and the
conservation check."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from game.engine.actions import format_key
from game.engine.canasta.phase import ASK_NO, ASK_WAITING, ASK_YES, PLAY, Phase
from game.engine.canasta.seatview import SeatView, seat_view
from game.engine.canasta.table import TableState
from game.engine.cards import format_card

if TYPE_CHECKING:
    from game.engine.canasta.state import CanastaState
    from game.engine.rng import Shuffler


def _cards(codes: Iterable[int]) -> list[str]:
    return [format_card(c) for c in codes]


class ViewsMixin(TableState):
    def _melds_view(self) -> list[list[dict[str, Any]]]:
        return [
            [
                {
                    "key": format_key(m.key),
                    "rank": format_key(m.key).split("#")[0],
                    "cards": _cards(m.cards),
                    "canasta": m.rank != 3 and len(m.cards) >= 7,
                    "natural": m.jok + m.two == 0 if m.rank else
                    self.rules.wild_meld_clean(m.jok, m.two),
                }
                for m in ms
            ]
            for ms in self.melds
        ]

    def _public(self) -> dict[str, Any]:
        return {
            "rules": self.rules.name,
            "players": self.players,
            "dealer": self.dealer,
            "turn": self.turn,
            "to_move": self.current_player(),
            "phase": Phase(self.phase).label,
            "stock": len(self.stock),
            "frozen": self.frozen,
            "melds": self._melds_view(),
            "red_threes": [len(r) for r in self.red3],
            "opened": list(self.opened),
            "opening_minimum": list(self.open_min),
            "hand_counts": list(self.hsize),
            "scores_before": list(self.setup.scores or [0] * self.nsides),
            "asked": self.ask_partner if self.ask else None,
            "answer": {ASK_YES: "yes", ASK_NO: "no"}.get(self.ask),
        }

    def view(self, seat: int) -> SeatView:
        """Everything ``seat`` may know, typed (game.engine.canasta.seatview): its own hand, the
        table, card counts, and the cards others are known to hold because they took them
        with the pile. Never another hand, the stock's order, the packet or a down."""
        return seat_view(self, seat)  # type: ignore[arg-type]

    @staticmethod
    def sample_world(view: SeatView, rng: Shuffler, options: frozenset[str] = frozenset(),
                     may_ask: bool | None = None, infer: bool = True) -> CanastaState | None:
        """A deal consistent with ``view``: every card the seat has not seen dealt at random
        with ``rng`` (game.engine.canasta.worlds), the turn under way as the view says; with
        ``infer``, other hands hold nothing their public history rules out."""
        from game.engine.canasta.worlds import sample_world  # it builds states: imported late

        return sample_world(view, rng, options, may_ask, infer)

    def resume(self, view: SeatView, may_ask: bool | None = None) -> None:
        """Make a freshly built position (game.engine.canasta.position) the deal ``view`` describes
        in what a position does not say: the public history (cards known in hands, who
        discarded what, LD-9, LD-10) and the turn under way (its phase, whether the player to
        move has drawn, the partner's question and answer). ``may_ask`` False: the player to
        move may not ask any more this turn (the legal list says so)."""
        self.known = [list(k) for k in view.known_hands]
        self.turn_no = view.turn_no
        self.draw_only = view.draw_only  # CS-9: drew two unopened, only a discard is left
        self.discarded = [list(d) for d in view.discarded]
        if view.took_pile_last_turn is not None:
            self.took_last = list(view.took_pile_last_turn)
        if view.frozen_in_time is not None:
            self.frozen_time = list(view.frozen_in_time)
        if self.over:
            # the start of the turn ended the deal (CS-14, CA-14) although this turn is
            # already under way: undo, the rest of the turn is still to play
            self.over = False
            self.end_reason = ""
            self._scores = self._parts = None
            self.turn = view.turn
            self.phase = int(view.phase) if view.phase != Phase.OVER else PLAY
        # a position in any phase but the draw counts as drawn; at the partner's answer the
        # player may not have drawn yet (CS-13: Canastone asks before the draw too)
        self.drew = view.drawn and not self.took
        if self.phase == PLAY and view.seat == view.turn and may_ask is False:
            self.asked = True
        if view.asked is not None:
            self.ask_partner = view.asked
            self.ask = ASK_WAITING if view.answer is None else ASK_YES if view.answer else ASK_NO
            self.asked = True

    def observation(self, seat: int) -> dict[str, Any]:
        """The seat's view as text (records, logs, tests)."""
        return self.view(seat).observation()

    def summary(self) -> dict[str, Any]:
        """The replay ``state`` (NOTATION.md): the whole table, hands included."""
        out = self._public()
        out["hands"] = [_cards(self.hand_cards(s)) for s in range(self.players)]
        out["discard"] = _cards(self.pile)
        out["packet"] = len(self.packet)
        out["red_three_cards"] = [_cards(r) for r in self.red3]
        if self.down is not None:
            out["downs"] = [[] if d is None else _cards(d) for d in self.down]
            out["keeper"] = self.keeper
            out["frozen_in_time"] = list(self.frozen_time)
        out["went_out"] = self.went_out if self.went_out >= 0 else None
        out["end"] = self.end_reason or None
        return out

    def all_cards(self) -> Counter[int]:
        """Every card in every place, for the conservation check."""
        total: Counter[int] = Counter()
        for s in range(self.players):
            total.update(self.hand_cards(s))
            if self.down is not None and self.down[s] is not None:
                total.update(self.down[s])
        total.update(self.stock)
        total.update(self.pile)
        total.update(self.packet)
        for ms in self.melds:
            for m in ms:
                total.update(m.cards)
        for r in self.red3:
            total.update(r)
        return total

    def check_invariants(self) -> list[str]:
        problems = []
        expected = Counter(self.setup.deck)
        if self.all_cards() != expected:
            diff = (self.all_cards() - expected) + (expected - self.all_cards())
            problems.append(f"cards not conserved: {sorted(diff.elements())[:6]}")
        for s in range(self.players):
            if sum(self.hand[s]) != self.hsize[s]:
                problems.append(f"seat {s}: hand size out of step")
            by_rank = [0] * 14
            for c in range(53):
                by_rank[(c % 13 + 1) if c < 52 else 0] += self.hand[s][c]
            if by_rank != self.hrank[s]:
                problems.append(f"seat {s}: rank counts out of step")
            if min(self.hand[s]) < 0:
                problems.append(f"seat {s}: negative card count")
        for side, ms in enumerate(self.melds):
            for m in ms:
                if len(m.cards) != m.nat + m.jok + m.two + m.red3:
                    problems.append(f"side {side}: meld counts out of step")
        if self.count_shown() != self.shown_kinds:
            problems.append("the cards shown, counted by kind, out of step")
        if self.over:
            parts = self.breakdown() or []
            if [sum(p.values()) for p in parts] != self.deal_scores():
                problems.append("deal scores do not add up to their parts")
        return problems
