"""Where the sandbox's work runs, in one place: every route hands its slow part to :class:`Scheduler`, in one
of two lanes, and no route starts a thread of its own (``tests/web/test_routes_shape.py`` checks it).

* the **seat** lane — a player's own requests about their game (its state, a choice, the pushed updates,
  notes, undo, quit, the log, a watcher's view): worker threads of their own, never queued behind the heavy
  ones, so a seat answers at once however many uploads, replays or studio checks run;
* the **heavy** lane — work whose cost a client chooses (a log uploaded, a replay stepped, a new game
  started, an agent's advice, the studio's checks and renders): at most :data:`HEAVY_WORKERS` at once and
  :data:`HEAVY_QUEUE` waiting; beyond that the request is refused at once with 503 and a ``Retry-After``
  (:class:`Busy`), rather than piling up threads and memory.

Threads share one interpreter lock, so a heavy job in pure Python still slows a seat's request by a share
of the processor; what the lanes remove is the *queueing* -- a seat's request never waits for a heavy one to
finish (with two replay steps running, a player's GET used to wait 22 s).
"""
from __future__ import annotations

from typing import Callable, TypeVar

import anyio

from bpdsl.web.tables import Refused

HEAVY_WORKERS = 2  # heavy jobs run at once (two cores: one left to the seats and the event loop)
HEAVY_QUEUE = 8  # heavy jobs waiting for a worker; beyond, 503
SEAT_WORKERS = 16  # a seat's requests at once (each short: a payload built, a choice applied)
RETRY_AFTER = 5  # seconds a refused heavy request is told to wait
T = TypeVar("T")


class Busy(Refused):
    """503: the heavy lane is full; the client is told when to try again (``Retry-After``)."""

    def __init__(self, message: str, retry_after: int = RETRY_AFTER):
        super().__init__(503, message)
        self.retry_after = retry_after


class Scheduler:
    """The two lanes of one server (their limiters made on first use, inside the server's event loop)."""

    def __init__(self, heavy_workers: int = HEAVY_WORKERS, heavy_queue: int = HEAVY_QUEUE,
                 seat_workers: int = SEAT_WORKERS):
        self.heavy_workers = heavy_workers
        self.heavy_queue = heavy_queue
        self.seat_workers = seat_workers
        self._heavy: anyio.CapacityLimiter | None = None
        self._seat: anyio.CapacityLimiter | None = None
        self.heavy_in = 0  # heavy jobs running or waiting

    async def seat(self, work: Callable[[], T]) -> T:
        """Run a seat's own ``work`` in the seat lane's threads."""
        if self._seat is None:
            self._seat = anyio.CapacityLimiter(self.seat_workers)
        return await anyio.to_thread.run_sync(work, limiter=self._seat)

    async def heavy(self, work: Callable[[], T]) -> T:
        """Run ``work`` in the heavy lane, or refuse it with :class:`Busy` when the lane's queue is full."""
        if self._heavy is None:
            self._heavy = anyio.CapacityLimiter(self.heavy_workers)
        if self.heavy_in >= self.heavy_workers + self.heavy_queue:
            raise Busy(f"the server is busy: {self.heavy_in} slow requests (uploads, replays, checks) are running "
                       f"or waiting; try again in {RETRY_AFTER} s")
        self.heavy_in += 1  # on the event loop: no lock needed
        try:
            return await anyio.to_thread.run_sync(work, limiter=self._heavy)
        finally:
            self.heavy_in -= 1


__all__ = ["Busy", "HEAVY_QUEUE", "HEAVY_WORKERS", "RETRY_AFTER", "Scheduler"]
