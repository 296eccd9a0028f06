"""Scoring a finished canasta-family deal (CA-15, QC-8, CS-15, CS-16, LD-14)."""

from __future__ import annotations

from collections.abc import Iterable
from operator import mul

from game.engine.canasta.melds import Meld
from game.engine.canasta.ruleset import RED_THREES
from game.engine.canasta.table import TableState


class ScoringMixin(TableState):
    def deal_scores(self) -> list[int] | None:
        if not self.over:
            return None
        if self._scores is None:
            self._parts = [self._side_parts(s) for s in range(self.nsides)]
            self._scores = [sum(p.values()) for p in self._parts]
        return list(self._scores)

    def breakdown(self) -> list[dict[str, int]] | None:
        if self.deal_scores() is None:
            return None
        assert self._parts is not None
        return [dict(p) for p in self._parts]

    def meld_points(self, meld: Meld) -> int:
        """The card points of one meld by this rule set's card values (CA-15)."""
        return sum(map(self.rules.points.__getitem__, meld.cards))

    def cards_points(self, cards: Iterable[int]) -> int:
        """The card points of a group of cards by this rule set's card values (G-4): what
        they bring towards an opening minimum (CA-7)."""
        return sum(map(self.rules.points.__getitem__, cards))

    def table_points(self, side: int) -> int:
        """What a side's cards on the table are worth so far: its melds' card points, its
        canasta bonuses and its red threes (CA-15), without going out or the hands."""
        parts, _clean, _dirty = self._table_parts(side)
        return sum(parts.values())

    def _table_parts(self, side: int) -> tuple[dict[str, int], int, int]:
        """The melds', canastas' and red threes' points of a side, and its clean and dirty
        canasta counts."""
        rules = self.rules
        melded = bonus = 0
        csize = rules.canasta_size
        clean = dirty = 0
        for m in self.melds[side]:
            melded += self.meld_points(m)
            if m.rank != 3 and len(m.cards) >= csize:
                bonus += rules.canasta_bonus(m)
                if m.rank == 0:
                    if rules.wild_meld_clean(m.jok, m.two):
                        clean += 1
                    else:
                        dirty += 1
                elif m.wild:
                    dirty += 1
                else:
                    clean += 1
        parts = {"melds": melded, "canastas": bonus}
        count = len(self.red3[side])
        parts["red_threes"] = (
            rules.red_three_score(count, self.opened[side], clean, dirty) if count else 0
        )
        return parts, clean, dirty

    def _side_parts(self, side: int) -> dict[str, int]:
        rules = self.rules
        pts = rules.points
        red3_held = rules.red_three_in_hand
        parts, clean, dirty = self._table_parts(side)
        out = 0
        if self.went_out >= 0 and self.side[self.went_out] == side:
            out = rules.going_out_bonus
            if self.concealed and rules.concealed_bonus:
                out = rules.concealed_bonus
        parts["going_out"] = out
        hand = 0
        for seat in range(self.players):
            if self.side[seat] != side:
                continue
            # each card's points by the hand's counts; a red three in hand costs more (LD-14)
            h = self.hand[seat]
            hand -= sum(map(mul, h, pts)) + sum((red3_held - pts[c]) * h[c] for c in RED_THREES)
            hand -= self._unplayed_points(seat)
        if "never-opened-double" in self.options and not self.opened[side]:
            hand *= 2
        parts["hand"] = hand
        parts.update(self._extra_parts(side, clean, dirty))
        return parts

    # ---- variant hooks of scoring -----------------------------------------------------------
    def _unplayed_points(self, seat: int) -> int:
        """Points of ``seat``'s cards held outside the hand (Looking and Down's down, LD-14)."""
        return 0

    def _extra_parts(self, side: int, clean: int, dirty: int) -> dict[str, int]:
        """A variant's own parts of the breakdown, after the hand (CS-15's five canastas,
        LD-3's grabs), given the side's clean and dirty canastas."""
        return {}
