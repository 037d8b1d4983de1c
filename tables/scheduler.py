"""Keyed timers: one asyncio task per key, replaced when the key is scheduled again.

Keys are tuples such as ``("bot", 12, "bot1")``; a key's second item is its group (the
table), so ``cancel_group`` drops every timer of one table without looking at the others.
A task removes its key before running its callback, so a callback may schedule its own key
again without cancelling itself. Errors in callbacks are logged, never raised into the loop;
a callback that found the database away runs again ``STORAGE_RETRY`` seconds later.
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


class Scheduler:
    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self._tasks: dict[Hashable, asyncio.Task[None]] = {}
        self._groups: dict[Hashable, set[Hashable]] = {}

    def __contains__(self, key: Hashable) -> bool:
        return key in self._tasks

    def keys(self) -> list[Hashable]:
        return list(self._tasks)

    def schedule_at(
        self, key: Hashable, when: float, callback: Callable[[], Awaitable[None]]
    ) -> None:
        """Run ``callback`` at ``when`` on the clock, replacing any timer under ``key``."""
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
        if self._tasks.get(key) is asyncio.current_task():
            del self._tasks[key]
            self._ungroup(key)
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

    def cancel_where(self, matches: Callable[[Hashable], bool]) -> None:
        """Cancel every timer whose key ``matches`` (looks at them all: prefer cancel_group)."""
        for key in [k for k in self._tasks if matches(k)]:
            self.cancel(key)

    def _ungroup(self, key: Hashable) -> None:
        group = _group(key)
        keys = self._groups.get(group)
        if keys is not None:
            keys.discard(key)
            if not keys:
                del self._groups[group]

    async def close(self) -> None:
        """Cancel every timer and wait for them to finish."""
        tasks = list(self._tasks.values())
        self._tasks.clear()
        self._groups.clear()
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


def _group(key: Hashable) -> Hashable:
    return key[1] if isinstance(key, tuple) and len(key) > 1 else None
