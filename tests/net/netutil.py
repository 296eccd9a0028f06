"""Real processes over the loopback address for the network tests: a server (``cardtable
serve --host 127.0.0.1 --port 0``, which picks a free port and prints it), client processes,
and an in-test host speaking the protocol. Every wait is bounded."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

from websockets.asyncio.client import connect

from game.net.bench import serve_process
from game.net.messages import MAX_SERVER_FRAME, Create, Start, dump, parse_server

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"  # never any other address
TIMEOUT = 60.0


def env() -> dict[str, str]:
    e = dict(os.environ)
    e["PYTHONPATH"] = str(ROOT) + os.pathsep + e.get("PYTHONPATH", "")
    e.pop("http_proxy", None)
    e.pop("HTTP_PROXY", None)
    return e


@contextmanager
def server_process(extra=()):
    """A ``cardtable serve`` process on 127.0.0.1 and a free port: yields its ws:// (with
    ``--cert``, wss://) URL."""
    try:
        with serve_process(extra, env=env(), cwd=ROOT, timeout=TIMEOUT, errors=True) as server:
            yield server.url
    except RuntimeError as e:
        raise AssertionError(str(e)) from None


def client_args(url: str, code: str, seat: int, level: str, seed: int,
                record: Path | None = None, extra=()) -> list[str]:
    args = [sys.executable, "-m", "game.net.client", "join", url, code, "--name", f"p{seat}",
            "--seat", str(seat), "--level", level, "--seed", str(seed), "--json",
            "--idle", "30", *extra]
    if record is not None:
        args += ["--record", str(record)]
    return args


class Host:
    """The test's own connection: opens a table, starts it, hears its lobby and scores."""

    def __init__(self, url: str, tls=None) -> None:
        self.url = url
        self.tls = tls
        self.ws = None
        self.code = ""
        self.token = ""
        self.frames: list = []

    async def __aenter__(self) -> Host:
        self.ws = await connect(self.url, max_size=MAX_SERVER_FRAME, proxy=None,
                                compression=None, open_timeout=10, ssl=self.tls)
        return self

    async def __aexit__(self, *exc) -> None:
        await self.ws.close()

    async def recv(self, timeout: float = TIMEOUT):
        msg = parse_server(await asyncio.wait_for(self.ws.recv(), timeout))
        self.frames.append(msg)
        return msg

    async def until(self, pred, timeout: float = TIMEOUT):
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            msg = await self.recv(max(0.01, end - loop.time()))
            if pred(msg):
                return msg

    async def create(self, **spec) -> str:
        await self.ws.send(dump(Create(**spec)))
        created = await self.until(lambda m: m.type in ("created", "error"))
        assert created.type == "created", created
        self.code, self.token = created.code, created.host_token
        return self.code

    async def start_when_taken(self, seats: int) -> None:
        await self.until(lambda m: m.type == "lobby" and sum(s.taken for s in m.seats) >= seats)
        await self.ws.send(dump(Start(code=self.code, host_token=self.token)))

    async def deal_over(self, timeout: float = TIMEOUT):
        return await self.until(lambda m: m.type == "deal_over", timeout)


async def run_clients(argvs: list[list[str]], timeout: float = TIMEOUT) -> list[dict]:
    """Start client processes, wait for them all (bounded), return each one's JSON report."""
    procs = [await asyncio.create_subprocess_exec(*a, stdout=subprocess.PIPE,
                                                  stderr=subprocess.PIPE, env=env(), cwd=ROOT)
             for a in argvs]
    return await gather_clients(procs, timeout)


async def gather_clients(procs, timeout: float = TIMEOUT) -> list[dict]:
    try:
        outs = await asyncio.wait_for(asyncio.gather(*(p.communicate() for p in procs)),
                                      timeout)
    finally:
        for p in procs:
            if p.returncode is None:
                p.kill()
                await p.wait()
    reports = []
    for p, (out, err) in zip(procs, outs):
        assert p.returncode == 0, err.decode()[-800:]
        reports.append(json.loads(out.decode().strip().splitlines()[-1]))
    return reports
