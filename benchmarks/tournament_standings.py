"""How fast an arena's standings are recomputed: 200 players, 2,000 finished tables.

Builds an arena of 200 players in which every player has played 20 two-seat tables (the
winner drawn at random, so streaks come and go), then times
``tables.tournament_rules.standings`` (what the tournament part does after each table ends)
and prints the median and worst time; the goal is under 50 ms. Run:
``.venv/bin/python benchmarks/tournament_standings.py``.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tables.tournament_rules import Played, standings

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


def main() -> int:
    games = arena(random.Random(35))
    times = []
    for _ in range(RUNS):
        begun = time.perf_counter()
        standings("arena", list(range(PLAYERS)), games)
        times.append((time.perf_counter() - begun) * 1000)
    median, worst = statistics.median(times), max(times)
    print(
        f"arena standings, {PLAYERS} players, {len(games)} tables: "
        f"median {median:.1f} ms, worst {worst:.1f} ms (goal < {GOAL_MS:.0f} ms)"
    )
    return 0 if median < GOAL_MS else 1


if __name__ == "__main__":
    sys.exit(main())
