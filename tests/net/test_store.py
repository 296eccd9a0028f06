"""The server's tables on disk (issue 31): saved readable by the server's user only, loaded
back whole, and a file that does not load (garbage, another table's name, a tampered deal) is
left alone and never resumed, while the others are."""

from __future__ import annotations

import asyncio
import os
import stat

from game.net.messages import Create, new_code, new_token
from game.net.server import Server
from game.net.store import SavedTable, TableStore
from game.session import GameSession, SeatConfig


def _saved(moves: int = 6) -> SavedTable:
    seats = [SeatConfig("human", name="Ann"), SeatConfig("computer", level="easy")]
    session = GameSession("canasta", 2, seats=seats, seed=4)
    session.start_deal()
    session.play_computers(moves, seed=1)
    return SavedTable(code=new_code(), host_token=new_token(),
                      spec=Create(game="canasta", players=2, seed=4, level="easy"),
                      names=["Ann", ""], tokens=[new_token(), None], deal=1, asks=3,
                      session=session.snapshot())


def test_a_table_is_saved_for_its_user_only_and_loads_back(tmp_path):
    store = TableStore(tmp_path)
    saved = _saved()
    store.save(saved)
    path = store.path(saved.code)
    if os.name == "posix":
        assert stat.S_IMODE(path.stat().st_mode) == 0o600  # it holds the seat tokens
    assert store.load_all() == [saved]
    store.remove(saved.code)
    assert store.load_all() == []


def test_files_that_do_not_load_are_left_alone(tmp_path):
    store = TableStore(tmp_path)
    good = _saved()
    store.save(good)
    (tmp_path / "BBBBBB.json").write_text("not json")
    other = _saved()
    (tmp_path / "CCCCCC.json").write_text(other.model_dump_json())  # named for another code
    assert [t.code for t in store.load_all()] == [good.code]
    assert (tmp_path / "BBBBBB.json").exists()


def test_a_tampered_deal_is_not_resumed_and_the_others_are(tmp_path):
    store = TableStore(tmp_path)
    good, bad = _saved(), _saved()
    bad.session["deal"]["actions"][1] = "1 discard JK"  # not what was played
    store.save(good)
    store.save(bad)

    async def go():
        server = Server(store)
        n = server.resume()
        codes = set(server.tables)
        for t in server.tables.values():
            t.task.cancel()
        await asyncio.gather(*(t.task for t in server.tables.values()),
                             return_exceptions=True)
        return n, codes

    n, codes = asyncio.run(go())
    assert n == 1 and codes == {good.code}
    assert store.path(bad.code).exists()  # left for a person to look at


def test_a_lobby_is_saved_without_a_deal_and_resumed_waiting_for_its_start(tmp_path):
    """A table not started yet is saved with its seats (no deal): a restarted server holds
    its lobby again, every seat kept for its token's holder, and starts nothing by itself."""
    store = TableStore(tmp_path)
    lobby = SavedTable(code=new_code(), host_token=new_token(),
                       spec=Create(game="cassino", players=2, level="easy"),
                       names=["Ann", "Bo"], tokens=[new_token(), new_token()], host_seat=0,
                       deal=0, asks=0)
    store.save(lobby)
    assert store.load_all() == [lobby] and lobby.session is None

    async def go():
        server = Server(store)
        n = server.resume()
        table = server.tables[lobby.code]
        return n, table.started, table.task, table.tokens, table.lobby()

    n, started, task, tokens, info = asyncio.run(go())
    assert n == 1 and not started and task is None and tokens == lobby.tokens
    assert [(s.name, s.taken, s.connected) for s in info.seats] == [("Ann", True, False),
                                                                    ("Bo", True, False)]
