"""What differs between the two families of games at the table, chosen once per table.

:class:`CanastaTable` (Canasta, Quick Canasta, Canastone, Looking and Down) and
:class:`CassinoTable` give the table its game-specific parts: the buttons beside the hand, how
a click selects cards, what a drop or a click on a place means (the readings offered to the
engine, see ``gestures``), which places light up while dragging, the turn banner's hint, the
prompts of a human turn, where a deal flies from, and the hit test of table cards.
``TableScreen`` asks ``family_for(game)`` once and never tests the game's name again.

Nothing here decides a rule: every move goes to ``TableMoves.play_first`` (the engine
accepts the first reading or gives its reason).
"""

from __future__ import annotations

from game.engine.actions import make
from game.engine.canasta.phase import ANSWER, DRAW
from game.engine.registry import game_info
from game.i18n import seat_message, t
from game.ui.table import moments, order, scene
from game.ui.table.gestures import (
    build_values,
    canasta_candidates,
    cassino_candidates,
    first_legal,
)
from game.ui.table.scene import Target
from game.ui.table.scoresheet import CANASTA_ROWS, CASSINO_ROWS
from game.ui.table.staging import Staging


class TableFamily:
    """The parts shared by both families; the subclasses fill in the rest."""

    deal_key = "table.deal_n"  # "Deal 3" in the score panel
    multi_select = True  # several hand cards may be chosen and dragged together
    discard_verb = "discard"  # what a double click on a hand card plays
    draws = True  # the D key and a click on the stock draw
    aces_high = True  # in the hand's sort orders; wild cards last
    build_scene = staticmethod(scene.build_canasta)  # table view to sprites, places, targets
    score_rows = CANASTA_ROWS  # the score sheet's rows
    # The score sheet's words for one deal: next, "<game> - deal n", this, "deal n".
    score_words = ("score.next_deal", "score.deal_of", "score.this_deal", "score.deal")

    def __init__(self, model, do) -> None:
        self.model = model  # what the family reads, and the judge of moves (``why_illegal``)
        self.do = do  # what it asks for (game/ui/table/hub.py)
        self.staging = Staging(model, do)  # melds built card by card (the canasta games')

    def score_counts(self, reads) -> list[dict[str, int]] | None:
        """The counts behind the score sheet's points, per side (None: points alone)."""
        return None

    @property
    def seat(self) -> int:
        return self.model.viewer

    def sort_key(self, mode: str):
        """The key of the hand's "by rank" or "by suit" order."""
        key = order.rank_key if mode == "rank" else order.suit_key
        return lambda code: key(code, self.aces_high)

    def deal_anchor(self, lay) -> tuple[tuple, object]:
        """(zone, rectangle) every card of a new deal flies from."""
        return ("stock",), lay.stock_piles[0] if lay.stock_piles else lay.stock

    def action_buttons(self) -> list[tuple[str, str, object]]:
        """(key, label, callback) of the game's buttons above Hint and the sorts."""
        return []

    def buttons_wanted(self, can_act: bool) -> dict[str, bool]:
        return {}

    def click_card(self, selected: set[int], index: int) -> set[int]:
        """The selection after a click on hand position ``index``."""
        return selected ^ {index}

    def table_card_at(self, scene, pos) -> int:
        return -1

    def click_table_card(self, code: int) -> None:
        pass

    def forget_gone_cards(self, reads) -> None:
        """After a move: forget chosen table cards that left the table."""

    def turn_hint(self, reads) -> str:
        """The banner's hint while the viewer is to move."""
        return ""

    def waiting_hint(self, reads) -> str:
        """The banner's hint while another seat is to move."""
        return ""

    def info_line(self, reads) -> str:
        """An extra line under the totals (the viewer's opening minimum), or ''."""
        return ""

    def prompt(self, reads, seat: int) -> None:
        """The viewer's turn began: open the dialog the moment asks for, once."""

    def drop(self, target: Target, codes: list[int], origin, clicked: bool = False) -> bool:
        """Hand cards dropped on ``target`` (``clicked``: chosen, then the place clicked):
        True when a move was played (or a dialog about it opened)."""
        return False

    def click_target(self, target: Target) -> None:
        pass

    def legal_targets(self, codes: list[int]) -> list[Target]:
        return []


class CanastaTable(TableFamily):
    def action_buttons(self):
        return [("ask", t("table.ask_partner"), self.ask_partner)]

    def buttons_wanted(self, can_act: bool) -> dict[str, bool]:
        return {"ask": can_act and self.model.dealing and self.ask_legal()}

    def turn_hint(self, reads) -> str:
        if reads.phase == ANSWER:
            return t("hint.answer")
        if reads.phase == DRAW:
            if reads.may_open_first(self.seat):
                return t("hint.cs_open_or_draw", minimum=reads.open_min(self.seat))
            return t("hint.draw")
        return t("hint.draw_only") if reads.draw_only else t("hint.play")

    def waiting_hint(self, reads) -> str:
        if self.model.is_human(self.seat) and reads.frozen_in_time(self.seat):
            return t("hint.frozen_time")
        if reads.phase == ANSWER:
            m = self.model
            return seat_message("table.asks", reads.turn, m.names(), m.you())
        return ""

    def info_line(self, reads) -> str:
        if reads.is_over or reads.opened(self.seat) or not self.model.is_human(self.seat):
            return ""
        return t("table.opening_minimum", points=reads.open_min(self.seat))

    def prompt(self, reads, seat: int) -> None:
        if reads.phase == ANSWER and reads.asked == seat:
            if self.do.first_prompt(("answer", reads.turn_no, reads.turn)):
                self.do.dialog(moments.answer_dialog, self.model.names()[reads.turn],
                               self.answer)
            return
        if reads.may_open_first(seat) and reads.turn == seat:
            if self.do.first_prompt(("choice", reads.turn_no)):
                self.do.dialog(moments.canastone_choice, reads.open_min(seat), self.choose_open,
                               self.choose_draw)

    def answer(self, yes: bool) -> None:
        self.do.apply(make(self.seat, "yes" if yes else "no"))

    def choose_open(self) -> None:
        self.do.toast(t("choice.open_hint"), "info")

    def choose_draw(self) -> None:
        self.do.apply(make(self.seat, "draw"))

    def ask_legal(self) -> bool:
        """Whether asking a partner (CS-13) is a move the engine takes now (for the button)."""
        reads = self.model.reads
        seat = self.seat
        if reads.is_over or reads.current_player != seat:
            return False
        partners = reads.partners(seat)
        if not partners:
            return False
        return any(self.model.why_illegal(make(seat, "ask", (), p)) is None
                   for p in ([-1] if len(partners) == 1 else partners))

    def ask_partner(self) -> None:
        m = self.model
        if not m.can_act():
            return
        seat = self.seat
        partners = m.reads.partners(seat)
        if len(partners) > 1:
            names = m.names()
            self.do.dialog(moments.choose_partner, [(p, names[p]) for p in partners],
                           lambda p: self.do.apply(make(seat, "ask", (), p)))
            return
        self.do.apply(make(seat, "ask"))

    def click_target(self, target: Target) -> None:
        cards = self.model.selected_codes()
        if target.kind == "staged" and not cards:
            return self.staging.confirm()  # a click on a staged meld: send them
        if target.kind in ("meld", "meld_area") and not cards:
            return
        if target.kind == "hand":
            return
        self.drop(target, cards, None, clicked=True)

    def drop(self, target: Target, codes: list[int], origin, clicked: bool = False) -> bool:
        m = self.model
        if target.kind in ("meld", "meld_area") and target.side != m.reads.side(self.seat):
            self.do.show_reason_text(t("table.not_your_melds"))
            return False
        if target.kind == "meld_area":  # an empty spot: a staged meld (issue 29)
            return self.staging.stage(codes)
        if target.kind == "staged":
            return self.staging.stage(codes, target.key)
        readings = canasta_candidates(m.reads, self.seat, target, codes)
        if target.kind == "pile" and m.reads.phase == DRAW:
            readings = self.staging.take_readings(readings)  # an opening with the pile
        if not readings:
            return False
        # A click on the pile may ask before taking it (a take cannot be taken back); a drag
        # is deliberate and takes at once.
        played, reason = self.do.play_first(readings, origin, ask_take=clicked)
        if reason is not None:
            self.do.show_reason(reason)
        return played

    def legal_targets(self, codes: list[int]) -> list[Target]:
        reads = self.model.reads
        side = reads.side(self.seat)
        out = []
        for tg in self.model.scene.targets:
            if tg.kind in ("hand", "stock"):
                continue
            if tg.kind in ("meld", "meld_area", "staged") and tg.side != side:
                continue
            if tg.kind in ("meld_area", "staged"):  # staging takes any cards: the engine
                out.append(tg)  # decides when they are sent
                continue
            cands = canasta_candidates(reads, self.seat, tg, codes)
            if first_legal(self.model, cands)[0] is not None:
                out.append(tg)
        return out


class CassinoTable(TableFamily):
    deal_key = "table.game_n"
    multi_select = False
    discard_verb = "trail"
    draws = False
    aces_high = False
    build_scene = staticmethod(scene.build_cassino)
    score_rows = CASSINO_ROWS
    score_words = ("score.next_game", "score.game_of", "score.this_game", "score.game_n")

    def score_counts(self, reads) -> list[dict[str, int]] | None:
        """CN-10: the cards, spades and aces each side took (the engine's tallies)."""
        return [{k: v for k, v in reads.tallies(side).items()
                 if k in ("cards", "spades", "aces")} for side in (0, 1)]

    def deal_anchor(self, lay):
        return ("deck",), lay.deck

    def action_buttons(self):
        return [("capture", t("table.capture"), lambda: self.button("capture")),
                ("build", t("table.reserve"), lambda: self.button("build")),
                ("trail", t("table.trail"), lambda: self.button("trail"))]

    def buttons_wanted(self, can_act: bool) -> dict[str, bool]:
        m = self.model
        one = can_act and len(m.selected) == 1
        return {"capture": one and bool(m.table_selected),
                "build": one and bool(m.table_selected),
                "trail": one and not m.table_selected}

    def click_card(self, selected: set[int], index: int) -> set[int]:
        return set() if index in selected else {index}

    def table_card_at(self, scene, pos) -> int:
        for sp in reversed(scene.sprites):
            if sp.zone[0] in ("loose", "res") and sp.rect.collidepoint(pos):
                return sp.code
        return -1

    def click_table_card(self, code: int) -> None:
        """Choose or unchoose a loose card, or a whole reservation."""
        m = self.model
        group = next((tuple(cards) for cards in m.reads.reservations() if code in cards),
                     (code,))
        if code in m.table_selected:
            self.do.select_table(m.table_selected - set(group))
        else:
            self.do.select_table(m.table_selected | set(group))

    def forget_gone_cards(self, reads) -> None:
        self.do.select_table(self.model.table_selected & reads.table_cards())

    def turn_hint(self, reads) -> str:
        return t("hint.cassino_build") if self.model.table_selected else t("hint.cassino")

    def button(self, verb: str) -> None:
        m = self.model
        if not m.can_act() or len(m.selected) != 1:
            return
        card = m.selected_codes()[0]
        chosen = tuple(sorted(m.table_selected))
        if verb == "trail":
            self.do.apply(make(self.seat, "trail", ((card,),)))
        elif verb == "capture":
            self.do.apply(make(self.seat, "capture", ((card,), chosen)))
        else:
            self.build_dialog(card, chosen, None)

    def build_dialog(self, card: int, chosen: tuple, origin) -> bool:
        """Ask the reservation's value among those the engine accepts (or say why none); the
        only value the engine accepts is played at once, without asking."""
        m = self.model
        seat = self.seat
        values = build_values(self.model, seat, card, chosen)
        if not values:
            self.do.show_reason(m.reads.why_no_reservation(seat, card, chosen))
            return False
        if len(values) == 1:
            return self.do.apply(make(seat, "build", ((card,), chosen), values[0]), origin)

        def pick(v: int) -> None:
            self.do.apply(make(seat, "build", ((card,), chosen), v))

        self.do.overlay(moments.BuildValue, values, pick)
        return True

    def drop(self, target: Target, codes: list[int], origin, clicked: bool = False) -> bool:
        m = self.model
        card = codes[0]
        if target.kind == "group":
            readings = cassino_candidates(m.reads, self.seat, target, card,
                                          m.table_selected)
            played, reason = self.do.play_first(readings, origin)
            if played or reason is None:
                return played
            chosen = tuple(sorted(set(m.table_selected) | set(target.cards)))
            if build_values(self.model, self.seat, card, chosen):
                return self.build_dialog(card, chosen, origin)
            self.do.show_reason(reason)
            return False
        if target.kind == "table":
            if m.table_selected:
                return self.build_dialog(card, tuple(sorted(m.table_selected)), origin)
            return self.do.apply(make(self.seat, "trail", ((card,),)), origin)
        return False

    def legal_targets(self, codes: list[int]) -> list[Target]:
        m = self.model
        reads = m.reads
        seat = self.seat
        card = codes[0]
        out = []
        for tg in m.scene.targets:
            if tg.kind == "group":
                cands = cassino_candidates(reads, seat, tg, card, m.table_selected)
                ok = first_legal(self.model, cands)[0] is not None
                if not ok:
                    chosen = tuple(sorted(set(m.table_selected) | set(tg.cards)))
                    ok = bool(build_values(self.model, seat, card, chosen))
            elif tg.kind == "table":
                if m.table_selected:
                    ok = bool(build_values(self.model, seat, card,
                                           tuple(m.table_selected)))
                else:
                    ok = self.model.why_illegal(make(seat, "trail", ((card,),))) is None
            else:
                ok = False
            if ok:
                out.append(tg)
        return out


# The table's parts of each game family (GameInfo.family).
TABLES: dict[str, type[TableFamily]] = {"canasta": CanastaTable, "cassino": CassinoTable}


def family_for(game: str) -> type[TableFamily]:
    return TABLES[game_info(game).family]
