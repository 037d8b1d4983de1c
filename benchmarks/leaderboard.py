"""How fast /leaderboard's query answers with 100,000 stored results.

Fills a temporary SQLite file (WAL, the results-side migrations) with 100,000 per-seat
results of 50,000 two-human Macao matches in one server, spread over 90 days among 5,000
players, plus their ratings, then times ``data.leaderboard.leaderboard`` for every period,
on the first and the last page, with the caller's own row looked up (the slow path: a
caller far down the board). Prints the median and worst time per case; the goal is under
50 ms. Run: ``.venv/bin/python benchmarks/leaderboard.py``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import sqlite_utils

from data import ratings, results, settings
from data.leaderboard import leaderboard

RESULTS = 100_000
PLAYERS = 5_000
GUILD = 1
GAME = "macao"
DAYS = 90
NOW = 1_700_000_000.0
RUNS = 50
GOAL_MS = 50.0


def fill(db: sqlite_utils.Database, rng: random.Random) -> None:
    matches, rows = [], []
    played: dict[int, list[float]] = {}  # user -> [games, wins, last match end]
    for match_id in range(1, RESULTS // 2 + 1):
        ended = NOW - rng.random() * DAYS * 86400
        a, b = rng.sample(range(1, PLAYERS + 1), 2)
        matches.append(
            (match_id, str(match_id), GUILD, 5, GAME, "{}", ended - 600, ended, 2, 2, 1, "{}")
        )
        for index, (user, place) in enumerate(((a, 1), (b, 2))):
            rows.append(
                (match_id, index, f"s{index}", f"u{user}", user, None, 0, place, 0.0,
                 int(place == 1), "{}", GUILD, GAME, ended, 1)
            )  # fmt: skip
            stats = played.setdefault(user, [0, 0, 0.0])
            stats[0] += 1
            stats[1] += int(place == 1)
            stats[2] = max(stats[2], ended)
    with db.atomic():
        db.conn.executemany(f"INSERT INTO matches VALUES ({', '.join('?' * 12)})", matches)
        db.conn.executemany(
            "INSERT INTO results (match_id, seat_index, seat, name, user_id, bot, afk_played,"
            " place, score, won, figures, guild_id, game, ended_at, rated)"
            f" VALUES ({', '.join('?' * 15)})",
            rows,
        )
        db.conn.executemany(
            "INSERT INTO ratings VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (GUILD, GAME, user, mu, sigma, ratings.conservative(mu, sigma), g, w, last)
                for user, (g, w, last) in played.items()
                for mu, sigma in [(rng.gauss(25, 4), rng.uniform(1.0, 8.0))]
            ],
        )


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args(argv)
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as folder:
        db = sqlite_utils.Database(str(Path(folder) / "bench.sqlite3"))
        db.enable_wal()
        for module in (results, ratings, settings):
            for _name, migrate in module.MIGRATIONS:
                migrate(db)
        started = time.perf_counter()
        fill(db, rng)
        count = db.execute("SELECT COUNT(*) FROM results").fetchone()[0]
        print(f"stored {count:,} results in {time.perf_counter() - started:.1f} s")
        worst_case = 0.0
        for period in ("all", "month", "week"):
            total = leaderboard(db, GUILD, GAME, period, now=NOW).total
            for page in (0, total // 10):
                caller = rng.randint(1, PLAYERS)
                times = []
                for _ in range(RUNS):
                    t0 = time.perf_counter()
                    leaderboard(db, GUILD, GAME, period, page=page, user_id=caller, now=NOW)
                    times.append((time.perf_counter() - t0) * 1000)
                worst_case = max(worst_case, statistics.median(times))
                print(
                    f"/leaderboard period={period:<5} page {page + 1:>3} ({total:,} players):"
                    f" median {statistics.median(times):.2f} ms, worst {max(times):.2f} ms"
                )
        db.close()
    verdict = "under" if worst_case < GOAL_MS else "OVER"
    print(f"slowest median {worst_case:.2f} ms: {verdict} the {GOAL_MS:.0f} ms goal")
    return 0 if worst_case < GOAL_MS else 1


if __name__ == "__main__":
    raise SystemExit(main())
