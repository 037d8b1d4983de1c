"""Load benchmark: N concurrent bot-only tables through the loopback Discord.

    .venv/bin/python benchmarks/bot_load.py [--tables 200] [--humans 20] [--seconds 20]
        [--bot-delay 1.5] [--edit-interval 1] [--images on|off] [--old-tables] [--json]
        [--profile] [--trace]

The real ``ChairmanBot`` runs in this process; the fake Discord (``tests/fakediscord``) runs
in a child process, as Discord is another machine, so the bot's event loop carries only the
bot's own work. The child opens N Macao tables: ``--humans`` of them with ``/play bots:3``,
where one person (a member of the fake) plays beside three bots by pressing the buttons of
the hand DM, each press ``--bot-delay`` after the DM offered a move, as a person thinks; the
others with ``/play bots:4 watch:True``, bots only. It starts them spread over one bot delay
(as people press Start at different moments), lets them play, and asks ``/table status`` in
a random table every 50 ms. Printed, with the load average before and after (the machine may
be shared: compare runs made one after the other):

- presses: the people's DM presses in the measured window, how many were refused (out of
  date) or deferred, and from the press leaving the fake's gateway to its first answer and
  to what the player is shown (the same for an answer that is not deferred; after a defer,
  the edit that follows it), p50 / p99 / slowest, and how many took over Discord's 3 s,
  measured in the fake;
- turn to Discord: from an action's commit to the end of the table-message edit showing it
  (p50 / p99), measured in the bot;
- interaction answers: from an interaction leaving the fake's gateway to its answer arriving
  (the probes' p50 / p99, the Start presses' p99, the slowest of all and how many took over
  Discord's 3 s, which the fake refuses), measured in the fake;
- requests per turn by bucket: the bot's REST calls in the measured window in the global
  bucket (which Discord's 50 requests/s for the whole bot counts) and in the interaction
  bucket (callbacks, and edits and follow-ups through an interaction's token: exempt; the
  probes' own not counted), each by route, beside what the bot's own account counted
  (``cogs.budget``); and the turns per second 50 requests/s allow;
- memory per table: growth of the bot process's resident set while the tables opened
  (lobbies) and once they run, / N, everything counted (the PNGs the picture caches hold
  are given beside it);
- the bot's event-loop lag and its CPU time per turn: on the event loop's thread, and of the
  whole process (the picture thread included); the turns each table made per second (a
  table moves once a bot delay when the process keeps up: fewer means it did not, for want
  of CPU), and the tables whose moves would fill one core at that pace (the bot delay over
  the process's CPU per turn; Python runs the bot's own work on one core at a time).

``--old-tables`` runs the tables as if they had been playing for over 15 minutes: no
interaction token can edit their message any more (the people's presses still edit their
hands), so each table edit counts against the global limit.

The fake's side, the child process, is ``benchmarks/bot_load_fake.py``. Nothing here is
imported by the bot or the tests.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bot_load_fake import fake_side, percentile  # noqa: E402


def rss_bytes() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


# --- the bot's side (this process) ------------------------------------------------------------
async def bot_side(
    tables: int,
    humans: int,
    seconds: float,
    bot_delay: float,
    edit_interval: float = 1.0,
    images: str = "on",
    trace: bool = False,
    old_tables: bool = False,
) -> dict[str, Any]:
    from cogs.client import ChairmanBot
    from tables.service import TableListener
    from tables.settings import Settings
    from tests.fakediscord.guard import ClientPatch

    class TurnClock(TableListener):
        """When each version of each table was committed, and when an edit showed it."""

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
            keep = []
            for v, at in self.pending.get(table_id, []):
                if v <= version:
                    self.latencies.append(now - at)
                else:
                    keep.append((v, at))
            self.pending[table_id] = keep

    child = await asyncio.create_subprocess_exec(
        sys.executable,
        __file__,
        "--fake-side",
        f"--tables={tables}",
        f"--humans={humans}",
        f"--seconds={seconds}",
        f"--bot-delay={bot_delay}",
        f"--images={images}",
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        cwd=str(ROOT),
    )
    assert child.stdout is not None and child.stdin is not None

    stdout = child.stdout

    async def hear() -> dict[str, Any]:
        line = await stdout.readline()
        if not line:
            raise RuntimeError("the fake Discord process stopped")
        heard: dict[str, Any] = json.loads(line)
        return heard

    where = await hear()
    folder = tempfile.mkdtemp(prefix="chairman-bench-")
    settings = Settings(
        discord_token=where["token"],
        database_path=str(Path(folder) / "bench.sqlite3"),
        dev_guild_id=where["guild"],
        bot_delay=bot_delay,
        turn_timeout=600.0,
        table_edit_interval=edit_interval,
    )
    patch = ClientPatch(where["api"], where["gateway"])
    patch.apply()
    bot = ChairmanBot(settings, guild_ready_timeout=0.01)
    clock = TurnClock()
    # the edit itself (``TableMessage.publish`` may leave it for the edit interval:
    # TABLE_EDIT_INTERVAL)
    original = bot.publisher.table_message.edit

    async def edit_table(table: Any) -> None:
        version = table.version
        await original(table)
        clock.shown(table.id, version)

    # setattr, as mypy refuses plain assignment to a method: this times every table edit
    setattr(bot.publisher.table_message, "edit", edit_table)  # noqa: B010
    if old_tables:
        # tables running for over 15 minutes: Start's token can no longer edit their message
        # (the people's latest presses can still edit their hands)
        tokens: Any = bot.publisher.tokens
        fresh = tokens.fresh
        tokens.fresh = lambda key: None if key[0] == "table" else fresh(key)
    runner = asyncio.create_task(bot.start(settings.discord_token))
    while bot.opened_tables is None:
        await asyncio.sleep(0.01)
    bot.tables.add_listener(clock)
    # what every process loads once, whatever its number of tables: Babel's locale data
    # (the first number a table message writes) and the card faces (the first picture)
    from i18n import get as catalog_of
    from pictures.cache import HANDS, TABLES

    catalog_of("en").number(1)
    if images == "on":
        import pictures

        pictures.warm()
    gc.collect()
    if trace:
        import tracemalloc

        tracemalloc.start(3)
        traced = tracemalloc.take_snapshot()
    rss_before = rss_bytes()
    await hear()  # opened
    gc.collect()
    rss_lobbies = rss_bytes()
    child.stdin.write(b"go\n")
    await child.stdin.drain()
    await hear()  # measuring
    gc.collect()
    rss_after = rss_bytes()
    # the picture LRUs (``pictures.cache``): counted in the figure, and given beside it
    lru_bytes = sum(len(v) for cache in (HANDS, TABLES) for v in cache._items.values())
    if trace:
        diff = tracemalloc.take_snapshot().compare_to(traced, "lineno")
        for stat in diff[:30]:
            print(f"{stat.size_diff / tables / 1024:8.2f} KiB/table  {stat.traceback}")
        tracemalloc.stop()
    loop = asyncio.get_running_loop()
    lags: list[float] = []

    async def watch_lag() -> None:
        while clock.measuring:
            began = loop.time()
            await asyncio.sleep(0.01)
            lags.append(loop.time() - began - 0.01)

    clock.measuring = True
    lag_task = asyncio.create_task(watch_lag())
    cpu_before, process_before = time.thread_time(), time.process_time()
    counted_before = dict(bot.requests.buckets)
    report = await hear()
    counted = {k: v - counted_before.get(k, 0) for k, v in bot.requests.buckets.items()}
    bot_cpu = time.thread_time() - cpu_before
    process_cpu = time.process_time() - process_before
    clock.measuring = False
    await lag_task
    await bot.close()
    await runner
    child.stdin.close()
    await child.wait()
    patch.undo()
    turns = max(clock.turns, 1)
    return {
        "tables": tables,
        "turns": clock.turns,
        "turns_per_second": clock.turns / seconds,
        "turn_p50_ms": percentile(clock.latencies, 0.50) * 1000,
        "turn_p99_ms": percentile(clock.latencies, 0.99) * 1000,
        **report,
        "rest_calls_per_turn": report["calls"] / turns,
        "answers_per_turn": report["answers"] / turns,
        # what the bot's own account (``cogs.budget``) counted in the same window
        "bot_counted": counted,
        "lobby_kib": (rss_lobbies - rss_before) / tables / 1024,
        "memory_per_table_kib": (rss_after - rss_before) / tables / 1024,
        "picture_lru_kib": lru_bytes / 1024,
        "loop_lag_p50_ms": percentile(lags, 0.5) * 1000,
        "loop_lag_p99_ms": percentile(lags, 0.99) * 1000,
        "bot_cpu_per_turn_ms": bot_cpu / turns * 1000,
        "process_cpu_per_turn_ms": process_cpu / turns * 1000,
        "bot_core_share": process_cpu / seconds,
        "turns_per_table_second": clock.turns / seconds / tables,
        # a table left to itself moves once a bot delay: the tables whose moves fill one core
        "tables_per_core": bot_delay / max(process_cpu / turns, 1e-9),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument(
        "--humans", type=int, default=20, help="tables where a person plays beside 3 bots"
    )
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--bot-delay", type=float, default=1.5)
    parser.add_argument(
        "--edit-interval", type=float, default=1.0, help="TABLE_EDIT_INTERVAL (default 1)"
    )
    parser.add_argument(
        "--images", choices=("on", "off"), default="on", help="card pictures (default on)"
    )
    parser.add_argument(
        "--old-tables",
        action="store_true",
        help="no interaction token can edit a table message (as at tables over 15 minutes old)",
    )
    parser.add_argument("--profile", action="store_true", help="cProfile the bot's side")
    parser.add_argument(
        "--trace",
        action="store_true",
        help="tracemalloc: where the tables' memory goes (the other figures are then off)",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON line")
    parser.add_argument("--fake-side", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.fake_side:
        images = args.images == "on"
        asyncio.run(fake_side(args.tables, args.humans, args.seconds, args.bot_delay, images))
        return
    began = time.perf_counter()
    load_before = os.getloadavg()
    run = bot_side(
        args.tables,
        args.humans,
        args.seconds,
        args.bot_delay,
        args.edit_interval,
        args.images,
        args.trace,
        args.old_tables,
    )
    if args.profile:
        import cProfile
        import pstats

        profiler = cProfile.Profile()
        f = profiler.runcall(asyncio.run, run)
        stats = pstats.Stats(profiler)
        stats.sort_stats("tottime").print_stats(30)
        stats.sort_stats("cumulative").print_stats(
            r"cogs|tables|engine|discord/(message|http|ui|embeds)", 60
        )
    else:
        f = asyncio.run(run)
    load_after = os.getloadavg()
    if args.json:
        print(json.dumps({**f, "load_before": load_before, "load_after": load_after}))
        return
    people = min(args.humans, f["tables"])
    print(
        f"{f['tables']} Macao tables ({people} with a person and 3 bots, the rest 4 bots), "
        f"BOT_DELAY {args.bot_delay} s, TABLE_EDIT_INTERVAL {args.edit_interval} s, "
        f"pictures {args.images}"
        + (", table messages past their tokens" if args.old_tables else "")
    )
    loads = " / ".join(f"{a:.1f}-{b:.1f}" for a, b in zip(load_before, load_after, strict=True))
    print(f"load average          {loads} (1 / 5 / 15 min, before-after; 2 cores, shared)")
    print(f"turns played          {f['turns']} ({f['turns_per_second']:.0f}/s)")
    print(
        f"presses answered      {f['presses'] - f['press_late']} of {f['presses']} within 3 s "
        f"({f['refused']} refused as out of date, {f['deferred']} deferred first)"
    )
    print(
        f"press to answer       p50 {f['press_p50_ms']:.1f} ms, p99 {f['press_p99_ms']:.1f} ms, "
        f"slowest {f['press_max_ms']:.0f} ms"
    )
    print(
        f"press to shown        p50 {f['shown_p50_ms']:.1f} ms, p99 {f['shown_p99_ms']:.1f} ms, "
        f"slowest {f['shown_max_ms']:.0f} ms"
    )
    print(f"turn to Discord       p50 {f['turn_p50_ms']:.1f} ms, p99 {f['turn_p99_ms']:.1f} ms")
    print(
        f"interaction answer    p50 {f['interaction_p50_ms']:.1f} ms, "
        f"p99 {f['interaction_p99_ms']:.1f} ms ({f['probes']} /table status probes); "
        f"Start p99 {f['start_p99_ms']:.0f} ms; slowest of {f['interactions']} "
        f"{f['answer_max_ms']:.0f} ms, {f['late']} over 3 s"
    )
    per_turn = f["rest_calls_per_turn"]
    print(
        f"requests per turn     {per_turn:.3f} in the global bucket, "
        f"{f['answers_per_turn']:.3f} in the interaction bucket (exempt; probes not counted)"
    )
    print("  global, by route")
    for kind, count in f["kinds"].items():
        print(f"    {count / max(f['turns'], 1):.3f}  {kind}")
    print("  interaction, by route (the probes' own answers included)")
    for kind, count in f["answer_kinds"].items():
        print(f"    {count / max(f['turns'], 1):.3f}  {kind}")
    counted = f["bot_counted"]
    print(
        f"  the bot's own count   {counted.get('global', 0)} global, "
        f"{counted.get('interaction', 0)} interaction (cogs.budget; the fake saw "
        f"{f['calls']} and {f['answers'] + f['probes']})"
    )
    budget = 50 / per_turn if per_turn else float("inf")
    print(f"turns/s in 50 req/s   {budget:.0f} (Discord's global limit; interactions exempt)")
    print(
        f"memory per table      {f['lobby_kib']:.1f} KiB in the lobby, "
        f"{f['memory_per_table_kib']:.1f} KiB running (bot process RSS, of which "
        f"{f['picture_lru_kib']:.0f} KiB in all are PNGs in the picture caches)"
    )
    lag = f"p50 {f['loop_lag_p50_ms']:.1f} ms, p99 {f['loop_lag_p99_ms']:.1f} ms"
    print(f"bot loop lag          {lag}")
    print(
        f"bot CPU per turn      {f['bot_cpu_per_turn_ms']:.2f} ms on the event loop, "
        f"{f['process_cpu_per_turn_ms']:.2f} ms in all (pictures included)"
    )
    print(
        f"pace                  {f['turns_per_table_second']:.2f} turns a second per table "
        f"(1 / BOT_DELAY = {1 / args.bot_delay:.2f} if the process kept up); the process "
        f"used {f['bot_core_share']:.0%} of a core"
    )
    print(
        f"tables per core       {f['tables_per_core']:.0f} moving once a BOT_DELAY "
        f"(BOT_DELAY / CPU per turn in all)"
    )
    print(f"fake Discord busy     {f['fake_cpu']:.0%} of a core")
    print(f"wall time             {time.perf_counter() - began:.1f} s")


if __name__ == "__main__":
    main()
