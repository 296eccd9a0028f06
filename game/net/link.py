"""A window's connection to a table server, in a thread of its own (issue 31).

:class:`TableLink` runs the WebSocket client on its own asyncio loop in a background thread,
so a slow network never stops a frame: every validated server frame goes into ``inbox`` (a
queue the window drains each frame), and ``send`` hands a frame to the loop without waiting.
A lost connection is tried again with the seat token for ``reconnect`` seconds. Problems
arrive in the inbox as :class:`LinkDown` (one line for the user), never as an exception.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from game.net.client import (
    ClientError,
    Dropped,
    default_token_file,
    frames,
    open_connection,
    read_token,
    write_token,
)
from game.net.messages import Create, Created, Error, Join, Joined, Msg, dump

IDLE = 24 * 3600.0  # a table may wait long for a friend: silence is not a fault here


@dataclass(frozen=True)
class LinkDown:
    """The link's end: ``reason`` in one line; ``final`` when it will not try again."""

    reason: str
    final: bool = True
    key: str | None = None  # "unreachable": nobody answered at the address


class Unreachable(ClientError):
    """Nobody answered at the address (before any seat was taken there)."""


@dataclass(frozen=True)
class LinkBack:
    """The connection was lost and is back (the seat taken back with its token)."""


class TableLink:
    """Join (or, with ``create``, open then join) a table as a window seat."""

    def __init__(self, url: str, name: str, code: str = "", *, seat: int | None = None,
                 create: Create | None = None, reconnect: float = 60.0,
                 token_file: Path | None = None, record: IO[str] | None = None,
                 token: str | None = None) -> None:
        self.url = url
        self.record = record  # every frame received, as received, one a line (tests)
        self.name = name
        self.code = code
        self.seat = seat
        self.create = create
        self.reconnect = reconnect
        self.host_token = ""
        self._token_file = token_file
        self.token: str | None = None
        self.joined = False  # a seat was ours once (a refused token is then not retried)
        if code and token_file is None:
            self._token_file = default_token_file(url, code, name)
        if self._token_file is not None and code:  # a new table has no seat to take back
            self.token = read_token(self._token_file, None)
        if token is not None:  # the seat's token known otherwise (the host's saved table)
            self.token = token
        self.inbox: queue.Queue = queue.Queue()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ws = None
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=self._main, name="cardtable-link", daemon=True)

    def start(self) -> TableLink:
        self._thread.start()
        return self

    def send(self, msg: Msg) -> bool:
        """Queue a frame for the server (False when there is no connection now)."""
        loop, ws = self._loop, self._ws
        if loop is None or ws is None or loop.is_closed():
            return False

        async def go() -> None:
            with contextlib.suppress(Exception):  # a closed connection reports itself
                await ws.send(dump(msg))

        try:
            asyncio.run_coroutine_threadsafe(go(), loop)
        except RuntimeError:  # the loop has just stopped
            return False
        return True

    def close(self, join: float = 1.0) -> None:
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(stop.set)
        if self._thread.is_alive() and join:
            self._thread.join(join)

    def forget_token(self) -> None:
        """The table is over: nothing to take back."""
        if self._token_file is not None:
            self._token_file.unlink(missing_ok=True)

    # ---- the thread ---------------------------------------------------------------------
    def _main(self) -> None:
        try:
            asyncio.run(self._run())
        except Exception as e:  # never a traceback in front of the user
            self.inbox.put(LinkDown(f"{type(e).__name__}: {str(e)[:120]}"))

    async def _run(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        self._lost_at: float | None = None
        while not self._stop.is_set():
            try:
                stopper = asyncio.ensure_future(self._stop.wait())
                session = asyncio.ensure_future(self._once())
                done, _ = await asyncio.wait({stopper, session},
                                             return_when=asyncio.FIRST_COMPLETED)
                for f in (stopper, session):
                    if f not in done:
                        f.cancel()
                        with contextlib.suppress(BaseException):
                            await f
                if session in done:
                    session.result()
                return
            except Dropped as e:
                now = self._loop.time()
                if not self.token or self.reconnect <= 0:
                    self.inbox.put(LinkDown(str(e)))
                    return
                self._lost_at = now if self._lost_at is None else self._lost_at
                if now - self._lost_at > self.reconnect:
                    self.inbox.put(LinkDown(f"{e}; not back after {self.reconnect:g} s"))
                    return
                self.inbox.put(LinkDown(str(e), final=False))
                await asyncio.sleep(0.5)
            except Unreachable as e:
                self.inbox.put(LinkDown(str(e), key="unreachable"))
                return
            except ClientError as e:
                self.inbox.put(LinkDown(str(e)))
                return
            finally:
                self._ws = None

    async def _once(self) -> None:
        try:
            async with open_connection(self.url) as ws:
                self._ws = ws
                if self.create is not None and not self.code:
                    await ws.send(dump(self.create))
                else:
                    await self._join(ws)
                async for msg in frames(ws, IDLE, self.record):
                    if isinstance(msg, Created):
                        self.code, self.host_token = msg.code, msg.host_token
                        if self._token_file is None:
                            self._token_file = default_token_file(self.url, self.code,
                                                                  self.name)
                        await self._join(ws)
                    elif isinstance(msg, Joined):
                        self.joined = True
                        self._keep(msg.token)
                        self.seat = msg.seat
                        if self._lost_at is not None:
                            self._lost_at = None
                            self.inbox.put(LinkBack())
                    elif (isinstance(msg, Error) and not msg.fatal and self.token
                          and not self.joined):
                        # A kept token the table does not know (a table of the same code
                        # that is gone): forget it and take a seat as a newcomer.
                        self.token = None
                        self.forget_token()
                        await self._join(ws)
                        continue
                    elif isinstance(msg, Error) and msg.fatal:
                        self.inbox.put(msg)
                        raise ClientError(msg.reason)
                    self.inbox.put(msg)
        except OSError as e:
            if not self.joined:  # never there: say so and stop (nothing to take back)
                raise Unreachable(f"cannot reach {self.url[:60]}: {e.strerror or e}") from None
            raise Dropped(f"cannot reach {self.url[:60]}: {e.strerror or e}") from None
        except ClientError:
            raise
        except Exception as e:  # InvalidURI, handshake failures, a server that is not ours
            raise ClientError(f"cannot reach {self.url[:60]}: {str(e)[:100]}") from None
        raise Dropped("the server closed the connection")

    async def _join(self, ws) -> None:
        await ws.send(dump(Join(code=self.code, name=self.name, seat=self.seat,
                                token=self.token, views=True)))

    def _keep(self, token: str) -> None:
        if token == self.token:
            return
        self.token = token
        if self._token_file is not None:
            with contextlib.suppress(OSError):  # the seat plays on; only a rejoin needs it
                write_token(self._token_file, token)
