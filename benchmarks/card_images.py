"""Card pictures: render times, cache hits, PNG sizes and REST calls per table turn.

    .venv/bin/python benchmarks/card_images.py [--hands 400] [--turns 40] [--running 200]
        [--running-turns 20] [--json] [--against FILE] [--docs docs]

Pinned to one core (``sched_setaffinity``). Printed:

- hand picture: drawn and written on a cache miss (the sprites already drawn, as they are
  after a bot's first picture), CPU time p50 / p99 over random hands of 5-40 cards, and for
  40-card hands alone (CPU time: wall-clock time adds the waits for a busy machine's core);
- table picture: the same for random tables whose every word is new (the worst case: a
  running table's title and names are set once, see below);
- cache hit: looking a picture up in the LRU (what a repeated hand or table costs);
- PNG sizes: a 7-card hand, a 40-card hand, a table;
- REST calls per table turn: a Macao table of four bots through the loopback Discord
  (``tests/fakediscord``), pictures on and off; the picture rides on the table edit the
  turn makes anyway, so the two figures should match;
- running tables (``benchmarks/card_images_running.py``, each in a child process pinned to
  the same core): ``--running`` Macao tables moved a turn each in turn, every turn's table
  picture and each change of the person's hand drawn as the bot draws them: CPU ms per
  table picture and per hand picture (p50 / p99), the table PNG's mean size, and KiB per
  running table with pictures and without (the difference is what pictures keep), and
  again at twice as many tables, which splits it into what each further table adds and
  what the process holds whatever their number (the caches, bounded, and the allocator's
  arenas).

``--json`` prints the figures as one JSON line; ``--against FILE`` (such a line, saved)
prints each figure's ratio to it.

``--docs DIR`` instead writes ``hand.png`` and ``table.png`` of a real Macao position to DIR
(the pictures the README shows) and measures nothing. Nothing here is imported by the bot.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pictures  # noqa: E402
from cogs import render  # noqa: E402
from cogs.card_images import hand_picture, table_picture  # noqa: E402
from cogs.hand_layout import hand_layout  # noqa: E402
from engine import GAMES  # noqa: E402
from engine.cards import ALL_CARDS  # noqa: E402
from pictures import HandCard, HandPicture, SeatCount, TablePicture, faces  # noqa: E402
from pictures.cache import HANDS, TABLES  # noqa: E402
from tables.model import Seat, Table  # noqa: E402
from terminal.simulate_report import percentile  # noqa: E402

STYLES = ("danger", "secondary", "menu", "")


def random_hand(rng: random.Random, size: int) -> HandPicture:
    cards = [str(c) for c in rng.sample(ALL_CARDS, min(size, 52))]
    cards += [str(rng.choice(ALL_CARDS)) for _ in range(size - len(cards))]
    marks = []
    for card in cards:
        style = rng.choice(STYLES)
        label = "" if not style else ("menu" if style == "menu" else render.card(card))
        marks.append(HandCard(card, label, style))
    return HandPicture(tuple(marks))


def random_table(rng: random.Random) -> TablePicture:
    seats = tuple(
        SeatCount(f"Player {n}", rng.randrange(0, 15), n == 0, f"{rng.randrange(0, 300)} pts")
        for n in range(rng.randrange(2, 8))
    )
    top = str(rng.choice(ALL_CARDS))
    return TablePicture(
        top=(top,),
        named_suit=rng.choice([None, "H", "S"]),
        direction=rng.choice(["clockwise", "counterclockwise"]),
        pending=rng.choice([None, ("draw", rng.randrange(2, 9), 1)]),
        stock=rng.randrange(0, 40),
        seats=seats,
        title=f"Macao · table #{rng.randrange(1000)}",
        last=f"Player {len(seats) - 1} played {render.card(top)}",
    )


def time_renders(pictures: list[Any], cache: Any) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds of each render (on a busy machine the two differ by the
    time spent waiting for the core)."""
    cache.clear()
    wall, cpu = [], []
    for picture in pictures:
        began, began_cpu = time.perf_counter(), time.thread_time()
        cache.render(picture)
        wall.append(time.perf_counter() - began)
        cpu.append(time.thread_time() - began_cpu)
    return wall, cpu


def time_hits(picture: Any, cache: Any, count: int = 20000) -> list[float]:
    cache.render(picture)
    took = []
    for _ in range(count):
        began = time.perf_counter()
        cache.peek(picture)
        took.append(time.perf_counter() - began)
    return took


# --- a real position, for the README ---------------------------------------------------------
def sample_table() -> Table:
    """A Macao table of four where Ana holds a full hand with several cards to play, one of
    them through a select, and a named suit or a pending stack is in force: the first such
    position of random play (Ana draws when she can, so her hand grows)."""
    names = ["Ana", "Babbage", "Curie", "Dijkstra"]
    keys = ["1001", "bot1", "bot2", "bot3"]
    for seed in range(1, 500):
        game = GAMES["macao"].new(keys, seed, {})
        table = Table(id=7, game_name="macao", options={}, seed=seed, status="running", game=game)
        table.seats = [Seat(keys[0], names[0], user_id=1001)]
        pairs = zip(keys[1:], names[1:], strict=True)
        table.seats += [Seat(k, n, bot_kind="heuristic") for k, n in pairs]
        rng = random.Random(seed)
        for _ in range(200):
            if game.is_over:
                break
            seat = game.current_player()
            assert seat is not None  # the game goes on, so some seat is to play
            legal = game.legal_actions(seat)
            if seat == keys[0] and _worth_showing(table):
                return table
            draws = [a for a in legal if a.kind in ("draw", "take", "pass")]
            plays = [a for a in legal if a not in draws]
            if seat == keys[0] and draws and len(game.observation(seat)["hand"]) < 9:
                game.apply(seat, draws[0])
            else:
                game.apply(seat, rng.choice(plays or draws))
    raise RuntimeError("no position worth showing")


def _worth_showing(table: Table) -> bool:
    game = table.game
    assert game is not None
    seat = table.seats[0]
    picture = hand_picture(table, seat, hand_layout(table, seat))
    public = table_picture(table)
    if picture is None or public is None or len(picture.cards) < 8:
        return False
    styles = [c.style for c in picture.cards]
    buttons = sum(s in ("danger", "secondary") for s in styles)
    return buttons >= 2 and "menu" in styles and bool(public.named_suit or public.pending)


def write_docs(folder: Path) -> None:
    table = sample_table()
    seat = table.seats[0]
    layout = hand_layout(table, seat)
    folder.mkdir(parents=True, exist_ok=True)
    picture = hand_picture(table, seat, layout)
    assert picture is not None
    (folder / "hand.png").write_bytes(HANDS.render(picture))
    public = table_picture(table)
    assert public is not None
    (folder / "table.png").write_bytes(TABLES.render(public))
    print(f"wrote {folder / 'hand.png'} and {folder / 'table.png'}")


# --- REST calls per table turn ---------------------------------------------------------------
async def rest_per_turn(images: bool, turns: int) -> tuple[float, int]:
    from tests.e2e.chairman import start_bot
    from tests.fakediscord import FakeDiscord

    fake = FakeDiscord()
    await fake.start()
    patch = fake.patch_client()
    patch.apply()
    try:
        with tempfile.TemporaryDirectory() as folder:
            bot = await start_bot(fake, Path(folder), bot_delay=0.02)
            host = fake.add_member("host")
            i = await fake.slash(
                host, "play", fake.general_id, game="macao", bots=4, watch=True, images=images
            )
            await i.wait_finished()
            thread = fake.threads()[-1]
            table = bot.tables.in_channel(thread.id)
            assert table is not None
            message = fake.messages(thread.id)[0]
            start = next(c for c in message.custom_ids() if c.endswith(":start"))
            await (await fake.click(host, message, start)).wait_finished()
            await bot.publisher.settled()
            mark, seq = len(fake.rest_log), table.seq
            await fake.wait_for(
                lambda: table.seq - seq >= turns or not table.is_running, timeout=120
            )
            await bot.publisher.settled()
            played = table.seq - seq
            calls = len(fake.rest_log) - mark
            await bot.close()
    finally:
        await fake.stop()
        patch.undo()
    return calls / max(played, 1), played


def running(tables: int, turns: int, pictures: bool) -> dict[str, Any]:
    """``card_images_running.measure`` in a fresh child process on this core."""
    child = [sys.executable, __file__, "--running-child", str(tables), str(turns)]
    child += ["on" if pictures else "off"]
    done = subprocess.run(child, check=True, capture_output=True, text=True, cwd=ROOT)
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def main(argv: list[str] | None = None) -> None:
    top = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    top.add_argument("--hands", type=int, default=400, help="hand pictures to draw")
    top.add_argument("--turns", type=int, default=40, help="table turns to count REST calls")
    top.add_argument("--running", type=int, default=200, help="running tables to move")
    top.add_argument("--running-turns", type=int, default=20, help="turns per running table")
    top.add_argument("--json", action="store_true", help="print the figures as one JSON line")
    top.add_argument("--against", type=Path, default=None, help="figures to compare with")
    top.add_argument("--docs", type=Path, default=None, help="only write the README pictures here")
    top.add_argument("--running-child", nargs=3, default=None, help=argparse.SUPPRESS)
    args = top.parse_args(argv)
    if args.docs is not None:
        write_docs(args.docs)
        return
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    if args.running_child is not None:
        from benchmarks import card_images_running

        count, turns, on = args.running_child
        card_images_running.main(int(count), int(turns), on == "on")
        return
    figures = measure(args)
    if args.json:
        print(json.dumps(figures))
        return
    before = json.loads(args.against.read_text()) if args.against else {}
    for key, value in figures.items():
        label, unit = FIGURES[key]
        ratio = f"  ({value / before[key]:.2f}x)" if before.get(key) else ""
        print(f"{label:44s}{value:9.2f} {unit}{ratio}")


#: figure -> (what it is, its unit), in the order printed
FIGURES = {
    "faces_ms": ("drawing the 52 faces once", "ms"),
    "hand_p50_ms": ("hand picture, random 5-40 cards, CPU p50", "ms"),
    "hand_p99_ms": ("hand picture, random 5-40 cards, CPU p99", "ms"),
    "hand40_p50_ms": ("40-card hand, CPU p50", "ms"),
    "hand40_p99_ms": ("40-card hand, CPU p99", "ms"),
    "table_p50_ms": ("table picture, every word new, CPU p50", "ms"),
    "table_p99_ms": ("table picture, every word new, CPU p99", "ms"),
    "hit_p50_us": ("cache hit p50", "µs"),
    "hand7_kib": ("PNG size: 7-card hand", "KiB"),
    "hand40_kib": ("PNG size: 40-card hand", "KiB"),
    "table_kib": ("PNG size: table", "KiB"),
    "rest_on": ("REST calls per table turn, pictures on", ""),
    "rest_off": ("REST calls per table turn, pictures off", ""),
    "running_table_p50_ms": ("running table: table picture a turn, CPU p50", "ms"),
    "running_table_p99_ms": ("running table: table picture a turn, CPU p99", "ms"),
    "running_hand_p50_ms": ("running table: hand picture, CPU p50", "ms"),
    "running_hand_p99_ms": ("running table: hand picture, CPU p99", "ms"),
    "running_table_kib": ("running table: table PNG, mean", "KiB"),
    "running_kib_on": ("KiB per running table, pictures on", "KiB"),
    "running_kib_off": ("KiB per running table, pictures off", "KiB"),
    "marginal_kib_on": ("each further table, pictures on", "KiB"),
    "fixed_kib_on": ("fixed whatever the tables, pictures on", "KiB"),
    "marginal_kib_off": ("each further table, pictures off", "KiB"),
    "fixed_kib_off": ("fixed whatever the tables, pictures off", "KiB"),
}


def measure(args: argparse.Namespace) -> dict[str, float]:
    figures: dict[str, float] = {}
    began = time.thread_time()
    for card in ALL_CARDS:
        faces.face(str(card))
    figures["faces_ms"] = (time.thread_time() - began) * 1000
    pictures.warm()
    rng = random.Random(1)
    hands = [random_hand(rng, rng.randrange(5, 41)) for _ in range(args.hands)]
    time_renders(hands[:20], HANDS)  # the glyphs of the first hands' titles
    _, cpu = time_renders(hands, HANDS)
    figures["hand_p50_ms"], figures["hand_p99_ms"] = _ms(cpu)
    forty = [random_hand(rng, 40) for _ in range(100)]
    _, cpu = time_renders(forty, HANDS)
    figures["hand40_p50_ms"], figures["hand40_p99_ms"] = _ms(cpu)
    tables = [random_table(rng) for _ in range(200)]
    time_renders(tables[:20], TABLES)
    _, cpu = time_renders(tables, TABLES)
    figures["table_p50_ms"], figures["table_p99_ms"] = _ms(cpu)
    figures["hit_p50_us"] = percentile(time_hits(hands[0], HANDS), 0.5) * 1e6
    figures["hand7_kib"] = len(HANDS.render(random_hand(rng, 7))) / 1024
    figures["hand40_kib"] = len(HANDS.render(forty[0])) / 1024
    figures["table_kib"] = len(TABLES.render(tables[0])) / 1024
    if args.turns:
        figures["rest_on"] = asyncio.run(rest_per_turn(True, args.turns))[0]
        figures["rest_off"] = asyncio.run(rest_per_turn(False, args.turns))[0]
    if args.running:
        count, double = args.running, args.running * 2
        on = running(count, args.running_turns * count, True)
        off = running(count, args.running_turns * count, False)
        figures["running_table_p50_ms"] = on["table_p50_ms"]
        figures["running_table_p99_ms"] = on["table_p99_ms"]
        figures["running_hand_p50_ms"] = on["hand_p50_ms"]
        figures["running_hand_p99_ms"] = on["hand_p99_ms"]
        figures["running_table_kib"] = on["table_png_bytes"] / 1024
        figures["running_kib_on"] = on["kib_per_table"]
        figures["running_kib_off"] = off["kib_per_table"]
        # the same at twice as many tables: what grows with the tables, and what does not
        # (the bounded caches fill as the tables grow in number, then stay)
        on_more = running(double, args.running_turns * double, True)
        off_more = running(double, args.running_turns * double, False)
        for mode, base, more in (("on", on, on_more), ("off", off, off_more)):
            total, total_more = base["kib_per_table"] * count, more["kib_per_table"] * double
            figures[f"marginal_kib_{mode}"] = (total_more - total) / (double - count)
            figures[f"fixed_kib_{mode}"] = total - figures[f"marginal_kib_{mode}"] * count
    return figures


def _ms(seconds: list[float]) -> tuple[float, float]:
    return percentile(seconds, 0.5) * 1000, percentile(seconds, 0.99) * 1000


if __name__ == "__main__":
    main()
