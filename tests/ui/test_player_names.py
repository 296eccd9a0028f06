"""One name per seat everywhere: the table, the Load screen and ``saves list`` call each seat
the same ("Computer 2" is the computer in New game's seat 2 on all three; Load and ``saves
list`` counted computers from 1)."""

from __future__ import annotations

import pytest

from game import i18n, saves
from game.commands import saves as saves_command
from game.session import GameSession, SeatConfig
from game.ui.screens.load_screen import seat_name
from game.ui.table import TableScreen, messages
from tests.ui.table.driver import make_app

SEATINGS = [("human", "computer", "computer", "computer"),
            ("computer", "human", "computer", "computer"),
            ("human", "human", "computer"),
            ("computer", "computer")]


@pytest.mark.parametrize("language", ["en", "ja"])
def test_table_load_and_saves_list_name_seats_alike(tmp_path, monkeypatch, language):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    app = make_app(tmp_path, language=language)
    try:
        for n, kinds in enumerate(SEATINGS):
            session = GameSession("canasta", len(kinds), seed=n,
                                  seats=[SeatConfig(k) for k in kinds])
            session.start_deal()
            saves.save_as(session, f"game {n}")
            (entry,) = [e for e in saves.list_saves() if e.name == f"game {n}"]
            screen = TableScreen.from_session(app, session)
            table = screen.names()
            assert messages.you(screen) == i18n.you_seat(kinds)
            load = [seat_name(entry.summary, s) for s in range(len(kinds))]
            assert load == table == i18n.player_names(kinds), kinds
            computers = [s for s, k in enumerate(kinds) if k == "computer"]
            assert table[computers[-1]] == i18n.t("player.computer", n=len(kinds))
            if language == "en":
                line = saves_command._line(entry)
                assert f"({', '.join(table)})" in line, line
    finally:
        app.close()
        i18n.set_language("en")
