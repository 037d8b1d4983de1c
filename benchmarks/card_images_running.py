"""Running tables with pictures: what a picture costs a turn, and a table's memory.

Used by ``benchmarks/card_images.py``, which runs ``measure`` in a child process of its own
twice, with pictures and without (a process's resident set never shrinks, so each figure
needs a fresh one). The child deals N Macao tables of four (seat 0 a person with a name of
its own, the others bots named as the lobby names them) and moves them one turn each in
turn, as a bot process does; with pictures, every turn draws the table picture through the
LRU as the publisher does (``table_picture`` from the public observation,
``pictures.cache.TABLES``), and a turn that changes the person's hand draws the hand
picture from its buttons' layout. Printed as one JSON line:

- per picture CPU time (``thread_time``), drawing and writing the PNG only, p50 / p99;
- PNG bytes, mean;
- the resident set's growth from before the deal to the last turn, per table, everything
  counted (the PNGs the LRUs hold are given beside it): the games and, with pictures, what
  drawing them keeps (the sprites are drawn before: ``pictures.warm``, a bot's fixed cost
  at its first picture).
"""

from __future__ import annotations

import gc
import json
import random
import time
from typing import Any

from cogs.card_images import hand_picture, table_picture
from cogs.hand_layout import hand_layout
from engine import GAMES
from tables.model import BOT_NAMES, Seat, Table


def rss_bytes() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


def _deal(n: int, seed: int) -> Table:
    keys = [f"{n}-{s}" for s in range(4)]
    game = GAMES["macao"].new(keys, seed, {})
    table = Table(id=n, game_name="macao", options={}, seed=seed, status="running", game=game)
    table.seats = [Seat(keys[0], f"Player {n}", user_id=10_000 + n)]
    # bots named as the lobby names them (``tables.model.BOT_NAMES``, in order): every
    # table's bots share their names, as on Discord; the person's is the table's own
    table.seats += [Seat(k, BOT_NAMES[s], bot_kind="heuristic") for s, k in enumerate(keys[1:])]
    return table


def _step(table: Table, rng: random.Random) -> bool:
    """One move of random play; False when the game is over (it is dealt again)."""
    game = table.game
    assert game is not None
    if game.is_over:
        return False
    seat = game.current_player()
    legal = game.legal_actions(seat) if seat else []
    if not seat or not legal:
        return False
    game.apply(seat, rng.choice(legal))
    return True


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values) or [0.0]
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(tables: int, turns: int, pictures: bool) -> dict[str, Any]:
    import pictures as package
    from pictures.cache import HANDS, TABLES

    rng = random.Random(7)
    # what a process loads once, whatever its number of tables: the locale data and the
    # describers (a table's first sentence), and with pictures the sprites and fonts
    first = _deal(-1, 0)
    _step(first, rng)
    table_picture(first)
    hand_picture(first, first.seats[0], hand_layout(first, first.seats[0]))
    if pictures:
        package.warm()
        TABLES.render(table_picture(first))
        HANDS.clear()
        TABLES.clear()
    gc.collect()
    before = rss_bytes()
    running = [_deal(n, n) for n in range(tables)]
    table_cpu: list[float] = []
    hand_cpu: list[float] = []
    sizes: list[int] = []
    hands: dict[int, Any] = {}
    for turn in range(turns):
        n = turn % tables
        table = running[n]
        if not _step(table, rng):
            running[n] = table = _deal(n, n + turn)
        if not pictures:
            # (the pictures' descriptions are built either way: only drawing them differs)
            table_picture(table)
            continue
        picture = table_picture(table)
        assert picture is not None
        began = time.thread_time()
        data = TABLES.render(picture)
        table_cpu.append(time.thread_time() - began)
        sizes.append(len(data))
        person = table.seats[0]
        shown = hand_picture(table, person, hand_layout(table, person))
        if shown is not None and hands.get(n) != shown:
            hands[n] = shown
            began = time.thread_time()
            HANDS.render(shown)
            hand_cpu.append(time.thread_time() - began)
    gc.collect()
    held = sum(len(v) for cache in (HANDS, TABLES) for v in cache._items.values())
    return {
        "pictures": pictures,
        "tables": tables,
        "turns": turns,
        "table_p50_ms": _percentile(table_cpu, 0.5) * 1000,
        "table_p99_ms": _percentile(table_cpu, 0.99) * 1000,
        "hand_p50_ms": _percentile(hand_cpu, 0.5) * 1000,
        "hand_p99_ms": _percentile(hand_cpu, 0.99) * 1000,
        "table_png_bytes": sum(sizes) / max(1, len(sizes)),
        "lru_kib": held / 1024,
        "kib_per_table": (rss_bytes() - before) / tables / 1024,
    }


def main(tables: int, turns: int, pictures: bool) -> None:
    print(json.dumps(measure(tables, turns, pictures)))
