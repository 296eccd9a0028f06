"""Applying canasta-family actions and the flow of turns.

``apply`` mutates the state and returns the events of what happened, in the order a table
animates them; the turn's start and end, the stock's end and going out follow from here.
The hooks a variant overrides are declared here with the base game's (classic Canasta's)
behaviour.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.actions import Action, meld_key
from game.engine.canasta.melds import KIND, Meld
from game.engine.canasta.phase import (
    ANSWER,
    ASK_NO,
    ASK_NONE,
    ASK_WAITING,
    ASK_YES,
    DRAW,
    OVER,
    PLAY,
)
from game.engine.canasta.ruleset import RED_THREES
from game.engine.canasta.table import Groups, TableState
from game.engine.cards import JOKER, RANK
from game.engine.errors import IllegalActionError
from game.engine.events import Event

_ev = tuple.__new__


class ApplyingMixin(TableState):
    # ======================================================================================
    # Turn flow
    # ======================================================================================
    def _lay_out_dealt_red_threes(self) -> list[Event]:
        """CA-3 / CS-4: in turn order from the dealer's left, lay out and replace."""
        ev: list[Event] = []
        if not self.rules.red_threes_laid_out:
            return ev
        n = self.players
        for i in range(n):
            seat = (self.dealer + 1 + i) % n
            self._replace_red_threes(seat, ev)
            if self.over:
                break
        return ev

    def _replace_red_threes(self, seat: int, ev: list[Event]) -> None:
        h = self.hand[seat]
        while h[15] or h[28]:
            code = 15 if h[15] else 28
            self._take_card(seat, code)
            self.red3[self.side[seat]].append(code)
            self.shown_kinds[14] += 1  # from the hand to the table
            ev.append(_ev(Event, ("red_three", seat, (code,), None)))
            if not self.stock:
                self._end_deal("red three drawn with no replacement", ev)
                return
            c = self.stock.pop()
            self._give(seat, c)
            ev.append(_ev(Event, ("draw", seat, (c,), None)))

    def _draw(self, seat: int, count: int, ev: list[Event]) -> None:
        laid = self.rules.red_threes_laid_out
        for _ in range(count):
            if not self.stock:
                return
            c = self.stock.pop()
            self.hand[seat][c] += 1  # _give, inlined
            self.hrank[seat][RANK[c]] += 1
            self.hsize[seat] += 1
            ev.append(_ev(Event, ("draw", seat, (c,), None)))
            if laid and (c == 15 or c == 28):
                self._replace_red_threes(seat, ev)
                if self.over:
                    return

    def _start_turn(self, seat: int, ev: list[Event] | None = None) -> list[Event]:
        """Begin ``seat``'s turn, ending the deal first where the stock says so; the events
        (appended to ``ev`` when given)."""
        if ev is None:
            ev = []
        self.turn = seat
        self.phase = DRAW
        self.drew = self.took = self.played = False
        self.turn_fresh = not self.melded_before[seat]
        self.touched_old = False
        self.new_keys = []
        self.ask = ASK_NONE
        self.ask_partner = -1
        self.asked = False
        self._turn_begins(seat, ev)
        return ev

    # ---- variant hooks of the turn (each variant's state overrides what differs) ----------
    def _turn_begins(self, seat: int, ev: list[Event]) -> None:
        """The deal may end as ``seat``'s turn begins. CA-14: with the stock empty, only
        taking the pile can continue the deal."""
        if not self.stock and not self._take_variants(seat):
            self._end_deal("stock exhausted", ev)

    def _turn_ends_deal(self, seat: int) -> bool:
        """Whether the deal ends with ``seat``'s finished turn, the stock being empty (asked
        only then: QC-7, LD-13)."""
        return False

    def _stock_ran_out(self, seat: int) -> None:
        """``seat`` drew or was dealt the stock's last card (the stock rules CA-14, QC-7,
        LD-13 start counting)."""

    def _draw_from_empty_stock(self, seat: int, ev: list[Event]) -> None:
        """``seat`` draws from an empty stock: CA-14, the deal ends."""
        self._end_deal("stock exhausted", ev)

    def _side_opens(self, seat: int, out_of_turn: bool) -> None:
        """``seat``'s side opens with this meld (a variant notes what it needs)."""

    def _pile_taken(self, seat: int) -> None:
        """``seat`` has taken the pile, before the melds are judged for an empty hand."""

    def _after_meld(self, seat: int, out_of_turn: bool, ev: list[Event]) -> None:
        """An empty hand after melding goes out (CA-11)."""
        if self.hsize[seat] or self.over:
            return
        self._go_out(seat, ev)

    def _hand_emptied_by_discard(self, seat: int, ev: list[Event]) -> bool:
        """The discard emptied ``seat``'s hand: going out (CA-11); True when the deal ended."""
        self._go_out(seat, ev)
        return True

    def _end_turn(self, ev: list[Event]) -> None:
        """The turn is over: the deal ends, or the next seat's turn begins."""
        seat = self.turn
        self.melded_before[seat] = self.melded_before[seat] or self.played
        if not self.stock and self._turn_ends_deal(seat):
            self._end_deal("stock exhausted", ev)
            return
        self.turn_no += 1
        nxt = (seat + 1) % self.players
        ev.append(_ev(Event, ("turn", nxt, (), None)))
        self._start_turn(nxt, ev)

    def _end_deal(self, why: str, ev: list[Event]) -> None:
        self.over = True
        self.phase = OVER
        self.end_reason = why
        scores = self.deal_scores()
        ev.append(_ev(Event, ("deal_over", -1, (), scores)))

    # ======================================================================================
    # Applying
    # ======================================================================================
    def apply(self, action: Action, *, validate: bool = True) -> list[Event]:
        if validate:
            problem = self.why_illegal(action)
            if problem is not None:
                raise IllegalActionError(problem)
        verb = action.verb
        seat = action.seat
        ev: list[Event] = []
        if verb == "discard":  # the commonest first
            self._do_discard(seat, action.groups[0][0], ev)
        elif verb == "draw":
            self._do_draw(seat, ev)
        elif verb == "take":
            self._do_take(seat, action.groups, ev)
        elif verb == "meld":
            self._do_meld(seat, action.groups, -1, ev)
        elif verb == "add":
            self._do_add(seat, action.target, action.groups[0], ev)
        elif verb == "ask":
            partners = self.rules.partners(seat, self.players)
            self.ask = ASK_WAITING
            self.asked = True
            self.ask_partner = action.target if action.target >= 0 else partners[0]
            self.phase = ANSWER
            ev.append(_ev(Event, ("ask", seat, (), self.ask_partner)))
        elif verb in ("yes", "no"):
            self.ask = ASK_YES if verb == "yes" else ASK_NO
            # back to the phase of the question: a Canastone player may ask before the draw
            self.phase = PLAY if self.drew or self.took else DRAW
            ev.append(_ev(Event, ("answer", seat, (), verb == "yes")))
        return ev

    def apply_recorded(self, action: Action) -> list[Event] | None:
        """A question to partner written before CA-12/CS-13 were decided (only while going
        out is still possible) stands as it was asked; everything else is checked as usual."""
        if action.verb == "ask":
            refusal = self.why_illegal(action)
            if refusal is not None and getattr(refusal, "key", "") == "ask_no_way":
                return self.apply(action, validate=False)
        return self.apply(action)

    def _do_draw(self, seat: int, ev: list[Event]) -> None:
        """Draw the turn's cards from the stock (CA-8)."""
        if not self.stock:
            self._draw_from_empty_stock(seat, ev)
            return
        self._draw(seat, self.draw_n, ev)
        self.drew = True
        self.phase = PLAY
        if self.over:
            return
        if not self.stock:
            self._stock_ran_out(seat)

    def _do_take(self, seat: int, groups: Groups, ev: list[Event]) -> None:
        rules = self.rules
        side = self.side[seat]
        top = self.pile.pop()
        ld_show = rules.take_shows_pair and self.opened[side]
        if not groups:  # the take does not touch the meld (CA-13: still concealed)
            m = self.by_key[side][RANK[top]]
            m.add((top,))
            ev.append(_ev(Event, ("add", seat, (top,), m.key)))
        elif ld_show:
            self._give(seat, top)
            self.shown_kinds[KIND[top]] -= 1  # from the pile to the hand
            known = self.known[seat]
            h = self.hand[seat]
            for c in (top, *groups[0]):  # LD-9: the pair was shown; never more than held
                if known.count(c) < h[c]:
                    known.append(c)
            ev.append(_ev(Event, ("take", seat, (top,), "shown")))
            if len(groups) > 1:
                self._do_meld(seat, groups[1:], -1, ev)
        else:
            self._do_meld(seat, groups, top, ev)
        # The take's meld counts as melding (CA-13) but not as melding after the draw: the
        # player may still ask partner right after taking the pile (CA-12).
        self.melded_before[seat] = True
        rest = self.pile
        self.pile = []
        self.pile_red3 = False
        if rest or self.packet:
            gained = rest + self.packet
            seen = len(rest)  # the packet was face down: the others never saw it (CS-3)
            self.packet = []
            for i, c in enumerate(gained):
                if rules.red_threes_laid_out and c in RED_THREES:
                    self.red3[side].append(c)  # laid out without replacement
                    if i >= seen:  # from the face-down packet to the table
                        self.shown_kinds[14] += 1
                    ev.append(_ev(Event, ("red_three", seat, (c,), None)))
                else:
                    self._give(seat, c)
                    if i < seen:  # from the pile to the hand: no longer face up, but known
                        self.shown_kinds[KIND[c]] -= 1
                        self.known[seat].append(c)
            ev.append(_ev(Event, ("take", seat, tuple(rest), None)))
            if gained[seen:]:
                ev.append(_ev(Event, ("packet", seat, tuple(gained[seen:]), None)))
        if self.frozen:
            self.frozen = False
            ev.append(_ev(Event, ("unfrozen", seat, (), None)))
        self.took = True
        self.phase = PLAY
        if rules.draw_after_take:
            self._draw(seat, rules.draw_after_take, ev)
            if self.over:
                return
            if not self.stock:
                self._stock_ran_out(seat)
        self._pile_taken(seat)
        self._after_meld(seat, False, ev)

    def _note_touch(self, seat: int, m: Meld) -> None:
        if m.creator != seat or m.turn != self.turn_no:
            self.touched_old = True

    def _do_meld(self, seat: int, groups: Groups, take_top: int, ev: list[Event]) -> None:
        side = self.side[seat]
        out_of_turn = seat != self.turn
        if not self.opened[side]:
            self.opened[side] = True
            self._side_opens(seat, out_of_turn)
        shown = self.shown_kinds
        for i, g in enumerate(groups):
            cards = list(g)
            for c in cards:
                self._take_card(seat, c)
                self._forget(seat, c)
                shown[KIND[c]] += 1  # from the hand to the table (a taken top card was shown)
            if i == 0 and take_top >= 0:
                cards.append(take_top)
            rank = self._classify(cards)[0]
            m = self.by_key[side].get(rank) if self.rules.one_meld_per_rank else None
            if m is None:
                key = rank if self.rules.one_meld_per_rank else self._next_key(side, rank)
                m = Meld(key, rank, seat, self.turn_no)
                self.melds[side].append(m)
                self.by_key[side][key] = m
                if not out_of_turn:
                    self.new_keys.append(key)
                m.add(cards)
                ev.append(_ev(Event, ("meld", seat, tuple(cards), key)))
            else:
                if i or take_top < 0:  # a take merged into a meld keeps it concealed (CA-13)
                    self._note_touch(seat, m)
                m.add(cards)
                ev.append(_ev(Event, ("add", seat, tuple(cards), m.key)))
            csize = self.rules.canasta_size
            if len(m.cards) >= csize and len(m.cards) - len(cards) < csize and m.rank != 3:
                ev.append(_ev(Event, ("canasta", seat, (), m.key)))
        if take_top < 0:
            self.played = True
            self._after_meld(seat, out_of_turn, ev)

    def _next_key(self, side: int, rank: int) -> int:
        nth = 1
        while meld_key(rank, nth) in self.by_key[side]:
            nth += 1
        return meld_key(rank, nth)

    def _forget(self, seat: int, c: int) -> None:
        k = self.known[seat]
        if c in k:
            k.remove(c)

    def _do_add(self, seat: int, key: int, cards: Sequence[int], ev: list[Event]) -> None:
        side = self.side[seat]
        m = self.by_key[side][key]
        shown = self.shown_kinds
        for c in cards:
            self._take_card(seat, c)
            self._forget(seat, c)
            shown[KIND[c]] += 1  # from the hand to the table
        before = len(m.cards)
        m.add(cards)
        self._note_touch(seat, m)
        ev.append(_ev(Event, ("add", seat, tuple(cards), key)))
        if m.rank and len(m.cards) >= self.rules.canasta_size > before:
            ev.append(_ev(Event, ("canasta", seat, (), key)))
        self.played = True
        self._after_meld(seat, seat != self.turn, ev)

    def _go_out(self, seat: int, ev: list[Event]) -> None:
        self.went_out = seat
        if self.rules.concealed_bonus is not None and self.turn_fresh and not self.touched_old:
            side = self.side[seat]
            csize = self.rules.canasta_size
            self.concealed = any(
                self.by_key[side][k].size >= csize and self.by_key[side][k].rank not in (0, 3)
                for k in self.new_keys
            )
        ev.append(_ev(Event, ("out", seat, (), self.concealed)))
        self._end_deal("went out", ev)

    def _do_discard(self, seat: int, c: int, ev: list[Event]) -> None:
        self.hand[seat][c] -= 1  # _take_card, inlined: the hottest path of a deal
        self.hrank[seat][RANK[c]] -= 1
        self.hsize[seat] -= 1
        if self.known[seat]:
            self._forget(seat, c)
        self.pile.append(c)
        self.shown_kinds[KIND[c]] += 1
        self.discarded[seat].append(c)  # public: everyone saw it
        ev.append(_ev(Event, ("discard", seat, (c,), None)))
        rules = self.rules
        if (c == JOKER or RANK[c] == 2) and rules.wild_discard_freezes and not self.frozen:
            self.frozen = True  # CA-10 / CS-11
            ev.append(_ev(Event, ("frozen", seat, (c,), None)))
        if self.hsize[seat] == 0 and self._hand_emptied_by_discard(seat, ev):
            return
        self._end_turn(ev)
