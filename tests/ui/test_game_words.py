"""Each game in its own words: Cassino plays games (one pass through the deck), not deals, and
its first seat plays first rather than deals (RULES.md CN-3); its screens say so
(``<key>.cassino`` catalogue entries, chosen by i18n.game_text)."""

from __future__ import annotations

import json

import pytest

from game import i18n
from game.engine.registry import GAMES
from game.i18n import catalogue, game_text, placeholders

DEAL_WORDS = {"en": ("deal", "dealer"), "ja": ("ディール", "ディーラー")}


@pytest.fixture(autouse=True)
def english():
    yield
    i18n.set_language("en")


def _overrides(lang):
    texts = catalogue(lang)
    for key in texts:
        base, _, game = key.rpartition(".")
        if game in GAMES and base in texts:
            yield key, base, game


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_game_words_replace_a_text_and_fill_its_blanks(lang):
    texts = catalogue(lang)
    found = list(_overrides(lang))
    assert {"new_game.first_dealer.cassino", "load.deal.cassino"} <= {k for k, _, _ in found}
    for key, base, game in found:
        assert placeholders(texts[key]) == placeholders(texts[base]), key
        if game == "cassino":
            assert not any(w in texts[key].lower() for w in DEAL_WORDS[lang]), key


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_game_text_picks_the_games_words(lang):
    i18n.set_language(lang)
    assert game_text("cassino", "load.deal", n=2) == i18n.t("load.deal.cassino", n=2)
    assert game_text("canasta", "load.deal", n=2) == i18n.t("load.deal", n=2)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_cassino_screens_speak_of_games_and_the_first_player(tmp_path, monkeypatch, lang):
    from game.saves.model import Summary
    from game.settings import SettingsStore
    from game.ui.app import App
    from game.ui.screens.load_screen import entry_line

    seats = [{"name": "", "kind": "human", "level": "normal"},
             {"name": "", "kind": "computer", "level": "normal"}]

    class Entry:
        ok, kind = True, "named"

    i18n.set_language(lang)
    for turn, over in ((0, False), (-1, False), (-1, True)):
        Entry.summary = Summary(game="cassino", players=2, seats=seats, totals=[3, 5], deal=2,
                                actions=0, turn=turn, deal_over=turn < 0, game_over=over,
                                winner=1 if over else None)
        line = entry_line(Entry)
        assert not any(w in line.lower() for w in DEAL_WORDS[lang]), line

    monkeypatch.setattr(App, "_table_screen_class", staticmethod(lambda: None))
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": lang}))
    app = App(store=SettingsStore(path), size=(1280, 800))
    try:
        app.step()
        app.show_new_game()
        app.step()
        app.screen.set_game("cassino")
        labels = [getattr(e, "text", "") for e in app.screen.manager.get_sprite_group().sprites()]
        assert i18n.t("new_game.first_dealer.cassino") in labels
        assert i18n.t("new_game.first_dealer") not in labels
    finally:
        app.close()


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_finished_cassino_game_is_replayed_as_a_game(tmp_path, lang):
    """The score sheet's replay button and the Replay screen's first and last words say
    "game" in Cassino ("Replay this deal" beside "Next game" before)."""
    from game.replay.model import Replay
    from game.ui.screens.replay_screen import ReplayScreen, replay_button
    from tests.replay.helpers import finished_record
    from tests.ui.table.driver import make_app

    i18n.set_language(lang)

    class Overlay:  # the score sheet, as replay_button sees it
        class screen:
            game = "cassino"

            class session:
                position = None

        def button(self, rect, label, callback):
            self.label = label

    sheet = Overlay()
    replay_button(sheet, None)
    words = [sheet.label]
    app = make_app(tmp_path, language=lang)
    try:
        replay = Replay(finished_record("cassino", 2))
        screen = ReplayScreen(app, replay)
        app.show(screen)
        words.append(" ".join(screen.hud.banner_text()))
        replay.to_end()
        words.append(" ".join(screen.hud.banner_text()))
    finally:
        app.close()
    for text in words:
        assert not any(w in text.lower() for w in DEAL_WORDS[lang]), text
