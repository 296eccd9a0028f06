"""The settings the first frame takes before the whole file is validated (issue 11,
docs/startup.md): the cheap check never lets through what the model would change, a deferred
store validates when asked, and the App still reports a damaged file and leaves it alone."""

from __future__ import annotations

import dataclasses
import json
import logging

from hypothesis import given, settings
from hypothesis import strategies as st

from game import settings as S
from game.ui import audio
from game.ui.app import App

FIELDS = tuple(f.name for f in dataclasses.fields(S.FirstFrameSettings))

# JSON values near and far from each first-frame field's valid ones: the model converts some
# of them (1 to True, "true" to True, 1280.0 to 1280), refuses others.
ODD = st.one_of(st.none(), st.booleans(), st.integers(-5, 20_000), st.floats(allow_nan=False),
                st.sampled_from(["", "EN", "ja ", "true", "1", "four-colour", "two-colour",
                                 "auto", "en", "ja", "1280", "four_colour", "large",
                                 "Larger", "huge"]))
SIZE = st.lists(st.one_of(st.integers(500, 17_000), st.floats(799, 801), st.booleans(),
                          st.sampled_from(["1280", 1280.0])), min_size=0, max_size=3)
VALUES = {
    "language": st.one_of(st.sampled_from(S.LANGUAGES), ODD),
    "fullscreen": st.one_of(st.booleans(), ODD),
    "window_size": st.one_of(SIZE, st.tuples(st.integers(700, 17_000), st.integers(500, 17_000)),
                             ODD),
    "deck_style": st.one_of(st.sampled_from(S.DECK_STYLES), ODD),
    "text_size": st.one_of(st.sampled_from(S.TEXT_SIZES), ODD),
    "high_contrast": st.one_of(st.booleans(), ODD),
}
FILES = st.fixed_dictionaries({}, optional=VALUES).map(
    lambda d: {k: list(v) if isinstance(v, tuple) else v for k, v in d.items()})


@settings(max_examples=300, deadline=None)
@given(FILES)
def test_what_the_first_frame_takes_is_what_the_model_keeps(data):
    """Whatever the cheap check lets through, the model keeps as it is, without a warning (what
    it refuses, the store validates before the first frame)."""
    first = S.first_frame(data)
    if first is not None:
        model, warning = S.validate_settings(data, S.settings_path())
        assert warning is None
        assert {n: getattr(model, n) for n in FIELDS} == {n: getattr(first, n) for n in FIELDS}


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(S.LANGUAGES), st.booleans(),
       st.tuples(st.integers(800, 16384), st.integers(600, 16384)),
       st.sampled_from(S.DECK_STYLES), st.sampled_from(S.TEXT_SIZES), st.booleans())
def test_every_file_the_game_writes_passes_the_cheap_check(language, fullscreen, size, style,
                                                           text_size, contrast):
    """So a player's own settings never wait for the model before the first frame."""
    stored = S.Settings(language=language, fullscreen=fullscreen, window_size=size,
                        deck_style=style, text_size=text_size, high_contrast=contrast)
    data = json.loads(stored.model_dump_json())
    assert S.first_frame(data) == S.FirstFrameSettings(language, fullscreen, size, style,
                                                       text_size, contrast)


def test_defaults_agree_with_the_model():
    assert S.SettingsStore(S.settings_path()).first_frame == S.FIRST_FRAME_DEFAULTS
    model = S.Settings()
    assert all(getattr(model, n) == getattr(S.FIRST_FRAME_DEFAULTS, n) for n in FIELDS)


def test_deferred_store_validates_when_asked(tmp_path):
    path = tmp_path / "settings.json"
    data = {"language": "ja", "deck_style": "four-colour", "volume": 7}
    path.write_text(json.dumps(data))
    store = S.SettingsStore(path, defer_validation=True)
    assert not store.validated and store.warning is None
    assert store.first_frame == S.FirstFrameSettings(language="ja", deck_style="four-colour")
    assert store.settings.volume == S.Settings().volume  # asking validates
    assert store.validated and "volume" in store.warning
    assert store.first_frame.language == "ja"
    assert json.loads(path.read_text()) == data  # the damaged file is left as it is


def test_a_doubtful_first_frame_field_is_validated_at_once(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "xx", "window_size": [10, 10]}))
    store = S.SettingsStore(path, defer_validation=True)
    assert store.validated
    assert "language" in store.warning and "window_size" in store.warning
    assert store.first_frame == S.FIRST_FRAME_DEFAULTS


def test_unreadable_file_is_reported_before_the_first_frame(tmp_path):
    path = tmp_path / "settings.json"
    path.write_bytes(b"{not json")
    store = S.SettingsStore(path, defer_validation=True)
    assert store.validated and "could not be read" in store.warning


def _app(monkeypatch, tmp_path, data) -> App:
    path = tmp_path / "config" / "cardtable" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(data))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return App(size=(1280, 800))  # the store the play command gets: validation deferred


def test_app_validates_and_reports_after_the_first_frame(monkeypatch, tmp_path, caplog):
    data = {"language": "en", "deck_style": "four-colour", "volume": 7, "card_size": "huge"}
    app = _app(monkeypatch, tmp_path, data)
    try:
        with caplog.at_level(logging.WARNING, logger="game.ui.app"):
            app.step()
            assert not app.store.validated and app.settings_warning is None
            assert not audio.get().available  # the sound starts after the first frame too
            app.step()
        assert app.store.validated
        assert "volume" in app.settings_warning and "card_size" in app.settings_warning
        assert app.settings_warning in caplog.text
        assert audio.get().available
        assert app.settings.deck_style == "four-colour" and app.settings.card_size == "medium"
    finally:
        app.close()
    path = tmp_path / "config" / "cardtable" / "settings.json"
    assert json.loads(path.read_text()) == data  # closing saved nothing over it


def test_app_shows_a_damaged_file_on_the_first_frame(monkeypatch, tmp_path):
    app = _app(monkeypatch, tmp_path, {"language": "en", "fullscreen": "maybe"})
    try:
        assert app.store.validated and "fullscreen" in app.settings_warning
        assert not app.fullscreen
    finally:
        app.close()


def test_a_change_before_validation_validates_first(monkeypatch, tmp_path):
    app = _app(monkeypatch, tmp_path, {"language": "en", "volume": 0.3})
    try:
        app.update_settings(sound=False)
        assert app.store.validated and app.settings.volume == 0.3 and not app.settings.sound
    finally:
        app.close()
