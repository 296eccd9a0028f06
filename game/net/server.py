"""The table server: it holds the engine, asks each seat for its move, and tells each client
only what its seat may see (issue 31; the protocol in game.net.messages, docs/network.md).

One asyncio process holds any number of tables, each a :class:`Table` with its own code. A
table is a :class:`~game.session.GameSession` driven deal after deal by the deal driver
(game.driver): the seat asked is sent its view and legal actions (:class:`YourMove`) and
answers with an action in the notation, which the engine applies or refuses with its reason;
a seat nobody took is played by a computer at the server, as is a seat whose player has been
away longer than the table's grace. Every seat is sent the events of each action as that seat
sees them (``events_seen_by``); nobody is sent another seat's view.

Untrusted input: frames are size-limited by the transport (``max_size``) and validated whole
(game.net.messages); a wrong code, a wrong token, an action out of turn or a malformed frame is
answered with a one-line reason and changes nothing at any table; a client sending frames
faster than :data:`RATE` a second is slowed, then closed.

With a tables folder (game.net.store) every started table is saved after each action, before
anyone hears of it, and a table not started yet after each change of its seats; a server that
starts resumes the tables saved there (a lobby waits again for its host's Start).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import ssl
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.driver import MAX_ACTIONS, Ask, DealDriver
from game.engine.actions import Action, format_action, parse_action
from game.engine.errors import CardTableError
from game.net.messages import (
    MAX_CLIENT_FRAME,
    MAX_WRONG_CODES,
    Act,
    Applied,
    Catchup,
    Create,
    Created,
    DealOver,
    DealStart,
    Error,
    Events,
    FrameError,
    Hello,
    Join,
    Joined,
    Lobby,
    Msg,
    Pass,
    Refused,
    SeatInfo,
    Start,
    Why,
    WireEvent,
    YourMove,
    dump,
    new_code,
    new_token,
    one_line,
    parse_client,
    reason_params,
)
from game.net.store import SavedTable, TableStore
from game.net.wire import events_to_wire, table_to_wire, view_to_wire, why_to_wire
from game.players.base import Decision, Player
from game.players.registry import LEVELS, make_player
from game.safetext import has_unsafe

log = logging.getLogger(__name__)

MAX_TABLES = 2000
RATE = 20.0  # frames a second a client may send, on average
BURST = 40  # ... and in a burst
MAX_SLOWED = 200  # frames in a row over the rate before the connection is closed
SEND_TIMEOUT = 10.0  # seconds a frame may wait for a client to read before it is cut off
PLAYABLE_LEVELS = ("easy", "normal", "hard", "simple")
_DROPPED = object()  # a pending ask's answer when its seat's connection closed


class Client:
    """One connection: at most one table, as its host and/or as one seat."""

    def __init__(self, ws: ServerConnection) -> None:
        self.ws = ws
        self.table: Table | None = None
        self.seat: int | None = None
        self.wrong_codes = 0
        self.allow = float(BURST)
        self.last = time.monotonic()
        self.slowed = 0
        self.views = False  # a window: deals and actions bring the seat's table (Join.views)

    async def send(self, msg: Msg) -> None:
        """Send, or cut off a client that does not read (it would stall its table)."""
        try:
            async with asyncio.timeout(SEND_TIMEOUT):  # (no task a frame, as wait_for makes)
                await self.ws.send(dump(msg))
        except ConnectionClosed:
            pass
        except TimeoutError:
            log.info("a client read nothing for %g s: closed", SEND_TIMEOUT)
            self.ws.transport.abort()

    async def shut(self, code: int, reason: str) -> None:
        """Refuse the client for good: the reason as an error frame, then the close (not waited
        for long: a flooding client's close frame may sit behind its unread frames)."""
        await self.send(Error(reason=reason, fatal=True))
        try:
            await asyncio.wait_for(self.ws.close(code, reason), 1.0)
        except TimeoutError:
            self.ws.transport.abort()

    async def throttle(self) -> bool:
        """Slow a client that sends too fast (False: close it, it kept on)."""
        now = time.monotonic()
        self.allow = min(float(BURST), self.allow + (now - self.last) * RATE) - 1
        self.last = now
        if self.allow >= 0:
            self.slowed = 0
            return True
        self.slowed += 1
        if self.slowed > MAX_SLOWED:
            return False
        await asyncio.sleep(-self.allow / RATE)
        return True


@dataclass
class Pending:
    """A question sent to a seat's client and not yet answered."""

    n: int
    ask: Ask
    message: YourMove
    answer: asyncio.Future = field(default_factory=lambda: asyncio.get_running_loop()
                                   .create_future())


class Table:
    def __init__(self, server: Server, code: str, spec: Create) -> None:
        self.server = server
        self.code = code
        self.spec = spec
        self.host_token = new_token()
        n = spec.players
        self.names = [""] * n
        self.tokens: list[str | None] = [None] * n
        self.clients: list[Client | None] = [None] * n
        self.away_since: list[float | None] = [None] * n
        self.back = [asyncio.Event() for _ in range(n)]  # set when the seat's player rejoins
        self.watchers: set[Client] = set()  # the host's connection(s): the lobby, the scores
        self.host_seat: int | None = None  # the seat the table's creator took (its window's)
        self.session: Any = None  # the GameSession, once started
        self.standins: dict[int, Player] = {}  # computers playing for away players
        self.pending: dict[int, Pending] = {}
        self.explained: Any = None  # why a computer made the move being applied (explain.py)
        self.timeouts = 0  # questions whose time ran out (a move's, or an out-of-turn moment's)
        self.asks = 0
        self.deal = 0
        self.seq = 0
        self.task: asyncio.Task | None = None
        self.closed = False

    # ---- the lobby ------------------------------------------------------------------------
    @property
    def started(self) -> bool:
        return self.session is not None

    def lobby(self) -> Lobby:
        seats = [SeatInfo(name=self.names[s], taken=self.tokens[s] is not None,
                          connected=self.clients[s] is not None,
                          computer=self.computer_plays(s))
                 for s in range(self.spec.players)]
        return Lobby(code=self.code, game=self.spec.game, players=self.spec.players,
                     options=sorted(self.spec.options), started=self.started, seats=seats)

    def everyone(self) -> set[Client]:
        return self.watchers | {c for c in self.clients if c is not None}

    async def tell_lobby(self) -> None:
        msg = self.lobby()
        for c in self.everyone():
            await c.send(msg)

    def computer_plays(self, seat: int) -> bool:
        if self.tokens[seat] is None:
            return self.started
        away = self.away_since[seat]
        return away is not None and time.monotonic() - away >= self.spec.wait_s

    async def join(self, client: Client, msg: Join) -> None:
        if msg.token is not None:
            seat = next((s for s, t in enumerate(self.tokens)
                         if t is not None and secrets.compare_digest(t, msg.token)), None)
            if seat is None:
                await client.send(Error(reason="that seat token is not one of this table's"))
                return
        elif self.started:
            await client.send(Error(reason="the table has started; its free seats are "
                                           "played by computers", key="started"))
            return
        elif msg.seat is not None:
            if msg.seat >= self.spec.players:
                await client.send(Error(reason=f"the table has seats 0 to "
                                               f"{self.spec.players - 1}", key="no_seat"))
                return
            if self.tokens[msg.seat] is not None:
                await client.send(Error(reason=f"seat {msg.seat} is taken", key="seat_taken"))
                return
            seat = msg.seat
        else:
            seat = next((s for s, t in enumerate(self.tokens) if t is None), None)
            if seat is None:
                await client.send(Error(reason="every seat is taken", key="full"))
                return
        if has_unsafe(msg.name) or not msg.name.strip():
            await client.send(Error(reason="a name is letters, digits and spaces"))
            return
        if client.table is not None and client.table is not self:
            await client.send(Error(reason="this connection is at another table"))
            return
        if client.seat is not None and client.seat != seat:
            await client.send(Error(reason=f"this connection already has seat {client.seat}"))
            return
        old = self.clients[seat]
        if old is not None and old is not client:
            old.seat = None
            await old.shut(1000, "your seat was taken back with its token elsewhere")
        token = self.tokens[seat] or new_token()
        self.tokens[seat] = token
        if self.host_seat is None and client in self.watchers and not self.started:
            self.host_seat = seat  # the host's program finds its seat here after a restart
        self.names[seat] = msg.name.strip()
        self.clients[seat] = client
        self.away_since[seat] = None
        client.table, client.seat = self, seat
        client.views = msg.views
        self.standins.pop(seat, None)
        self.save_lobby()
        await client.send(Joined(code=self.code, seat=seat, token=token, game=self.spec.game,
                                 players=self.spec.players, options=sorted(self.spec.options)))
        if self.started and self.session.state is not None and self.deal:
            await client.send(self.catchup(client, seat))
        await self.tell_lobby()
        self.back[seat].set()
        pending = self.pending.get(seat)
        if pending is not None and not pending.answer.done():
            # asked while the connection was changing: ask again (a question its drop
            # already answered is asked anew, with a new number, by ``move``)
            await client.send(pending.message)

    def catchup(self, client: Client, seat: int) -> Catchup:
        """The deal so far for a seat that (re)joins: its actions, and the deal's events and
        each action's as the seat sees them (a window's move log from the deal's start)."""
        s = self.session
        dealt, moves = s.events_so_far() if client.views else ([], [])
        return Catchup(deal=self.deal, actions=list(s.history), table=self._table(client, seat),
                       dealt=_wire_events(s.state.events_seen_by(dealt, seat)),
                       events=[_wire_events(s.state.events_seen_by(e, seat)) for e in moves])

    async def left(self, client: Client) -> None:
        if self.server.stopping:  # the server closes the connections: nobody left the table
            return
        seat = client.seat
        self.watchers.discard(client)
        if not self.started and not self.everyone() - {client}:
            # nobody is left at a table that never started: it goes (codes are not hoarded)
            self.server.forget(self.code)
            return
        if seat is None or self.clients[seat] is not client:
            return
        self.clients[seat] = None
        if not self.started and not self.closed:  # before the start, the seat is free again
            self.tokens[seat] = None
            self.names[seat] = ""
            if self.host_seat == seat:
                self.host_seat = None
            self.save_lobby()
        else:
            self.away_since[seat] = time.monotonic()
            self.back[seat].clear()
            pending = self.pending.get(seat)
            if pending is not None and not pending.answer.done():
                pending.answer.set_result(_DROPPED)
        if not self.closed:
            await self.tell_lobby()

    async def start(self, client: Client, msg: Start) -> None:
        if not secrets.compare_digest(msg.host_token, self.host_token):
            await client.send(Error(reason="that is not this table's host token"))
            return
        if client.table not in (None, self):
            await client.send(Error(reason="this connection is at another table"))
            return
        if self.started:
            await client.send(Error(reason="the table has started"))
            return
        from game.engine.deals import random_number
        from game.session import GameSession, SeatConfig

        spec = self.spec
        seats = [SeatConfig("human", name=self.names[s]) if self.tokens[s] is not None
                 else SeatConfig("computer", level=spec.level) for s in range(spec.players)]
        if spec.seed is None:
            self.session = GameSession(spec.game, spec.players, seats=seats,
                                       options=frozenset(spec.options),
                                       number=random_number(), deadline_ms=spec.deadline_ms)
        else:
            self.session = GameSession(spec.game, spec.players, seats=seats,
                                       options=frozenset(spec.options), seed=spec.seed,
                                       deadline_ms=spec.deadline_ms)
        self.watchers.add(client)
        client.table = self
        await self.tell_lobby()
        self.task = asyncio.create_task(self.run())

    # ---- the game -------------------------------------------------------------------------
    async def run(self, resume: bool = False) -> None:
        try:
            await self._play(resume)
            if self.server.store is not None:  # played to its end: nothing to resume
                self.server.store.remove(self.code)
        except Exception:  # a table's failure closes that table, never the server
            log.exception("table %s failed", self.code)
            for c in self.everyone():
                await c.send(Error(reason="the table stopped on an internal error", fatal=True))
        finally:
            self.closed = True
            self.server.tables.pop(self.code, None)

    # ---- saved and resumed ----------------------------------------------------------------
    def saved(self) -> SavedTable:
        return SavedTable(code=self.code, host_token=self.host_token, spec=self.spec,
                          names=list(self.names), tokens=list(self.tokens),
                          host_seat=self.host_seat, deal=self.deal, asks=self.asks,
                          session=self.session.snapshot() if self.started else None)

    def save_lobby(self) -> None:
        """Save a table not started yet (its seats' names and tokens, the host's seat): a
        restarted server holds its lobby again, and the host's program offers it. Written at
        once on the loop (a lobby's file is small), so that the next change, or the table's
        going, always comes after it."""
        store = self.server.store
        if store is None or self.started or self.closed or self.server.stopping:
            return
        try:
            store.save(self.saved())
        except OSError as e:  # a full disk costs the resume, never the lobby
            log.warning("table %s not saved: %s", self.code, e)

    async def save(self) -> None:
        """Save the table (after every action): a restarted server resumes it from here."""
        store = self.server.store
        if store is None:
            return
        try:
            await asyncio.to_thread(store.save, self.saved())
        except OSError as e:  # a full disk costs the resume, never the game
            log.warning("table %s not saved: %s", self.code, e)

    @classmethod
    def resumed(cls, server: Server, saved: SavedTable) -> Table:
        """A saved table, its players away until they rejoin with their tokens."""
        from game.session import GameSession

        t = cls(server, saved.code, saved.spec)
        n = saved.spec.players
        if len(saved.names) != n or len(saved.tokens) != n:
            raise ValueError("the seats do not match the table")
        t.host_token = saved.host_token
        t.host_seat = saved.host_seat
        t.names = list(saved.names)
        t.tokens = list(saved.tokens)
        t.deal, t.asks = saved.deal, saved.asks
        if saved.session is not None:  # else a lobby: the host starts it as before
            t.session = GameSession.restore(saved.session)  # every action checked by the engine
        now = time.monotonic()
        t.away_since = [now if tok is not None else None for tok in t.tokens]
        return t

    async def _play(self, resume: bool = False) -> None:
        s = self.session
        while True:
            if resume and not s.scored:  # the deal in progress when the server stopped
                self.seq = len(s.history)
            elif resume and self._last():  # it stopped after the table's last deal
                return
            else:
                dealt = s.start_deal()
                self.deal += 1
                self.seq = 0
                await self.save()
                for seat, c in enumerate(self.clients):
                    if c is not None:
                        seen = s.state.events_seen_by(dealt, seat)
                        await c.send(DealStart(deal=self.deal, events=_wire_events(seen),
                                               table=self._table(c, seat)))
            resume = False
            driver = DealDriver(s.state)
            while (ask := driver.ask()) is not None:
                if self.seq >= MAX_ACTIONS:
                    raise RuntimeError("the deal did not end")
                decision = s.decision(ask.seat)
                if not decision.legal:
                    if ask.optional:
                        driver.answered(ask, None)
                        continue
                    raise RuntimeError(f"seat {ask.seat} has no legal action")
                self.explained = None
                action = await self.move(ask, decision)
                driver.answered(ask, action)
                if action is None:
                    continue
                events = s.apply(action)
                self.seq += 1
                await self.save()  # before anyone hears of it: a resumed table has it
                text = format_action(action)
                for seat, c in enumerate(self.clients):
                    if c is not None:
                        seen = s.state.events_seen_by(events, seat)
                        await c.send(Events(deal=self.deal, seq=self.seq, action=text,
                                            events=_wire_events(seen),
                                            table=self._table(c, seat)))
                await self.tell_why(action)
            m = s.match
            last = self._last()
            over = DealOver(deal=self.deal, scores=list(m.deal_history[-1]),
                            totals=list(m.totals), last=last, winner=m.winner if m.over else None)
            for c in self.everyone():
                await c.send(over)
            if last:
                return

    async def tell_why(self, action: Action) -> None:
        """A computer's move: why it was made, to each seat as that seat may read it (the
        alternatives it held hidden go without their cards: explain.seen_by)."""
        e, self.explained = self.explained, None
        if e is None or e.action != action:
            return
        for seat, c in enumerate(self.clients):
            if c is not None:
                try:
                    why = Why(deal=self.deal, seq=self.seq, **why_to_wire(e, seat))
                except ValueError as err:  # (a pydantic ValidationError) never stops a table
                    log.warning("table %s: an explanation not sent: %s", self.code,
                                one_line(err))
                    return
                await c.send(why)

    def _table(self, client: Client, seat: int) -> dict | None:
        """The seat's table for a window (the client asked views), else nothing."""
        return table_to_wire(self.session.state, seat) if client.views else None

    def _last(self) -> bool:
        """The deal just scored is the table's last: the game is over, or its deals played."""
        return self.session.match.over or bool(self.spec.deals and self.deal >= self.spec.deals)

    async def move(self, ask: Ask, decision: Decision) -> Action | None:
        """The asked seat's answer: from its client, or from a computer."""
        seat = ask.seat
        while True:
            if self.tokens[seat] is None:
                return await self.computer(seat, decision, ask.optional)
            client = self.clients[seat]
            if client is None and ask.optional and not self.computer_plays(seat):
                return None  # an away player makes no out-of-turn move: the turn goes on
            if client is None:
                away = self.away_since[seat] or time.monotonic()
                wait = self.spec.wait_s - (time.monotonic() - away)
                if wait > 0:
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(self.back[seat].wait(), wait)
                    continue
                if seat not in self.standins:
                    self.standins[seat] = make_player(self.spec.level, 7919 * seat + 17)
                    await self.tell_lobby()
                return await self.computer(seat, decision, ask.optional)
            self.asks += 1
            msg = YourMove(deal=self.deal, n=self.asks, seat=seat, optional=ask.optional,
                           view=view_to_wire(decision.view),
                           legal=[format_action(a) for a in decision.legal],
                           totals=list(decision.totals), options=sorted(decision.options),
                           deadline_ms=decision.deadline_ms)
            pending = Pending(self.asks, ask, msg)
            self.pending[seat] = pending
            await client.send(msg)
            limit = self.spec.optional_s if ask.optional else self.spec.move_s
            try:
                answer = await asyncio.wait_for(asyncio.shield(pending.answer), limit)
            except TimeoutError:
                self.timeouts += 1
                log.info("table %s: seat %d did not answer in %g s", self.code, seat, limit)
                if ask.optional:  # the out-of-turn moment is over: the seat let it pass
                    answer = None
                    await client.send(Applied(n=pending.n, text="pass"))
                else:  # a silent seat never holds the table: a computer moves
                    answer = await self.computer(seat, decision, ask.optional)
            finally:
                self.pending.pop(seat, None)
            if answer is not _DROPPED:
                return answer

    async def computer(self, seat: int, decision: Decision, optional: bool) -> Action | None:
        bot = self.session.bots.get(seat) or self.standins.get(seat)
        if bot is None:
            bot = self.standins[seat] = make_player(self.spec.level, 7919 * seat + 17)
        choose = bot.choose_optional if optional else bot.choose

        def think() -> tuple[Action | None, Any]:
            action = choose(decision)
            return action, getattr(bot, "last_explanation", None)

        # In a thread: a slow level never stops the other tables' frames.
        action, self.explained = await asyncio.to_thread(think)
        return action

    async def answer(self, client: Client, msg: Act | Pass) -> None:
        """A seat's answer to its pending question: applied, or refused with a reason."""
        seat = client.seat
        if seat is None:
            await client.send(Refused(n=msg.n, reason="you have no seat at this table"))
            return
        pending = self.pending.get(seat)
        if pending is None or pending.answer.done():
            await client.send(Refused(n=msg.n, reason="it is not your move"))
            return
        if pending.n != msg.n:
            await client.send(Refused(n=msg.n, reason=f"that answers ask {msg.n}; the table "
                                                      f"asks {pending.n}"))
            return
        if isinstance(msg, Pass):
            if not pending.ask.optional:
                await client.send(Refused(n=msg.n, reason="this move may not be passed"))
                return
            pending.answer.set_result(None)
            await client.send(Applied(n=msg.n, text="pass"))
            return
        try:
            action = parse_action(msg.text)
        except CardTableError as e:
            await client.send(Refused(n=msg.n, reason=one_line(e)))
            return
        if action.seat != seat:
            await client.send(Refused(n=msg.n, reason=f"you play seat {seat}"))
            return
        problem = self.session.state.why_illegal(action)
        if problem is not None:
            await client.send(Refused(n=msg.n, reason=one_line(problem),
                                      key=getattr(problem, "key", None),
                                      params=reason_params(problem)))
            return
        pending.answer.set_result(action)
        await client.send(Applied(n=msg.n, text=format_action(action)))


class Server:
    """Every table of one process, and the connections' loop."""

    def __init__(self, store: TableStore | None = None) -> None:
        from game import __version__

        self.tables: dict[str, Table] = {}
        self.store = store
        self.stopping = False  # it closes: the connections going now leave no table
        self.hello = Hello(program=f"cardtable {__version__}")

    def resume(self) -> int:
        """Resume every saved table (a restart); returns how many."""
        if self.store is None:
            return 0
        for saved in self.store.load_all():
            try:
                table = Table.resumed(self, saved)
            except (ValueError, KeyError, TypeError) as e:  # IllegalActionError: ValueError
                log.warning("table %s not resumed: %s", saved.code, " ".join(str(e).split()))
                continue
            self.tables[table.code] = table
            if table.started:  # a lobby waits for its players and its host's Start
                table.task = asyncio.create_task(table.run(resume=True))
        return len(self.tables)

    def forget(self, code: str) -> None:
        """A table that goes before it started (nobody is left in its lobby, or its host
        left it): its file too."""
        table = self.tables.pop(code, None)
        if table is not None:
            table.closed = True
        if self.store is not None:
            self.store.remove(code)

    async def handler(self, ws: ServerConnection) -> None:
        client = Client(ws)
        try:
            await client.send(self.hello)
            async for frame in ws:
                if not await client.throttle():
                    await client.shut(1008, "too many frames")
                    return
                try:
                    msg = parse_client(frame)
                except FrameError as e:
                    await client.send(Error(reason=str(e)))
                    continue
                await self.dispatch(client, msg)
                if client.wrong_codes >= MAX_WRONG_CODES:
                    await client.shut(1008, "too many wrong table codes")
                    return
        except ConnectionClosed:
            pass
        finally:
            if client.table is not None:
                await client.table.left(client)

    def find(self, client: Client, code: str) -> Table | None:
        table = self.tables.get(code)
        if table is None:
            client.wrong_codes += 1
        return table

    async def dispatch(self, client: Client, msg: Any) -> None:
        if isinstance(msg, Create):
            await self.create(client, msg)
        elif isinstance(msg, (Join, Start)):
            table = self.find(client, msg.code)
            if table is None:
                await client.send(Error(reason="no table has that code", key="no_table"))
            elif isinstance(msg, Join):
                await table.join(client, msg)
            else:
                await table.start(client, msg)
        elif client.table is None or client.table.session is None:
            await client.send(Refused(n=msg.n, reason="the table has not started"))
        else:
            await client.table.answer(client, msg)

    async def create(self, client: Client, msg: Create) -> None:
        problem = check_spec(msg)
        if problem is None and len(self.tables) >= MAX_TABLES:
            problem = "this server holds as many tables as it can; try later"
        if problem is None and client.table is not None:
            problem = "this connection is at a table already"
        if problem is not None:
            await client.send(Error(reason=problem))
            return
        code = new_code()
        while code in self.tables:
            code = new_code()
        table = Table(self, code, msg)
        self.tables[code] = table
        table.watchers.add(client)
        client.table = table
        await client.send(Created(code=code, host_token=table.host_token))
        await client.send(table.lobby())


def _wire_events(events) -> list[WireEvent]:
    return [WireEvent(**e) for e in events_to_wire(events)]


def check_spec(msg: Create) -> str | None:
    """Why a table cannot be made from ``msg``, or None."""
    from game.engine.registry import GAMES, get_game

    if msg.game not in GAMES:
        return f"no game is called that (one of: {', '.join(GAMES)})"
    game = get_game(msg.game)
    if msg.players not in game.player_counts:
        counts = ", ".join(map(str, game.player_counts))
        return f"{msg.game} is played by {counts} players"
    unknown = [o for o in msg.options if o not in game.options]
    if unknown:
        return f"unknown option for {msg.game}: {unknown[0]}"
    if msg.level not in PLAYABLE_LEVELS or msg.level not in LEVELS:
        return f"the computers' level is one of: {', '.join(PLAYABLE_LEVELS)}"
    return None


async def serve_forever(host: str, port: int, ready=None, stop: asyncio.Future | None = None,
                        tls: ssl.SSLContext | None = None, tables: Path | None = None,
                        server: Server | None = None) -> None:
    """Serve until ``stop`` is done (forever by default); ``ready(port)`` once listening.
    With ``tls`` (a server context holding the certificate), clients connect with wss://.
    With ``tables`` (a folder), every started table is saved there after each action (a
    lobby after each change of its seats), and the tables saved there are resumed.
    ``server``: the tables' holder to serve (the host's program keeps it), else a new one."""
    if server is None:
        server = Server(TableStore(tables) if tables is not None else None)
    async with serve(server.handler, host, port, max_size=MAX_CLIENT_FRAME, max_queue=8,
                     compression=None, ssl=tls) as ws_server:
        bound = next(iter(ws_server.sockets)).getsockname()[1]
        resumed = server.resume()
        if resumed:
            log.info("resumed %d table(s)", resumed)
        if ready is not None:
            ready(bound)
        try:
            await (stop if stop is not None else asyncio.get_running_loop().create_future())
        finally:  # the tables stay as saved (a lobby's seats are not freed)
            server.stopping = True


def tls_context(cert: str, key: str) -> ssl.SSLContext:
    """A server's TLS context from PEM files (OSError or ssl.SSLError when unusable)."""
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    ctx.load_cert_chain(cert, key)
    return ctx
