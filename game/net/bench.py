"""``python -m game bench --net``: how many tables one server process holds with the round trip
of a move under 100 ms at p99 (issue 31).

A ``cardtable serve`` process on 127.0.0.1 (no saving, so the disk is not measured) and, in
this process, tables of two-player Cassino whose seats answer with the first legal action
after a think time (``think`` seconds on average, a brisk player's pace; 0: at once, which
measures the server's throughput instead); a table that ends is replaced by a new one. The
number of tables rises step by step; at each step every move's round trip (the action sent to
its ``applied`` received) is timed for ``seconds``. The figure is the largest step whose p99
stays under the limit. The load and the server share this machine's cores, so the figure is a
floor.
"""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

STEPS = (10, 25, 50, 100, 200, 400, 700, 1000)
LIMIT_MS = 100.0
THINK = 1.0  # seconds a seat takes for a move, on average


def _rss_mb(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None  # not Linux


class _Load:
    """Tables kept playing until ``stop``; every round trip in ``times`` (seconds)."""

    def __init__(self, url: str, think: float) -> None:
        self.url = url
        self.think = think
        self.rng = random.Random(1)
        self.times: list[float] = []
        self.stop = False
        self.errors: list[str] = []

    async def table(self) -> None:
        from websockets.asyncio.client import connect

        def opened():
            return connect(self.url, max_size=1 << 20, compression=None, proxy=None)

        while not self.stop:
            async with opened() as host:
                await host.send(json.dumps({"type": "create", "game": "cassino", "players": 2,
                                            "deals": 1000}))
                code = await self._until(host, "created")
                seats = [await opened() for _ in range(2)]
                for s, ws in enumerate(seats):
                    await ws.send(json.dumps({"type": "join", "code": code["code"],
                                              "name": f"b{s}", "seat": s}))
                    await self._until(ws, "joined")
                await host.send(json.dumps({"type": "start", "code": code["code"],
                                            "host_token": code["host_token"]}))
            try:
                await asyncio.gather(*(self.seat(ws) for ws in seats))
            finally:
                for ws in seats:
                    await ws.close()

    async def _until(self, ws, kind: str) -> dict:
        while True:
            msg = json.loads(await asyncio.wait_for(ws.recv(), 60))
            if msg["type"] == kind:
                return msg
            if msg["type"] == "error":
                raise RuntimeError(msg["reason"])

    async def seat(self, ws) -> None:
        while True:
            msg = json.loads(await asyncio.wait_for(ws.recv(), 60))
            kind = msg["type"]
            if kind == "your_move":
                if self.think:
                    await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
                sent = time.perf_counter()
                await ws.send(json.dumps({"type": "action", "n": msg["n"],
                                          "text": msg["legal"][0]}))
                await self._until(ws, "applied")
                if not self.stop:
                    self.times.append(time.perf_counter() - sent)
            elif kind == "deal_over" and msg["last"]:
                return
            elif kind in ("error", "refused"):
                raise RuntimeError(msg["reason"])


def _pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))] if s else 0.0


async def _measure(url: str, steps, seconds: float, limit_ms: float, pid: int,
                   progress, think: float) -> dict:
    load = _Load(url, think)
    tasks: list[asyncio.Task] = []
    base = _rss_mb(pid)
    best = None
    rows = []
    try:
        for n in steps:
            new = n - len(tasks)
            while len(tasks) < n:
                tasks.append(asyncio.create_task(load.table()))
            # the new tables sit down and start (each a few frames), then play a while
            await asyncio.sleep(2.0 + 2 * think + new / 100)
            load.times.clear()
            await asyncio.sleep(seconds)
            times = list(load.times)
            failed = [t for t in tasks if t.done() and t.exception() is not None]
            if failed:
                raise RuntimeError(f"a bench table failed: {failed[0].exception()}")
            rss = _rss_mb(pid)
            row = {"tables": n, "moves_per_s": round(len(times) / seconds),
                   "p50_ms": round(1000 * _pct(times, .5), 2),
                   "p99_ms": round(1000 * _pct(times, .99), 2),
                   "mb_per_table": (None if rss is None or base is None
                                    else round((rss - base) / n, 3))}
            rows.append(row)
            if progress is not None:
                progress(row)
            if not times or row["p99_ms"] > limit_ms:
                break
            best = row
    finally:
        load.stop = True
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return {"tables_at_p99_100ms": best["tables"] if best else 0,
            "p50_ms": best["p50_ms"] if best else None,
            "p99_ms": best["p99_ms"] if best else None,
            "mb_per_table": best["mb_per_table"] if best else None,
            "think_s": think, "steps": rows}


class Served(NamedTuple):
    url: str
    pid: int


@contextmanager
def serve_process(extra=(), env: dict[str, str] | None = None, cwd: str | Path | None = None,
                  timeout: float = 30.0, errors: bool = False) -> Iterator[Served]:
    """A ``serve`` process on 127.0.0.1 and a free port, for as long as the ``with`` lasts:
    yields its ws:// (with ``--cert``, wss://) URL and process id; RuntimeError if it does not
    start (with its error output when ``errors``: kept in a pipe, so for short-lived servers)."""
    proc = subprocess.Popen([sys.executable, "-m", "game", "serve", "--host", "127.0.0.1",
                             "--port", "0", *extra], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE if errors else subprocess.DEVNULL,
                            text=True, env=env, cwd=cwd)
    try:
        line: list[str] = []
        out = proc.stdout
        assert out is not None
        reader = threading.Thread(target=lambda: line.append(out.readline()), daemon=True)
        reader.start()
        reader.join(timeout)
        if not line or not line[0].startswith(("serving on ws://127.0.0.1:",
                                                "serving on wss://127.0.0.1:")):
            proc.kill()
            said = proc.stderr.read()[:500] if errors and proc.stderr else ""
            raise RuntimeError(f"the server did not start: {line} {said}".rstrip())
        yield Served(line[0].split()[-1], proc.pid)
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)


def net_section(seconds: float = 3.0, steps=STEPS, limit_ms: float = LIMIT_MS,
                progress=None, think: float = THINK) -> dict:
    """The figures (see the module's docstring); RuntimeError if the server will not run."""
    with serve_process(["--no-save"]) as server:
        return asyncio.run(_measure(server.url, steps, seconds, limit_ms, server.pid, progress,
                                    think))
