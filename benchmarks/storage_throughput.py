"""Tables and turns per second through the table service over each storage backend, the event
loop's lag meanwhile, and the cost of a DM press handed to another process.

Each run opens ``--tables`` two-human Macao tables (open, join, start) and then plays
``--turns`` moves in each, every table at once (a task each, as presses at many tables arrive
together). Every move is ``TableService.act``, as a button press is: checked by the engine and
committed to the action log before it returns (the commit is awaited off the event loop, and
concurrent tables' rows are committed together: ``data.log_writer``). Four setups:

- one process over SQLite (WAL, ``synchronous=NORMAL``, as ``data.db`` opens it);
- one process over PostgreSQL (every commit flushed to disk: the server's defaults);
- two processes at once over the same PostgreSQL database, each with its own tables (as two
  shard processes would be); their tables and turns per second are added up;
- one process over PostgreSQL with ``synchronous_commit=off`` (set through the URL), to show
  how much of a turn is the server flushing its commit to disk.

While the moves are played a ticker task asks to wake every ``TICK`` seconds and records how
late it woke: the event loop's lag, what a press waiting to be read would wait; its p99 is
printed (the worst process's), with the p99 of the part of it the loop's thread spent working
(its CPU time while the ticker waited, beyond the tick): on a machine other work keeps busy the
rest is time the process was not running at all. Turns per CPU second (the process's, its
writer thread's included) and the cores used (CPU seconds over wall seconds, added up over the
processes) tell a setup that did more work a turn from one the machine gave less CPU.

The PostgreSQL server is a fresh one from the ``pgserver`` package in a temporary folder, with
its defaults, unless ``--url`` names another. A forwarded press is timed from the receiving
side's hand-over (store + NOTIFY) to the owning side holding the claimed payload (LISTEN on its
own connection + claim): the work a DM press for another process's table adds before the
owner applies it.

Run: ``nice -n 15 .venv/bin/python benchmarks/storage_throughput.py [--tables 60] [--turns 30]``
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import statistics
import sys
import tempfile
import time
import warnings
from multiprocessing.queues import Queue
from pathlib import Path
from typing import TYPE_CHECKING, Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from data import forwarding
from data.db import open_database
from data.notify import Listener, notify
from tables.model import Table
from tables.service import TableService

if TYPE_CHECKING:
    from pgserver import PostgresServer

HOST, GUEST = 101, 102


#: seconds between the lag ticker's wake-ups
TICK = 0.005


async def ticker(lags: list[float], busy: list[float], stop: asyncio.Event) -> None:
    """Wake every ``TICK`` seconds; record how late each wake-up was (``lags``), and how much
    of that the loop's thread spent working (``busy``: its CPU time over the wait beyond
    ``TICK``), the rest being time the machine gave other processes."""
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        due = loop.time() + TICK
        cpu = time.thread_time()
        await asyncio.sleep(TICK)
        lags.append(max(0.0, loop.time() - due))
        busy.append(max(0.0, time.thread_time() - cpu - TICK))


async def play(service: TableService, table: Table, turns: int) -> int:
    """The seat whose turn it is presses its first legal move, ``turns`` times."""
    moves = 0
    for _ in range(turns):
        if not table.is_running:
            break
        game = table.game
        assert game is not None  # running
        seat = game.current_player()
        assert seat is not None
        user = table.seat(seat).user_id
        assert user is not None  # every seat here is a person's
        await service.act(table.id, user, game.legal_actions(seat)[0], table.token(seat))
        moves += 1
    return moves


async def workload(location: str, tables: int, turns: int, first_channel: int) -> dict[str, Any]:
    db = open_database(location)
    service = TableService(db, bot_delay=0.0, turn_timeout=3600.0, seeds=lambda: 7)
    lags: list[float] = []
    busy: list[float] = []
    stop = asyncio.Event()
    try:
        started = time.perf_counter()
        opened = []
        for n in range(tables):
            table = await service.open_table(
                game="macao", host_id=HOST, host_name="host", channel_id=first_channel + n
            )
            await service.join(table.id, GUEST, "guest")
            await service.start(table.id, HOST)
            opened.append(table)
        tables_done = time.perf_counter()
        measuring = asyncio.create_task(ticker(lags, busy, stop))
        cpu = time.process_time()
        moves = sum(await asyncio.gather(*(play(service, t, turns) for t in opened)))
        ended = time.perf_counter()
        cpu = time.process_time() - cpu
        stop.set()
        await measuring
    finally:
        await service.close()
        db.close()
    lags.sort()
    busy.sort()
    return {"tables": tables, "table_s": tables_done - started, "turns": moves,
            "turn_s": ended - tables_done, "turn_cpu_s": cpu,
            "lag_p99_ms": lags[int(len(lags) * 0.99) - 1] * 1000 if lags else 0.0,
            "busy_p99_ms": busy[int(len(busy) * 0.99) - 1] * 1000 if busy else 0.0}  # fmt: skip


def worker(
    location: str, tables: int, turns: int, first_channel: int, out: Queue[dict[str, Any]]
) -> None:
    out.put(asyncio.run(workload(location, tables, turns, first_channel)))


def run(location: str, processes: int, tables: int, turns: int) -> dict[str, Any]:
    context = multiprocessing.get_context("spawn")
    queue = context.Queue()
    workers = [
        context.Process(target=worker, args=(location, tables, turns, 1_000_000 * (p + 1), queue))
        for p in range(processes)
    ]
    for process in workers:
        process.start()
    found = [queue.get(timeout=600) for _ in workers]
    for process in workers:
        process.join()
    return {
        "tables_per_s": sum(f["tables"] / f["table_s"] for f in found),
        "turns_per_s": sum(f["turns"] / f["turn_s"] for f in found),
        "lag_p99_ms": max(f["lag_p99_ms"] for f in found),
        "busy_p99_ms": max(f["busy_p99_ms"] for f in found),
        "turns_per_cpu_s": sum(f["turns"] for f in found) / sum(f["turn_cpu_s"] for f in found),
        "cores": sum(f["turn_cpu_s"] / f["turn_s"] for f in found),
    }


async def forwarded_press(url: str, presses: int) -> list[float]:
    """Seconds from hand-over to the claimed payload, per press."""
    sender, owner = open_database(url), open_database(url)
    channel = forwarding.channel_name(sender)
    arrived: asyncio.Queue[str] = asyncio.Queue()
    listener = Listener(url, channel, arrived.put_nowait)
    listener.start()
    await listener.connected.wait()
    payload = {"id": "1", "token": "t" * 70, "type": 3, "data": {"custom_id": "x" * 60}}
    timings = []
    try:
        for _ in range(presses):
            began = time.perf_counter()
            press = forwarding.hand_over(sender, 1, 1, payload, time.time())
            notify(sender, channel, f'{{"id": {press}, "shard": 1}}')
            await arrived.get()
            assert forwarding.claim(owner, press, time.time()) is not None
            timings.append(time.perf_counter() - began)
    finally:
        await listener.stop()
        sender.close()
        owner.close()
    return timings


def with_option(url: str, setting: str) -> str:
    """``url`` with a server setting for its sessions (``options=-c name=value``)."""
    joiner = "&" if "?" in url else "?"
    return f"{url}{joiner}options=-c{setting.replace('=', '%3D')}"


def postgres_server(folder: Path) -> PostgresServer:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import pgserver

        return pgserver.get_server(folder / "pg", cleanup_mode="delete")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=60, help="tables per process")
    parser.add_argument("--turns", type=int, default=30, help="moves per table")
    parser.add_argument("--presses", type=int, default=300, help="forwarded presses to time")
    parser.add_argument("--url", default=None, help="a PostgreSQL URL (default: a fresh server)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="chbench-") as folder:
        if args.url:
            url = args.url
            server = None
        else:
            server = postgres_server(Path(folder))
            url = server.get_uri()
        rows = []
        for name, location, processes in (
            ("1 process, SQLite", str(Path(folder) / "bench.sqlite3"), 1),
            ("1 process, PostgreSQL", url, 1),
            ("2 processes, PostgreSQL", url, 2),
            ("1 process, PG async commit", with_option(url, "synchronous_commit=off"), 1),
        ):
            figures = run(location, processes, args.tables, args.turns)
            rows.append((name, figures))
            print(
                f"{name:26} {figures['tables_per_s']:8.1f} tables/s"
                f" {figures['turns_per_s']:8.1f} turns/s"
                f" ({figures['turns_per_cpu_s']:5.0f} a CPU second, {figures['cores']:.2f} cores)"
                f"  loop lag p99 {figures['lag_p99_ms']:5.1f} ms"
                f" (the loop working {figures['busy_p99_ms']:4.1f} ms)",
                flush=True,
            )
        turns = {name: figures["turns_per_s"] for name, figures in rows}
        print(
            "PostgreSQL / SQLite on one process:"
            f" {turns['1 process, PostgreSQL'] / turns['1 process, SQLite']:.2f};"
            " two processes / one on PostgreSQL:"
            f" {turns['2 processes, PostgreSQL'] / turns['1 process, PostgreSQL']:.2f}",
            flush=True,
        )
        timings = asyncio.run(forwarded_press(url, args.presses))
        ms = sorted(t * 1000 for t in timings)
        print(
            "forwarded DM press (store + NOTIFY -> LISTEN + claim):"
            f" median {statistics.median(ms):.2f} ms, p99 {ms[int(len(ms) * 0.99) - 1]:.2f} ms"
            f" over {len(ms)} presses"
        )
        if server is not None:
            server.cleanup()


if __name__ == "__main__":
    main()
