"""Clocks for the table service: the real one, and a fake one tests move by hand.

A clock gives wall-clock seconds (``now``) and lets a task sleep until a moment on it
(``sleep_until``). Timers and table-clock times are all taken from the service's clock, so
a test that swaps in ``FakeClock`` controls every timeout without waiting.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from typing import Protocol


class Work(Protocol):
    """Work done outside the event loop that a task may be waiting on (commits in flight)."""

    def busy(self) -> bool: ...

    async def drained(self) -> None: ...


class Clock:
    """Wall-clock time with asyncio sleeps."""

    def now(self) -> float:
        return time.time()

    def track(self, work: Work) -> None:
        """``work`` is done outside the loop; real time passes while it is done."""

    async def sleep_until(self, when: float) -> None:
        delay = when - self.now()
        if delay > 0:
            await asyncio.sleep(delay)
        else:
            await asyncio.sleep(0)


class FakeClock(Clock):
    """A clock that only moves when ``advance`` is called; sleepers wake in time order."""

    def __init__(self, start: float = 1_000_000.0) -> None:
        self._now = start
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        self._work: list[Work] = []

    def track(self, work: Work) -> None:
        """``advance`` also waits for ``work`` (a commit in flight takes real time)."""
        self._work.append(work)

    async def _let_run(self) -> None:
        """Let woken tasks run, and what they wait for outside the loop finish."""
        while True:
            for _ in range(20):
                await asyncio.sleep(0)
            busy = [work for work in self._work if work.busy()]
            if not busy:
                return
            for work in busy:
                await work.drained()

    def now(self) -> float:
        return self._now

    async def sleep_until(self, when: float) -> None:
        if when <= self._now:
            await asyncio.sleep(0)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (when, next(self._order), future))
        await future

    async def advance(self, seconds: float) -> None:
        """Move time on by ``seconds``, letting each woken sleeper run before the next wakes."""
        target = self._now + seconds
        while self._sleepers and self._sleepers[0][0] <= target:
            when, _, future = heapq.heappop(self._sleepers)
            self._now = max(self._now, when)
            if not future.done():
                future.set_result(None)
            # let the woken task (and what it schedules) run at this moment
            await self._let_run()
        self._now = target
        await self._let_run()
