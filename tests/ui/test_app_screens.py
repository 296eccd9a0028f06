"""The menu app driven headless with real pygame events: clicks go through pygame_gui."""

import json
import os
import re
import warnings
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game import i18n
from game.i18n import game_name
from game.settings import SettingsStore, load_settings
from game.ui.app import App, AppHooks, ui_scale
from game.ui.screen import Screen
from game.ui.screens.main_menu import MainMenu
from game.ui.screens.new_game import NewGameScreen
from game.ui.screens.rules import RulesScreen
from game.ui.screens.settings_screen import SettingsScreen
from game.ui.widgets.segmented import Segmented

# Set CARDTABLE_SHOTS=<folder> to keep PNGs of every screen for review (PNG saving is slow).
SHOTS = os.environ.get("CARDTABLE_SHOTS")


@pytest.fixture
def make_app(tmp_path, monkeypatch):
    apps = []
    # Tests must not depend on whether the table screen exists yet.
    monkeypatch.setattr(App, "_table_screen_class", staticmethod(lambda: None))

    def make(hooks=None, size=(1280, 800), language="en"):
        path = tmp_path / "settings.json"
        if not path.exists():
            path.write_text(json.dumps({"language": language}))
        app = App(store=SettingsStore(path), hooks=hooks, size=size)
        apps.append(app)
        app.step()
        return app

    yield make
    for app in apps:
        app.close()
    i18n.set_language("en")


def settle(app, frames=2, dt=1 / 60):
    for _ in range(frames):
        app.step(dt)


def click(app, element, frames=2):
    """A real left click at the element's centre: down, up, then frames to deliver events."""
    assert element.is_enabled, element
    pos = element.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": pos, "button": 1}))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, {"pos": pos, "button": 1}))
    settle(app, frames)


def key(app, k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": k, "mod": 0, "unicode": "",
                                                          "scancode": 0}))
    settle(app)


def variety(surface: pygame.Surface, step: int = 7) -> int:
    w, h = surface.get_size()
    return len({tuple(surface.get_at((x, y)))[:3] for x in range(0, w, step)
                for y in range(0, h, step)})


def shot(app, name: str) -> pygame.Surface:
    surf = app.render()
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        pygame.image.save(surf, str(Path(SHOTS) / f"{name}.png"))
    return surf


# ---------------------------------------------------------------------------------------------


def test_ui_scale():
    assert ui_scale((1280, 800)) == 1.0
    assert ui_scale((1920, 1080)) == 1.35
    assert ui_scale((640, 480)) == 0.75


def test_main_menu_continue_and_load_follow_hooks(make_app):
    app = make_app()
    menu = app.screen
    assert isinstance(menu, MainMenu)
    assert not menu.buttons["menu.continue"].is_enabled
    assert not menu.buttons["menu.load"].is_enabled
    app.close()

    called = []
    hooks = AppHooks(can_continue=lambda: True, on_continue=lambda a: called.append("continue"),
                     can_load=lambda: True, on_load=lambda a: called.append("load"))
    app = make_app(hooks)
    click(app, app.screen.buttons["menu.continue"])
    click(app, app.screen.buttons["menu.load"])
    assert called == ["continue", "load"]


def test_broken_hook_does_not_break_the_menu(make_app):
    def boom():
        raise RuntimeError("saves layer bug")

    app = make_app(AppHooks(can_continue=boom))
    assert not app.screen.buttons["menu.continue"].is_enabled


def test_settings_language_round_trip(make_app):
    app = make_app()
    click(app, app.screen.buttons["menu.settings"])
    assert isinstance(app.screen, SettingsScreen)
    click(app, app.screen.controls["language"].buttons["ja"])
    assert i18n.current_language() == "ja"
    assert app.screen.back_button.text == "戻る"
    assert load_settings(app.store.path)[0].language == "ja"
    shot(app, "settings-ja")
    click(app, app.screen.controls["language"].buttons["en"])
    assert i18n.current_language() == "en"
    assert app.screen.back_button.text == "Back"
    click(app, app.screen.back_button)
    assert isinstance(app.screen, MainMenu)
    assert app.screen.buttons["menu.settings"].text == "Settings"


def test_settings_apply_live_and_save(make_app):
    app = make_app()
    app.show_settings()
    settle(app)
    c = app.screen.controls
    click(app, c["deck_style"].buttons["four-colour"])
    click(app, c["card_size"].buttons["large"])
    click(app, c["animation_speed"].buttons["fast"])
    click(app, app.screen.tabs.buttons["play"])  # the sound is on the Play page
    click(app, app.screen.controls["sound"].buttons[False])
    stored = load_settings(app.store.path)[0]
    assert (stored.sound, stored.deck_style, stored.card_size, stored.animation_speed) == (
        False, "four-colour", "large", "fast")
    # The volume slider saves after a pause, not on every movement.
    slider = app.screen.volume
    pygame.event.post(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED,
                                         {"ui_element": slider, "value": 30}))
    settle(app, 1)
    assert app.settings.volume == 0.3
    assert load_settings(app.store.path)[0].volume != 0.3
    settle(app, 2, dt=0.5)
    assert load_settings(app.store.path)[0].volume == 0.3
    assert app.screen.volume_label.text == "30%"


def test_fullscreen_toggle_with_f11_and_button(make_app):
    app = make_app()
    key(app, pygame.K_F11)
    assert app.fullscreen and load_settings(app.store.path)[0].fullscreen
    key(app, pygame.K_F11)
    assert not app.fullscreen
    app.show_settings()
    settle(app)
    click(app, app.screen.controls["fullscreen"].buttons[True])
    assert app.fullscreen
    click(app, app.screen.controls["fullscreen"].buttons[False])
    assert not app.fullscreen and app.window_size == (1280, 800)


def test_resize_rescales_and_remembers_size(make_app):
    app = make_app()
    app.show_new_game()
    pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE,
                                         {"w": 1920, "h": 1080, "size": (1920, 1080)}))
    settle(app, 3, dt=0.5)
    assert app.scale == 1.35 and isinstance(app.screen, NewGameScreen)
    assert app.screen.start_button.rect.right <= 1920
    assert load_settings(app.store.path)[0].window_size == (1920, 1080)


def test_tiny_window_is_not_stored_and_does_not_crash(make_app):
    app = make_app()
    pygame.display.set_mode((500, 400), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE,
                                         {"w": 500, "h": 400, "size": (500, 400)}))
    settle(app, 3, dt=0.5)
    assert app.settings.window_size == (1280, 800)


def test_new_game_choices_reach_on_start(make_app):
    started = []
    app = make_app(AppHooks(on_start=lambda a, cfg: started.append(cfg)))
    click(app, app.screen.buttons["menu.new_game"])
    ng = app.screen
    assert isinstance(ng, NewGameScreen)
    click(app, ng.game_buttons["looking-and-down"])
    ng = app.screen
    click(app, ng.players.buttons[7])
    click(app, ng.seat_kind[1].buttons["human"])
    assert not any(b.is_enabled for b in ng.seat_level[1].buttons.values())
    before = pygame.image.tobytes(app.render(), "RGB")
    click(app, ng.seat_kind[1].buttons["computer"])
    assert all(b.is_enabled for b in ng.seat_level[1].buttons.values())
    click(app, ng.seat_kind[1].buttons["human"])
    assert pygame.image.tobytes(app.render(), "RGB") == before  # same look as a fresh human
    click(app, ng.seat_level[2].buttons["hard"])
    assert not ng.seat_level[0].buttons["easy"].is_enabled  # seat 1 is human
    click(app, ng.option_boxes["no-grab-bonus"])
    click(app, ng.keeper.buttons[2])
    click(app, ng.dealer.buttons[4])
    assert ng.target_label.text == "Target: 10000 points"
    shot(app, "new-game-looking-and-down-en")
    click(app, ng.start_button)
    (cfg,) = started
    assert cfg.game == "looking-and-down" and cfg.players == 7
    assert [s.kind for s in cfg.seats] == ["human", "human"] + ["computer"] * 5
    assert cfg.seats[2].level == "hard"
    assert cfg.options == {"no-grab-bonus"} and cfg.keeper == 2 and cfg.first_dealer == 4
    assert load_settings(app.store.path)[0].last_game == cfg


def test_new_game_options_and_player_counts_per_game(make_app):
    app = make_app()
    app.show_new_game()
    settle(app)
    expected = {"canasta": [2, 3, 4], "quick-canasta": [2, 3, 4], "canastone": [2, 3, 4, 6],
                "looking-and-down": [2, 3, 4, 5, 6, 7], "cassino": [2, 4]}
    for game, counts in expected.items():
        click(app, app.screen.game_buttons[game])
        assert list(app.screen.players.buttons) == counts
        assert (app.screen.keeper is not None) == (game == "looking-and-down")
    click(app, app.screen.game_buttons["canastone"])
    assert set(app.screen.option_boxes) == {
        "never-opened-double", "five-canasta-needs-both", "target-15000",
        "two-clean-to-close", "no-asking"}
    click(app, app.screen.option_boxes["target-15000"])
    assert app.screen.target_label.text == "Target: 15000 points"


def test_clicking_the_chosen_option_keeps_it_chosen(make_app):
    """A click on the selected button of any one-of-several row (the game list, players,
    first dealer, keeper, seat kinds and levels) leaves it highlighted and the choices as they
    were (pygame_gui drew it as unselected after the press)."""
    app = make_app()
    app.show_new_game()
    settle(app)
    click(app, app.screen.game_buttons["looking-and-down"])
    click(app, app.screen.players.buttons[7])
    click(app, app.screen.seat_kind[1].buttons["human"])
    click(app, app.screen.option_boxes["no-grab-bonus"])
    click(app, app.screen.dealer.buttons[3])
    ng = app.screen
    rows = [ng.game_buttons, ng.players.buttons, ng.dealer.buttons, ng.keeper.buttons]
    rows += [row.buttons for row in ng.seat_kind + ng.seat_level]
    chosen = [b for row in rows for b in row.values() if b.is_selected and b.is_enabled]
    assert len(chosen) == 4 + 7 + 5  # game, players, dealer, keeper; 7 kinds; 5 levels
    config = ng.config
    for b in chosen:
        look = pygame.image.tobytes(b.image, "RGBA")
        click(app, b, frames=8)
        assert app.screen is ng and ng.config == config, b.text
        assert b.is_selected and pygame.image.tobytes(b.image, "RGBA") == look, b.text


def test_clicking_the_chosen_setting_keeps_it_chosen(make_app):
    """The same for every one-of-several row of the Settings screen."""
    app = make_app()
    click(app, app.screen.buttons["menu.settings"])
    screen = app.screen
    assert isinstance(screen, SettingsScreen)
    rows = [c for c in screen.controls.values() if isinstance(c, Segmented)]
    assert len(rows) >= 6
    for row in rows:
        b = row.buttons[row.value]
        look = pygame.image.tobytes(b.image, "RGBA")
        click(app, b, frames=8)
        assert b.is_selected and pygame.image.tobytes(b.image, "RGBA") == look, b.text


@pytest.mark.parametrize("language", ["en", "ja"])
def test_new_game_offers_exactly_the_declared_choices(make_app, language):
    """Per game and player count: the declared counts, options, keeper (LD-1), target
    (CA-16, QC-8, CS-17, LD-15, CN-11) and seating (G-2: Looking and Down has no partners at
    4, LD-1; Canastone plays two teams of three at 6, CS-1)."""
    from game.engine.registry import GAMES

    app = make_app(language=language)
    app.show_new_game()
    settle(app)
    t = i18n.t
    for name, info in GAMES.items():
        click(app, app.screen.game_buttons[name])
        ng = app.screen
        assert ng.game_buttons[name].text == t(info.title_key)
        assert tuple(ng.players.buttons) == info.player_counts
        assert tuple(ng.option_boxes) == info.option_names
        assert [cb.text for cb in ng.option_boxes.values()] == [
            t(o.label_key) for o in info.options]
        assert (ng.keeper is not None) == info.keeper
        for n in info.player_counts:
            click(app, app.screen.players.buttons[n])
            ng = app.screen
            kind = info.partnership_kind(n)
            assert ng.partnership_hint == t(f"new_game.{kind}")
            teams = [ng._seat_name(s) != t("new_game.seat", n=s + 1) for s in range(n)]
            assert teams == [kind != "every_player"] * n
        for opt in info.options:
            click(app, ng.option_boxes[opt.name])
            assert ng.target_label.text == t("new_game.target_line",
                                             points=info.target_for({opt.name}))
            click(app, ng.option_boxes[opt.name])
        assert ng.target_label.text == t("new_game.target_line", points=info.target)


def test_start_without_table_shows_a_dialog(make_app):
    app = make_app(language="ja")
    app.show_new_game()
    settle(app)
    click(app, app.screen.start_button)
    dialog = app.screen.dialog
    assert dialog is not None
    surf = shot(app, "dialog-table-missing-ja")
    assert variety(surf) > 30
    # The backdrop blocks the screen below: a click on Back does nothing now.
    pos = app.screen.back_button.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": pos, "button": 1}))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, {"pos": pos, "button": 1}))
    settle(app)
    assert isinstance(app.screen, NewGameScreen) and app.screen.dialog is dialog
    key(app, pygame.K_ESCAPE)  # closes the dialog, not the screen
    assert app.screen.dialog is None and isinstance(app.screen, NewGameScreen)


def test_start_opens_the_table_screen_when_there_is_one(make_app, monkeypatch):
    class FakeTable(Screen):
        def __init__(self, app, config):
            super().__init__(app)
            self.config = config

    monkeypatch.setattr(App, "_table_screen_class", staticmethod(lambda: FakeTable))
    app = make_app()
    app.show_new_game()
    settle(app)
    click(app, app.screen.start_button)
    assert isinstance(app.screen, FakeTable) and app.screen.config.game == "canasta"


def test_rules_screen_every_game_and_fallback(make_app, monkeypatch, tmp_path):
    app = make_app()
    click(app, app.screen.buttons["menu.rules"])
    assert isinstance(app.screen, RulesScreen)
    for game in ("cassino", "canastone", "looking-and-down", "quick-canasta", "canasta"):
        click(app, app.screen.tabs.buttons[game])
        assert app.screen.game == game and app.screen.tabs.value == game
        box = app.screen._boxes[game]
        assert box.visible and game_name(game) in box.html_text  # the title opens it
        assert list(app.screen._boxes) == [game]
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.screen, MainMenu)

    # Only an English text: the Japanese screen says so, then shows the English.
    from game.ui.screens import rules

    (tmp_path / "rules" / "en").mkdir(parents=True)
    (tmp_path / "rules" / "en" / "canasta.md").write_text("# Canasta\n\nPlay **well**.\n")
    monkeypatch.setattr(rules, "RULES_TEXT_DIR", tmp_path / "rules")
    app.set_language("ja")
    app.show_rules("canasta")
    settle(app)
    html = app.screen._boxes["canasta"].html_text
    assert "まだ用意されていません" in html and "<b>well</b>" in html
    app.screen.select("cassino")  # no text at all: just the note
    assert "カシノ" in app.screen._boxes["cassino"].html_text


def _link(app, place: int) -> None:
    """A click on the list of sections' link to section ``place`` (its first line)."""
    box = app.screen._contents
    x, y = box._calculate_hyperlinks_offsets()
    chunk = next(c for c in box.link_hover_chunks if c.href == str(place))
    pos = (x + chunk.x + chunk.size[0] // 2, y + chunk.y + chunk.size[1] // 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0),
                                                              "buttons": (0, 0, 0)}))
    settle(app)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, {"pos": pos, "button": 1}))
    settle(app)


def _canasta_rules(make_app):
    """The Rules page open on Canasta: the app, the screen, the English rule book's text and
    its sections' headings."""
    from game.ui import markdown
    from game.ui.screens.rules import rules_source, sections

    app = make_app()
    app.show_rules("canasta")
    settle(app)
    text, _ = rules_source("canasta", "en")
    return app, app.screen, text, [h for h, _ in sections(markdown.parse(text))]


def test_rules_are_shown_a_section_at_a_time(make_app):
    """Issue 29: the whole rule book in one text box was one picture of its full length (43
    MB for Canasta at 1920x1080, 125 % text). A list of the sections' headings beside one
    section; Previous and Next, ←/→ and PageUp/PageDown; a section kept over the tabs."""
    app, sc, text, headings = _canasta_rules(make_app)
    assert headings[:3] == ["Aim of the game", "Players, cards and dealing", "Your turn"]
    assert "How to play on this table" in headings and len(headings) == text.count("\n## ")

    def shown() -> str:
        return sc.shown_text()

    assert sc.section == 0 and "Aim of the game" in shown() and "Your turn" not in shown()
    assert not sc.previous_button.is_enabled and sc.next_button.is_enabled
    links: dict[int, str] = {}  # every heading but the shown one, a link (over a line or two)
    for place, words in re.findall(r"<a href='(\d+)'>(.*?)</a>", sc._contents.html_text):
        links[int(place)] = links.get(int(place), "") + words
    assert {p: "".join(w.split()) for p, w in links.items()} == {
        p: "".join(h.split()) for p, h in enumerate(headings) if p}
    click(app, sc.next_button)
    assert sc.section == 1 and "Players, cards and" in shown() and "Aim of" not in shown()
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_PAGEDOWN)
    assert sc.section == 3 and shown().count("Melds, canastas and wild cards") == 1
    key(app, pygame.K_LEFT)
    key(app, pygame.K_PAGEUP)
    click(app, sc.previous_button)
    assert sc.section == 0 and sc._boxes["canasta"].visible
    key(app, pygame.K_LEFT)  # nothing before the first
    assert sc.section == 0
    _link(app, headings.index("Threes"))
    assert "<b>Red threes</b>" in shown()
    click(app, sc.tabs.buttons["quick-canasta"])  # Threes is there too
    assert sc.game == "quick-canasta" and "<b>Red threes</b>" in shown()
    click(app, sc.tabs.buttons["cassino"])  # no Threes: the first section
    assert sc.section == 0 and "Cassino" in shown()
    _link(app, len(sc.section_titles) - 1)
    assert not sc.next_button.is_enabled
    key(app, pygame.K_RIGHT)  # nothing after the last
    assert sc.section == len(sc.section_titles) - 1
    app.set_language("ja")  # the same place in the other language
    settle(app)
    assert app.screen.section == len(app.screen.section_titles) - 1
    assert "このテーブルでの操作" in app.screen.shown_text()


def test_the_wheel_check_reads_the_rules_through_the_screens_public_surface(make_app):
    """CI's wheel check reads every section of each game's rules in the installed program:
    through the section titles, show_section and the shown text, none of the screen's own
    fields (a rename inside the screen would break CI alone)."""
    import importlib.util

    path = Path(__file__).resolve().parents[2] / ".ci" / "wheel_check.py"
    assert not re.findall(r"(?:screen|rules)\._\w+", path.read_text(encoding="utf-8"))
    spec = importlib.util.spec_from_file_location("wheel_check", path)
    check = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(check)
    app, sc, _, headings = _canasta_rules(make_app)
    assert sc.section_titles == headings
    html = check.every_section(sc)
    assert all(html.count(f"<b>{h}</b>") >= 1 for h in headings[1:]), html[:400]
    assert sc.section == 0 and headings[1] not in sc.shown_text()


def test_escape_and_enter_keys(make_app):
    app = make_app()
    key(app, pygame.K_RETURN)
    assert isinstance(app.screen, NewGameScreen)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.screen, MainMenu)


def test_quit_button_and_window_close(make_app):
    app = make_app()
    click(app, app.screen.buttons["menu.quit"])
    assert not app.running
    app = make_app()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.step() is False


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)], ids=["1280", "1920"])
def test_every_screen_renders(make_app, language, size):
    app = make_app(size=size, language=language)
    screens = {
        "menu": app.show_main_menu,
        "settings": app.show_settings,
        "new-game": app.show_new_game,
        "rules": lambda: app.show_rules("canasta"),
    }
    for name, show in screens.items():
        show()
        settle(app)
        surf = shot(app, f"{name}-{language}-{size[0]}")
        assert surf.get_size() == size
        assert variety(surf) > 40, name  # felt, text, buttons: not blank



@pytest.mark.parametrize("screen", [RulesScreen, SettingsScreen, NewGameScreen, None])
def test_text_fonts_wait_for_the_first_frame_or_a_screen_that_needs_them(tmp_path, screen):
    """The main menu's first frame does without the text boxes' extra font sizes (start-up,
    docs/startup.md); the next frame, or any other screen made before it, loads them all, so
    pygame_gui never has to load one unannounced (it warns when it does)."""
    app = App(store=SettingsStore(tmp_path / "settings.json"), size=(1280, 800))
    try:
        fd = app.manager.get_theme().get_font_dictionary()
        extra = list(app._pending_fonts)

        def loaded():
            return [fd.check_font_preloaded(fd.create_font_id(
                f["point_size"], f["name"], f["style"] == "bold", False, True)) for f in extra]

        assert extra and not any(loaded())  # not loaded for the menu...
        app.step()
        assert not any(loaded())  # ...nor for its first frame
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            if screen is not None:
                app.show(screen(app))
            app.step()
        assert all(loaded())
    finally:
        app.close()
