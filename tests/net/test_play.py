"""Whole deals over the network with real processes (issue 31): a ``cardtable serve`` process
and one client process per seat, each seat a computer player in its client, play a deal of
every game at its smallest and largest player count over 127.0.0.1. The actions and the
scores are those of the same deal played offline through ``play_deal`` from the same seed by
the same players; and a scan of every byte each client received finds no card of another
seat's hand, the stock, Canastone's packet or a Looking and Down down before it is shown."""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections import Counter
from dataclasses import dataclass, field

import pytest

from game.driver import play_deal
from game.engine.actions import format_action, parse_action
from game.engine.cards import format_card
from game.engine.events import HIDDEN
from game.engine.match import Match
from game.engine.registry import GAMES, get_game
from game.net.messages import Act, Join, Pass, dump, parse_server
from game.net.wire import events_to_wire, view_from_wire
from game.players.base import Decision
from game.players.registry import make_player
from tests.net.netutil import Host, client_args, env, run_clients, server_process

CONFIGS = [(name, n) for name in GAMES
           for n in sorted({get_game(name).info.player_counts[0],
                            get_game(name).info.player_counts[-1]})]
SEED = 31
# Deterministic levels only (Hard is bound to the clock): Easy and Normal in turn.
LEVEL = ("easy", "normal")
# A card's name as the wire writes it, standing alone (not inside a longer word).
CARD_RE = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9AJQK])[SHDC](?![0-9A-Za-z])|"
                     r"(?<![0-9A-Za-z])JK(?![0-9A-Za-z])")


def level_of(seat: int) -> str:
    return LEVEL[seat % 2]


def seed_of(seat: int) -> int:
    return 1000 + seat


@pytest.fixture(scope="module")
def server():
    with server_process() as url:
        yield url


@dataclass
class Offline:
    """The same deal on one machine: every state after each action (0: as dealt)."""

    scores: list[int]
    actions: list[str] = field(default_factory=list)
    states: list = field(default_factory=list)
    events: list = field(default_factory=list)
    dealt: list = field(default_factory=list)


def play_offline(rules: str, players: int) -> Offline:
    match = Match(get_game(rules), players, seed=SEED)
    state = match.start_deal()
    seats = [make_player(level_of(s), seed_of(s)) for s in range(players)]
    out = Offline([], states=[state.clone()], dealt=list(getattr(state, "deal_events", [])))

    def heard(seat, action, events) -> None:
        out.actions.append(format_action(action))
        out.events.append(events)
        out.states.append(state.clone())

    end = play_deal(state, seats, on_action=heard,
                    decide=lambda s: Decision.of(state, s, match.totals, match.options, 1000))
    assert end.error is None
    out.scores = state.deal_scores()
    return out


def secret_only(state, seat: int) -> set[str]:
    """The cards ``seat`` cannot have seen anywhere: every copy in another seat's hand (less
    the cards known from pile pickups), the stock, the packet, a down, or Cassino's deck."""
    total = Counter(state.setup.deck)
    secret: Counter = Counter()
    if hasattr(state, "hands"):  # Cassino
        for s, h in enumerate(state.hands):
            if s != seat:
                secret.update(h)
        secret.update(state.deck[state.pos:])
    else:
        for s in range(state.players):
            if s != seat:
                held = Counter({c: n for c, n in enumerate(state.hand[s]) if n})
                held.subtract(Counter(state.known[s]))
                secret.update(+held)
        secret.update(state.stock)
        secret.update(state.packet)
        for down in state.down or ():
            secret.update(down or ())
    return {format_card(c) for c, n in secret.items() if n >= total[c]}


def scan(lines: list[str], seat: int, off: Offline) -> tuple[int, int]:
    """Every frame seat ``seat`` received: a protocol frame, holding exactly what the seat may
    see at that point of the deal, naming no card it cannot have seen. Returns (frames,
    hidden cards received as '??')."""
    seq = 0
    hidden = 0
    leaks = []
    for raw in lines:
        msg = parse_server(raw)
        if msg.type == "deal":
            seq = 0
            seen = off.states[0].events_seen_by(off.dealt, seat)
            assert [e.model_dump() for e in msg.events] == events_to_wire(seen)
        elif msg.type == "events":
            seq = msg.seq
            assert msg.action == off.actions[seq - 1]
            seen = off.states[seq].events_seen_by(off.events[seq - 1], seat)
            assert [e.model_dump() for e in msg.events] == events_to_wire(seen)
            hidden += sum(c == HIDDEN for e in seen for c in e.cards)
        elif msg.type == "why":  # a server computer's move, told right after its events
            assert msg.seq == seq
            assert not seq or msg.seat == parse_action(off.actions[seq - 1]).seat
        elif msg.type == "your_move":
            st = off.states[seq]
            assert msg.seat == seat
            assert view_from_wire(msg.view) == st.view(seat)
            assert msg.legal == [format_action(a) for a in st.legal_actions(seat)]
        named = set(CARD_RE.findall(raw))
        leaked = named & secret_only(off.states[seq], seat)
        if leaked:
            leaks.append((msg.type, seq, sorted(leaked)))
    assert leaks == []
    return len(lines), hidden


async def _one_table(url: str, rules: str, players: int, folder):
    records = [folder / f"{rules}-{players}-seat{s}.jsonl" for s in range(players)]
    async with Host(url) as host:
        code = await host.create(game=rules, players=players, seed=SEED, deals=1)
        clients = asyncio.ensure_future(run_clients(
            [client_args(url, code, s, level_of(s), seed_of(s), records[s])
             for s in range(players)], timeout=120))
        await host.start_when_taken(players)
        over = await host.deal_over(timeout=120)
        return over, await clients, records


@pytest.fixture(scope="module")
def played(server, tmp_path_factory):
    """Every table of CONFIGS played at once on the one server (the tables are independent;
    at once, the processes' start-up and the round trips overlap)."""
    folder = tmp_path_factory.mktemp("wire")

    async def all_tables():
        return await asyncio.gather(*(_one_table(server, r, n, folder) for r, n in CONFIGS))

    return dict(zip(CONFIGS, asyncio.run(all_tables())))


@pytest.mark.parametrize("rules, players", CONFIGS)
def test_a_deal_over_the_network_is_the_offline_deal_and_leaks_nothing(
        played, rules, players):
    over, reports, records = played[rules, players]
    off = play_offline(rules, players)
    assert over.scores == off.scores and over.last
    assert [r["seat"] for r in reports] == list(range(players))
    for r in reports:
        assert r["actions"] == off.actions
        assert [d["scores"] for d in r["deals"]] == [off.scores]
    hidden = 0
    for s, path in enumerate(records):
        frames, h = scan(path.read_text(encoding="utf-8").splitlines(), s, off)
        assert frames > len(off.actions)
        hidden += h
    if rules != "cassino":
        assert hidden > 0  # other seats drew, and the scan saw those cards arrive as '??'


def replay_offline(rules: str, players: int, actions: list[str]) -> Offline:
    """The deal of seed SEED replayed through the engine from its actions (a deal whose
    computers are bound to the clock): every state after each action."""
    state = Match(get_game(rules), players, seed=SEED).start_deal()
    out = Offline([], states=[state.clone()], dealt=list(getattr(state, "deal_events", [])))
    for text in actions:
        out.events.append(state.apply(parse_action(text)))  # validated
        out.actions.append(text)
        out.states.append(state.clone())
    out.scores = state.deal_scores()
    return out


@pytest.mark.parametrize("rules, players, deadline",
                         [("canasta", 2, 60), ("looking-and-down", 3, 250)])
def test_the_servers_computers_explanations_leak_nothing(server, tmp_path, rules, players,
                                                          deadline):
    """Hard computers at the server (their explanations weigh moves with the cards they hold
    hidden) and one client process: every ``why`` frame the client received follows its
    move, and the scan of every byte finds no card the seat cannot have seen."""
    record = tmp_path / "seat0.jsonl"

    async def play():
        async with Host(server) as host:
            code = await host.create(game=rules, players=players, seed=SEED, deals=1,
                                     level="hard", deadline_ms=deadline)
            task = asyncio.ensure_future(run_clients(
                [client_args(server, code, 0, "normal", 5, record)], timeout=120))
            await host.start_when_taken(1)
            over = await host.deal_over(timeout=120)
            return over, await task

    over, (report,) = asyncio.run(play())
    off = replay_offline(rules, players, report["actions"])
    assert off.scores == over.scores
    lines = record.read_text(encoding="utf-8").splitlines()
    whys = [parse_server(x) for x in lines if '"type":"why"' in x]
    assert len(whys) >= len([a for a in off.actions if not a.startswith("0 ")]) // 2
    if rules == "canasta":  # Hard searched its discards: some weighed its hidden cards
        assert any(a.action is None for w in whys for a in w.alternatives)
    scan(lines, 0, off)


def test_the_scan_finds_a_leak():
    """The scan can fail: a frame naming another seat's card is caught."""
    off = play_offline("canasta", 2)
    st = off.states[0]
    theirs = next(iter(secret_only(st, 0)))
    frame = ('{"v":1,"type":"error","reason":"' + theirs + '","fatal":false}')
    with pytest.raises(AssertionError):
        scan([frame], 0, off)
    # ... and so is an explanation naming it (an alternative the computer held hidden)
    why = ('{"v":1,"type":"why","deal":1,"seq":0,"seat":1,"kind":"playouts","alternatives":'
           '[{"action":"1 discard ' + theirs + '","verb":"discard","gain":-3.5,"worlds":9,'
           '"hidden":false}]}')
    with pytest.raises(AssertionError):
        scan([why], 0, off)


def test_computers_fill_the_seats_nobody_took(server):
    """A table started with one client: the server's computers play the other seats, as
    GameSession seeds them, and the deal ends with the offline scores."""
    from game.session import GameSession, SeatConfig

    async def play():
        async with Host(server) as host:
            code = await host.create(game="cassino", players=4, seed=SEED, deals=1,
                                     level="easy")
            task = asyncio.ensure_future(run_clients(
                [client_args(server, code, 2, "normal", 5)]))
            await host.start_when_taken(1)
            over = await host.deal_over()
            return over, await task

    over, (report,) = asyncio.run(play())
    seats = [SeatConfig("computer", level="easy") for _ in range(4)]
    seats[2] = SeatConfig("human")
    session = GameSession("cassino", 4, seats=seats, seed=SEED)
    session.start_deal()
    player = make_player("normal", 5)
    play_deal(session.state, [session.bots.get(s) or player for s in range(4)],
              decide=session.decision, apply=session.apply)
    assert over.scores == report["deals"][0]["scores"] == session.match.deal_history[0]


def test_the_client_gives_one_line_for_a_wrong_code(server):
    async def go():
        return await asyncio.wait_for(asyncio.create_subprocess_exec(
            *client_args(server, "BBBBBB", 0, "easy", 1), stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env=env()
        ), 30)

    async def run():
        p = await go()
        out, err = await asyncio.wait_for(p.communicate(), 30)
        return p.returncode, err.decode()

    code, err = asyncio.run(run())
    assert code == 1
    assert err.strip() == "client: no table has that code"



@pytest.mark.parametrize("kept", ["token-file", "data-folder"])
def test_a_client_killed_mid_deal_rejoins_with_its_token_and_the_deal_ends(
        server, tmp_path, kept):
    """Seat 0's process is killed mid-deal; a computer plays the seat after the table's
    grace; a new process with the same token (kept in the file given, or by default in the
    user's data folder under the server, code and name) takes the seat back and plays on; the
    deal ends, and its actions replay legally from the seed to the same scores, every card
    accounted for. Seat 1 is the test's own connection, so that it can hold the table still
    while seat 0's new process starts."""
    from game.engine.actions import parse_action
    from game.net.client import default_token_file

    rules, players = "looking-and-down", 2
    token_file = tmp_path / "seat0.token"
    keep = ["--token-file", str(token_file)] if kept == "token-file" else []
    record = tmp_path / "seat0.jsonl"

    async def seat_one(gate: asyncio.Event, actions: list[str]):
        player = make_player("normal", 2)
        async with Host(server) as me:
            await me.ws.send(dump(Join(code=code_box[0], name="p1", seat=1)))
            while True:
                msg = await me.recv()
                if msg.type == "events":
                    actions.append(msg.action)
                elif msg.type == "your_move":
                    await asyncio.wait_for(gate.wait(), 60)
                    d = Decision(get_game(rules), players, 1, view_from_wire(msg.view),
                                 [parse_action(t) for t in msg.legal], list(msg.totals),
                                 frozenset(msg.options), msg.deadline_ms)
                    a = player.choose_optional(d) if msg.optional else player.choose(d)
                    await me.ws.send(dump(Pass(n=msg.n) if a is None
                                          else Act(n=msg.n, text=format_action(a))))
                elif msg.type in ("deal_over", "error"):
                    return msg

    code_box: list[str] = []

    async def play():
        async with Host(server) as host:
            code_box.append(await host.create(game=rules, players=players, seed=SEED, deals=1,
                                              wait_s=0.3))
            first = await asyncio.create_subprocess_exec(
                *client_args(server, code_box[0], 0, "normal", 1, record, keep),
                stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL,
                env=env())
            gate, actions = asyncio.Event(), []
            gate.set()
            one = asyncio.ensure_future(seat_one(gate, actions))
            await host.start_when_taken(players)
            for _ in range(500):  # until seat 0 has been asked a few times (bounded)
                if record.exists() and record.read_text().count('"your_move"') >= 5:
                    break
                await asyncio.sleep(0.02)
            first.kill()
            await asyncio.wait_for(first.wait(), 10)
            await host.until(lambda m: m.type == "lobby" and m.seats[0].computer)
            gate.clear()  # hold the table at seat 1's next turn
            if kept == "data-folder":
                assert default_token_file(server, code_box[0], "p0").is_file()
            again = asyncio.ensure_future(run_clients([client_args(
                server, code_box[0], 0, "normal", 1, None, keep)]))
            await host.until(lambda m: m.type == "lobby" and m.seats[0].connected)
            gate.set()
            over = await host.deal_over()
            return over, (await again)[0], await one, actions

    over, again, last, actions = asyncio.run(play())
    assert not token_file.exists()  # the table is over: the token goes
    assert not default_token_file(server, code_box[0], "p0").exists()
    assert last.type == "deal_over"
    assert again["seat"] == 0 and again["moves"] > 0
    state = Match(get_game(rules), players, seed=SEED).start_deal()
    for text in actions:
        state.apply(parse_action(text))  # validated
    assert state.is_over() and state.deal_scores() == over.scores == again["deals"][0]["scores"]
    assert state.check_invariants() == []


def test_the_server_killed_mid_deal_resumes_its_table_and_the_players_rejoin(tmp_path):
    """The server process is killed mid-deal (SIGKILL: no goodbye) and started again on the
    same port and tables folder: it resumes the table from its save, the two client processes
    reconnect with their seat tokens and play on beside the server's computer, and the deal
    ends; its actions replay legally from the seed to the same scores, every card accounted
    for, and the table's file is gone once it is over."""
    import subprocess
    import sys

    from game.engine.actions import parse_action
    from tests.net.netutil import ROOT, TIMEOUT

    rules, players = "looking-and-down", 3
    tables = tmp_path / "tables"
    record = tmp_path / "seat0.jsonl"

    def start_server(port: int):
        proc = subprocess.Popen([sys.executable, "-m", "game", "serve", "--host", "127.0.0.1",
                                 "--port", str(port), "--tables", str(tables)],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                env=env(), cwd=ROOT)
        line = proc.stdout.readline()  # the server prints it at once, or exits
        assert line.startswith("serving on ws://127.0.0.1:"), line
        return proc, line.split()[-1]

    first, url = start_server(0)
    second = None
    try:
        async def play():
            nonlocal second
            async with Host(url) as host:
                code = await host.create(game=rules, players=players, seed=SEED, deals=1,
                                         wait_s=20)
                clients = asyncio.ensure_future(run_clients(
                    [client_args(url, code, s, "normal", seed_of(s),
                                 record if s == 0 else None, ["--reconnect", "30"])
                     for s in range(2)], timeout=TIMEOUT))
                await host.start_when_taken(2)  # seat 2: the server's computer
                for _ in range(500):  # until seat 0 has been asked a few times (bounded)
                    if record.exists() and record.read_text().count('"your_move"') >= 4:
                        break
                    await asyncio.sleep(0.02)
                first.kill()
                first.wait(10)
                saved = json.loads((tables / f"{code}.json").read_text(encoding="utf-8"))
                assert not saved["session"]["scored"]  # killed in the middle of the deal
                assert saved["session"]["deal"]["actions"]
                second, again = start_server(int(url.rsplit(":", 1)[1]))
                assert again == url
                return await clients

        reports = asyncio.run(play())
        assert second is not None
        deadline = 50  # the table's file goes once the deal is over (bounded wait)
        while list(tables.glob("*.json")) and deadline:
            time.sleep(0.1)
            deadline -= 1
        assert list(tables.glob("*.json")) == []
    finally:
        for p in (first, second):
            if p is not None and p.poll() is None:
                p.kill()
                p.wait(10)
    a, b = reports
    assert a["deals"] == b["deals"] and len(a["deals"]) == 1
    assert a["actions"] == b["actions"]
    state = Match(get_game(rules), players, seed=SEED).start_deal()
    for text in a["actions"]:
        state.apply(parse_action(text))  # validated
    assert state.is_over() and state.deal_scores() == a["deals"][0]["scores"]
    assert state.check_invariants() == []


GAME_CONFIGS = [(name, 4) for name in GAMES]


def play_offline_game(rules: str, players: int) -> list[list[int]]:
    """A whole game on one machine, the same players deal after deal: each deal's scores."""
    match = Match(get_game(rules), players, seed=SEED)
    seats = [make_player(level_of(s), seed_of(s)) for s in range(players)]
    for _ in range(200):
        if match.over:
            break
        state = match.start_deal()
        end = play_deal(state, seats,
                        decide=lambda s, st=state: Decision.of(st, s, match.totals,
                                                                match.options, 1000))
        assert end.error is None
        match.finish_deal()
    assert match.over
    return match.deal_history


@pytest.mark.skipif(not __import__("os").environ.get("CARDTABLE_NET_GAMES"),
                    reason="whole games take a minute or more: CARDTABLE_NET_GAMES=1")
def test_four_players_on_four_processes_finish_a_game_of_each_kind(server):
    """Issue 31's "done": four client processes finish a whole game of each kind through the
    server, each deal scoring as the same game played offline."""

    async def one(rules: str, players: int):
        async with Host(server) as host:
            code = await host.create(game=rules, players=players, seed=SEED)
            clients = asyncio.ensure_future(run_clients(
                [client_args(server, code, s, level_of(s), seed_of(s)) for s in range(players)],
                timeout=600))
            await host.start_when_taken(players)
            return await clients

    async def all_games():
        return await asyncio.gather(*(one(r, n) for r, n in GAME_CONFIGS))

    results = dict(zip(GAME_CONFIGS, asyncio.run(all_games())))
    for (rules, players), reports in results.items():
        offline = play_offline_game(rules, players)
        for r in reports:
            assert [d["scores"] for d in r["deals"]] == offline, rules
