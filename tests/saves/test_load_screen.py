"""The Load screen and the menu's Continue, driven headless with real pygame events."""

from __future__ import annotations

import json

import pytest

pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")
app_module = pytest.importorskip("game.ui.app")

from game import i18n, saves  # noqa: E402
from game.ui.screens import load_screen  # noqa: E402
from game.ui.screens.load_screen import LoadScreen, NameDialog, saves_hooks  # noqa: E402

from .helpers import new_session, play  # noqa: E402


@pytest.fixture
def make_app(app_maker, monkeypatch):
    monkeypatch.setattr(app_module.App, "_table_screen_class", staticmethod(lambda: None))

    def make(language="en", size=(1280, 800)):
        return app_maker(size, language, saves_hooks())

    return make


def settle(app, frames=2):
    for _ in range(frames):
        app.step(1 / 60, present=False)


def click(app, pos, frames=2):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": pos, "button": 1}))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, {"pos": pos, "button": 1}))
    settle(app, frames)


def click_button(app, button):
    assert button.is_enabled
    click(app, button.rect.center)


def key(app, k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": k, "mod": 0, "unicode": "",
                                                          "scancode": 0}))
    settle(app)


def row_pos(screen, index):
    """The screen position of entry ``index``'s row."""
    for rect, kind, _, i in screen._row_boxes():
        if kind == "entry" and i == index:
            r = rect.move(screen.list_rect.topleft).move(screen.panel.rect.topleft)
            return r.move(0, -screen.scroll).center
    raise AssertionError(index)


@pytest.fixture
def some_saves(folder):
    a = play(new_session("canasta", 4, seed=3, human=True), 9)
    saves.save_as(a, "Sunday")
    b = play(new_session("cassino", 2, seed=4), 12)
    p = saves.save_as(b, "Broken")
    p.write_bytes(p.read_bytes()[:300])
    saves.autosave(play(new_session("canastone", 4, seed=5), 5))
    return folder


def test_menu_offers_continue_and_load(make_app, folder):
    app = make_app()
    assert not app.screen.buttons["menu.continue"].is_enabled
    assert app.screen.buttons["menu.load"].is_enabled
    saves.autosave(play(new_session("canasta", 2, seed=1), 3))
    app.rebuild()
    assert app.screen.buttons["menu.continue"].is_enabled
    click_button(app, app.screen.buttons["menu.continue"])
    assert app.screen.dialog is not None  # the table is not there yet: a dialog says so


@pytest.mark.parametrize("slots, enabled", [
    ({}, False),
    ({"autosave.json": "damaged"}, False),
    ({"autosave.json": "damaged", "autosave.bak.json": "good"}, True),
    ({"autosave.bak.json": "good"}, True),
    ({"autosave.json": "over"}, False),
])
def test_continue_button_follows_what_the_slots_hold(make_app, folder, slots, enabled):
    """The menu asks for the file's presence first (a cheap start) and reads it only when it
    is there: a damaged or finished game still leaves Continue disabled."""
    good = play(new_session("canasta", 2, seed=1), 3)
    over = play(new_session("cassino", 2, seed=2), 400)
    assert over.game_over
    folder.mkdir(parents=True, exist_ok=True)
    for name, what in slots.items():
        if what == "damaged":
            (folder / name).write_bytes(b"{ not a save")
        else:
            saves.save_as(good if what == "good" else over, "x")
            (folder / "x.json").replace(folder / name)
    app = make_app()
    assert app.screen.buttons["menu.continue"].is_enabled is enabled


def test_continue_opens_the_table_when_it_takes_sessions(make_app, folder, monkeypatch):
    opened = []

    class Table:
        @classmethod
        def from_session(cls, app, session):
            opened.append(session)
            return LoadScreen(app)  # any screen will do

    monkeypatch.setattr(app_module.App, "_table_screen_class", staticmethod(lambda: Table))
    s = play(new_session("quick-canasta", 2, seed=1), 4)
    saves.autosave(s)
    app = make_app()
    load_screen.continue_latest(app)
    assert opened and opened[0].history == s.history


def test_lists_games_damaged_and_practice(make_app, some_saves):
    app = make_app()
    click_button(app, app.screen.buttons["menu.load"])
    screen = app.screen
    assert isinstance(screen, LoadScreen)
    kinds = [e.kind for e in screen.entries]
    assert kinds[:3] == ["autosave", "named", "named"] and "practice" in kinds
    broken = [i for i, e in enumerate(screen.entries) if not e.ok]
    assert len(broken) == 1
    click(app, row_pos(screen, broken[0]))
    assert screen.selected == broken[0]
    assert not screen.open_button.is_enabled and screen.delete_button.is_enabled
    line = load_screen.entry_line(screen.entries[broken[0]])
    assert line.startswith("Cannot be loaded") and "cut short" in line
    sunday = [i for i, e in enumerate(screen.entries) if e.name == "Sunday"][0]
    click(app, row_pos(screen, sunday))
    line = load_screen.entry_line(screen.entries[sunday])
    assert "Canasta" in line and "Ann" in line and "deal 1" in line and "to play" in line
    practice = len(screen.user)
    screen.select(practice)
    settle(app)
    assert screen.open_button.text == "Start"
    assert not screen.rename_button.is_enabled and not screen.delete_button.is_enabled
    click_button(app, screen.open_button)
    assert screen.dialog is not None  # opened (the table-missing dialog)
    app.render()


def test_delete_asks_first(make_app, some_saves):
    app = make_app()
    app.load_game()
    settle(app)
    screen = app.screen
    i = [k for k, e in enumerate(screen.entries) if e.name == "Sunday"][0]
    screen.select(i)
    click_button(app, screen.delete_button)
    assert screen.dialog is not None
    assert (some_saves / "Sunday.json").exists()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_ESCAPE, "mod": 0,
                                                          "unicode": "", "scancode": 0}))
    settle(app)
    assert screen.dialog is None and (some_saves / "Sunday.json").exists()
    screen.ask_delete()
    screen.dialog._press(lambda: screen._delete(screen.entries[i]))
    assert not (some_saves / "Sunday.json").exists()
    assert all(e.name != "Sunday" for e in app.screen.entries)


def _dialog_buttons(dialog) -> dict[str, bool]:
    """The dialog's buttons: label -> drawn as the primary (default) one."""
    return {b.text: "#primary_button" in b.object_ids
            for b in dialog.panel.elements if isinstance(b, pygame_gui.elements.UIButton)}


def test_delete_defaults_to_cancel(make_app, some_saves):
    """The confirmation of a delete (which cannot be undone) offers Cancel as its default:
    drawn as the primary button, and Enter presses it."""
    app = make_app()
    app.load_game()
    settle(app)
    screen = app.screen
    screen.select([k for k, e in enumerate(screen.entries) if e.name == "Sunday"][0])
    key(app, pygame.K_DELETE)
    assert _dialog_buttons(screen.dialog) == {"Cancel": True, "Delete": False}
    key(app, pygame.K_RETURN)
    assert screen.dialog is None and (some_saves / "Sunday.json").exists()
    click_button(app, screen.delete_button)
    delete = [b for b in screen.dialog.panel.elements if getattr(b, "text", "") == "Delete"][0]
    click_button(app, delete)
    assert not (some_saves / "Sunday.json").exists()


def test_recent_games_have_their_own_section(make_app, some_saves):
    """A game replaced by a new one is listed under recent games, apart from the player's
    saves, and renaming it moves it among them."""
    saves.autosave(play(new_session("looking-and-down", 3, seed=6), 2))  # replaces Canastone
    app = make_app()
    app.load_game()
    settle(app)
    screen = app.screen
    headers = [p for _, kind, p, _ in screen._row_boxes() if kind == "header"]
    assert headers == ["Your games", "Recent unfinished games", "Practice positions"]
    (recent,) = screen.recent
    assert recent.summary.game == "canastone" and recent not in screen.user
    i = screen.entries.index(recent)
    click(app, row_pos(screen, i))
    assert "it stays until you delete it" in load_screen.entry_detail(recent)
    click_button(app, screen.rename_button)
    screen.dialog.entry.set_text("Canastone to finish")
    screen.dialog.submit()
    assert not screen.recent
    assert "Canastone to finish" in [e.name for e in screen.user if e.kind == "named"]


def test_rename_with_errors_then_success(make_app, some_saves):
    app = make_app()
    app.load_game()
    settle(app)
    screen = app.screen
    i = [k for k, e in enumerate(screen.entries) if e.name == "Broken"][0]
    screen.select(i)
    click_button(app, screen.rename_button)
    dialog = screen.dialog
    assert isinstance(dialog, NameDialog) and dialog.entry.get_text() == "Broken"
    dialog.entry.set_text("Sunday")
    dialog.submit()
    assert screen.dialog is dialog and "exists already" in dialog.error.text
    dialog.entry.set_text("a/b")
    dialog.submit()
    assert "cannot contain" in dialog.error.text
    app.rebuild()  # a resize or language change keeps the dialog and its text
    dialog = screen.dialog
    assert isinstance(dialog, NameDialog) and dialog.entry.get_text() == "a/b"
    dialog.entry.set_text("Old broken game")
    dialog.submit()
    assert screen.dialog is None
    assert (some_saves / "Old broken game.json").exists()
    assert screen.current.name == "Old broken game" and not screen.current.ok


def test_keyboard_and_wheel(make_app, some_saves):
    app = make_app(size=(800, 600))
    app.load_game()
    settle(app)
    screen = app.screen
    for _ in range(30):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_DOWN, "mod": 0,
                                                              "unicode": "", "scancode": 0}))
    settle(app)
    assert screen.selected == len(screen.entries) - 1
    assert screen.scroll > 0  # the last row was scrolled into view
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, {"x": 0, "y": 50}))
    settle(app)
    assert screen.scroll == 0


def test_japanese_screen_renders(make_app, some_saves):
    app = make_app(language="ja")
    app.load_game()
    settle(app)
    screen = app.screen
    assert screen.open_button.text == "読み込む"
    surface = app.render()
    assert surface.get_size() == (1280, 800)


def test_save_as_dialog(make_app, folder):
    app = make_app()
    s = play(new_session("canasta", 2, seed=1), 3)
    saved = []
    dialog = load_screen.save_as_dialog(app.screen, s, saved.append)
    assert dialog.entry.get_text().startswith("Canasta ")
    dialog.entry.set_text("My game")
    dialog.submit()
    assert saved and saves.load(saved[0]).history == s.history


@pytest.mark.parametrize("language", ["en", "ja"])
def test_odd_names_and_a_huge_reason_are_drawn_safely(make_app, folder, language):
    """A NUL made the font raise; escape and bidi characters and a 5 MB field name must not
    reach the screen either (issue 10)."""
    from game.session import GameSession, SeatConfig

    seats = [SeatConfig("human", name="Ann\x00\x1b[31m\u202e"),
             SeatConfig("computer", name="\x00" * 40)]
    s = GameSession("cassino", 2, seats=seats, seed=2)
    s.start_deal()
    saves.save_as(play(s, 3), "odd")
    bad = saves.save_as(play(new_session("canasta", 2, seed=1), 3), "huge")
    doc = json.loads(bad.read_bytes())
    doc["k" * (5 * 1024 * 1024)] = 1
    bad.write_text(json.dumps(doc))
    app = make_app(language=language)
    app.load_game()
    settle(app)
    screen = app.screen
    for i, e in enumerate(screen.entries[: len(screen.user)]):
        screen.select(i)
        settle(app)
        app.render()
        for text in (load_screen.entry_title(e), load_screen.entry_line(e),
                     load_screen.entry_detail(e)):
            assert "\x00" not in text and "\x1b" not in text and len(text) < 800
    odd = [e for e in screen.entries if e.name == "odd"][0]
    assert "Ann?" in load_screen.entry_line(odd)


def test_name_dialog_refuses_control_characters_before_saving(make_app, folder):
    app = make_app(language="ja")
    s = play(new_session("canasta", 2, seed=1), 3)
    saved = []
    dialog = load_screen.save_as_dialog(app.screen, s, saved.append)
    for name in ("bad\x1b[2Jname", "evil\u202etxt.exe", "zero\u200bwidth"):
        dialog.entry.set_text(name)
        dialog.submit()
        assert not saved and dialog.error.text == i18n.t("load.name_error.control")
    assert not folder.exists() or not list(folder.glob("*.json"))


def test_recent_games_are_listed_in_the_language_shown(make_app, some_saves):
    """Issue 27: a recent game was listed by its file's name, in the language of the day it
    was kept ("カナスタ 2026-..." among English rows)."""
    i18n.set_language("ja")
    try:
        saves.autosave(play(new_session("looking-and-down", 3, seed=6), 2))  # keeps Canastone
    finally:
        i18n.set_language("en")
    app = make_app()
    app.load_game()
    settle(app)
    (recent,) = app.screen.recent
    assert "カナストーネ" in recent.name  # kept while Japanese was shown
    when = load_screen.local_time(recent.updated)
    assert load_screen.entry_title(recent) == f"Canastone, played {when}"
