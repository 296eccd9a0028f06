"""A game continued from its save (Continue, Load) plays as the table would have (issue 27):
the computers think for the time the settings say now, not the time saved with the game, and
the move log tells the deal from its start."""

from __future__ import annotations

from game.newgame import NewGameConfig, SeatConfig
from game.players.registry import make_player
from game.session import GameSession
from game.ui.table import TableScreen
from game.ui.table.screen import new_session

from .driver import Driver, make_app


def continued(tmp_path, game, players, seed, moves=0, **settings):
    """A session saved (``snapshot``) after ``moves`` of the computers' choices for every
    seat, restored as loading does, at a table of an app with ``settings``."""
    seats = (SeatConfig(kind="human"),) + (SeatConfig(level="normal"),) * (players - 1)
    cfg = NewGameConfig(game=game, players=players, seats=seats)
    session = new_session(cfg, seed, deadline_ms=5000)
    session.start_deal()
    for _ in range(moves):
        session.apply(session.bot_move(session.state.current_player()))
    loaded = GameSession.restore(session.snapshot())
    app = make_app(tmp_path, **settings)
    screen = TableScreen.from_session(app, loaded)
    app.show(screen)
    return Driver(app, screen)


def test_a_continued_game_thinks_for_the_time_set_now(tmp_path):
    """The save kept 5 s; Settings say 0.5 s since: the computers get 0.5 s."""
    d = continued(tmp_path, "canasta", 2, seed=4, ai_deadline_ms=500)
    try:
        bot = d.session.bots[1]
        asked = []
        choose = bot.choose

        def spy(decision):
            asked.append(decision.deadline_ms)
            return choose(decision)

        bot.choose = spy
        me = make_player("normal", 3)
        for _ in range(6):
            if d.settle() != "human" or asked:
                break
            d.perform(me.choose(d.session.decision(0)))
        assert asked and set(asked) == {500}
    finally:
        d.app.close()


def test_a_continued_deal_keeps_its_log_from_the_start(table, tmp_path):
    """The red threes laid out at the deal (CA-7) and what the engine did around each move
    are told as at the table that played them: a save keeps only the moves, and after
    Continue the log had lost the red-three line."""
    d = table("canasta", 2, seed=8)  # two red threes dealt to seat 0
    me = make_player("normal", 3)
    for _ in range(3):
        assert d.settle() == "human"
        d.perform(me.choose(d.session.decision(0)))
    assert d.settle() == "human"
    live = list(d.screen.movelog.rows)
    assert any(row[1] == "note" and ("3♦" in row[0] or "3♥" in row[0]) for row in live[:2])
    app = make_app(tmp_path)
    try:
        screen = TableScreen.from_session(app, GameSession.restore(d.session.snapshot()))
        app.show(screen)
        assert screen.movelog.rows == live
        screen.back()
        screen.dialog.close()
        screen._rules()
        app.show(screen)  # back from the rules: the same log, not told twice
        assert screen.movelog.rows == live
    finally:
        app.close()
