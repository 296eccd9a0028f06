"""The guided deals and the practice positions at the table, driven with real pygame events:
the panel shows the step's prompt, a different legal move is refused with the hint, the
expected one is played by the usual gestures, and a solved position says so."""

from __future__ import annotations

import pygame
import pytest

from game import i18n, saves
from game.engine.actions import parse_action
from game.guide.scripts import SCRIPTS
from game.i18n import t
from game.saves import practice
from game.saves.store import practice_dir
from game.ui.screens.main_menu import MainMenu
from game.ui.table import TableScreen
from game.ui.table.guide_panel import open_guide
from tests.ui.table.driver import Driver, make_app


@pytest.fixture
def app(tmp_path):
    made = []

    def open_app(size=(1280, 800), language="en"):
        a = make_app(tmp_path, size=size, language=language)
        made.append(a)
        return a

    yield open_app
    for a in made:
        a.close()
    i18n.set_language("en")


def _press(a, screen, label: str) -> None:
    """Click the screen's button with this label, as a player would."""
    button = next(b for b in screen._on_click if b.alive() and b.visible and b.text == label)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=button.rect.center, button=1))
    for _ in range(3):
        a.step(0.01, present=False)


def _other_legal(session, lesson):
    return [a for a in session.state.legal_actions(0) if not lesson.accepts(a)]


@pytest.mark.parametrize("script_id", SCRIPTS)
def test_guided_deal_at_the_table(app, script_id):
    a = app()
    open_guide(a, script_id)
    screen = a.screen
    assert isinstance(screen, TableScreen) and not screen.autosave_enabled
    panel = screen.guide
    lesson = panel.lesson
    d = Driver(a, screen)
    refused = 0
    while d.settle() == "human":
        step = lesson.step
        assert panel.body() == (t(step.prompt), t("guide.step", n=lesson.index + 1,
                                                   total=len(lesson.script.steps)))
        before = list(screen.session.history)
        others = _other_legal(screen.session, lesson)
        if refused < 2 and others:  # a different legal move: refused with a hint
            assert not screen.apply(others[-1])
            assert screen.session.history == before
            assert t("guide.refused") in [x[0] for x in screen.toasts]
            refused += 1
        d.perform(lesson.expected())
        if screen.session.state.is_over():
            break
    assert screen.session.state.is_over()
    assert lesson.step is None
    assert panel.body() == (t(lesson.script.end), t("guide.done"))
    assert t(lesson.script.end) in [x[0] for x in screen.toasts]  # over the score sheet
    a.render()  # the panel draws over the score sheet without failing


def test_learn_to_play_on_the_main_menu(app):
    a = app(language="ja")
    a.show(MainMenu(a))
    menu = a.screen
    _press(a, menu, t("menu.guide"))
    assert menu.dialog is not None
    _press(a, menu, i18n.game_name("cassino"))
    assert isinstance(a.screen, TableScreen)
    assert a.screen.guide.lesson.script is SCRIPTS["cassino"]


@pytest.mark.parametrize("puzzle_id", ["quick-draw-two", "canastone-packet",
                                       "ld-looking-then-down", "cassino-06"])
def test_practice_position_shows_its_instructions_and_when_it_is_solved(app, puzzle_id):
    a = app()
    session = saves.start_practice(practice_dir() / f"{puzzle_id}.json")
    screen = TableScreen(a, session=session, autosave=False)
    a.show(screen)
    panel = screen.guide
    p = practice.puzzle_by_id(puzzle_id)
    assert panel is not None and panel.puzzle is p
    # The cards as the table shows them (issue 27).
    assert panel.heading() == p.title[0]
    assert panel.body() == (i18n.cards_in_text(p.description[0]), "")
    d = Driver(a, screen)
    d.settle()
    assert not panel.solved
    for text in p.solution:
        d.settle()
        d.perform(parse_action(text))
    assert panel.solved and not panel.missed
    assert panel.body()[1] == t("practice.solved")
    assert t("practice.solved") in [x[0] for x in screen.toasts]


WRONG = [p.id for p in practice.PUZZLES if p.wrong]


@pytest.mark.parametrize("puzzle_id", WRONG)
def test_wrong_line_is_not_solved_at_the_table(app, puzzle_id):
    """Every position's wrong line, played with mouse events, is not taken for a solution;
    once the player's next turn begins the panel says so."""
    a = app(language="ja")
    session = saves.start_practice(practice_dir() / f"{puzzle_id}.json")
    screen = TableScreen(a, session=session, autosave=False)
    a.show(screen)
    d = Driver(a, screen)
    p = practice.puzzle_by_id(puzzle_id)
    assert screen.guide.heading() == p.title[1]
    for text in p.wrong:
        d.settle()
        d.perform(parse_action(text))
        assert not screen.guide.missed  # judged once the player's next turn begins
    d.settle()
    assert not screen.guide.solved and screen.guide.missed
    assert screen.guide.body()[1] == t("practice.missed")
    assert t("practice.missed") in [x[0] for x in screen.toasts]


def test_an_ordinary_game_has_no_panel(app):
    from game.session import GameSession

    a = app()
    session = GameSession("canasta", 2, seed=3)
    session.start_deal()
    assert TableScreen(a, session=session, autosave=False).guide is None


def test_frozen_in_time_position_is_solved_by_a_meld_in_the_opponents_turn(app):
    """LD-10 at the table: after the discard, the player melds while the computer plays."""
    a = app()
    session = saves.start_practice(practice_dir() / "ld-frozen-in-time.json")
    screen = TableScreen(a, session=session, autosave=False)
    a.show(screen)
    d = Driver(a, screen)
    take, discard, meld = practice.puzzle_by_id("ld-frozen-in-time").solution
    d.settle()
    d.perform(parse_action(take))
    d.settle()
    d.perform(parse_action(discard))
    assert session.state.current_player() == 1
    d.perform(parse_action(meld))
    assert screen.guide.solved



@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_choice_dialog_shows_all_its_words(app, language):
    """At 800x600 the dialog's words fit its box: no scroll bar hides the end of them."""
    a = app(size=(800, 600), language=language)
    menu = MainMenu(a)
    a.show(menu)
    from game.ui.table.guide_panel import choose

    choose(menu)
    a.step(0.01, present=False)
    text = next(e for e in menu.dialog.panel.elements if type(e).__name__ == "UITextBox")
    assert text.scroll_bar is None


@pytest.mark.parametrize("script_id", SCRIPTS)
def test_the_next_deal_after_a_guided_one_is_played_freely(app, script_id):
    """After the lesson's deal, Next deal on the score sheet deals as usual: the player's moves
    are no longer held to the script and the panel is gone."""
    from game.guide.scripts import start

    a = app()
    session, lesson = start(script_id)
    screen = TableScreen(a, session=session, autosave=False)
    a.show(screen)
    d = Driver(a, screen)
    while not session.state.is_over():
        if d.settle() == "human":
            d.perform(lesson.expected())
    screen.next_deal()
    assert session.position is None and not session.state.is_over()
    assert d.settle() == "human"
    action = session.bot_move(0)
    assert screen.guide.allows(action, computer=False)
    assert d.perform(action)
    a.render()
