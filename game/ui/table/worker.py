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

    @property
    def busy(self) -> bool:
        return self.job is not None

    def start(self, job: Job, fn: Callable[[], Any]) -> None:
        assert self.job is None, "one computer decision at a time"
        self.job = job

        def run() -> None:
            try:
                result = fn()
                self._results.put((job, result, None))
            except Exception as e:  # reported on the main thread
                log.exception("computer player failed")
                self._results.put((job, None, e))

        self._thread = threading.Thread(target=run, name="cardtable-computer", daemon=True)
        self._thread.start()

    def poll(self) -> tuple[Job, Any, Exception | None] | None:
        """The finished job's (job, result, error), or None while it is still thinking."""
        try:
            item = self._results.get_nowait()
        except queue.Empty:
            return None
        self.job = None
        return item

    def wait(self, timeout: float = 30.0) -> tuple[Job, Any, Exception | None] | None:
        """Block until the running job ends (tests, the screenshot command)."""
        if self.job is None:
            return None
        try:
            item = self._results.get(timeout=timeout)
        except queue.Empty:
            return None
        self.job = None
        return item

    def cancel(self) -> None:
        """Forget the running job (its thread finishes on its own; the result is dropped)."""
        if self._thread is not None and self._thread.is_alive():
            self._thread.join(timeout=2.0)
        while not self._results.empty():
            self._results.get_nowait()
        self.job = None
