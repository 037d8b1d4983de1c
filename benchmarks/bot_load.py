"""Load benchmark: N concurrent bot-only tables through the loopback Discord.

    .venv/bin/python benchmarks/bot_load.py [--tables 200] [--seconds 30] [--bot-delay 1.5]

Starts the fake Discord (``tests/fakediscord``) and the real ``ChairmanBot`` in this process,
opens N Macao tables with ``/play bots:4 watch:True`` and starts them, lets the bots play for
``--seconds``, and meanwhile asks ``/table status`` in a random table every 50 ms. It prints:

- turn latency: from an action's commit to the end of the table-message edit that shows it
  (p50 / p99), i.e. how long a move takes to appear on Discord;
- interaction latency: from a slash command reaching the gateway to its answer (p50 / p99);
- REST calls per turn: every REST call the bot made in the measured window / turns played;
- memory per table: growth of this process's resident set (bot and fake together) / N.

Nothing here is imported by the bot or the tests.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cogs.client import ChairmanBot  # noqa: E402
from tables.service import TableListener  # noqa: E402
from tables.settings import Settings  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402


def rss_bytes() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class TurnClock(TableListener):
    """Remembers when each version of each table was committed; the wrapped publisher
    reports when an edit showing it finished."""

    def __init__(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.pending: dict[int, list[tuple[int, float]]] = {}
        self.latencies: list[float] = []
        self.turns = 0
        self.measuring = False

    async def game_changed(self, table: Any, events: list[Any]) -> None:
        if table.game is not None and self.measuring:
            self.pending.setdefault(table.id, []).append((table.version, self.loop.time()))
            self.turns += 1

    def shown(self, table_id: int, version: int) -> None:
        now = self.loop.time()
        waiting = self.pending.get(table_id, [])
        keep = []
        for v, at in waiting:
            if v <= version:
                self.latencies.append(now - at)
            else:
                keep.append((v, at))
        self.pending[table_id] = keep


def instrument(bot: ChairmanBot, clock: TurnClock) -> None:
    publisher = bot.publisher
    original = publisher._publish_table

    async def publish_table(table: Any) -> None:
        version = table.version
        await original(table)
        clock.shown(table.id, version)

    publisher._publish_table = publish_table  # type: ignore[method-assign]


class FakeThread:
    """The fake Discord on its own event loop in a thread, as Discord is another machine: the
    bot's loop then carries only the bot's work. Driver calls are sent over with ``call``."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.fake = FakeDiscord()

    async def call(self, coro: Any) -> Any:
        return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(coro, self.loop))

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


async def run(tables: int, seconds: float, bot_delay: float) -> dict[str, Any]:
    remote = FakeThread()
    fake = remote.fake
    await remote.call(fake.start())
    folder = tempfile.mkdtemp(prefix="chairman-bench-")
    settings = Settings(
        discord_token=fake.token,
        database_path=str(Path(folder) / "bench.sqlite3"),
        dev_guild_id=fake.guild_id,
        bot_delay=bot_delay,
        turn_timeout=600.0,
    )

    async def slash(user: Any, command: str, channel_id: int, **options: Any) -> float:
        i = await fake.slash(user, command, channel_id, **options)
        began = fake.loop_time()
        await i.wait_answered(timeout=30)
        return fake.loop_time() - began

    async def start_table(user: Any, thread_id: int) -> None:
        message = fake.messages(thread_id)[0]
        start = next(c for c in message.custom_ids() if c.endswith(":start"))
        i = await fake.click(user, message, start)
        await i.wait_answered(timeout=30)

    async def add_member(name: str) -> Any:
        return fake.add_member(name)

    with fake.patch_client():
        host = await remote.call(add_member("host"))
        bot = ChairmanBot(settings, guild_ready_timeout=0.01)
        runner = asyncio.create_task(bot.start(fake.token))
        while not bot.is_ready():
            if runner.done():
                runner.result()
            await asyncio.sleep(0.01)
        clock = TurnClock()
        bot.tables.add_listener(clock)
        instrument(bot, clock)
        gc.collect()
        rss_before = rss_bytes()
        for _ in range(tables):
            await remote.call(
                slash(host, "play", fake.general_id, game="macao", bots=4, watch=True)
            )
        threads = [t.id for t in fake.threads()]
        # Tables started in one instant would move in lockstep, every BOT_DELAY, all at once;
        # real tables start whenever people press Start, so spread the starts over one delay.
        step = bot_delay / tables
        for thread_id in threads:
            await remote.call(start_table(host, thread_id))
            await asyncio.sleep(step)
        await asyncio.sleep(2 * bot_delay)  # warm up
        gc.collect()
        rss_after = rss_bytes()

        interaction_latency: list[float] = []
        rng = random.Random(1)
        loop = asyncio.get_running_loop()
        calls_before = len(fake.rest_calls)
        lags: list[float] = []

        async def watch_lag() -> None:
            while clock.measuring:
                began = loop.time()
                await asyncio.sleep(0.01)
                lags.append(loop.time() - began - 0.01)

        clock.measuring = True
        lag_task = asyncio.create_task(watch_lag())
        cpu_before = time.process_time()
        bot_cpu_before = time.thread_time()
        end = loop.time() + seconds
        while loop.time() < end:
            thread_id = threads[int(rng.random() * len(threads))]
            interaction_latency.append(await remote.call(slash(host, "table status", thread_id)))
            await asyncio.sleep(0.05)
        clock.measuring = False
        await lag_task
        cpu = (time.process_time() - cpu_before) / seconds
        bot_cpu = time.thread_time() - bot_cpu_before
        probes = len(interaction_latency)
        calls = len(fake.rest_calls) - calls_before - probes  # the probes' own answers
        finished = sum(1 for t in bot.tables.tables.values() if not t.is_open)
        await bot.close()
        await runner
        await remote.call(fake.stop())
    remote.stop()
    return {
        "tables": tables,
        "seconds": seconds,
        "bot_delay": bot_delay,
        "turns": clock.turns,
        "turns_per_second": clock.turns / seconds,
        "turn_p50_ms": percentile(clock.latencies, 0.50) * 1000,
        "turn_p99_ms": percentile(clock.latencies, 0.99) * 1000,
        "interaction_p50_ms": percentile(interaction_latency, 0.50) * 1000,
        "interaction_p99_ms": percentile(interaction_latency, 0.99) * 1000,
        "interactions": probes,
        "rest_calls_per_turn": calls / max(clock.turns, 1),
        "memory_per_table_kib": (rss_after - rss_before) / tables / 1024,
        "finished_tables": finished,
        "cpu_busy": cpu,
        "bot_cpu_per_turn_ms": bot_cpu / max(clock.turns, 1) * 1000,
        "loop_lag_p50_ms": percentile(lags, 0.5) * 1000,
        "loop_lag_p99_ms": percentile(lags, 0.99) * 1000,
        "mean_turn_ms": statistics.fmean(clock.latencies) * 1000 if clock.latencies else 0.0,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--bot-delay", type=float, default=1.5)
    args = parser.parse_args(argv)
    began = time.perf_counter()
    figures = asyncio.run(run(args.tables, args.seconds, args.bot_delay))
    print(f"{figures['tables']} bot-only Macao tables, 4 bots each, BOT_DELAY {args.bot_delay} s")
    print(f"turns played          {figures['turns']} ({figures['turns_per_second']:.0f}/s)")
    print(
        f"turn to Discord       p50 {figures['turn_p50_ms']:.1f} ms, "
        f"p99 {figures['turn_p99_ms']:.1f} ms"
    )
    print(
        f"interaction answer    p50 {figures['interaction_p50_ms']:.1f} ms, "
        f"p99 {figures['interaction_p99_ms']:.1f} ms ({figures['interactions']} probes)"
    )
    print(f"REST calls per turn   {figures['rest_calls_per_turn']:.2f}")
    print(f"memory per table      {figures['memory_per_table_kib']:.0f} KiB (RSS, bot + fake)")
    print(
        f"bot loop lag          p50 {figures['loop_lag_p50_ms']:.1f} ms, "
        f"p99 {figures['loop_lag_p99_ms']:.1f} ms"
    )
    print(f"CPU busy              {figures['cpu_busy']:.0%} of one core (bot + fake)")
    print(f"bot CPU per turn      {figures['bot_cpu_per_turn_ms']:.2f} ms (the bot's thread only)")
    print(f"wall time             {time.perf_counter() - began:.1f} s")


if __name__ == "__main__":
    main()
