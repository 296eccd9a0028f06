"""Words at the table and around it that said something other than what the player sees
(issue 27): practice goals in notation, a Learn to play line about red threes, the Leave
dialog's pointer to the main menu."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from game import i18n
from game.engine.cards import parse_card
from game.i18n import card_text, t
from game.saves import practice
from game.ui.screens.load_screen import entry_detail
from game.ui.table.guide_panel import GuidePanel

NOTATION = re.compile(r"(?<![\w-])(?:10|[2-9AJQK])[SHDC](?!\w)|\bJK\b")


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_practice_goals_show_cards_as_the_table_does(lang):
    """"Take the pile with 8H 8C" where the table shows 8♥ 8♣: the panel at the table and
    the Load screen's description name cards as the table draws them."""
    i18n.set_language(lang)
    for p in practice.PUZZLES:
        panel, _status = GuidePanel(None, None, puzzle=p).body()
        texts = SimpleNamespace(en=p.description[0], ja=p.description[1])
        listed = entry_detail(SimpleNamespace(kind="practice", practice=SimpleNamespace(
            description=texts)))
        written = p.description[1] if lang == "ja" else p.description[0]
        for shown in (panel, listed):
            assert not NOTATION.search(shown), (p.id, shown)
            for code in NOTATION.findall(written):
                assert card_text(parse_card(code)) in shown, (p.id, code)
    i18n.set_language("en")
    frozen = practice.puzzle_by_id("canasta-frozen-pile")
    assert GuidePanel(None, None, puzzle=frozen).body()[0].endswith("Take the pile with 8♥ 8♣.")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_leave_dialog_names_the_main_menus_continue(table, lang):
    """The Japanese pointed to 「続ける」, the dialog's own Stay, not the menu's 「続きから」."""
    d = table("canasta", 2, seed=2, language=lang)
    assert d.settle() == "human"
    d.screen.back()
    d.step(1, dt=0.01)
    body = d.screen.dialog._args[1]
    assert t("menu.continue") in body and t("leave.stay") not in body


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_learn_to_play_says_what_the_red_three_counts_now(tmp_path, lang):
    """CA-15: a red three counts against a side that has not opened. The step after drawing
    one said "score 100 each" beside the table's -100; it names the -100 now."""
    from game.engine.actions import parse_action
    from game.ui.table.guide_panel import open_guide

    from .driver import Driver, make_app

    app = make_app(tmp_path, language=lang)
    try:
        open_guide(app, "canasta")
        d = Driver(app, app.screen)
        d.step(20)
        d.perform(parse_action("0 draw"))
        d.step(20)
        shown = t("table.on_table", points=d.session.state.table_points(0))
        prompt, _counter = d.screen.guide.body()
        assert shown.endswith("-100") and "-100" in prompt
    finally:
        app.close()
