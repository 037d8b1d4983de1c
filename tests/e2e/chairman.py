"""Helpers for the bot's end-to-end tests: start ChairmanBot against the fake, open tables,
find buttons, play turns through DM buttons, and the no-leak check."""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path
from typing import Any

from cogs.client import ChairmanBot
from tables.clock import Clock
from tables.model import Table
from tables.settings import Settings
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser
from tests.fakediscord.own_time import PATIENCE


def settings_for(fake: FakeDiscord, tmp_path: Path, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "discord_token": fake.token,
        "database_path": str(tmp_path / "chairman.sqlite3"),
        "dev_guild_id": fake.guild_id,
        "bot_delay": 0.0,
        # every change edits the table message, so a test can look at once (the interval
        # itself is tested in test_table_edits.py)
        "table_edit_interval": 0.0,
        "turn_timeout": 600.0,
    }
    values.update(overrides)
    return Settings(**values)


async def start_bot(
    fake: FakeDiscord,
    tmp_path: Path,
    *,
    clock: Clock | None = None,
    seed: int | None = 11,
    message_content: str = "auto",
    **settings: Any,
) -> ChairmanBot:
    seeds = None if seed is None else (lambda: seed)
    bot = ChairmanBot(
        settings_for(fake, tmp_path, **settings),
        clock=clock,
        seeds=seeds,
        guild_ready_timeout=0.01,
        message_content=message_content,
    )
    await fake.run_bot(bot)
    return bot


async def settled(bot: ChairmanBot) -> None:
    """Wait until the bot has caught up with what already happened: no table's lock held
    (an action being applied, logged and announced) and every table edit, hand redraw and
    thread notice it owes sent and answered by Discord. It waits for that work itself, never
    for a gap of silence on the wire, so a slow machine cannot fool it. (Timers that fall due
    later, such as a bot's next move, are not waited for.) In another process through
    ``BotProcess.settled`` (``spawn_bot(..., settle=SETTLE)``)."""
    while True:
        await asyncio.sleep(0)  # what a finished step scheduled starts
        tables = list(bot.tables.tables.values()) if bot.opened_tables is not None else []
        for table in tables:
            if table.lock.locked():
                async with table.lock:  # waits its turn, as a press would
                    pass
        await bot.publisher.settled()
        if not any(t.lock.locked() for t in tables) and not bot.publisher.flushers:
            return


#: ``spawn_bot``'s ``settle``: ``settled`` run inside a bot process
SETTLE = "tests.e2e.chairman:settled"


def ids(message: FakeMessage, prefix: str) -> list[str]:
    return [c for c in message.custom_ids() if c.startswith(prefix)]


def one_id(message: FakeMessage, prefix: str) -> str:
    found = ids(message, prefix)
    assert found, f"no {prefix!r} component on message {message.id}: {message.custom_ids()}"
    return found[0]


def lobby_id(message: FakeMessage, verb: str) -> str:
    found = ids(message, "chairman:lobby:")
    return next(c for c in found if c.endswith(":" + verb))


async def open_table(
    fake: FakeDiscord,
    bot: ChairmanBot,
    host: FakeUser,
    *,
    patience: float = PATIENCE,
    **options: Any,
) -> tuple[Table, int, FakeMessage]:
    """``/play`` in #general, answered within ``patience`` s; -> (table, thread id, table
    message)."""
    before = {t.id for t in fake.threads()}
    i = await fake.slash(host, "play", fake.general_id, **options)
    response = await i.wait_finished(patience)
    assert not response["ephemeral"], response["content"]
    thread = next(t for t in fake.threads() if t.id not in before)
    table = bot.tables.in_channel(thread.id)
    assert table is not None
    message = fake.messages(thread.id)[0]
    return table, thread.id, message


async def click(
    fake: FakeDiscord, user: FakeUser, message: FakeMessage, custom_id: str
) -> dict[str, Any]:
    i = await fake.click(user, message, custom_id)
    return await i.wait_finished()


async def started_table(
    fake: FakeDiscord, bot: ChairmanBot, host: FakeUser, *joiners: FakeUser, **options: Any
) -> tuple[Table, int, FakeMessage]:
    """``open_table`` by ``host``, every one of ``joiners`` presses Join, the host presses
    Start, and the table's edits are sent; -> (table, thread id, table message)."""
    table, thread_id, message = await open_table(fake, bot, host, **options)
    for joiner in joiners:
        await click(fake, joiner, message, lobby_id(message, "join"))
    await click(fake, host, message, lobby_id(message, "start"))
    await bot.publisher.settled()
    return table, thread_id, message


def hand_message(fake: FakeDiscord, user: FakeUser) -> FakeMessage:
    dms = fake.dms(user)
    assert dms, f"{user.name} has no DM"
    return dms[-1]


def choices(message: FakeMessage) -> list[tuple[str, str | None]]:
    """(custom_id, select value or None) for every action offered on a hand message."""
    found: list[tuple[str, str | None]] = []
    for comp in message.components_flat():
        cid = comp.get("custom_id", "")
        if cid.startswith("chairman:act:"):
            found.append((cid, None))
        elif cid.startswith("chairman:pick:"):
            found.extend((cid, o["value"]) for o in comp.get("options") or [])
    return found


async def play_one(
    fake: FakeDiscord, user: FakeUser, message: FakeMessage, rng: random.Random
) -> dict[str, Any]:
    """Press one offered action, chosen by ``rng``; -> the interaction's response."""
    offered = choices(message)
    assert offered, f"nothing to press on {message.id}"
    cid, value = offered[int(rng.random() * len(offered))]
    if value is None:
        i = await fake.click(user, message, cid)
    else:
        i = await fake.select(user, message, cid, [value])
    return await i.wait_finished()


_CARD = re.compile(r"(?<![0-9A-Za-z])(10|[2-9JQKA])([CDHS♣♦♥♠])(?![0-9A-Za-z])")
_SYMBOL = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}


def cards_in(text: str) -> set[str]:
    return {rank + _SYMBOL.get(suit, suit) for rank, suit in _CARD.findall(text)}


def secret_cards(table: Table) -> dict[str, set[str]]:
    """Per seat, the cards in its hand now that nobody else may see: all of them, less any
    that the public view still shows (the pile, the recent events)."""
    game = table.game
    assert game is not None
    public_view = game.observation(None)
    public = cards_in(str(public_view.get("top"))) | set(game.to_dict().get("pile") or [])
    for event in public_view.get("events") or []:
        public |= cards_in(" ".join(map(str, event.get("cards") or [])))
        public |= cards_in(str(event.get("card") or ""))  # a starter turned up, or sent back
    return {seat: set(game.observation(seat).get("hand") or []) - public for seat in game.seats}


def assert_no_leaks(
    fake: FakeDiscord, table: Table, users: dict[str, FakeUser], since_id: int = 0
) -> None:
    """The harness check: nobody can see a card that another player holds right now.

    ``users`` maps seat names to fake users. Every message as it stands now that a user can
    see (channel and thread messages, their DMs, and their ephemeral answers newer than
    ``since_id``) is read for card names; none may be in another seat's hand, unless the
    public view shows it (the top card, the recent plays). Call it after every turn.
    """
    secrets = secret_cards(table)
    for name, user in users.items():
        texts = []
        for message in list(fake.world.messages.values()):
            if not fake.world.can_see_message(user, message):
                continue
            if message.ephemeral_to is not None and message.id < since_id:
                continue
            texts.append(message.text())
        # with two packs the viewer may hold a card of the same name: that is not a leak
        seen = cards_in("\n".join(texts)) - secrets.get(name, set())
        for seat, secret in secrets.items():
            if seat == name:
                continue
            leaked = secret & seen
            assert not leaked, f"{user.name} can see {sorted(leaked)}, held by {seat}"
