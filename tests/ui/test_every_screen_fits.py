"""Every screen and dialog at 800x600, 1280x800 and 1920x1080, in both languages, at 100 % and
150 % text, in the normal and the high-contrast colours (issue 29). What fits means is
tests/ui/fits.py's: words inside their buttons, labels and text boxes (pygame_gui's "too
small" warnings included), everything inside the window and its panel, no two controls and
no two texts overlapping, no words over a card. The table's own painted words are held by
tests/ui/table/test_table_defects.py.

The menus' walk runs at every size, language and text size (the colours alternate, and one
game's rules a combination: the rule book is a long text box). The table's walk (its
dialogs, the F1 sheet, the score sheets) is slower: every game at its largest count at the
worst case (800x600, 150 % Japanese, both colours) and at 1920x1080, at its smallest at the
worst case, and each other combination for one game in turn; Learn to play, practice and
the replay at four combinations; a table crowded with melds (seven seats of Looking and
Down, six of Canastone) at two. The file takes about 35 s of CPU (95 s on two shared,
loaded cores)."""

from __future__ import annotations

import itertools

import pytest

from game.engine.registry import GAMES
from game.i18n import t
from tests.ui.fits import check_fits, check_painted, watching

SIZES = [(800, 600), (1280, 800), (1920, 1080)]
TEXT_SIZES = ["normal", "larger"]
LANGS = ["en", "ja"]


def _menu_screens(app, rules: int = 0):
    from game.ui.screens.daily_screen import DailyScreen
    from game.ui.screens.history_screen import HistoryScreen
    from game.ui.screens.load_screen import LoadScreen
    from game.ui.screens.rules import RulesScreen
    from game.ui.screens.stats_screen import StatsScreen
    from game.ui.table.guide_panel import choose
    from game.ui.widgets.dialog import Dialog

    app.show_main_menu()
    yield "menu"
    choose(app.screen)
    yield "learn to play's choice"
    app.screen.dialog.close()
    app.show_settings()
    yield "settings display"
    app.screen.show_page("play")
    yield "settings play"
    app.show_new_game()
    for game, info in GAMES.items():  # the most seat rows, and the first
        for n in sorted({min(info.player_counts), max(info.player_counts)}, reverse=True):
            app.screen.set_game(game)
            app.screen.set_players(n)
            yield f"new game {game} {n}"
    for name, cls in (("load", LoadScreen), ("statistics", StatsScreen),
                      ("history", HistoryScreen), ("daily deal", DailyScreen)):
        app.show(cls(app))
        yield name
    app.show(HistoryScreen(app))
    app.screen.ask_file()
    yield "history's open a file"
    for title, words in (("load.failed.title", t("load.nothing_to_continue")),
                         ("dialog.table_missing.title",
                          t("dialog.table_missing", game=t("game.looking-and-down")))):
        Dialog(app.screen, t(title), words, [(t("common.ok"), None)])
        yield title
        app.screen.dialog.close()
    app.show(DailyScreen(app))
    app.screen.play(next(iter(GAMES)))  # played today or not: a dialog or a table
    yield "daily deal's choice"
    app.show(StatsScreen(app))
    app.screen.ask_reset()
    yield "statistics' reset"
    game = list(GAMES)[rules % len(GAMES)]  # a long text box: one game's rules a combination
    app.show(RulesScreen(app, game))
    yield f"rules {game}"
    app.screen.show_section(len(app.screen.section_titles) - 1)  # the list scrolled, Previous on
    yield f"rules {game}, its last section"
    from game.newgame import NewGameConfig
    from game.ui.screens.net_screens import HostScreen, JoinScreen

    for game, info in GAMES.items():  # the most options
        app.show(HostScreen(app, NewGameConfig.default(game, max(info.player_counts))))
        yield f"host {game}"
    app.show(JoinScreen(app))
    app.screen.say(t("net.join.bad_address"))  # the longest line it says
    yield "join"
    yield from _lobbies(app)


def _lobbies(app):
    """The host's lobby of the largest table of each game, every seat taken, one away."""
    from game.net.link import TableLink
    from game.net.messages import Lobby, SeatInfo
    from game.ui.screens.net_screens import LobbyScreen

    class Hosted:  # the host's server, as the lobby reads it
        public_url = "ws://192.168.100.200:65535"

        def stop(self) -> None:
            pass

    for game, info in GAMES.items():
        n = max(info.player_counts)
        link = TableLink("ws://127.0.0.1:1", "Bo", "BCDFGH", token_file=None)  # not started
        screen = LobbyScreen(app, link, server=Hosted())
        screen.lobby = Lobby(code="BCDFGH", game=game, players=n,
                             options=[o.name for o in info.options], started=False,
                             seats=[SeatInfo(name="W" * 24, taken=True, connected=s != 1)
                                    for s in range(n)])
        screen.problem = t("net.error.unreachable")
        app.show(screen)
        yield f"lobby {game} {n}"


def _combos():
    """(size, language, text size, high contrast, which game's rules, records or none):
    every size, language and text size; each text size and each language in both colours,
    with records and without; the games' rules in turn."""
    for i, (size, lang, text) in enumerate(itertools.product(SIZES, LANGS, TEXT_SIZES)):
        s, la, tx = SIZES.index(size), LANGS.index(lang), TEXT_SIZES.index(text)
        yield size, lang, text, bool((la + tx) % 2), i, bool((s + la) % 2 == 0)


def _records(tmp_path, monkeypatch) -> None:
    """Statistics of two games and a deal in History, in a folder of the test's own: the
    screens' tables, notes and lists with something in them."""
    from game import listeners
    from game.replay import history
    from game.stats import store
    from tests.replay.helpers import finished_session
    from tests.ui.test_record_screens import some_statistics

    monkeypatch.setattr(store, "stats_path", lambda: tmp_path / "records" / "stats.json")
    monkeypatch.setattr(history, "history_path", lambda: tmp_path / "records" / "history.json")
    monkeypatch.setattr(listeners, "DEAL_SCORED", [])
    some_statistics()
    history.record_finished_deal(finished_session("canasta", 2))


@pytest.mark.parametrize("size, lang, text_size, contrast, rules, records", list(_combos()))
def test_every_screens_words_fit_at_every_size(app_maker, tmp_path, monkeypatch, size, lang,
                                               text_size, contrast, rules, records):
    if records:
        _records(tmp_path, monkeypatch)
    app = app_maker(size=size, language=lang, text_size=text_size, high_contrast=contrast,
                    sound=False)
    with watching() as caught:
        for where in _menu_screens(app, rules):
            check_fits(app, where, caught=caught)


# ---- the table's walk ---------------------------------------------------------------------

def _dialogs(sc):
    """Every dialog the table opens (tests/ui/table/test_table_dialogs.py opens them too)."""
    from game.ui.screens.load_screen import save_as_dialog
    from game.ui.table import moments
    from game.ui.widgets.dialog import Dialog

    names = sc.names()
    yield "leave", lambda: sc.back()
    yield "save as", lambda: save_as_dialog(sc, sc.session)
    yield "partner's question", lambda: moments.answer_dialog(sc, names[-1], lambda y: None)
    yield "canastone's choice", lambda: moments.canastone_choice(sc, 150, lambda: None,
                                                                 lambda: None)
    yield "choose a partner", lambda: moments.choose_partner(  # the partners across
        sc, [(seat, names[seat]) for seat in range(2, len(names), 2)], lambda seat: None)
    yield "risky discard", lambda: Dialog(
        sc, t("table.risky.title"), t("table.risky.body", warning=t("reason.why_canastone")),
        [(t("common.cancel"), None), (t("table.risky.trail_anyway"), None)])
    yield "take the pile", lambda: Dialog(
        sc, t("table.take_pile.title"), t("table.take_pile.body", n=12, cards="A♠ " * 12),
        [(t("common.cancel"), None), (t("table.take_pile.take"), None)])
    yield "the table stopped", lambda: Dialog(
        sc, t("table.halted.title"),
        t("table.halted.body", name=names[-1], reason=t("table.halted.no_move")),
        [(t("table.halted.look"), None), (t("table.main_menu"), None)])
    yield "no take-back", lambda: sc.takeback.take_back()  # a toast, no dialog


def _overlays(sc):
    from game.ui.table.keysheet import KeySheet
    from game.ui.table.scoresheet import GameOver, ScoreSheet

    yield "F1 sheet", KeySheet(sc)
    yield "score sheet", ScoreSheet(sc, view=True)
    yield "score sheet after a deal", ScoreSheet(sc)
    yield "game over", GameOver(sc)


def _cards(sc):
    return [sp.rect for sp in sc.scene.sprites] if sc.scene is not None else []


def _walk_table(app, sc, where):
    """The table ``sc`` as it is, then each dialog and each overlay over it."""
    from tests.ui.table.driver import Driver

    with watching() as caught:
        d = Driver(app, sc)
        d.settle(open_sheet=False)
        if sc.overlay is not None:
            sc.overlay.close()
        check_fits(app, where, _cards(sc), caught)
        for name, open_it in _dialogs(sc):
            open_it()
            check_fits(app, (where, name), caught=caught)
            if sc.dialog is not None:
                sc.dialog.close()
        for name, overlay in _overlays(sc):
            sc.open_overlay(overlay)
            check_fits(app, (where, name), caught=caught)
            check_painted(sc, overlay, (where, name))
            overlay.close()


def _table_combos():
    """(game, players, combination): every game at its largest count at the worst case
    (800x600, 150 % Japanese, both colours) and 1920x1080, at its smallest count at the worst
    case; every other combination for one game in turn."""
    worst = [((800, 600), "ja", "larger", True), ((800, 600), "ja", "larger", False)]
    large = ((1920, 1080), "en", "normal", True)
    others = [c for c in itertools.product(SIZES, LANGS, TEXT_SIZES, (False, True))
              if c[:3] != worst[0][:3] and c != large]
    games = list(GAMES)
    out = []
    for game in games:
        counts = GAMES[game].player_counts
        out += [(game, max(counts), c) for c in worst + [large]]
        out.append((game, min(counts), worst[1]))
    for i, c in enumerate(others):
        game = games[i % len(games)]
        out.append((game, max(GAMES[game].player_counts), c))
    return out


@pytest.mark.parametrize("game, players, combo", _table_combos(),
                         ids=lambda v: "-".join(map(str, v)) if isinstance(v, tuple) else str(v))
def test_every_table_dialog_and_sheet_fits(tmp_path, game, players, combo):
    from game.newgame import NewGameConfig, SeatConfig
    from game.ui.table import TableScreen
    from tests.ui.table.driver import make_app

    size, lang, text_size, contrast = combo
    app = make_app(tmp_path, size=size, language=lang, text_size=text_size,
                   high_contrast=contrast)
    try:
        n = players
        seats = (SeatConfig(kind="human"),) + (SeatConfig(level="easy"),) * (n - 1)
        sc = TableScreen(app, NewGameConfig(game=game, players=n, seats=seats), seed=2)
        app.show(sc)
        _walk_table(app, sc, (game, n))
    finally:
        app.close()


@pytest.mark.parametrize("size, lang, text_size, contrast",
                         [((800, 600), "ja", "larger", True), ((1920, 1080), "en", "normal",
                                                                 False),
                          ((1280, 800), "ja", "normal", False),
                          ((800, 600), "en", "larger", False)])
def test_learn_to_play_practice_and_the_replay_fit(tmp_path, size, lang, text_size,
                                                   contrast):
    from game import saves
    from game.guide.scripts import SCRIPTS
    from game.replay.model import Replay
    from game.ui.screens.load_screen import open_session
    from game.ui.screens.replay_screen import ReplayScreen
    from game.ui.table.guide_panel import open_guide
    from tests.replay.helpers import finished_record
    from tests.ui.table.driver import Driver, make_app

    app = make_app(tmp_path, size=size, language=lang, text_size=text_size,
                   high_contrast=contrast)
    try:
        with watching() as caught:
            for script in SCRIPTS:
                open_guide(app, script)
                Driver(app, app.screen).step(2, dt=0.05)
                check_fits(app, ("learn to play", script), _cards(app.screen), caught)
            for entry in saves.list_practice():
                open_session(app, saves.start_practice(entry.path))
                Driver(app, app.screen).step(2, dt=0.05)
                check_fits(app, ("practice", entry.name), _cards(app.screen), caught)
            for game, players in (("canasta", 2), ("canastone", 6), ("cassino", 4)):
                replay = Replay(finished_record(game, players))
                app.show(ReplayScreen(app, replay))
                replay.go(replay.total // 2)
                app.screen.show_step()
                check_fits(app, ("replay", game, players), _cards(app.screen), caught)
                app.screen.export()
                check_fits(app, ("replay's export", game, players), caught=caught)
    finally:
        app.close()


def test_settings_stay_in_place_between_their_pages(app_maker):
    """Issue 29: Settings jumped between its tabs (each page's panel was as tall as its rows,
    and its labels as wide as its own)."""
    app = app_maker(size=(1280, 800), language="ja", sound=False)
    app.show_settings()
    places = []
    for page in ("display", "play", "display"):
        app.screen.show_page(page)
        app.step(1 / 60, present=False)
        sc = app.screen
        places.append((sc._panels[0], sc.tabs.rect if hasattr(sc.tabs, "rect") else None,
                       sc._rows[0].x, sc.back_button.rect))
    assert places[0] == places[1] == places[2]


@pytest.mark.parametrize("game, players, sides, per_side, books",
                         [("looking-and-down", 7, 7, 9, 1), ("canastone", 6, 2, 20, 0)])
@pytest.mark.parametrize("size, lang, text_size", [((800, 600), "ja", "larger"),
                                                   ((1280, 800), "en", "normal")])
def test_a_table_crowded_with_melds_fits(tmp_path, game, players, sides, per_side, books,
                                         size, lang, text_size):
    """Late in a deal at every seat: the melds keep to their areas, off the table's words."""
    from game.newgame import NewGameConfig, SeatConfig
    from game.ui.table import TableScreen
    from tests.ui.table.driver import Driver, make_app
    from tests.ui.table.test_meld_room import _crowd

    app = make_app(tmp_path, size=size, language=lang, text_size=text_size)
    try:
        seats = (SeatConfig(kind="human"),) + (SeatConfig(level="easy"),) * (players - 1)
        sc = TableScreen(app, NewGameConfig(game=game, players=players, seats=seats), seed=2)
        app.show(sc)
        with watching() as caught:
            d = Driver(app, sc)
            d.settle(open_sheet=False)
            if sc.overlay is not None:  # the exact grab of a deal's start
                sc.overlay.close()
            _crowd(d, game, players, sides, per_side, books)
            if sc.dialog is not None:  # the choice before a side opens
                sc.dialog.close()
            check_fits(app, (game, players, "crowded"), _cards(sc), caught)
    finally:
        app.close()
