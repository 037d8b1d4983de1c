"""A bot for the results e2e tests: the project's ChairmanBot when it is there, with a
database in the test's tmp dir, no bot delay, and helpers to seed finished matches."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
from discord.ext import commands

from data.db import open_database
from data.results import FinishedMatch, FinishedSeat, record_match
from tables.service import TableService

RESULTS_EXTENSIONS = ["cogs.leaderboard", "cogs.stats", "cogs.info", "cogs.settings"]


class ResultsTestBot(commands.Bot):
    """Only the results-side cogs, with ``db`` and ``tables`` as ChairmanBot exposes them."""

    def __init__(self, database: Path) -> None:
        intents = discord.Intents.default()
        intents.message_content = True
        super().__init__(
            command_prefix="!", intents=intents, guild_ready_timeout=0.01, help_command=None
        )
        self.db = open_database(database)
        self.tables = TableService(self.db, bot_delay=0.0, turn_timeout=0.05)

    async def setup_hook(self) -> None:
        for name in RESULTS_EXTENSIONS:
            await self.load_extension(name)
        await self.tree.sync()

    async def close(self) -> None:
        await self.tables.close()
        await super().close()
        self.db.close()


async def start(fake: Any, tmp_path: Path) -> ResultsTestBot:
    bot = ResultsTestBot(tmp_path / "chairman.sqlite3")
    await fake.run_bot(bot)
    return bot


_tables = iter(range(1, 10**9))


def seed_match(
    bot: Any,
    guild_id: int,
    players: list[tuple[int | str, int]],
    *,
    game: str = "macao",
    ended_at: float = 1_700_000_000.0,
) -> int:
    """Store a finished match: ``players`` are (user id or bot kind, place)."""
    seats, places = [], {}
    for n, (who, place) in enumerate(players):
        name = f"s{n}"
        if isinstance(who, str):
            seats.append(FinishedSeat(name, bot=who, name=f"Bot{n}"))
        else:
            seats.append(FinishedSeat(name, user_id=who, name=f"user{who}"))
        places[name] = place
    outcome = {
        "places": places,
        "scores": {s: (p - 1) * 50 for s, p in places.items()},
        "winners": [s for s, p in places.items() if p == 1],
    }
    return record_match(
        bot.db,
        FinishedMatch(
            table_id=f"seeded-{next(_tables)}",
            game=game,
            guild_id=guild_id,
            seats=seats,
            outcome=outcome,
            options={"target": 500},
            started_at=ended_at - 300,
            ended_at=ended_at,
        ),
    )
