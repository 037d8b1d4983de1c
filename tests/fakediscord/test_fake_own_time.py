"""The clock Discord's deadlines are judged on (``own_time``): the bot's own work counts, time
the process spends off the cores does not."""

from __future__ import annotations

import asyncio
import time

from tests.fakediscord.own_time import TICK, OwnTime


def spin(cpu_seconds: float) -> None:
    """Keep the loop busy until this process has spent ``cpu_seconds`` of CPU."""
    end = time.process_time() + cpu_seconds
    while time.process_time() < end:
        pass


async def test_own_time_counts_work_that_keeps_the_loop_busy():
    clock = OwnTime()
    clock.start()
    await asyncio.sleep(2 * TICK)
    before = clock.now()
    spin(0.3)  # however loaded the machine, 0.3 s of this process's CPU
    await asyncio.sleep(0)
    assert clock.now() - before >= 0.3
    await clock.stop()


async def test_own_time_leaves_out_a_stop_that_used_no_cpu():
    # a process kept off the cores looks like this from inside: the loop stops, no CPU passes
    clock = OwnTime()
    clock.start()
    await asyncio.sleep(2 * TICK)
    loop = asyncio.get_running_loop()
    wall, before = loop.time(), clock.now()
    time.sleep(0.5)
    during = clock.now()  # read before the ticker has woken to count the stop
    await asyncio.sleep(2 * TICK)
    after = clock.now()
    assert loop.time() - wall >= 0.5 + 2 * TICK
    assert during - before < 0.5 / 2 and after - before < 0.5 / 2
    assert clock.now() >= after  # never runs backwards
    await clock.stop()
