"""The host's program runs the table server in-process (issue 31): the same server as
``cardtable serve`` (game.net.server.serve_forever) on an asyncio loop of its own, in a
background thread, so the window never waits for it."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
from pathlib import Path

from game.net.server import Server, serve_forever
from game.net.store import TableStore

DEFAULT_PORT = 8765


def lan_address() -> str:
    """This machine's address on its local network (what friends type), else 127.0.0.1.
    No packet is sent: a UDP socket is only pointed at an outside address."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere
        return s.getsockname()[0]
    return "127.0.0.1"


class HostedServer:
    """A table server in a thread: ``start`` waits until it listens (or fails)."""

    def __init__(self, host: str = "0.0.0.0", port: int = DEFAULT_PORT,
                 tables: Path | None = None) -> None:
        self.host = host
        self.port = port
        self.tables = tables
        self.bound = 0
        self.error = ""
        # the tables it holds (read by the host's window: a resumed table of its own)
        self.server = Server(TableStore(tables) if tables is not None else None)
        self._ready = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Future | None = None
        self._thread = threading.Thread(target=self._main, name="cardtable-server", daemon=True)

    def start(self, timeout: float = 10.0) -> bool:
        """Listen (on ``port``; when it is taken, on any free port). False, with ``error``
        one line, when no server could start."""
        self._thread.start()
        if not self._ready.wait(timeout):
            self.error = self.error or "the server did not start in time"
        return self.bound > 0

    @property
    def local_url(self) -> str:
        return f"ws://127.0.0.1:{self.bound}"

    @property
    def public_url(self) -> str:
        """The address to pass on to friends."""
        host = lan_address() if self.host in ("0.0.0.0", "") else self.host
        return f"ws://{host}:{self.bound}"

    def stop(self, forget: str = "") -> None:
        """Stop serving: the tables stay as saved, for this program's next start. ``forget``:
        the code of a table that goes with its file (its host left its lobby)."""
        loop, stop = self._loop, self._stop
        if loop is None or stop is None or loop.is_closed():
            return

        def now() -> None:  # on the server's loop: after any change of the table before it
            if forget:
                self.server.forget(forget)
            if not stop.done():
                stop.set_result(None)

        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(now)

    def _main(self) -> None:
        try:
            asyncio.run(self._run())
        except Exception as e:  # one line for the window, never a traceback
            self.error = " ".join(str(e).split())[:160] or type(e).__name__
        finally:
            self._ready.set()

    async def _run(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = self._loop.create_future()

        def ready(port: int) -> None:
            self.bound = port
            self._ready.set()

        for port in dict.fromkeys((self.port, 0)):  # the usual port, else any free one
            try:
                await serve_forever(self.host, port, ready, self._stop, server=self.server)
                return
            except OSError as e:
                self.error = e.strerror or str(e)
                if self.bound:
                    raise
