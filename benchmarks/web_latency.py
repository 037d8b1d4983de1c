"""How long a move takes to reach every open web page: TABLES tables of Macao between two
people, PAGES spectator pages open on each (WebSockets on loopback, no browser), one move
after another made through ``service.act`` as a Discord press is; for every move, the time
from the call until each page of its table has a frame of the new version. Prints p50, p99
and the worst, in milliseconds.

    python benchmarks/web_latency.py [--tables 200] [--pages 4] [--moves 400] [--seed 0]

Everything runs in one process on one event loop (the service, the web server and the
pages), as the bot does; the pages' reading is part of the measured time, so the figures are
an upper bound on what the server alone adds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from data.db import open_database
from tables.service import TableService
from web.links import Signer, secret_from
from web.server import WebServer


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def run(tables: int, pages: int, moves: int, seed: int) -> list[float]:
    with tempfile.TemporaryDirectory() as tmp:
        db = open_database(Path(tmp) / "bench.sqlite3")
        service = TableService(db, bot_delay=0.0, turn_timeout=3600.0, seeds=lambda: seed)
        signer = Signer(secret_from("benchmark"))
        port = free_port()
        server = WebServer(service, signer, port=port, host="127.0.0.1")
        await server.start()
        opened = []
        for n in range(tables):
            table = await service.open_table(
                game="macao", host_id=1, host_name="ana", channel_id=1000 + n
            )
            await service.join(table.id, 2, "bo")
            await service.start(table.id, 1)
            opened.append(table)
        seen: dict[int, list[int]] = {t.id: [-1] * pages for t in opened}
        arrived = asyncio.Event()
        # every page holds its connection open: no pool limit
        http = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0))

        async def page(table_id: int, index: int) -> None:
            url = f"http://127.0.0.1:{port}/ws/{table_id}?key={signer.spectator(table_id)}"
            async with http.ws_connect(url, max_msg_size=0) as ws:
                async for message in ws:
                    data = json.loads(message.data)
                    if data.get("type") == "table":
                        seen[table_id][index] = data["version"]
                        arrived.set()

        readers = [asyncio.create_task(page(t.id, i)) for t in opened for i in range(pages)]
        while any(v < 0 for versions in seen.values() for v in versions):
            arrived.clear()
            await arrived.wait()
        rng = random.Random(seed)
        latencies: list[float] = []
        for _ in range(moves):
            table = rng.choice([t for t in opened if t.is_running])
            game = table.game
            assert game is not None
            seat = table.waiting()[0]
            user = table.seat(seat).user_id
            assert user is not None
            action = rng.choice(game.legal_actions(seat))
            started = time.perf_counter()
            await service.act(table.id, user, action, table.token(seat))
            version = table.version
            while min(seen[table.id]) < version:
                arrived.clear()
                await arrived.wait()
            latencies.append((time.perf_counter() - started) * 1000)
        for reader in readers:
            reader.cancel()
        await asyncio.gather(*readers, return_exceptions=True)
        await http.close()
        await server.close()
        await service.close()
        db.close()
        return latencies


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--pages", type=int, default=4)
    parser.add_argument("--moves", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    latencies = asyncio.run(run(args.tables, args.pages, args.moves, args.seed))
    cuts = statistics.quantiles(latencies, n=100, method="inclusive")
    print(
        f"{args.tables} tables x {args.pages} pages, {len(latencies)} moves: "
        f"p50 {cuts[49]:.1f} ms, p99 {cuts[98]:.1f} ms, worst {max(latencies):.1f} ms"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
