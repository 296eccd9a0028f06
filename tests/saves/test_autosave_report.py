"""The table reports every failed autosave, in the player's language (issue 10, saves 4)."""

from __future__ import annotations

import errno
import os

import pytest

pytest.importorskip("pygame")

from game import i18n  # noqa: E402
from game.newgame import NewGameConfig, SeatConfig  # noqa: E402
from game.saves import atomic  # noqa: E402
from game.ui.table import TableScreen  # noqa: E402
from tests.ui.table.driver import make_app  # noqa: E402


@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_failed_autosave_is_shown_translated(tmp_path, folder, monkeypatch, language):
    app = make_app(tmp_path, language=language)
    try:
        cfg = NewGameConfig(game="cassino", players=2,
                            seats=(SeatConfig(kind="human"), SeatConfig(level="normal")))
        screen = TableScreen(app, cfg, seed=1)
        app.show(screen)

        def full(*args, **kwargs):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        monkeypatch.setattr(atomic, "write_atomic", full)
        expected = i18n.t("load.save_failed.full")
        assert expected != "load.save_failed.full"
        for _ in range(3):
            screen.toasts = []
            screen.save()
            assert [x[0] for x in screen.toasts] == [expected]  # each time, not only the first
        if language == "ja":
            assert expected == i18n.catalogue("ja")["load.save_failed.full"]
    finally:
        app.close()
        i18n.set_language("en")


def test_the_start_removes_what_killed_saves_left(folder, tmp_path):
    """A temporary file that a killed save left behind is gone once Card Table starts (the
    menu's hooks are made once, at start)."""
    from game.ui.screens.load_screen import saves_hooks

    folder.mkdir(parents=True, exist_ok=True)
    left = folder / f"{atomic.TEMP_PREFIX}autosave.json.x1y2{atomic.TEMP_SUFFIX}"
    left.write_bytes(b'{"format": "cardtable-save", "ver')
    os.utime(left, (os.stat(left).st_mtime - 60,) * 2)
    saves_hooks()
    assert not left.exists()
