"""The table's hub (issue 28): the parts read a table model and send commands
(game/ui/table/hub.py, hub_commands.py) instead of reaching into the screen, so each can be
read and tested on its own:

- no part reaches into the screen more than its ceiling (tests/ui/table/reach.py counts);
- the keyboard, the HUD, the take-back and the intents work with a fake model and fake
  commands, no TableScreen built;
- the fakes here have only names the real model and commands have.
"""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from game.engine.actions import make
from game.i18n import t
from game.ui.table.hub import TableModel
from game.ui.table.hub_commands import TableCommands
from game.ui.table.hud import Hud
from game.ui.table.keyboard import KeyboardPlay
from game.ui.table.takeback import TakeBack

from .reach import TABLE, hub_uses, reach_ins, table_reach_ins

# Each part's reach-ins into the screen at most (the figures before the hub in the comments).
# The rest keep today's figure, so none grows again: the overlay base (its model and commands
# come from the screen it is built on), the leave dialog (built on the screen), and helpers
# that are given the screen (the UI bench, the guide panel's attach, messages.you,
# table_reads).
CEILING = {
    "bench.py": 4,
    "family.py": 0,  # 66
    "flow.py": 0,  # 41: it runs the session it is given, reads the model, sends commands
    "gestures.py": 0,  # 19: the pointer reports to the intents
    "guide_panel.py": 5,  # 31: attach() builds the panel from the screen's session
    "hud.py": 0,  # 84
    "intents.py": 0,  # 99
    "keyboard.py": 0,  # 99
    "keysheet.py": 0,  # 10
    "messages.py": 5,
    "moments.py": 1,  # 33: the leave dialog is built on the screen (its F1 button: a command)
    "movelog.py": 0,  # 4
    "moves.py": 0,  # 49
    "overlay.py": 2,  # 6: its model and commands, from the screen it is built on
    "painter.py": 0,  # 60, then 13 (the layout of the window, now worked out from the model)
    "presenter.py": 0,  # 34
    "reads.py": 5,
    "scoresheet.py": 0,  # 35: the sheets read the model, their buttons send commands
    "session_bench.py": 24,  # not a part: bench --ui's scripted player, driving from outside
    "staging.py": 0,  # 28
    "table_info.py": 0,  # 9
    "takeback.py": 0,  # 37
    "why.py": 0,  # 23, then 11 (the Why? panel, an overlay)
}


def over_ceiling(counts: dict[str, int]) -> dict[str, int]:
    return {name: n for name, n in counts.items() if n > CEILING.get(name, 0)}


def test_no_part_reaches_into_the_screen_past_its_ceiling():
    counts = table_reach_ins()
    assert over_ceiling(counts) == {}, counts
    assert sum(counts.values()) <= sum(CEILING.values())


def test_a_part_that_reaches_in_again_is_caught():
    """The count sees ``self.screen.x``, ``screen.x`` and ``sc.x`` after ``sc = self.screen``
    (the intents with one such line are over their ceiling)."""
    source = (TABLE / "intents.py").read_text(encoding="utf-8")
    again = source + ("\n\ndef peek(self):\n    sc = self.screen\n"
                      "    return sc.viewer, self.screen.lay, sc.scene\n")
    counts = table_reach_ins()
    counts["intents.py"] = sum(reach_ins(again).values())
    assert over_ceiling(counts) == {"intents.py": 3}
    assert reach_ins("def f(screen):\n    return screen.reads\n") == {"reads": 1}
    assert reach_ins("def f(self):\n    sc = Scene()\n    return sc.hand\n") == {}


def test_the_parts_use_only_what_the_model_and_the_commands_offer():
    """Every name a part reads of the model or sends as a command is there (a fake in a test
    would hide a misspelt one until the table ran it)."""
    missing = []
    for path in sorted(TABLE.glob("*.py")):
        uses = hub_uses(path.read_text(encoding="utf-8"))
        missing += [f"{path.name}: model.{x}" for x in uses["model"] if not hasattr(TableModel, x)]
        missing += [f"{path.name}: do.{x}" for x in uses["do"] if not hasattr(TableCommands, x)]
    assert missing == []
    assert hub_uses("def f(self):\n    m = self.model\n    return m.viewer, self.do.toast\n") \
        == {"model": {"viewer"}, "do": {"toast"}}


# ---- fakes --------------------------------------------------------------------------------


class FakeCommands:
    """Records each command sent: (name, arguments); ``returns``: what some answer."""

    def __init__(self, **returns) -> None:
        self.sent: list[tuple] = []
        self.returns = returns

    def __getattr__(self, name):
        if name.startswith("_") or not hasattr(TableCommands, name):
            raise AttributeError(name)  # only what the real commands offer
        return lambda *args: (self.sent.append((name, *args)), self.returns.get(name))[1]

    def names(self) -> list[str]:
        return [s[0] for s in self.sent]


class FakeFamily:
    draws = True
    discard_verb = "discard"
    multi_select = True
    staging = ()

    def action_buttons(self):
        return []

    def click_card(self, selected, index):
        return selected ^ {index}

    def buttons_wanted(self, can_act):
        return {}

    def turn_hint(self, reads):
        return "your hint"

    def waiting_hint(self, reads):
        return "waiting"


def fake_model(**kw) -> SimpleNamespace:
    """A model of a two-player canasta table, the viewer (seat 0) to move; ``kw`` changes it."""
    values = dict(
        game="canasta", family=FakeFamily(), players=2, sides=[0, 1], partnerships=False,
        viewer=0, dealing=True, version=3, scene=None, lay=None, selected=frozenset(),
        table_selected=frozenset(), hint=None, down_gate=[], overlay=None, dialog=None,
        sheet_due=False, halted=False, toasts=[],
        reads=SimpleNamespace(is_over=False, current_player=0, partners=lambda seat: []),
        is_human=lambda seat: seat == 0, names=lambda: ["You", "West"], you=lambda: 0,
        can_act=lambda: True, can_hint=lambda: True, can_take_back=lambda: False,
        revealed=lambda: True, thinking_seat=lambda: -1, hand_order=lambda seat: [],
        selected_codes=lambda: [], history=[], sort_mode=lambda seat: "rank", guide=None,
        take_back_turns=False, computer_busy=False, take_back_point=lambda seat, whole: None,
    )
    values.update(kw)
    unknown = [k for k in values if not hasattr(TableModel, k)]
    assert unknown == [], unknown  # a fake with a name the model lacks would prove nothing
    return SimpleNamespace(**values)


class FakeIntents:
    def __init__(self) -> None:
        self.clicked: list[tuple] = []

    def __getattr__(self, name):
        return lambda *args: self.clicked.append((name, *args))


def key(k: int, mod: int = 0) -> SimpleNamespace:
    return SimpleNamespace(key=k, mod=mod)


# ---- the keyboard on its own --------------------------------------------------------------


def keyboard(**kw) -> tuple[KeyboardPlay, FakeCommands, FakeIntents]:
    do, intents = FakeCommands(), FakeIntents()
    return KeyboardPlay(fake_model(**kw), do, intents), do, intents


@pytest.mark.parametrize(("k", "mod", "command"), [
    (pygame.K_h, 0, "show_hint"), (pygame.K_l, 0, "toggle_log"), (pygame.K_w, 0, "why_last"),
    (pygame.K_F2, 0, "show_scores"), (pygame.K_F1, 0, "show_keys"),
    (pygame.K_z, pygame.KMOD_CTRL, "take_back")])
def test_a_table_key_sends_its_command(k, mod, command):
    kb, do, _intents = keyboard()
    assert kb.key(key(k, mod))
    assert do.names() == [command]


def test_d_draws_for_the_viewer_only_when_the_viewer_may_act():
    kb, do, _intents = keyboard(viewer=1)
    assert kb.key(key(pygame.K_d))
    assert do.sent == [("apply", make(1, "draw"))]
    kb, do, _intents = keyboard(can_act=lambda: False)
    assert kb.key(key(pygame.K_d)) and do.sent == []


def test_x_discards_the_chosen_cards_as_they_are():
    """Several chosen cards go to the engine as one discard, which says why not."""
    kb, do, _intents = keyboard(selected=frozenset({0, 2}), selected_codes=lambda: [14, 40])
    kb.key(key(pygame.K_x))
    assert do.sent == [("apply", make(0, "discard", ((14, 40),)))]


def test_x_with_one_chosen_card_is_a_double_click_on_it():
    kb, do, intents = keyboard(selected=frozenset({4}))
    kb.key(key(pygame.K_x))
    assert intents.clicked == [("on_double_click", 4)] and do.sent == []


def test_enter_on_a_finished_deal_opens_its_sheet_and_on_a_down_picks_it_up():
    kb, do, _intents = keyboard(sheet_due=True)
    kb.key(key(pygame.K_RETURN))
    assert do.names() == ["open_deal_scores"]
    kb, do, _intents = keyboard(down_gate=[5, 6])
    kb.key(key(pygame.K_SPACE))
    assert do.names() == ["pick_up_down"]


def test_an_unknown_key_is_not_used():
    kb, do, _intents = keyboard()
    assert not kb.key(key(pygame.K_q)) and do.sent == []


# ---- the HUD on its own -------------------------------------------------------------------


class FakeButton:
    def __init__(self, y: int = 0) -> None:
        self.shown = None
        self.text = t("table.hint")
        self.relative_rect = pygame.Rect(0, y, 10, 10)

    def show(self):
        self.shown = True

    def hide(self):
        self.shown = False

    def set_text(self, text):
        self.text = text

    def set_relative_position(self, pos):
        self.relative_rect.topleft = pos


COLUMN = ["take_back", "hint", "sort_rank", "sort_suit"]


def hud(**kw) -> tuple[Hud, FakeCommands]:
    """A HUD whose buttons are built (fakes: no pygame_gui), for a model with ``kw``."""
    do = FakeCommands()
    h = Hud(fake_model(**kw), do, movelog=None)
    h.buttons = {name: FakeButton() for name in ["log", "scores", "menu", *COLUMN]}
    h.column = list(COLUMN)
    h._column_geometry = (pygame.Rect(0, 0, 100, 200), 20, 5)
    return h, do


def shown(h: Hud) -> set[str]:
    return {name for name, b in h.buttons.items() if b.shown}


def test_the_hud_shows_hint_when_the_viewer_may_ask_and_take_back_when_possible():
    h, do = hud()
    h.refresh_buttons()
    assert shown(h) == {"log", "scores", "menu", "hint", "sort_rank", "sort_suit"}
    assert do.names() == ["request_frame"]
    h, _do = hud(can_hint=lambda: False, can_take_back=lambda: True)
    h.refresh_buttons()
    assert "hint" not in shown(h) and "take_back" in shown(h)


def test_a_finished_deal_turns_hint_into_the_score_sheet():
    h, do = hud(sheet_due=True, can_hint=lambda: False)
    h.refresh_buttons()
    assert "hint" in shown(h) and h.buttons["hint"].text == t("table.score_sheet_short")
    h.hint_or_scores()
    assert do.names()[-1] == "show_scores"


def test_a_modal_overlay_covers_every_button():
    h, _do = hud(overlay=SimpleNamespace(modal=True))
    h.refresh_buttons()
    assert shown(h) == set()


def test_shown_buttons_close_up_at_the_columns_foot():
    """Hint hidden: the sorts stay at the foot, take back stands right above them."""
    h, _do = hud(can_hint=lambda: False, can_take_back=lambda: True)
    h.refresh_buttons()
    ys = {k: h.buttons[k].relative_rect.y for k in COLUMN}
    assert ys["sort_suit"] == 180 and ys["sort_rank"] == 155 and ys["take_back"] == 130


def test_the_banner_says_whose_turn_it_is():
    h, _do = hud()
    assert h.banner_text() == (t("table.your_turn"), "your hint")
    h, _do = hud(halted=True)
    assert h.banner_text()[0] == t("table.halted.title")
    h, _do = hud(down_gate=[3])
    assert h.banner_text() == (t("table.your_down"), t("hint.pick_up_down"))


# ---- taking back on its own ---------------------------------------------------------------


def test_a_take_back_puts_the_hands_arrangement_back_as_it_was_before_the_move():
    history = ["0 draw"]
    model = fake_model(history=history, hand_order=lambda seat: [30, 10, 20],
                       sort_mode=lambda seat: None, take_back_point=lambda seat, whole: 1)
    do = FakeCommands(undo=1)
    tb = TakeBack(model, do)
    tb.remember(0)  # before the viewer's meld, the second move
    history.append("0 meld 10 20 30")
    tb.remember(1)  # another seat's move: nothing to remember
    tb.take_back()
    assert do.sent[:2] == [("undo", 0, False), ("set_hand_order", 0, [30, 10, 20], None)]
    assert do.names()[2:] == ["forget_hand_positions", "show_position", "toast"]
    assert tb.arrangements == {}


def test_nothing_to_take_back_says_so_and_changes_nothing():
    for kw in ({}, {"computer_busy": True, "take_back_point": lambda seat, whole: 1},
               {"down_gate": [4], "take_back_point": lambda seat, whole: 1}):
        do = FakeCommands()
        TakeBack(fake_model(**kw), do).take_back()
        assert do.sent == [("toast", t("table.take_back.none"), "info")]


# ---- the intents on their own -------------------------------------------------------------


def intents(**kw):
    from game.ui.table.intents import TableIntents

    do = FakeCommands()
    return TableIntents(fake_model(**kw), do, clock=lambda: 0.0), do


def test_a_double_click_discards_the_card_at_that_place_of_the_hand():
    it, do = intents(viewer=1, hand_order=lambda seat: [7, 21, 40] if seat == 1 else [])
    it.on_double_click(1)
    assert do.sent == [("select", ()), ("apply", make(1, "discard", ((21,),)))]
    it, do = intents(can_act=lambda: False, hand_order=lambda seat: [7])
    it.on_double_click(0)
    assert do.sent == []


def test_a_click_on_a_card_chooses_it_through_the_family():
    it, do = intents(selected=frozenset({2}))
    it.on_click_card(0)
    assert do.sent == [("select", frozenset({0, 2})), ("mark_dirty",)]


# ---- the turn flow on its own -------------------------------------------------------------


def flow(history=(), **kw):
    from game.ui.table.flow import TurnFlow

    do = FakeCommands()
    session = SimpleNamespace(seed=5, history=list(history), is_human=lambda seat: seat in (0, 2))
    return TurnFlow(fake_model(**kw), do, session), do


def test_a_computers_move_is_played_noted_for_why_and_paced():
    from game.ui.table.flow import PACE
    from game.ui.table.worker import Job

    tf, do = flow(history=["1 draw", "1 discard 5S"], version=4, speed=2.0)
    action = make(1, "discard", ((5,),))
    tf.ready = (Job(1, "move", 4), action, None)
    tf.play_ready(0.0)
    assert do.sent == [("play_computer", action), ("note_why", 1, None)]
    assert tf.ready is None and tf.pace_left == PACE * 2.0
    tf.ready = (Job(1, "move", 3), action, None)  # thought over a position gone since
    tf.play_ready(0.0)
    assert tf.ready is None and len(do.sent) == 2


def test_a_refused_computer_move_stops_the_table_and_offers_the_menu():
    tf, do = flow(autosaves=False, reason_text=lambda reason: "not now")
    tf.halt(1, make(1, "draw"), "refused")
    assert tf.halted
    assert do.names() == ["reset_pointer", "dialog", "mark_dirty", "refresh_buttons"]
    _name, _build, title, body, buttons = do.sent[1]
    assert title == t("table.halted.title") and "not now" in body and "West" in body
    buttons[1][1]()  # the main menu button
    assert do.names()[-1] == "leave_table"


def test_another_persons_turn_at_pass_and_play_is_behind_a_cover():
    from game.ui.table import moments

    tf, do = flow(humans=[0, 2])
    tf.human_turn(2)
    assert do.sent == [("overlay", moments.Cover, 2)]
    tf, do = flow(humans=[0])  # a computer's seat, or one person at the table: no cover
    tf.human_turn(1)
    assert do.sent == []


# ---- the score sheet on its own -----------------------------------------------------------


def sheet_buttons(**kw) -> tuple[list, FakeCommands]:
    """A deal's score sheet built over a fake table: its buttons as (label, callback)."""
    from game.ui.table.scoresheet import ScoreSheet

    pygame.font.init()
    do = FakeCommands()
    family = FakeFamily()
    family.score_words = ("score.next_deal", "", "", "")
    model = fake_model(family=family, s=lambda x: round(x), font_sizes={"button": 16},
                       window_size=(1280, 800), side_names=lambda: ["You", "West"], **kw)
    ScoreSheet(SimpleNamespace(model=model, do=do)).build()
    return [(s[2], s[3]) for s in do.sent if s[0] == "button"], do


def test_a_deals_sheet_leads_to_the_next_deal_or_at_the_end_to_the_result():
    buttons, do = sheet_buttons(dealing=False, game_over=False)
    assert [label for label, _ in buttons] == [t("score.next_deal")]
    buttons[0][1]()
    assert do.names()[-1] == "next_deal"
    buttons, do = sheet_buttons(dealing=False, game_over=True)
    assert [label for label, _ in buttons] == [t("score.final_result")]
    buttons[0][1]()
    assert do.names()[-1] == "show_game_over"


# ---- the moments on their own -------------------------------------------------------------


def test_the_cover_shows_the_table_to_the_person_it_names():
    from game.ui.table.moments import Cover

    pygame.font.init()
    do = FakeCommands(button=SimpleNamespace(kill=lambda: None))
    model = fake_model(s=lambda x: round(x), window_size=(1280, 800),
                       names=lambda: ["Ann", "West", "Bob"])
    cover = Cover(SimpleNamespace(model=model, do=do), 2)
    cover.build()
    (_name, _rect, label, show, _object_id), = do.sent
    assert label == t("cover.show", name="Bob")
    assert cover.process_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
    assert do.sent[1:] == [("overlay_closed", cover), ("set_viewer", 2)]


def test_the_key_sheet_and_the_why_panel_read_their_lines_from_the_model():
    from game.ui.table.keyboard import Shortcut
    from game.ui.table.keysheet import KeySheet
    from game.ui.table.why import WhyPanel

    lines = [Shortcut("keys.section.moves", ("D",), "keys.do.draw", "draws")]
    table = SimpleNamespace(do=FakeCommands(), model=fake_model(
        key_sheet=lambda: lines, why_lines=lambda deal, index: [f"{index + 1}. West drew", "?"]))
    assert KeySheet(table).sections() == (
        (t("keys.section.moves"), ((("D",), t("keys.do.draw")),)),)
    assert WhyPanel(table, 0, 4).text() == "5. West drew\n?"


# ---- Why? on its own ------------------------------------------------------------------------


def test_w_explains_the_last_move_a_computer_made_not_another_persons():
    """At a network table every seat but the window's own is "not its player", yet another
    person's move has no explanation: W skips it for the last computer's move."""
    from game.ui.table.why import WhyView

    moves = {(1, 0): ("2 discard 5S", "e2"), (1, 1): ("1 discard 7H", None)}
    movelog = SimpleNamespace(moves=lambda: list(moves), move=lambda d, i: moves[d, i])
    do = FakeCommands()
    model = fake_model(players=3, is_human=lambda seat: seat == 0,
                       is_computer=lambda seat: seat == 2)
    assert WhyView(model, do, movelog).last_computer_move() == (1, 0)
    model.is_computer = lambda seat: seat != 0  # one machine: seats 1 and 2 are computers
    assert WhyView(model, do, movelog).last_computer_move() == (1, 1)
