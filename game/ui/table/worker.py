"""The computer thinks off the render thread.

The screen builds a :class:`~game.players.base.Decision` on the main thread (a fresh
observation and legal list: nothing shared with the live state), hands it with the player to
:meth:`Worker.start`, and polls every frame. The player object is used only by the worker
while a job runs; the state is changed only by the main thread. A result that arrives after
the state has moved on (``version`` differs) is thrown away by the screen.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

log = logging.getLogger(__name__)


@dataclass
class Job:
    seat: int
    kind: str  # "move" (the seat must act) or "optional" (a frozen-in-time offer)
    version: int  # the screen's state version when the decision was taken


class Worker:
    def __init__(self) -> None:
        self._results: queue.Queue = queue.Queue()
        self.job: Job | None = None
        self._thread: threading.Thread | None = None
        self._generation = 0

    @property
    def busy(self) -> bool:
        """A job runs, or a cancelled one has not finished yet (its player is still in use:
        no new job may start until it has)."""
        return self.job is not None or (self._thread is not None and self._thread.is_alive())

    def start(self, job: Job, fn: Callable[[], Any]) -> None:
        assert not self.busy, "one computer decision at a time"
        self.job = job
        generation = self._generation

        def run() -> None:
            try:
                result = fn()
                self._results.put((generation, job, result, None))
            except Exception as e:  # reported on the main thread
                log.exception("computer player failed")
                self._results.put((generation, job, None, e))

        self._thread = threading.Thread(target=run, name="cardtable-computer", daemon=True)
        self._thread.start()

    def poll(self) -> tuple[Job, Any, Exception | None] | None:
        """The finished job's (job, result, error), or None while it is still thinking."""
        while True:
            try:
                generation, job, result, err = self._results.get_nowait()
            except queue.Empty:
                return None
            if generation == self._generation:
                self.job = None
                return job, result, err

    def wait(self, timeout: float = 30.0) -> tuple[Job, Any, Exception | None] | None:
        """Block until the running job ends (tests, the screenshot command)."""
        if self._thread is not None:
            self._thread.join(timeout)
        return self.poll()

    def cancel(self, join: float = 0.0) -> None:
        """Forget the running job without waiting for it (the window never freezes): its
        result is dropped when it comes. ``join`` waits that long for the thread first."""
        if join and self._thread is not None and self._thread.is_alive():
            self._thread.join(timeout=join)
        self._generation += 1
        self.job = None
        while not self._results.empty():
            self._results.get_nowait()
