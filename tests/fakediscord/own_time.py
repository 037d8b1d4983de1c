"""The fake's clock for Discord's deadlines: wall time less the time the machine's load took.

Discord judges "the first answer within 3 s" in wall time on its own side; a test that did the
same on a loaded CI machine (2 cores, other jobs beside it) would fail for the machine's sake,
not the bot's: a process that is ready to run but has no core stops, and its answer is late.
``OwnTime`` measures that lost time and leaves it out of the deadline's clock. A ticker wakes
every ``TICK`` seconds; a wake-up later than asked for is either the loop kept busy (the bot's
own work, a garbage collection: CPU time of this process, which counts) or the process kept
off the cores (the rest of the delay, which does not). So a bot that blocks its loop or
sleeps past the deadline on an idle machine is still caught; one merely slowed down by its
neighbours is not. The price: a stop that used no CPU is excused whatever caused it, so a
blocking call that waits without CPU (``time.sleep`` on the loop) is excused too, and so is
the part of a bot's own ``asyncio.sleep`` the process spent off the cores. A test of the
deadline mechanism itself, with a deadline of milliseconds, judges on wall time
(``FakeDiscord.judge_on_wall_time``).
Bots started in another process (``launcher``) are judged by this process's losses, which
the same load causes.
"""

from __future__ import annotations

import asyncio
import contextlib
import time

#: seconds between wake-ups: short against the 3 s judged, cheap (50 wake-ups a second)
TICK = 0.02


class OwnTime:
    """``now()``: the event loop's time less what load has taken so far (monotonic)."""

    def __init__(self) -> None:
        self.lost = 0.0
        self._since: tuple[float, float] | None = None  # (loop time, CPU time) of the last tick
        self._last = 0.0
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._tick())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    def _pending(self, wall: float) -> float:
        """Time lost since the last tick, counted before the ticker wakes to add it."""
        if self._since is None:
            return 0.0
        since_wall, since_cpu = self._since
        late = wall - since_wall - TICK
        if late <= 0:
            return 0.0
        return max(0.0, late - (time.process_time() - since_cpu))

    async def _tick(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            self._since = (loop.time(), time.process_time())
            await asyncio.sleep(TICK)
            self.lost += self._pending(loop.time())

    def now(self) -> float:
        wall = asyncio.get_running_loop().time()
        # a reading taken between a late wake-up and its tick must not run backwards after it
        self._last = max(self._last, wall - self.lost - self._pending(wall))
        return self._last


#: seconds a test waits for something to happen before it fails: a bound against a hang, not
#: a check of speed (tests never assert on wall time), so generous for a loaded machine
PATIENCE = 60.0
