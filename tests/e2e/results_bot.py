"""Helpers for the results e2e tests: the real ChairmanBot against the fake Discord, and
finished matches stored straight into its database for the commands to show."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cogs.client import ChairmanBot
from data.results import FinishedMatch, FinishedSeat, record_match
from tests.e2e.chairman import start_bot


async def start(fake: Any, tmp_path: Path, **settings: Any) -> ChairmanBot:
    return await start_bot(fake, tmp_path, **settings)


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
