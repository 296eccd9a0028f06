"""Settings: defaults, round trip, atomic save, and robust reading of damaged files."""

import json
import os

import pytest

from game import settings as S
from game.newgame import NewGameConfig


def test_path_follows_xdg_config_home(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert S.settings_path() == tmp_path / "cardtable" / "settings.json"


def test_missing_file_gives_defaults(tmp_path):
    s, warning = S.load_settings(tmp_path / "none.json")
    assert s == S.Settings() and warning is None
    assert s.ai_deadline_ms == 1000 and s.language == "auto" and s.window_size == (1280, 800)


def test_round_trip(tmp_path):
    p = tmp_path / "sub" / "settings.json"
    game = NewGameConfig.default("looking-and-down", 5).model_copy(update={"keeper": 2})
    s = S.Settings(language="ja", sound=False, volume=0.25, animation_speed="fast",
                   card_size="large", deck_style="four-colour", fullscreen=True,
                   window_size=(1920, 1080), ai_deadline_ms=2500, last_game=game)
    assert S.save_settings(s, p) is None
    loaded, warning = S.load_settings(p)
    assert warning is None and loaded == s
    assert loaded.last_game.keeper == 2 and loaded.animation_scale < 1
    assert [f.name for f in p.parent.iterdir()] == ["settings.json"]  # no temp files left


@pytest.mark.parametrize(
    "content",
    [b"{not json", b"\xff\xfe\x00garbage", b"[1, 2, 3]", b"", b"null", b'"text"'],
    ids=["bad-json", "bad-utf8", "list", "empty", "null", "string"],
)
def test_damaged_file_gives_defaults_and_is_left_alone(tmp_path, content):
    p = tmp_path / "settings.json"
    p.write_bytes(content)
    s, warning = S.load_settings(p)
    assert s == S.Settings()
    assert warning
    assert p.read_bytes() == content


def test_too_large_file(tmp_path):
    p = tmp_path / "settings.json"
    p.write_text('{"volume": 0.5, "pad": "' + "x" * (S.MAX_BYTES + 10) + '"}')
    s, warning = S.load_settings(p)
    assert s == S.Settings() and "too large" in warning


def test_invalid_values_reset_but_valid_ones_kept(tmp_path):
    p = tmp_path / "settings.json"
    data = {"language": "ja", "volume": 7, "card_size": "huge", "window_size": [10, 10],
            "fullscreen": True, "last_game": {"game": "cassino", "players": 3},
            "unknown_future_key": 1}
    p.write_text(json.dumps(data))
    s, warning = S.load_settings(p)
    assert s.language == "ja" and s.fullscreen is True
    assert s.volume == S.Settings().volume and s.card_size == "medium"
    assert s.window_size == (1280, 800) and s.last_game is None
    for name in ("volume", "card_size", "window_size", "last_game"):
        assert name in warning
    assert json.loads(p.read_text()) == data


def test_unreadable_path_is_a_warning(tmp_path):
    d = tmp_path / "settings.json"
    d.mkdir()  # a folder where the file should be
    s, warning = S.load_settings(d)
    assert s == S.Settings() and warning


def test_save_failure_is_a_warning_not_a_crash(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert S.save_settings(S.Settings(), blocker / "settings.json")  # parent is a file


def test_atomic_save_keeps_old_file_when_replace_fails(tmp_path, monkeypatch):
    p = tmp_path / "settings.json"
    S.save_settings(S.Settings(volume=0.3), p)

    def boom(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    assert S.save_settings(S.Settings(volume=0.9), p)
    monkeypatch.undo()
    assert S.load_settings(p)[0].volume == 0.3
    assert [f.name for f in tmp_path.iterdir()] == ["settings.json"]


def test_store_updates_validate_and_save(tmp_path):
    store = S.SettingsStore(tmp_path / "settings.json")
    store.update(volume=0.4, deck_style="four-colour")
    assert S.load_settings(store.path)[0].volume == 0.4
    with pytest.raises(ValueError):
        store.update(volume=2.0)
    assert store.settings.volume == 0.4
