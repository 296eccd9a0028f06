"""Untrusted input at a live table (issue 31): a malformed, foreign or oversized frame, a wrong
code or token, a move out of turn or against the rules is refused with a one-line reason and
the table plays on undisturbed; a client that floods is slowed, then closed; a player whose
connection drops keeps the seat (a computer plays it after the table's grace) and takes it
back with the seat token. The server runs in the test's event loop, on 127.0.0.1."""

from __future__ import annotations

import asyncio
import contextlib
import doctest
import json

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

import game.net.messages
import game.net.server
from game.engine.actions import format_action, parse_action
from game.engine.match import Match
from game.engine.registry import get_game
from game.net.messages import (
    MAX_CLIENT_FRAME,
    MAX_SERVER_FRAME,
    Act,
    Create,
    Join,
    Pass,
    Start,
    dump,
    parse_server,
)
from game.net.server import serve_forever
from game.net.wire import view_from_wire
from game.players.base import Decision
from game.players.registry import make_player

TIMEOUT = 20.0


@contextlib.asynccontextmanager
async def live_server(server=None):
    loop = asyncio.get_running_loop()
    port = loop.create_future()
    stop = loop.create_future()
    task = asyncio.create_task(serve_forever("127.0.0.1", 0, port.set_result, stop,
                                             server=server))
    try:
        yield f"ws://127.0.0.1:{await asyncio.wait_for(port, TIMEOUT)}"
    finally:
        stop.set_result(None)
        await asyncio.wait_for(task, TIMEOUT)


class Conn:
    """A raw connection that keeps every frame it receives."""

    def __init__(self, ws) -> None:
        self.ws = ws
        self.seen: list = []

    @classmethod
    async def open(cls, url: str) -> Conn:
        return cls(await connect(url, max_size=MAX_SERVER_FRAME, proxy=None,
                                 compression=None, open_timeout=TIMEOUT))

    async def send(self, msg) -> None:
        await self.ws.send(msg if isinstance(msg, str | bytes) else dump(msg))

    async def until(self, *types: str):
        while True:
            msg = parse_server(await asyncio.wait_for(self.ws.recv(), TIMEOUT))
            self.seen.append(msg)
            if msg.type in types:
                return msg


async def _table(url: str, players: int = 2, game: str = "canasta", seed: int = 9, **spec):
    host = await Conn.open(url)
    await host.send(Create(game=game, players=players, seed=seed, deals=1, **spec))
    created = await host.until("created")
    return host, created.code, created.host_token


async def _seated(url: str, code: str, seat: int) -> tuple[Conn, str]:
    c = await Conn.open(url)
    await c.send(Join(code=code, name=f"p{seat}", seat=seat))
    joined = await c.until("joined", "error")
    assert joined.type == "joined", joined
    return c, joined.token


def _decision(game: str, players: int, msg) -> Decision:
    return Decision(get_game(game), players, msg.seat, view_from_wire(msg.view),
                    [parse_action(t) for t in msg.legal], list(msg.totals),
                    frozenset(msg.options), msg.deadline_ms)


async def _answer(c: Conn, player, game: str, players: int, msg) -> None:
    d = _decision(game, players, msg)
    action = player.choose_optional(d) if msg.optional else player.choose(d)
    await c.send(Pass(n=msg.n) if action is None else Act(n=msg.n, text=format_action(action)))


async def _play_out(c: Conn, player, game: str, players: int):
    """Answer every question until the deal is over; the deal_over frame."""
    while True:
        msg = await c.until("your_move", "deal_over", "error", "refused")
        if msg.type == "your_move":
            await _answer(c, player, game, players, msg)
        else:
            return msg


def test_bad_frames_are_refused_in_one_line_and_the_table_plays_on():
    bad = ["", "not json", "[]", "null", '{"type": "nope"}', '{"type": "pass"}',
           '{"type": "pass", "n": 1, "extra": 1}', '{"type": "pass", "v": 2, "n": 1}',
           '{"type": "join", "code": "AEIOU1", "name": "x"}',
           '{"type": "action", "n": -1, "text": "0 draw"}',
           '{"type": "join", "code": "BBBBBB", "name": ""}',
           json.dumps({"type": "action", "n": 1, "text": "x" * 401}),
           b"\x00\x01binary"]

    async def go():
        async with live_server() as url:
            host, code, token = await _table(url)
            a, _ = await _seated(url, code, 0)
            b, _ = await _seated(url, code, 1)
            await host.send(Start(code=code, host_token=token))
            reasons = []
            for frame in bad:
                await a.send(frame)
                err = await a.until("error")
                assert not err.fatal
                reasons.append(err.reason)
            # the table is undisturbed: both seats play the deal to its end
            results = await asyncio.gather(
                _play_out(a, make_player("normal", 1), "canasta", 2),
                _play_out(b, make_player("normal", 2), "canasta", 2))
            return reasons, results

    reasons, results = asyncio.run(go())
    assert all(r and "\n" not in r and len(r) <= 200 for r in reasons)
    assert "this side speaks protocol version 1 only" in reasons
    assert "frames are JSON text, not binary" in reasons
    assert [r.type for r in results] == ["deal_over", "deal_over"]


def test_moves_out_of_turn_or_against_the_rules_are_refused_with_the_engines_reason():
    async def go():
        async with live_server() as url:
            host, code, token = await _table(url)
            a, _ = await _seated(url, code, 0)
            b, _ = await _seated(url, code, 1)
            await host.send(Start(code=code, host_token=token))
            first = await asyncio.wait_for(_first_ask(a, b), TIMEOUT)
            asked, other = (a, b) if first[0] is a else (b, a)
            msg = first[1]
            out = {}
            await other.send(Act(n=msg.n, text=f"{1 - msg.seat} draw"))
            out["other"] = (await other.until("refused")).reason
            await asked.send(Act(n=msg.n + 5, text=f"{msg.seat} draw"))
            out["stale"] = (await asked.until("refused")).reason
            await asked.send(Act(n=msg.n, text=f"{1 - msg.seat} draw"))
            out["seat"] = (await asked.until("refused")).reason
            await asked.send(Act(n=msg.n, text=f"{msg.seat} discard"))
            out["notation"] = (await asked.until("refused")).reason
            await asked.send(Act(n=msg.n, text=f"{msg.seat} discard 5H"))
            illegal = await asked.until("refused")
            out["rules"] = (illegal.reason, illegal.key)
            await asked.send(Pass(n=msg.n))
            out["pass"] = (await asked.until("refused")).reason
            await asked.send(Act(n=msg.n, text=msg.legal[0]))
            out["applied"] = (await asked.until("applied")).text
            return out

    out = asyncio.run(go())
    assert out["other"] == "it is not your move"
    assert out["stale"].startswith("that answers ask")
    assert out["seat"].startswith("you play seat")
    assert "takes exactly one card" in out["notation"]
    reason, key = out["rules"]
    assert reason and key  # the engine's reason, translatable by its key
    assert out["pass"] == "this move may not be passed"
    assert out["applied"].endswith("draw")


async def _first_ask(a: Conn, b: Conn):
    ta = asyncio.ensure_future(a.until("your_move"))
    tb = asyncio.ensure_future(b.until("your_move"))
    done, pending = await asyncio.wait({ta, tb}, return_when=asyncio.FIRST_COMPLETED)
    for t in pending:
        t.cancel()
    t = done.pop()
    return (a if t is ta else b), t.result()


def test_wrong_codes_tokens_and_host_tokens_change_nothing():
    async def go():
        async with live_server() as url:
            host, code, token = await _table(url)
            a, _ = await _seated(url, code, 0)
            out = {}
            c = await Conn.open(url)
            await c.send(Join(code=code, name="x", token="0" * 32))
            out["token"] = (await c.until("error")).reason
            await c.send(Join(code=code, name="x", seat=0))
            out["taken"] = (await c.until("error")).reason
            await c.send(Join(code=code, name="x", seat=5))
            out["no seat"] = (await c.until("error")).reason
            await c.send(Start(code=code, host_token="f" * 32))
            out["host"] = (await c.until("error")).reason
            guesser = await Conn.open(url)
            for _ in range(game.net.messages.MAX_WRONG_CODES):
                await guesser.send(Join(code="BBBBBB" if code != "BBBBBB" else "CCCCCC",
                                        name="g"))
            last = await guesser.until("error")
            while not last.fatal:
                last = await guesser.until("error")
            out["guesses"] = last.reason
            with pytest.raises(ConnectionClosed):
                await guesser.until("error")
            # the table is as it was: seat 0 still a's, seat 1 free
            await host.send(Join(code=code, name="h", seat=1))
            lobby = await host.until("lobby")
            while sum(s.taken for s in lobby.seats) < 2:
                lobby = await host.until("lobby")
            out["names"] = [s.name for s in lobby.seats]
            return out

    out = asyncio.run(go())
    assert out["token"] == "that seat token is not one of this table's"
    assert out["taken"] == "seat 0 is taken"
    assert out["no seat"] == "the table has seats 0 to 1"
    assert out["host"] == "that is not this table's host token"
    assert out["guesses"] == "too many wrong table codes"
    assert out["names"] == ["p0", "h"]


def test_an_oversized_frame_closes_that_connection_only():
    async def go():
        async with live_server() as url:
            host, code, token = await _table(url, game="cassino")
            a, _ = await _seated(url, code, 0)
            b, _ = await _seated(url, code, 1)
            await host.send(Start(code=code, host_token=token))
            huge = Conn(await connect(url, max_size=None, proxy=None, compression=None))
            await huge.send("x" * (MAX_CLIENT_FRAME + 1))
            with pytest.raises(ConnectionClosed) as closed:
                await huge.until("error")
            results = await asyncio.gather(
                _play_out(a, make_player("normal", 1), "cassino", 2),
                _play_out(b, make_player("normal", 2), "cassino", 2))
            return closed.value.rcvd.code, results

    code, results = asyncio.run(go())
    assert code == 1009  # "message too big"
    assert [r.type for r in results] == ["deal_over", "deal_over"]


def test_a_flooding_client_is_slowed_then_closed(monkeypatch):
    monkeypatch.setattr(game.net.server, "RATE", 20.0)  # 50 ms a frame, even when busy
    monkeypatch.setattr(game.net.server, "BURST", 5)
    monkeypatch.setattr(game.net.server, "MAX_SLOWED", 20)

    async def go():
        async with live_server() as url:
            c = await Conn.open(url)
            frames = []

            async def read():
                with contextlib.suppress(ConnectionClosed):
                    while True:
                        frames.append(parse_server(await c.ws.recv()))

            reader = asyncio.ensure_future(read())
            with contextlib.suppress(ConnectionClosed):
                for _ in range(500):
                    await c.send('{"type": "pass", "n": 1}')
            await asyncio.wait_for(reader, TIMEOUT)
            return frames

    frames = asyncio.run(go())
    assert frames[-1].type == "error" and frames[-1].fatal
    assert frames[-1].reason == "too many frames"
    answered = [f for f in frames if f.type == "refused"]
    assert 5 <= len(answered) < 500  # the burst and the slowed ones, then closed


def test_a_seat_that_never_answers_cannot_stall_the_table():
    """A connected client that reads nothing and answers nothing: after the table's move time
    a computer makes each of its moves, and the deal ends."""

    async def go():
        async with live_server() as url:
            host, code, token = await _table(url, game="cassino", move_s=0.05)
            a = Conn(await connect(url, max_size=MAX_SERVER_FRAME, proxy=None,
                                   compression=None, open_timeout=TIMEOUT))
            await a.send(Join(code=code, name="mute", seat=0))
            b, _ = await _seated(url, code, 1)
            a.ws.transport.pause_reading()  # a reads nothing from now on
            await host.send(Start(code=code, host_token=token))
            over = await _play_out(b, make_player("normal", 2), "cassino", 2)
            a.ws.transport.abort()  # (it would not answer the close either)
            return over

    assert asyncio.run(go()).type == "deal_over"


def test_an_out_of_turn_question_nobody_answers_passes_after_the_tables_time():
    """LD-10: a frozen-in-time seat that says nothing when asked whether it melds out of
    turn lets the moment pass after the table's ``optional_s`` (no computer moves for it):
    it is told so (``applied`` pass), the server counts the question as run out, and the
    deal ends."""
    from game.net.server import Server

    server = Server()

    async def go():
        async with live_server(server) as url:
            host, code, token = await _table(url, players=3, game="looking-and-down",
                                             seed=31, level="normal", optional_s=0.05)
            table = server.tables[code]
            a, _ = await _seated(url, code, 0)
            await host.send(Start(code=code, host_token=token))
            player = make_player("normal", 9)  # this seed's deal: frozen in time twice
            optional, passed = [], []
            while True:
                msg = await a.until("your_move", "deal_over", "applied")
                if msg.type == "deal_over":
                    return msg, optional, passed, table.timeouts
                if msg.type == "applied":
                    if msg.text == "pass":
                        passed.append(msg.n)
                elif msg.optional:
                    optional.append(msg.n)  # never answered
                else:
                    await _answer(a, player, "looking-and-down", 3, msg)

    over, optional, passed, timeouts = asyncio.run(go())
    assert over.type == "deal_over"
    assert optional and passed == optional and timeouts == len(optional)


def test_a_dropped_player_keeps_the_seat_and_takes_it_back_with_the_token():
    """Seat 0 drops mid-turn; after the table's grace a computer plays it; the player rejoins
    with its token and plays on; the deal ends and its actions replay legally from the
    seed to the same scores, every card accounted for."""

    async def go():
        async with live_server() as url:
            host, code, token = await _table(url, game="canasta", wait_s=0.2)
            a, seat_token = await _seated(url, code, 0)
            b, _ = await _seated(url, code, 1)
            await host.send(Start(code=code, host_token=token))
            pa, pb = make_player("normal", 1), make_player("normal", 2)
            b_task = asyncio.ensure_future(_play_out(b, pb, "canasta", 2))
            for _ in range(3):  # a few moves, then drop while asked
                msg = await a.until("your_move")
                await _answer(a, pa, "canasta", 2, msg)
            await a.until("your_move")
            await a.ws.close()
            lobby = await host.until("lobby")
            while not lobby.seats[0].computer:
                lobby = await host.until("lobby")
            a2 = await Conn.open(url)
            await a2.send(Join(code=code, name="p0", token=seat_token))
            joined = await a2.until("joined")
            over_a = await _play_out(a2, pa, "canasta", 2)
            over_b = await b_task
            actions = [m.action for m in b.seen if m.type == "events"]
            return joined.seat, over_a, over_b, actions

    seat, over_a, over_b, actions = asyncio.run(go())
    assert seat == 0
    assert over_a.type == over_b.type == "deal_over"
    state = Match(get_game("canasta"), 2, seed=9).start_deal()
    for text in actions:
        state.apply(parse_action(text))  # validated
    assert state.is_over() and state.deal_scores() == over_b.scores
    assert state.check_invariants() == []


def test_a_table_nobody_started_goes_when_everyone_has_left():
    async def go():
        async with live_server() as url:
            host, code, _ = await _table(url)
            a, _ = await _seated(url, code, 0)
            await host.ws.close()
            probe = await Conn.open(url)
            await probe.send(Join(code=code, name="x"))
            still = (await probe.until("joined", "error")).type
            await a.ws.close()
            await probe.ws.close()
            for _ in range(100):  # the server hears the close (bounded)
                late = await Conn.open(url)
                await late.send(Join(code=code, name="y"))
                reply = await late.until("joined", "error")
                await late.ws.close()
                if reply.type == "error":
                    return still, reply.reason
                await asyncio.sleep(0.02)
            return still, "still there"

    assert asyncio.run(go()) == ("joined", "no table has that code")


def test_the_server_says_hello_first():
    async def go():
        async with live_server() as url:
            c = await Conn.open(url)
            return parse_server(await asyncio.wait_for(c.ws.recv(), TIMEOUT))

    hello = asyncio.run(go())
    assert hello.type == "hello" and hello.protocol == 1 and hello.max_frame == MAX_CLIENT_FRAME
    assert hello.program.startswith("cardtable ")


def test_the_module_examples_hold():
    assert doctest.testmod(game.net.messages).failed == 0


def test_an_explanation_that_is_not_a_frame_never_stops_the_table(monkeypatch):
    """A computer's explanation the protocol cannot carry (here: too many alternatives) is
    left out with a line in the log; the table plays on to the deal's end."""
    from game.net.messages import MAX_WHY

    real = game.net.server.why_to_wire

    def too_many(e, viewer):
        fields = real(e, viewer)
        alt = {"action": None, "verb": "trail", "gain": 0.0, "worlds": 1, "hidden": True}
        return {**fields, "alternatives": [alt] * (MAX_WHY + 1)}

    monkeypatch.setattr(game.net.server, "why_to_wire", too_many)

    async def go():
        async with live_server() as url:
            host, code, token = await _table(url, game="cassino", level="easy")
            a, _ = await _seated(url, code, 0)
            await host.send(Start(code=code, host_token=token))
            over = await _play_out(a, make_player("normal", 2), "cassino", 2)
            return over, [m.type for m in a.seen]

    over, seen = asyncio.run(go())
    assert over.type == "deal_over" and "why" not in seen and "events" in seen
