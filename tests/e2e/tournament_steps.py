"""Steps the tournament tests share: announcing an event and joining it by button, running
it on the fake clock, and reading its posts."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, NamedTuple

from cogs.client import ChairmanBot
from tables.clock import FakeClock
from tests.e2e.chairman import click, start_bot
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser

SETTINGS = {"bot_delay": 0.0, "turn_timeout": 5.0}
#: bots take a second of the fake clock a move, so a table plays over several steps of ``run``
#: and a restart can come while an event's tables are playing
PLAYING = {**SETTINGS, "bot_delay": 1.0}
#: an arena's tables a little slower still: it seats players again as long as it runs
ARENA = {**SETTINGS, "bot_delay": 3.0}


async def settle(bot: ChairmanBot) -> None:
    await asyncio.sleep(0)
    await bot.publisher.settled()


def join_id(message: FakeMessage) -> str:
    return next(c for c in message.custom_ids() if c.endswith(":join"))


def leave_id(message: FakeMessage) -> str:
    return next(c for c in message.custom_ids() if c.endswith(":leave"))


async def announce(
    fake: FakeDiscord,
    bot: ChairmanBot,
    organiser: FakeUser,
    players: list[FakeUser],
    **options: Any,
) -> tuple[int, FakeMessage]:
    i = await fake.slash(organiser, "tournament create", fake.general_id, **options)
    await i.wait_finished()
    message = fake.messages(fake.general_id)[-1]
    for player in players:
        await click(fake, player, message, join_id(message))
    event_id = int(join_id(message).split(":")[2])
    return event_id, message


async def command(fake: FakeDiscord, who: FakeUser, name: str, **options: Any) -> dict[str, Any]:
    """``/name`` used in the server's channel; -> its answer."""
    i = await fake.slash(who, name, fake.general_id, **options)
    return dict(await i.wait_finished())


async def run(bot: ChairmanBot, clock: FakeClock, event_id: int, until: Any, steps=3000) -> None:
    for _ in range(steps):
        if until(bot.tables.tournaments.get(event_id)):
            return
        await clock.advance(5.0)
        await settle(bot)
    event = bot.tables.tournaments.get(event_id)
    waiting = [
        (g["table_id"], bot.tables.tables[g["table_id"]].status)
        if g["table_id"] in bot.tables.tables
        else (g["table_id"], "not open")
        for g in event.unfinished()
    ]
    raise AssertionError(
        f"the tournament did not get there: {event.status}, round {event.row['round']},"
        f" {len(event.games)} games, waiting on {waiting}"
    )


def playing_tables(bot: ChairmanBot, event_id: int) -> list[int]:
    return [g["table_id"] for g in bot.tables.tournaments.get(event_id).unfinished()]


def final_posts(fake: FakeDiscord) -> list[str]:
    return [m.text() for m in fake.messages(fake.general_id) if "Final standings" in m.text()]


class Started(NamedTuple):
    """An event whose first round is seated, and who is in it."""

    bot: ChairmanBot
    clock: FakeClock
    organiser: FakeUser
    people: list[FakeUser]
    event_id: int
    #: the event's announcement, with its Join and Leave buttons
    message: FakeMessage


async def started_event(
    fake: FakeDiscord,
    tmp_path: Path,
    players: int,
    settings: dict[str, Any] = PLAYING,
    **options: Any,
) -> Started:
    """An event of ``players`` people (p0, p1, ...) announced by ``org`` with ``options`` to
    start a second later, its start time passed: its first round is seated."""
    clock = FakeClock()
    organiser = fake.add_member("org", admin=True)
    people = [fake.add_member(f"p{n}") for n in range(players)]
    bot = await start_bot(fake, tmp_path, clock=clock, **settings)
    event_id, message = await announce(fake, bot, organiser, people, starts="1", **options)
    await clock.advance(60.0)
    await settle(bot)
    return Started(bot, clock, organiser, people, event_id, message)
