"""Keyed timers: one asyncio task per key, replaced when the key is scheduled again.

Keys are tuples such as ``("bot", 12, "bot1")``; a key's second item is its group (the
table), so ``cancel_group`` drops every timer of one table without looking at the others.
A task removes its key before running its callback, so a callback may schedule its own key
again without cancelling itself. Errors in callbacks are logged, never raised into the loop;
a callback that found the database away runs again ``STORAGE_RETRY`` seconds later.

``close`` is the shutdown: it refuses new timers from then on, cancels those still waiting,
and gives callbacks already running (a bot's move being applied, logged and announced) up
to ``grace`` seconds (the ``CLOSE_GRACE_MOVES`` setting, ``CLOSE_GRACE`` by default) to
finish before cancelling them, so nothing writes to the
database or Discord after the bot has closed them. A callback cut off that way has either
logged its move (recovery replays it) or written nothing of it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Hashable

from data.errors import StorageUnavailable
from tables.clock import Clock

log = logging.getLogger(__name__)

#: seconds before a timer that found the database away tries again
STORAGE_RETRY = 2.0
#: seconds ``close`` waits for callbacks already running before cancelling them, unless the
#: ``CLOSE_GRACE_MOVES`` setting says otherwise
CLOSE_GRACE = 5.0


class Scheduler:
    def __init__(self, clock: Clock, grace: float = CLOSE_GRACE) -> None:
        self.clock = clock
        #: seconds ``close`` waits for running callbacks (wall clock: the bot is stopping)
        self.grace = grace
        self.closing = False
        self._tasks: dict[Hashable, asyncio.Task[None]] = {}
        self._groups: dict[Hashable, set[Hashable]] = {}
        #: tasks whose callback is running now, by key (they are no longer in ``_tasks``)
        self._running: dict[asyncio.Task[None], Hashable] = {}

    def __contains__(self, key: Hashable) -> bool:
        return key in self._tasks

    def keys(self) -> list[Hashable]:
        return list(self._tasks)

    def running(self) -> list[Hashable]:
        """The keys whose callback is running now."""
        return list(self._running.values())

    def schedule_at(
        self, key: Hashable, when: float, callback: Callable[[], Awaitable[None]]
    ) -> None:
        """Run ``callback`` at ``when`` on the clock, replacing any timer under ``key``.
        Once ``close`` has begun nothing new is scheduled: recovery arms it again."""
        if self.closing:
            log.debug("timer %r not armed: the scheduler is closing", key)
            return
        self.cancel(key)
        task = asyncio.get_running_loop().create_task(self._run(key, when, callback))
        self._tasks[key] = task
        self._groups.setdefault(_group(key), set()).add(key)

    def schedule_in(
        self, key: Hashable, delay: float, callback: Callable[[], Awaitable[None]]
    ) -> None:
        self.schedule_at(key, self.clock.now() + delay, callback)

    async def _run(
        self, key: Hashable, when: float, callback: Callable[[], Awaitable[None]]
    ) -> None:
        await self.clock.sleep_until(when)
        task = asyncio.current_task()
        assert task is not None
        if self._tasks.get(key) is task:
            del self._tasks[key]
            self._ungroup(key)
        self._running[task] = key
        try:
            await callback()
        except asyncio.CancelledError:
            raise
        except StorageUnavailable as exc:
            log.warning("timer %r: the database is away (%s); retrying", key, exc)
            if key not in self._tasks:
                self.schedule_in(key, STORAGE_RETRY, callback)
        except Exception:
            log.exception("timer %r failed", key)
        finally:
            self._running.pop(task, None)

    def cancel(self, key: Hashable) -> None:
        task = self._tasks.pop(key, None)
        if task is None:
            return
        self._ungroup(key)
        if task is not asyncio.current_task():
            task.cancel()

    def cancel_group(self, group: Hashable) -> None:
        """Cancel every timer whose key's second item is ``group``."""
        for key in list(self._groups.get(group, ())):
            self.cancel(key)

    def _ungroup(self, key: Hashable) -> None:
        group = _group(key)
        keys = self._groups.get(group)
        if keys is not None:
            keys.discard(key)
            if not keys:
                del self._groups[group]

    async def close(self) -> None:
        """Refuse new timers, cancel the waiting ones, let running callbacks finish (up to
        ``grace`` seconds, then cancel them) and wait until every task has ended."""
        self.closing = True
        waiting = list(self._tasks.values())
        self._tasks.clear()
        self._groups.clear()
        for task in waiting:
            task.cancel()
        running = list(self._running)
        if running:
            log.info("closing: waiting for %d running timer(s) to finish", len(running))
            _, late = await asyncio.wait(running, timeout=self.grace)
            for task in late:
                log.warning("closing: timer %r still running; cancelled", self._running.get(task))
                task.cancel()
        for task in [*waiting, *running]:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


def _group(key: Hashable) -> Hashable:
    return key[1] if isinstance(key, tuple) and len(key) > 1 else None
