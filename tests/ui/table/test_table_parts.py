"""The table's structure and its costs (issues 12 and 15):

- a human's or a computer's move is checked by the engine once (``session.try_apply``);
- the table's parts are chosen per game family once: no game names tested elsewhere, and no
  part grows into the old 1,500-line class again;
- an idle table or menu draws (almost) no frames, and frames come back when something moves;
- a burst of window resizes rebuilds the UI once; memory stays flat over resizes.
"""

from __future__ import annotations

import ast
import pathlib
from types import SimpleNamespace

import pygame
import pytest

from game.engine.actions import make
from game.session import GameSession, Refusal
from game.ui.table.family import CanastaTable, CassinoTable

from .driver import make_app

TABLE = pathlib.Path(__file__).parents[3] / "game" / "ui" / "table"


# ---- one check per move -------------------------------------------------------------------


def count_checks(session, monkeypatch) -> list:
    """Record every action the engine is asked about (``why_illegal``) from now on."""
    asked = []
    st = session.state
    real = st.why_illegal

    def spy(action):
        asked.append(action)
        return real(action)

    monkeypatch.setattr(st, "why_illegal", spy)
    return asked


def test_try_apply_plays_or_refuses_with_the_engines_reason():
    s = GameSession("canasta", 2, seed=3)
    s.start_deal()
    seat = s.state.current_player()
    wrong = make(1 - seat, "draw")
    refusal = s.try_apply(wrong)
    assert isinstance(refusal, Refusal) and not refusal.held
    assert refusal.reason == s.why_illegal(wrong) and s.history == []
    held = s.try_apply(make(seat, "draw"), hold=lambda a: True)
    assert isinstance(held, Refusal) and held.held and s.history == []
    events = s.try_apply(make(seat, "draw"))
    assert isinstance(events, list) and s.history == [f"{seat} draw"]


@pytest.mark.parametrize("gesture", ["click stock", "key D", "double click", "click pile"])
def test_a_human_move_is_checked_once(table, monkeypatch, gesture):
    """Each gesture's move reaches the engine once (issue 12: it was asked three times:
    by the gestures, the table and the session)."""
    d = table("canasta", 2, seed=5)
    d.app.update_settings(warn_risky_discard=False)  # no question before the discard
    assert d.settle() == "human"
    sc = d.screen
    if gesture in ("double click", "click pile"):
        d.perform(make(0, "draw"))
        d.settle()
    asked = count_checks(d.session, monkeypatch)
    before = len(d.session.history)
    if gesture == "click stock":
        d.click(sc.lay.stock.center)
    elif gesture == "key D":
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0,
                                             unicode="d", scancode=0))
        d.step(1, dt=0.01)
    else:
        card = next(a for a in d.session.state.legal_actions(0) if a.verb == "discard").cards()[0]
        sp = d.hand_sprite(card)
        if gesture == "double click":
            d.click(d.visible_point(sp))
            d.click(d.visible_point(sp))
        else:
            d.select([card])
            asked.clear()
            d.click(sc.lay.pile.center)
    played = d.session.history[before:]
    assert len(played) == 1, (gesture, played, sc.toasts)
    move = [a for a in asked if f"{a.seat} {a.verb}" == " ".join(played[0].split()[:2])]
    assert len(move) == 1, (gesture, asked)


def test_a_computer_move_is_checked_once(table, monkeypatch):
    d = table("quick-canasta", 2, seed=7)
    assert d.settle() == "human"
    d.perform(make(0, "draw"))
    d.perform(next(a for a in d.session.state.legal_actions(0) if a.verb == "discard"))
    asked = count_checks(d.session, monkeypatch)
    before = len(d.session.history)
    for _ in range(400):
        d.step()
        if len(d.session.history) > before:
            break
    played = d.session.history[before]
    assert played.startswith("1 ")
    assert len([a for a in asked if a.seat == 1]) == 1, asked


# ---- the parts ----------------------------------------------------------------------------


GAMES = ("cassino", "canasta", "canastone", "looking-and-down", "quick-canasta")
FAMILY_FILES = {"family.py", "layout.py", "bench.py"}  # layout: the geometry of each game


def test_the_game_is_looked_up_once_per_table():
    """Only the family (and the geometry of each game's table) know games by name: the
    screen, flow, moves, presenter, intents, hud, painter, scene and score sheet ask the
    family."""
    offenders = []
    for path in sorted(TABLE.glob("*.py")):
        if path.name in FAMILY_FILES:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Compare):
                continue
            sides = [node.left, *node.comparators]
            named = any(isinstance(c, ast.Constant) and c.value in GAMES for c in sides)
            about_game = any(getattr(c, "id", getattr(c, "attr", "")) in ("game", "rules")
                             for c in sides)
            if named and about_game:
                offenders.append(f"{path.name}:{node.lineno}")
    assert offenders == []


def test_no_table_part_grows_past_about_500_lines():
    sizes = {p.name: len(p.read_text(encoding="utf-8").splitlines())
             for p in TABLE.glob("*.py")}
    assert max(sizes.values()) <= 520, sizes


def test_each_family_gets_its_table(table):
    assert isinstance(table("cassino", 2).screen.family, CassinoTable)
    for game in ("canasta", "looking-and-down"):
        assert isinstance(table(game, 3).screen.family, CanastaTable)


def test_a_wild_canasta_is_natural_as_the_rules_say():
    """CS-7: a canasta of wild cards is dirty exactly with two twos or more and a joker; the
    table asks the session, it does not work the rule out."""
    s = GameSession("canastone", 2, seed=1)
    s.start_deal()
    wild = lambda jok, two: SimpleNamespace(rank=0, jok=jok, two=two)  # noqa: E731
    assert s.canasta_is_natural(wild(0, 7))
    assert s.canasta_is_natural(wild(4, 1))
    assert not s.canasta_is_natural(wild(1, 2))
    assert s.canasta_is_natural(SimpleNamespace(rank=9, jok=0, two=0))
    assert not s.canasta_is_natural(SimpleNamespace(rank=9, jok=1, two=0))


# ---- frames only on change ----------------------------------------------------------------


def frames_in_run(app, seconds: float) -> int:
    """Frames drawn by the real main loop in ``seconds`` with no input at all."""
    drawn = []
    real = app.render

    def render(surface=None):
        drawn.append(1)
        return real(surface)

    app.render = render
    pygame.time.set_timer(pygame.QUIT, round(seconds * 1000), loops=1)
    app.run()
    return len(drawn)


def test_an_idle_table_draws_almost_no_frames(table):
    d = table("canasta", 2, seed=2)
    assert d.settle() == "human"
    d.step(3, dt=0.5)  # the autosave, the last toasts
    assert not d.screen.animating()
    assert frames_in_run(d.app, 1.0) <= 5  # it drew 60 a second


def test_an_idle_menu_draws_almost_no_frames(tmp_path):
    app = make_app(tmp_path)
    try:
        assert frames_in_run(app, 1.0) <= 5
    finally:
        app.close()


def test_frames_come_while_something_moves(table):
    d = table("canasta", 2, seed=2)
    assert d.settle() == "human"
    d.perform(make(0, "draw"))
    sc = d.screen
    assert sc.animating() or sc.app._frame_wanted  # the drawn cards fly in
    sc.presenter.toast("x")
    assert sc.next_change() is not None and sc.app._frame_wanted


# ---- resizes ------------------------------------------------------------------------------


def post_resizes(sizes) -> None:
    for size in sizes:
        pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0],
                                             h=size[1]))


SIZES = ((900, 640), (1000, 700), (1100, 720), (1300, 820))


def test_resizes_in_one_frame_rebuild_once(table, monkeypatch):
    d = table("cassino", 2)
    app = d.app
    rebuilds = []
    real = app.rebuild
    monkeypatch.setattr(app, "rebuild", lambda: (rebuilds.append(1), real())[1])
    post_resizes(SIZES)
    app.step(present=False)
    assert len(rebuilds) == 1 and d.screen.lay.size == SIZES[-1]


def test_the_main_loop_waits_a_burst_of_resizes_out(table):
    """A drag of the window's edge sends resizes over several frames: the loop waits until
    they stop and keeps the last (each rebuild costs a quarter of a second)."""
    d = table("canasta", 2)
    post_resizes(SIZES)
    d.app._wait_for_event(0.01)
    queued = pygame.event.get(pygame.VIDEORESIZE)
    assert [e.size for e in queued] == [SIZES[-1]]


def test_card_faces_of_an_old_size_are_let_go(table):
    """Faces are cached per width: after a resize only the new size's are kept (those of the
    old size stayed until a thousand others pushed them out)."""
    from game.ui import cards_art

    d = table("canasta", 4, size=(1280, 800))
    d.settle()
    d.app.render()
    before = cards_art._face.cache_info().currsize
    post_resizes([(1900, 1060)])
    d.app.step(present=False)
    d.app.render()
    after = cards_art._face.cache_info().currsize
    assert after < 1.5 * before, (before, after)


def test_a_new_ui_scale_gives_the_freed_memory_back(table, monkeypatch):
    """A new UI scale frees a whole pygame_gui manager (fonts, theme) and the old size's
    pictures; the allocator kept them: 18 resizes of a six-player table grew the process by
    ~110 MB (``bench --ui``'s ``resize_mb`` measures it; now a few MB)."""
    import game.ui.app as app_module

    d = table("canasta", 2)
    released = []
    monkeypatch.setattr(app_module, "release_memory", lambda: released.append(d.app.scale))
    post_resizes([(1920, 1080)])
    d.app.step(present=False)
    assert released == [d.app.scale]
    post_resizes([(1930, 1080)])  # the same scale: the manager is kept, nothing to give back
    d.app.step(present=False)
    assert len(released) == 1
