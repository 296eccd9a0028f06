"""Where a replay is reached from (issue 13): the score sheet, Load's History, a record file."""

from __future__ import annotations

import json

import pygame

from game.i18n import t
from game.replay import history
from game.ui.screens.history_screen import HistoryScreen, PathDialog
from game.ui.screens.load_screen import LoadScreen
from game.ui.screens.replay_screen import ReplayScreen
from game.ui.table import TableScreen
from game.ui.table.scoresheet import ScoreSheet
from tests.replay.helpers import finished_record, finished_session
from tests.ui.table.driver import Driver, make_app, post


def press(app, label: str) -> None:
    """Click the enabled button showing ``label`` on any screen (real mouse events)."""
    buttons = {b.text: b for b in app.screen._on_click if b.alive() and b.visible
               and b.is_enabled}
    pos = buttons[label].rect.center
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    for _ in range(2):
        app.step(0.05, present=False)


def fresh_session(rules, players):
    """A finished deal the table may own (the cached one is shared by other tests)."""
    import copy

    return copy.deepcopy(finished_session(rules, players))


def test_replay_this_deal_from_the_score_sheet_and_back(tmp_path):
    app = make_app(tmp_path)
    session = fresh_session("canasta", 2)
    session.number = 99
    table = TableScreen(app, session=session, autosave=False)
    app.show(table)
    table.open_overlay(ScoreSheet(table))
    d = Driver(app, table)
    d.step(1)
    d.press(t("replay.this_deal"))
    screen = app.screen
    assert isinstance(screen, ReplayScreen)
    assert screen.replay.record == session.record() and screen.replay.step == 0
    assert screen.number == 99  # the game's number, over the hands (issue 29)
    press(app, t("common.back"))
    assert app.screen is table and isinstance(table.overlay, ScoreSheet)
    app.close()


def test_a_practice_position_has_no_replay_button(tmp_path):
    app = make_app(tmp_path)
    session = fresh_session("cassino", 2)
    session.position = {"hands": []}  # as a practice deal: not dealt from a deck
    table = TableScreen(app, session=session, autosave=False)
    app.show(table)
    table.open_overlay(ScoreSheet(table))
    d = Driver(app, table)
    d.step(1)
    assert t("replay.this_deal") not in d.buttons()
    history.record_finished_deal(session)  # nor does it go into the History
    assert all(e.record != session.record() for e in history.read().deals)
    app.close()


def test_load_history_replay_and_back(tmp_path):
    for rules, players in (("canasta", 2), ("cassino", 2)):
        session = fresh_session(rules, players)
        session.number = 4321 if rules == "cassino" else None
        history.record_finished_deal(session)
    app = make_app(tmp_path)
    app.show(LoadScreen(app))
    app.step(0.05, present=False)
    press(app, t("load.history"))
    hs = app.screen
    assert isinstance(hs, HistoryScreen) and len(hs.deals) == 2
    press(app, t("history.replay"))  # the newest is chosen first: the Cassino deal
    rs = app.screen
    assert isinstance(rs, ReplayScreen) and rs.replay.record.rules == "cassino"
    assert rs.number == 4321  # the game's number, over the hands (issue 29)
    press(app, t("common.back"))
    assert isinstance(app.screen, HistoryScreen)
    press(app, t("common.back"))
    assert isinstance(app.screen, LoadScreen)
    app.close()


def type_path(app, dialog: PathDialog, text: str) -> None:
    dialog.entry.set_text(text)
    dialog.submit()
    app.step(0.05, present=False)


def test_open_a_record_file(tmp_path):
    good = tmp_path / "deal.json"
    good.write_text(finished_record("looking-and-down", 3).model_dump_json(exclude_none=True))
    doc = json.loads(good.read_text())
    refused = tmp_path / "refused.json"
    refused.write_text(json.dumps(dict(doc, actions=doc["actions"][1:])))
    app = make_app(tmp_path, language="ja")
    hs = HistoryScreen(app)
    app.show(hs)
    app.step(0.05, present=False)
    press(app, t("history.open_file"))
    dialog = hs.dialog
    assert isinstance(dialog, PathDialog)
    garbage = tmp_path / "garbage.json"
    garbage.write_bytes(b"\x00not a record")
    unreadable = t("history.reason.unreadable")
    cases = {str(tmp_path / "missing.json"): unreadable, str(tmp_path): unreadable,
             "": unreadable, str(refused): t("history.reason.refused", n=1),
             str(garbage): t("history.reason.invalid")}
    for bad, reason in cases.items():
        type_path(app, dialog, bad)
        assert app.screen is hs and hs.dialog is dialog, bad
        assert dialog.error.text == t("history.unusable_reason", reason=reason), bad
    type_path(app, dialog, str(good))
    assert isinstance(app.screen, ReplayScreen)
    assert app.screen.replay.record.rules == "looking-and-down"
    post(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="", scancode=0)
    app.step(0.05, present=False)
    assert app.screen.replay.at_end
    app.close()


def test_a_damaged_history_says_so(tmp_path):
    path = history.history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\x00garbage")
    app = make_app(tmp_path)
    hs = HistoryScreen(app)
    app.show(hs)
    app.step(0.05, present=False)
    assert hs.problem and hs.deals == []
    assert path.read_bytes() == b"\x00garbage"  # only read, kept for the next write
    app.close()


def test_a_saved_game_whose_deal_is_over_replays_from_load(tmp_path):
    """Load opens a save at its score sheet when its deal is over: "Replay this deal" there."""
    from game import saves
    from game.ui.screens.load_screen import open_session

    session = fresh_session("quick-canasta", 3)
    path = saves.store.save_as(session, "finished deal", overwrite=True)
    app = make_app(tmp_path)
    assert open_session(app, saves.load(path))
    for _ in range(3):
        app.step(0.2, present=False)
    assert isinstance(app.screen.overlay, ScoreSheet)
    press(app, t("replay.this_deal"))
    assert isinstance(app.screen, ReplayScreen)
    assert app.screen.replay.record == session.record()
    app.close()


def test_history_rows_are_as_tall_as_their_text(tmp_path):
    """pygame_gui's list rows are 20 px whatever the type's size: at 1920x1080 they clipped
    the lines."""
    from game.ui import fonts

    history.record_finished_deal(finished_session("cassino", 2))
    for size in ((800, 600), (1920, 1080)):
        app = make_app(tmp_path, size=size)
        hs = HistoryScreen(app)
        app.show(hs)
        app.step(0.05, present=False)
        text_h = fonts.font(app.font_sizes["body"]).get_linesize()
        assert hs.list.list_item_height >= text_h, size
        assert hs.selected_index() == 0  # the newest is chosen
        app.close()
