"""How fast an arena's standings are recomputed: 200 players, 2,000 finished tables.

Builds an arena of 200 players in which every player has played 20 two-seat tables (the
winner drawn at random, so streaks come and go), then times
``tables.tournaments.rules.standings`` (what the tournament part does after each table ends)
and prints the median and worst time; the goal is under 50 ms. It then times the same with
the event's tables read back from a SQLite file first (``data.tournaments.games``), as the
tournament part reads them. Run: ``.venv/bin/python benchmarks/tournament_standings.py``.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import sqlite_utils

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from data import tournaments as stored
from data.db import open_database
from tables.tournaments.rules import Played, standings

PLAYERS = 200
TABLES = 2_000
RUNS = 50
GOAL_MS = 50.0


def arena(rng: random.Random) -> list[Played]:
    games = []
    players = list(range(PLAYERS))
    for _ in range(TABLES // (PLAYERS // 2)):
        rng.shuffle(players)
        for a, b in zip(players[::2], players[1::2], strict=True):
            winner, loser = (a, b) if rng.random() < 0.5 else (b, a)
            games.append(Played(0, {winner: 1, loser: 2}, (a, b)))
    return games


def timed(what: str, work: Callable[[], object]) -> float:
    times = []
    for _ in range(RUNS):
        begun = time.perf_counter()
        work()
        times.append((time.perf_counter() - begun) * 1000)
    median, worst = statistics.median(times), max(times)
    print(f"{what}: median {median:.1f} ms, worst {worst:.1f} ms (goal < {GOAL_MS:.0f} ms)")
    return median


def stored_event(folder: str, games: list[Played]) -> tuple[sqlite_utils.Database, int]:
    db = open_database(str(Path(folder) / "bench.sqlite3"))
    event_id = stored.create(
        db, guild_id=1, channel_id=1, organiser_id=1, game="macao", format="arena", seats=2,
        starts_at=0.0, created_at=0.0,
    )  # fmt: skip
    for game in games:
        seq = stored.add_game(db, event_id, round=0, players=game.players, table_id=None)
        stored.set_places(db, event_id, seq, dict(game.places))
    return db, event_id


def main() -> int:
    games = arena(random.Random(35))
    players = list(range(PLAYERS))
    label = f"arena standings, {PLAYERS} players, {len(games)} tables"
    median = timed(label, lambda: standings("arena", players, games))
    with tempfile.TemporaryDirectory() as folder:
        db, event_id = stored_event(folder, games)

        def from_storage() -> object:
            rows = stored.games(db, event_id)
            played = [Played(g["round"], g["places"], tuple(g["players"])) for g in rows]
            return standings("arena", players, played)

        read = timed(label + ", read from SQLite first", from_storage)
        db.close()
    return 0 if max(median, read) < GOAL_MS else 1


if __name__ == "__main__":
    sys.exit(main())
