""""Why?" at the table (issue 14): the move log keeps each computer move's explanation, from the
worker thread with the move; W or a click on a move's line shows it in a panel, in the
player's language; a human's move, or one from a loaded game, says there is none."""

from __future__ import annotations

import re

import pygame
import pytest

from game.engine.actions import parse_action
from game.i18n import t
from game.players.explain import explanation_lines
from game.players.levels import NormalPlayer
from game.ui.table import TableScreen
from game.ui.table.why import WhyPanel

from .driver import post


def key(d, k) -> None:
    post(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
    d.step(1, dt=0.01)


def _after_a_computer_move(d) -> None:
    """Play the human's moves (Normal's choice) until the human and a computer have moved,
    then settle."""
    assert d.settle() == "human"
    while len({parse_action(h).seat == 0 for h in d.session.history}) < 2:
        d.perform(NormalPlayer(0).choose(d.session.decision(0)))
        assert d.settle() == "human"


def _message(sc) -> str:
    assert isinstance(sc.overlay, WhyPanel)
    return sc.overlay.text()


def _row_of(sc, human: bool) -> tuple[int, int] | None:
    """A drawn line of the log telling a human's (or a computer's) move."""
    for rect, row in sc.movelog.hits:
        move = sc.movelog.row_moves[row]
        if move is None:
            continue
        text, _e = sc.movelog.move(*move)
        if (parse_action(text).seat == 0) == human:
            return rect.center
    return None


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_log_keeps_explanations_and_why_shows_them(table, language):
    d = table("canasta", 2, seed=3, language=language)
    if not d.screen.log_open:  # 1280x800 leaves it closed (issue 29): its rows are clicked here
        d.screen.toggle_log()
    sc = d.screen
    _after_a_computer_move(d)
    log = sc.movelog.deals[-1]
    computer = [i for i, h in enumerate(log.history) if parse_action(h).seat != 0]
    assert computer and set(log.explained) == set(computer)
    for i in computer:
        e = log.explained[i]
        assert e.seat == 1 and e.action == parse_action(log.history[i])
        assert e.kind == "heuristic" and (e.reason is not None or e.forced)
    # W: the last computer move
    key(d, pygame.K_w)
    text = _message(sc)
    assert f"{computer[-1] + 1}. " in text
    assert all(line in text for line in explanation_lines(log.explained[computer[-1]], 0))
    assert "why." not in text and "{" not in text
    if language == "ja":
        assert re.search(r"[\u3040-\u30ff]", text)
    d.app.step(0.01, present=True)  # drawn in the player's language
    key(d, pygame.K_ESCAPE)
    assert sc.overlay is None
    # a click on a human's move: no explanation, said plainly
    d.app.step(0.01, present=True)  # the log is drawn: its lines can be clicked
    pos = _row_of(sc, human=True)
    assert pos is not None, (sc.session.history, sc.movelog.hits)
    d.click(pos)
    assert t("why.none") in _message(sc)
    key(d, pygame.K_ESCAPE)
    d.app.step(0.01, present=True)
    # a click on a computer's move: its explanation
    pos = _row_of(sc, human=False)
    assert pos is not None
    d.click(pos)
    assert t("why.none") not in _message(sc)
    assert t("why.heuristic") in _message(sc) or t("why.forced") in _message(sc)
    key(d, pygame.K_ESCAPE)


def test_a_loaded_game_has_no_explanations(table):
    d = table("cassino", 2, seed=2)
    _after_a_computer_move(d)
    loaded = TableScreen.from_session(d.app, d.session)  # as Continue or Load opens it
    d.app.show(loaded)
    d.screen = loaded
    d.step(2)
    assert not any(deal.explained for deal in loaded.movelog.deals)
    key(d, pygame.K_w)
    assert t("why.none") in _message(loaded)
    key(d, pygame.K_w)  # W closes it again
    assert loaded.overlay is None


def test_why_before_any_computer_move_says_so(table):
    d = table("canasta", 2, seed=5)
    assert d.settle() == "human"
    assert not d.session.history  # the human plays first at this seed
    key(d, pygame.K_w)
    assert d.screen.overlay is None
    assert any(x[0] == t("why.no_move") for x in d.screen.toasts)


def test_w_is_on_the_key_sheet():
    from game.ui.table.keyboard import SHEET

    assert any(s.caps == ("W",) and s.what == "keys.do.why" for s in SHEET)


def test_pass_is_on_the_key_sheet_only_where_the_table_has_a_pass_button(table):
    """N passes Looking and Down's out-of-turn moment (LD-10) at a network table, whose hand
    column has Pass; a table on one machine has no Pass, so its F1 sheet has no N."""
    d = table("looking-and-down", 3, seed=5)
    d.settle()
    assert "pass" not in d.screen.model.column_keys()
    assert not any(s.caps == ("N",) for s in d.screen.model.key_sheet())


@pytest.mark.parametrize("size,language,text_size", [((800, 600), "ja", "larger"),
                                                     ((800, 600), "en", "larger"),
                                                     ((1920, 1080), "en", "normal")])
def test_a_long_why_fits_the_window(table, size, language, text_size):
    """The longest kind of explanation (a changed move, four alternatives and more) fits
    inside the window with its Close button, at 150% text too."""
    from game.engine.actions import make
    from game.players.explain import Alternative, Explanation

    d = table("canasta", 2, seed=3, size=size, language=language, text_size=text_size)
    sc = d.screen
    _after_a_computer_move(d)
    log = sc.movelog.deals[-1]
    i = max(log.explained)
    chosen = log.explained[i].action
    alts = tuple(Alternative(make(1, v, ((5,),)), -40.0 * (k + 1), 48 - k, True)
                 for k, v in enumerate(("discard", "meld", "add", "discard", "trail", "take")))
    log.explained[i] = Explanation(1, "canasta", chosen, "playouts", None,
                                   first=alts[0].action, worlds=48, alternatives=alts)
    key(d, pygame.K_w)
    panel = sc.overlay
    assert isinstance(panel, WhyPanel)
    d.app.step(0.01, present=True)
    box = panel.box()
    assert pygame.Rect((0, 0), size).contains(box)
    close = panel.buttons[0].rect
    assert box.contains(close)
    # the text (shrunk if need be) has its room above the button
    assert panel.picture(box.w).get_height() + panel.chrome() <= box.h
