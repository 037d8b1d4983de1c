"""Card pictures: render times, cache hits, PNG sizes and REST calls per table turn.

    .venv/bin/python benchmarks/card_images.py [--hands 400] [--turns 40] [--docs docs]

Pinned to one core (``sched_setaffinity``). Printed:

- hand render: a hand picture drawn and encoded on a cache miss (the faces already drawn,
  as they are after a bot's first few hands), p50 / p99 over random hands of 5-40 cards,
  and for 40-card hands alone, in wall-clock time and in CPU time (they differ by the
  time spent waiting for the core when the machine is busy);
- table render: the same for table pictures;
- cache hit: looking a picture up in the LRU (what a repeated hand or table costs);
- PNG sizes: a 7-card hand, a 40-card hand, a table;
- REST calls per table turn: a Macao table of four bots through the loopback Discord
  (``tests/fakediscord``), pictures on and off; the picture rides on the table edit the
  turn makes anyway, so the two figures should match.

``--docs DIR`` instead writes ``hand.png`` and ``table.png`` of a real Macao position to DIR
(the pictures the README shows) and measures nothing. Nothing here is imported by the bot.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cogs import render  # noqa: E402
from cogs.card_images import hand_picture, table_picture  # noqa: E402
from cogs.hand_layout import hand_layout  # noqa: E402
from engine import GAMES  # noqa: E402
from engine.cards import ALL_CARDS  # noqa: E402
from pictures import HandCard, HandPicture, SeatCount, TablePicture, faces  # noqa: E402
from pictures.cache import HANDS, TABLES  # noqa: E402
from tables.model import Seat, Table  # noqa: E402

STYLES = ("danger", "secondary", "menu", "")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def spread(what: str, values: list[float], unit: str) -> None:
    p50, p99 = percentile(values, 0.5), percentile(values, 0.99)
    print(f"{what + ' p50 / p99':32s}{p50:7.2f} / {p99:.2f} {unit}")


def spreads(what: str, times: tuple[list[float], list[float]]) -> None:
    wall, cpu = times
    spread(what, [t * 1000 for t in wall], "ms")
    spread("  (CPU time)", [t * 1000 for t in cpu], "ms")


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


def main(argv: list[str] | None = None) -> None:
    top = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    top.add_argument("--hands", type=int, default=400, help="hand pictures to draw")
    top.add_argument("--turns", type=int, default=40, help="table turns to count REST calls")
    top.add_argument("--docs", type=Path, default=None, help="only write the README pictures here")
    args = top.parse_args(argv)
    if args.docs is not None:
        write_docs(args.docs)
        return
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    began = time.perf_counter()
    for card in ALL_CARDS:
        faces.face(str(card))
    faces.back()
    print(f"drawing the 52 faces once       {(time.perf_counter() - began) * 1000:7.1f} ms")
    rng = random.Random(1)
    hands = [random_hand(rng, rng.randrange(5, 41)) for _ in range(args.hands)]
    time_renders(hands[:20], HANDS)  # pills and labels of the first hands
    spreads("hand render", time_renders(hands, HANDS))
    forty = [random_hand(rng, 40) for _ in range(100)]
    spreads("40-card hand", time_renders(forty, HANDS))
    tables = [random_table(rng) for _ in range(200)]
    time_renders(tables[:20], TABLES)
    spreads("table render", time_renders(tables, TABLES))
    spread("cache hit", [t * 1e6 for t in time_hits(hands[0], HANDS)], "µs")
    seven = len(HANDS.render(random_hand(rng, 7)))
    big = len(HANDS.render(forty[0]))
    print(f"PNG size: 7 / 40 cards          {seven / 1024:7.1f} / {big / 1024:.1f} KiB")
    print(f"PNG size: table                 {len(TABLES.render(tables[0])) / 1024:7.1f} KiB")
    on, played_on = asyncio.run(rest_per_turn(True, args.turns))
    off, played_off = asyncio.run(rest_per_turn(False, args.turns))
    print(f"REST calls per table turn       {on:7.2f} with pictures ({played_on} turns)")
    print(f"                                {off:7.2f} without ({played_off} turns)")


if __name__ == "__main__":
    main()
