"""What each seat may see (observations), the full table (replay ``state``), and the
conservation check."""

from __future__ import annotations

from collections import Counter

from game.actions import format_key
from game.canasta.phase import ASK_NO, ASK_YES, Phase
from game.canasta.table import TableState
from game.cards import format_card


def _cards(codes) -> list[str]:
    return [format_card(c) for c in codes]


class ViewsMixin(TableState):
    def _melds_view(self) -> list[list[dict]]:
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

    def _public(self) -> dict:
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

    def observation(self, seat: int) -> dict:
        """Everything ``seat`` may know: its own hand, the table, card counts, and the cards
        others are known to hold because they took them with the pile. Never another hand,
        the stock's order, the packet or a down."""
        obs = self._public()
        obs["seat"] = seat
        obs["hand"] = _cards(self.hand_cards(seat))
        obs["discard"] = _cards(self.pile)
        obs["packet"] = len(self.packet)
        obs["known_hands"] = [sorted(_cards(k)) for k in self.known]
        obs["discarded"] = [_cards(d) for d in self.discarded]  # who threw what, in order
        if self.down is not None:
            obs["downs"] = [None if d is None else len(d) for d in self.down]
            obs["in_down"] = [d is None for d in self.down]
            obs["keeper"] = self.keeper
            obs["frozen_in_time"] = list(self.frozen_time)
            obs["took_pile_last_turn"] = list(self.took_last)  # LD-9, public
        obs["legal"] = None  # filled by callers that want it; kept out of equality tests
        return obs

    def summary(self) -> dict:
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

    def all_cards(self) -> Counter:
        """Every card in every place, for the conservation check."""
        total: Counter = Counter()
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
        if self.over:
            parts = self.breakdown() or []
            if [sum(p.values()) for p in parts] != self.deal_scores():
                problems.append("deal scores do not add up to their parts")
        return problems
