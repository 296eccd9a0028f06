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

from game.actions import make
from game.canasta.phase import ANSWER, DRAW
from game.i18n import seat_message, t
from game.registry import game_info
from game.ui.table import messages, moments, order, scene
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

    def __init__(self, screen) -> None:
        self.screen = screen
        self.staging = Staging(screen.model, screen.do)  # melds built card by card (canasta)

    def score_counts(self, reads) -> list[dict[str, int]] | None:
        """The counts behind the score sheet's points, per side (None: points alone)."""
        return None

    @property
    def session(self):
        return self.screen.session

    @property
    def seat(self) -> int:
        return self.screen.viewer

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
        return {"ask": can_act and self.session.state is not None and self.ask_legal()}

    def turn_hint(self, reads) -> str:
        if reads.phase == ANSWER:
            return t("hint.answer")
        if reads.phase == DRAW:
            if reads.may_open_first(self.seat):
                return t("hint.cs_open_or_draw", minimum=reads.open_min(self.seat))
            return t("hint.draw")
        return t("hint.draw_only") if reads.draw_only else t("hint.play")

    def waiting_hint(self, reads) -> str:
        if self.screen.session.is_human(self.seat) and reads.frozen_in_time(self.seat):
            return t("hint.frozen_time")
        if reads.phase == ANSWER:
            sc = self.screen
            return seat_message("table.asks", reads.turn, sc.names(), messages.you(sc))
        return ""

    def info_line(self, reads) -> str:
        if reads.is_over or reads.opened(self.seat) or not self.session.is_human(self.seat):
            return ""
        return t("table.opening_minimum", points=reads.open_min(self.seat))

    def prompt(self, reads, seat: int) -> None:
        sc = self.screen
        if reads.phase == ANSWER and reads.asked == seat:
            key = ("answer", reads.turn_no, reads.turn)
            if key not in sc.flow.prompted:
                sc.flow.prompted.add(key)
                moments.answer_dialog(sc, sc.names()[reads.turn], self.answer)
            return
        if reads.may_open_first(seat) and reads.turn == seat:
            key = ("choice", reads.turn_no)
            if key not in sc.flow.prompted:
                sc.flow.prompted.add(key)
                moments.canastone_choice(sc, reads.open_min(seat), self.choose_open,
                                         self.choose_draw)

    def answer(self, yes: bool) -> None:
        self.screen.apply(make(self.seat, "yes" if yes else "no"))

    def choose_open(self) -> None:
        self.screen.presenter.toast(t("choice.open_hint"), "info")

    def choose_draw(self) -> None:
        self.screen.apply(make(self.seat, "draw"))

    def ask_legal(self) -> bool:
        """Whether asking a partner (CS-13) is a move the engine takes now (for the button)."""
        reads = self.screen.reads
        seat = self.seat
        if reads.is_over or reads.current_player != seat:
            return False
        partners = reads.partners(seat)
        if not partners:
            return False
        return any(self.session.why_illegal(make(seat, "ask", (), p)) is None
                   for p in ([-1] if len(partners) == 1 else partners))

    def ask_partner(self) -> None:
        sc = self.screen
        if not sc.can_act():
            return
        seat = self.seat
        partners = sc.reads.partners(seat)
        if len(partners) > 1:
            names = sc.names()
            moments.choose_partner(sc, [(p, names[p]) for p in partners],
                                   lambda p: sc.apply(make(seat, "ask", (), p)))
            return
        sc.apply(make(seat, "ask"))

    def click_target(self, target: Target) -> None:
        cards = self.screen.selected_codes()
        if target.kind == "staged" and not cards:
            return self.screen.family.staging.confirm()  # a click on a staged meld: send them
        if target.kind in ("meld", "meld_area") and not cards:
            return
        if target.kind == "hand":
            return
        self.drop(target, cards, None, clicked=True)

    def drop(self, target: Target, codes: list[int], origin, clicked: bool = False) -> bool:
        sc = self.screen
        if target.kind in ("meld", "meld_area") and target.side != sc.reads.side(self.seat):
            sc.presenter.show_reason_text(t("table.not_your_melds"))
            return False
        if target.kind == "meld_area":  # an empty spot: a staged meld (issue 29)
            return sc.family.staging.stage(codes)
        if target.kind == "staged":
            return sc.family.staging.stage(codes, target.key)
        readings = canasta_candidates(sc.reads, self.seat, target, codes)
        if target.kind == "pile" and sc.reads.phase == DRAW:
            readings = sc.family.staging.take_readings(readings)  # an opening with the pile
        if not readings:
            return False
        # A click on the pile may ask before taking it (a take cannot be taken back); a drag
        # is deliberate and takes at once.
        played, reason = sc.moves.play_first(readings, origin, ask_take=clicked)
        if reason is not None:
            sc.presenter.show_reason(reason)
        return played

    def legal_targets(self, codes: list[int]) -> list[Target]:
        reads = self.screen.reads
        side = reads.side(self.seat)
        out = []
        for tg in self.screen.scene.targets:
            if tg.kind in ("hand", "stock"):
                continue
            if tg.kind in ("meld", "meld_area", "staged") and tg.side != side:
                continue
            if tg.kind in ("meld_area", "staged"):  # staging takes any cards: the engine
                out.append(tg)  # decides when they are sent
                continue
            cands = canasta_candidates(reads, self.seat, tg, codes)
            if first_legal(self.session, cands)[0] is not None:
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
        sc = self.screen
        one = can_act and len(sc.selected) == 1
        return {"capture": one and bool(sc.table_selected),
                "build": one and bool(sc.table_selected),
                "trail": one and not sc.table_selected}

    def click_card(self, selected: set[int], index: int) -> set[int]:
        return set() if index in selected else {index}

    def table_card_at(self, scene, pos) -> int:
        for sp in reversed(scene.sprites):
            if sp.zone[0] in ("loose", "res") and sp.rect.collidepoint(pos):
                return sp.code
        return -1

    def click_table_card(self, code: int) -> None:
        """Choose or unchoose a loose card, or a whole reservation."""
        sc = self.screen
        group = next((tuple(cards) for cards in sc.reads.reservations() if code in cards),
                     (code,))
        if code in sc.table_selected:
            sc.table_selected -= set(group)
        else:
            sc.table_selected |= set(group)

    def forget_gone_cards(self, reads) -> None:
        self.screen.table_selected &= reads.table_cards()

    def turn_hint(self, reads) -> str:
        return t("hint.cassino_build") if self.screen.table_selected else t("hint.cassino")

    def button(self, verb: str) -> None:
        sc = self.screen
        if not sc.can_act() or len(sc.selected) != 1:
            return
        card = sc.selected_codes()[0]
        chosen = tuple(sorted(sc.table_selected))
        if verb == "trail":
            sc.apply(make(self.seat, "trail", ((card,),)))
        elif verb == "capture":
            sc.apply(make(self.seat, "capture", ((card,), chosen)))
        else:
            self.build_dialog(card, chosen, None)

    def build_dialog(self, card: int, chosen: tuple, origin) -> bool:
        """Ask the reservation's value among those the engine accepts (or say why none); the
        only value the engine accepts is played at once, without asking."""
        sc = self.screen
        seat = self.seat
        values = build_values(self.session, seat, card, chosen)
        if not values:
            sc.presenter.show_reason(sc.reads.why_no_reservation(seat, card, chosen))
            return False
        if len(values) == 1:
            return sc.apply(make(seat, "build", ((card,), chosen), values[0]), origin)

        def pick(v: int) -> None:
            sc.apply(make(seat, "build", ((card,), chosen), v))

        sc.open_overlay(moments.BuildValue(sc, values, pick))
        return True

    def drop(self, target: Target, codes: list[int], origin, clicked: bool = False) -> bool:
        sc = self.screen
        card = codes[0]
        if target.kind == "group":
            readings = cassino_candidates(sc.reads, self.seat, target, card,
                                          sc.table_selected)
            played, reason = sc.moves.play_first(readings, origin)
            if played or reason is None:
                return played
            chosen = tuple(sorted(set(sc.table_selected) | set(target.cards)))
            if build_values(self.session, self.seat, card, chosen):
                return self.build_dialog(card, chosen, origin)
            sc.presenter.show_reason(reason)
            return False
        if target.kind == "table":
            if sc.table_selected:
                return self.build_dialog(card, tuple(sorted(sc.table_selected)), origin)
            return sc.apply(make(self.seat, "trail", ((card,),)), origin)
        return False

    def legal_targets(self, codes: list[int]) -> list[Target]:
        sc = self.screen
        reads = sc.reads
        seat = self.seat
        card = codes[0]
        out = []
        for tg in sc.scene.targets:
            if tg.kind == "group":
                cands = cassino_candidates(reads, seat, tg, card, sc.table_selected)
                ok = first_legal(self.session, cands)[0] is not None
                if not ok:
                    chosen = tuple(sorted(set(sc.table_selected) | set(tg.cards)))
                    ok = bool(build_values(self.session, seat, card, chosen))
            elif tg.kind == "table":
                if sc.table_selected:
                    ok = bool(build_values(self.session, seat, card,
                                           tuple(sc.table_selected)))
                else:
                    ok = self.session.why_illegal(make(seat, "trail", ((card,),))) is None
            else:
                ok = False
            if ok:
                out.append(tg)
        return out


# The table's parts of each game family (GameInfo.family).
TABLES: dict[str, type[TableFamily]] = {"canasta": CanastaTable, "cassino": CassinoTable}


def family_for(game: str) -> type[TableFamily]:
    return TABLES[game_info(game).family]
