"""Scheduler.close: no timer armed after it begins, running callbacks waited for (within the
grace) or cancelled, waiting timers cancelled."""

from __future__ import annotations

import asyncio

from tables.clock import FakeClock
from tables.scheduler import Scheduler


async def test_close_waits_for_a_running_callback_and_refuses_new_timers():
    scheduler = Scheduler(FakeClock())
    go, done = asyncio.Event(), []

    async def move() -> None:
        await go.wait()
        scheduler.schedule_in(("bot", 1, "b"), 0, move)  # re-arming, as a bot move does
        done.append("moved")

    scheduler.schedule_in(("bot", 1, "b"), 0, move)
    while not scheduler.running():
        await asyncio.sleep(0)
    closing = asyncio.create_task(scheduler.close())
    while not scheduler.closing:
        await asyncio.sleep(0)
    assert not closing.done()
    go.set()
    await closing
    assert done == ["moved"]
    assert not scheduler.keys() and not scheduler.running()


async def test_close_cancels_a_callback_past_the_grace_and_waiting_timers():
    clock = FakeClock()
    scheduler = Scheduler(clock, grace=0.0)
    reached: list[str] = []

    async def blocked() -> None:
        await asyncio.Event().wait()
        reached.append("after")

    async def later() -> None:
        reached.append("later")

    scheduler.schedule_in(("bot", 1, "b"), 0, blocked)
    scheduler.schedule_in(("afk", 2, "x"), 60, later)
    while not scheduler.running():
        await asyncio.sleep(0)
    await scheduler.close()
    await clock.advance(120)
    assert reached == [] and not scheduler.running() and not scheduler.keys()
