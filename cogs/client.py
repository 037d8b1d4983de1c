"""The Discord client: ``ChairmanBot`` and ``run_bot``.

``ChairmanBot`` is built from a ``Settings`` object. Its ``setup_hook`` opens the database
(migrations applied), creates the table service and the publisher that keeps Discord in
step with it, loads the cogs in ``cogs.EXTENSIONS`` (which register the persistent
buttons), recovers every unfinished table from its action log (re-arming its timers), and
syncs the slash commands: to ``DEV_GUILD_ID`` at once when set, else globally.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

import discord
from discord.ext import commands

from cogs import EXTENSIONS
from cogs.publish import Publisher
from data.db import open_database
from tables.clock import Clock
from tables.service import TableService
from tables.settings import Settings

log = logging.getLogger(__name__)


def intents() -> discord.Intents:
    """Guilds, guild messages, DMs and message content (Mao's chat rules read the table)."""
    chosen = discord.Intents.default()
    chosen.message_content = True
    chosen.members = False
    chosen.presences = False
    return chosen


class ChairmanBot(commands.Bot):
    def __init__(
        self,
        settings: Settings,
        *,
        clock: Clock | None = None,
        seeds: Callable[[], int] | None = None,
        extensions: list[str] | None = None,
        **options: Any,
    ) -> None:
        # on_ready only gates the first DMs; members are never chunked, so a short wait will do
        options.setdefault("guild_ready_timeout", 0.5)
        # No message cache: every edit is echoed back, and nothing here reads cached messages.
        options.setdefault("max_messages", None)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            help_command=None,
            **options,
        )
        self.settings = settings
        self.clock = clock
        self.seeds = seeds
        self.extensions_to_load = list(EXTENSIONS if extensions is None else extensions)
        self.db: Any = None
        self.tables: TableService = None  # type: ignore[assignment]
        self.publisher = Publisher(self)

    async def setup_hook(self) -> None:
        self.db = open_database(self.settings.database_path)
        self.tables = TableService(
            self.db,
            bot_delay=self.settings.bot_delay,
            turn_timeout=self.settings.turn_timeout,
            vote_timeout=self.settings.vote_timeout,
            expert_budget=self.settings.expert_budget,
            clock=self.clock,
            seeds=self.seeds,
        )
        self.tables.add_listener(self.publisher)
        for name in self.extensions_to_load:
            await self.load_extension(name)
        recovered = await self.tables.recover()
        if recovered:
            log.info("recovered %d unfinished table(s)", len(recovered))
            for table in recovered:
                self.publisher.touch(table)
        await self.sync_commands()

    async def sync_commands(self) -> None:
        guild_id = self.settings.dev_guild_id
        if guild_id:
            guild = discord.Object(guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info(
            "synced %d slash command(s)%s", len(synced), " to the dev server" if guild_id else ""
        )

    async def on_ready(self) -> None:
        log.info("logged in as %s in %d server(s)", self.user, len(self.guilds))

    async def close(self) -> None:
        if self.tables is not None:
            await self.tables.close()
        await self.publisher.settled()
        await super().close()
        if self.db is not None:
            self.db.close()


def run_bot(settings: Settings) -> None:
    """Run the bot until interrupted, logging at ``LOG_LEVEL``."""
    discord.utils.setup_logging(level=getattr(logging, settings.log_level, logging.INFO))

    async def main() -> None:
        async with ChairmanBot(settings) as bot:
            await bot.start(settings.discord_token)

    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(main())
