"""The Statistics and Daily deal screens, and the New game screen's deal number (issue 13):
reached from the main menu, drawn in both languages at the smallest and a large window,
Reset asks first with Cancel as the default, the daily deal's replay is said not to count."""

from __future__ import annotations

import pygame
import pytest

from game import i18n, listeners
from game.engine.deals import daily_number, seed_of
from game.session import GameSession, SeatConfig
from game.stats import recorder, store
from game.ui.app import AppHooks
from game.ui.screens.daily_screen import DailyScreen, status_text
from game.ui.screens.main_menu import MainMenu
from game.ui.screens.new_game import NewGameScreen
from game.ui.screens.stats_screen import StatsScreen, rows_for


@pytest.fixture
def stats_file(tmp_path, monkeypatch):
    path = tmp_path / "data" / "stats.json"
    monkeypatch.setattr(store, "stats_path", lambda: path)
    # Only what a test records counts (an earlier `play` in this process registered the
    # statistics for good).
    monkeypatch.setattr(listeners, "DEAL_SCORED", [])
    return path


@pytest.fixture
def make_app(app_maker):
    def make(size=(1280, 800), language="en", hooks=None):
        return app_maker(size, language, hooks, sound=False)

    return make


def settle(app, frames=2):
    for _ in range(frames):
        app.step(1 / 60, present=False)


def click(app, element):
    assert element.is_enabled, element
    pos = element.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": pos, "button": 1}))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, {"pos": pos, "button": 1}))
    settle(app)


def key(app, k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": k, "mod": 0, "unicode": "",
                                                          "scancode": 0}))
    settle(app)


def variety(surface) -> int:
    w, h = surface.get_size()
    return len({tuple(surface.get_at((x, y)))[:3] for x in range(0, w, 7)
                for y in range(0, h, 7)})


def some_statistics() -> None:
    for rules, players in (("cassino", 2), ("canasta", 2)):
        seats = [SeatConfig("human")] + [SeatConfig("computer", "normal")] * (players - 1)
        s = GameSession(rules, players, seats=seats, number=3, dealer=0)
        s.start_deal()
        while not s.state.is_over():
            s.apply(s.bot_move(s.state.current_player()))
        assert recorder.record_deal(s)


def test_the_menu_reaches_both_screens(make_app, stats_file):
    app = make_app()
    click(app, app.screen.buttons["menu.stats"])
    assert isinstance(app.screen, StatsScreen)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.screen, MainMenu)
    click(app, app.screen.buttons["menu.daily"])
    assert isinstance(app.screen, DailyScreen)


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)], ids=["800", "1920"])
def test_the_screens_draw_with_and_without_statistics(make_app, stats_file, language, size):
    app = make_app(size=size, language=language)
    for filled in (False, True):
        if filled:
            some_statistics()
        for screen in [StatsScreen(app, g) for g in ("canasta", "cassino")] + [DailyScreen(app)]:
            app.show(screen)
            settle(app)
            surf = app.render()
            assert surf.get_size() == size and variety(surf) > 40
    assert app.screen.entries["cassino"] is None
    stats = StatsScreen(app, "cassino")
    assert stats.buckets() and stats.today_result() is None


def test_reset_asks_first_and_cancel_is_the_default(make_app, stats_file):
    some_statistics()
    app = make_app()
    app.show(StatsScreen(app, "cassino"))
    settle(app)
    click(app, app.screen.reset_button)
    assert app.screen.dialog is not None
    key(app, pygame.K_RETURN)  # the default: Cancel
    assert app.screen.dialog is None and store.read().stats.buckets
    click(app, app.screen.reset_button)
    key(app, pygame.K_ESCAPE)
    assert store.read().stats.buckets
    click(app, app.screen.reset_button)
    buttons = [b for b in app.screen._on_click if b.alive() and b.text == "Reset"]
    click(app, buttons[0])
    assert store.read().stats.buckets == {} and not app.screen.buckets()
    assert not app.screen.reset_button.is_enabled


def test_take_back_games_are_said_to_count_apart(make_app, stats_file):
    seats = [SeatConfig("human"), SeatConfig("computer", "normal")]
    s = GameSession("cassino", 2, seats=seats, number=5, dealer=0)
    s.took_back = True
    while not s.game_over:
        s.start_deal()
        while not s.state.is_over():
            s.apply(s.bot_move(s.state.current_player()))
        recorder.record_deal(s)
    app = make_app()
    app.show(StatsScreen(app, "cassino"))
    settle(app)
    assert i18n.game_text("cassino", "stats.take_backs_note") in app.screen.notes()
    rows = dict(rows_for("cassino", app.screen.buckets()[0][1]))
    assert rows["With take-backs"].startswith("1: ")
    assert rows["Matches: won–lost–drawn"] == "0: 0–0–0"


@pytest.mark.parametrize(("language", "deal"), [("en", "deal"), ("ja", "ディール")])
def test_cassino_statistics_count_games_and_matches(make_app, stats_file, monkeypatch,
                                                    language, deal):
    """Issue 27: Cassino statistics said "Deals"; Cassino plays games (CN-3) in a match
    (CN-11). Every word drawn on its page is its own; a canasta game's still counts deals."""
    some_statistics()
    app = make_app(language=language)
    drawn: list[str] = []
    real = StatsScreen._cell
    monkeypatch.setattr(StatsScreen, "_cell", staticmethod(
        lambda surface, text, *a, **k: (drawn.append(text), real(surface, text, *a, **k))))
    said = {}
    for game in ("cassino", "canasta"):
        drawn.clear()
        app.show(StatsScreen(app, game))
        settle(app)
        app.render()
        said[game] = " ".join(drawn + app.screen.notes()).lower()
    assert deal not in said["cassino"]
    assert deal in said["canasta"]


def test_a_damaged_statistics_file_is_reported_on_screen(make_app, stats_file):
    stats_file.parent.mkdir(parents=True)
    stats_file.write_bytes(b"{ damaged")
    app = make_app()
    app.show(StatsScreen(app, "canasta"))
    settle(app)
    assert app.screen.problem and i18n.t("stats.damaged") in app.screen.notes()


def test_the_daily_deal_is_played_once_for_the_record(make_app, stats_file):
    from game.ui.table import TableScreen

    app = make_app()
    daily = DailyScreen(app)
    app.show(daily)
    settle(app)
    click(app, daily.play_buttons["cassino"])
    table = app.screen
    assert isinstance(table, TableScreen)
    session = table.session
    assert session.daily == recorder.today().isoformat()
    assert session.number == daily_number("cassino", recorder.today())
    assert session.seed == seed_of(session.number) and session.seats[1].level == "normal"
    entry = recorder.daily_entry("cassino", recorder.today())
    assert entry is not None and entry.game_id == recorder.game_id(session)
    # Everyone gets the same deal: another start deals the same cards.
    from game.ui.screens.daily_screen import daily_session

    again = daily_session("cassino", recorder.today())
    again.start_deal()
    assert again.setup.deck == session.setup.deck and again.setup.dealer == session.setup.dealer
    # The statistics screen shows the day's result once the first deal is over.
    while not session.state.is_over():
        session.apply(session.bot_move(session.state.current_player()))
    assert recorder.record_deal(session)
    stats = StatsScreen(app, "cassino")
    result = recorder.daily_entry("cassino", recorder.today()).result
    assert i18n.t("stats.daily_today", result=status_text(
        recorder.daily_entry("cassino", recorder.today()))) in stats.notes()
    assert any(n.startswith("Daily deals so far: 1 played") and f"1 {result}" in n
               for n in stats.notes())
    # Back on the daily screen, playing again asks and says it does not count.
    app.show(DailyScreen(app))
    settle(app)
    entry = recorder.daily_entry("cassino", recorder.today())
    assert status_text(app.screen.entries["cassino"]) == i18n.t(f"daily.{result}",
                                                                score=entry.score)
    assert app.screen.play_buttons["cassino"].text == i18n.t("daily.replay")
    click(app, app.screen.play_buttons["cassino"])
    assert app.screen.dialog is not None
    assert "not counted" in app.screen.dialog.reopen_args()[1]
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.screen, DailyScreen)


def test_new_game_starts_the_deal_number_typed(make_app, stats_file):
    started = []
    app = make_app(hooks=AppHooks(on_start=lambda app, config: started.append(config)))
    app.show(NewGameScreen(app))
    settle(app)
    screen = app.screen
    screen.number_entry.set_text("#12345")
    screen.number_text = screen.number_entry.get_text()
    click(app, screen.start_button)
    assert started[-1].number == 12345
    assert app.settings.last_game.number is None  # the next game gets a new number
    app.show(NewGameScreen(app))
    settle(app)
    for bad in ("abc", "0", "1" * 12):
        app.screen.number_text = bad
        click(app, app.screen.start_button)
        assert len(started) == 1 and app.screen.number_error.visible
    app.screen.number_text = ""
    click(app, app.screen.start_button)
    assert started[-1].number is None


def test_a_table_game_gets_a_number_and_a_chosen_one_is_kept():
    from game.newgame import NewGameConfig
    from game.ui.table.screen import new_session

    config = NewGameConfig.default("canasta")
    fresh = new_session(config)
    assert fresh.number is not None and fresh.seed == seed_of(fresh.number)
    chosen = new_session(config.model_copy(update={"number": 4321}))
    twin = new_session(config.model_copy(update={"number": 4321}))
    chosen.start_deal()
    twin.start_deal()
    assert chosen.number == 4321 and chosen.setup.deck == twin.setup.deck
    assert chosen.setup.dealer == twin.setup.dealer
