"""The Discord client: ``ChairmanBot``, ``make_bot`` and ``run_bot``.

``ChairmanBot`` is built from a ``Settings`` object. Its ``setup_hook`` opens the database
(migrations applied), creates the table service and the publisher that keeps Discord in
step with it, loads the cogs in ``cogs.EXTENSIONS`` (which register the persistent
buttons), recovers every unfinished table from its action log (re-arming its timers), and
syncs the slash commands: to ``DEV_GUILD_ID`` at once when set, else globally (a server
given its own copy before and not now has it cleared).

With ``SHARD_COUNT`` set, ``make_bot`` builds a ``ShardedChairmanBot`` (discord.py's
``AutoShardedBot``) over ``SHARD_IDS`` (all shards when unset). Such a process recovers only
the tables of the guilds on its shards, and several processes (``SHARD_IDS`` naming only some
shards) must share a PostgreSQL database: over SQLite they are refused before connecting.
DM presses reach the process that owns their table through ``cogs.forwarding``.
At start each process logs its shards, its tables, how long recovery took and the database's
round trip; when ready, each shard's gateway latency.

Whether the bot asks for Discord's privileged Message Content intent is the
``MESSAGE_CONTENT`` setting (``cogs.intents``: on, off, auto). With ``auto``, a gateway that
refuses it (close 4014) costs one log line and a reconnection without it; a sharded bot,
whose shards all close on a 4014, asks the application's own settings before it connects.
``hears_chat`` says what the bot ended up with.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import time
from collections.abc import Callable
from typing import Any

import discord
from discord.ext import commands

from cogs import EXTENSIONS, budget
from cogs.forwarding import PressForwarder
from cogs.intents import content_granted, intents
from cogs.items import Commands, Presses
from cogs.publish import Publisher
from cogs.translator import CatalogTranslator
from tables.clock import Clock
from tables.service import TableService
from tables.settings import Settings, sqlite_refusal
from tables.storage import StorageRefused, backend_of, open_database

log = logging.getLogger(__name__)


#: the one line ``auto`` logs when Discord refuses the intent
WITHOUT_CONTENT = (
    "Discord refused the Message Content intent (%s): carrying on without it. Every game plays;"
    " Mao tables hear speech through the Say button and messages that mention the bot."
    " Turn it on in the developer portal (Bot > Privileged Gateway Intents), or set"
    " MESSAGE_CONTENT=off to stop asking."
)


class ChairmanBot(commands.Bot):
    def __init__(
        self,
        settings: Settings,
        *,
        clock: Clock | None = None,
        seeds: Callable[[], int] | None = None,
        extensions: list[str] | None = None,
        identify_delay: float = 5.0,
        message_content: str = "auto",
        **options: Any,
    ) -> None:
        check_processes(settings)
        # on_ready only gates the first DMs; members are never chunked, so a short wait will do
        options.setdefault("guild_ready_timeout", 0.5)
        # No message cache: every edit is echoed back, and nothing here reads cached messages.
        options.setdefault("max_messages", None)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(message_content != "off"),
            help_command=None,
            tree_cls=Commands,
            **options,
        )
        self.settings = settings
        #: ``MESSAGE_CONTENT``: on, off or auto (``cogs.intents``)
        self.message_content = message_content
        self.clock = clock
        self.seeds = seeds
        self.extensions_to_load = list(EXTENSIONS if extensions is None else extensions)
        self.db: Any = None
        #: the table service, opened in ``setup_hook`` (``tables``)
        self.opened_tables: TableService | None = None
        self.publisher = Publisher(self)
        #: this process's requests to Discord by bucket (``cogs.budget``), counted from
        #: ``setup_hook`` on
        self.requests = budget.Account(settings.requests_per_second)
        self.forwarder = PressForwarder(self)
        self.presses = Presses()
        # Discord lets a bot identify one shard per 5 s; tests against the fake need no wait.
        self.identify_delay = identify_delay

    @property
    def tables(self) -> TableService:
        """The table service; it opens in ``setup_hook``, before any cog or event runs. Until
        then the bot has none: ``getattr(bot, "tables", None)`` is None."""
        if self.opened_tables is None:
            raise AttributeError("tables: the table service opens in setup_hook")
        return self.opened_tables

    @property
    def hears_chat(self) -> bool:
        """Whether Discord gives this bot the text of every message (Message Content)."""
        return self.intents.message_content

    def go_without_content(self, why: str) -> bool:
        """With ``auto``, stop asking for Message Content (one log line); False when the
        setting asks for it (``on``) or it was not asked for."""
        if self.message_content != "auto" or not self.hears_chat:
            return False
        log.warning(WITHOUT_CONTENT, why)
        # the connection state keeps the intents the next IDENTIFY sends; it has no setter
        self._connection._intents.message_content = False
        return True

    async def connect(self, *, reconnect: bool = True) -> None:
        while True:
            try:
                await super().connect(reconnect=reconnect)
                return
            except discord.PrivilegedIntentsRequired:
                # a sharded client has closed itself by now: there is nothing to reconnect
                if self.is_closed() or not self.go_without_content("gateway close 4014"):
                    raise

    async def on_message(self, message: discord.Message, /) -> None:
        """No text commands: a message is only ever speech at a Mao table (``cogs.games.mao.chat``),
        so one that mentions the bot is not read as a command it does not have."""

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        if not initial and self.identify_delay:
            await asyncio.sleep(self.identify_delay)

    async def setup_hook(self) -> None:
        started = time.perf_counter()
        self.db = open_database(self.settings.database)
        self.opened_tables = TableService(
            self.db,
            bot_delay=self.settings.bot_delay,
            turn_timeout=self.settings.turn_timeout,
            vote_timeout=self.settings.vote_timeout,
            expert_budget=self.settings.expert_budget,
            clock=self.clock,
            seeds=self.seeds,
            owns=self.settings.owns,
            close_grace=self.settings.close_grace_moves,
        )
        self.tables.add_listener(self.publisher)
        # near this process's share of Discord's global limit the bots slow (``cogs.budget``)
        self.requests = budget.install(self.http, self.settings.requests_per_second)
        self.tables.set_pace(self.requests.pace)
        for name in self.extensions_to_load:
            await self.load_extension(name)
        recovered = await self.tables.recover()
        for table in recovered:
            self.publisher.touch(table)
        await self.forwarder.start()
        log.info(
            "%s over %s: %d unfinished table(s) recovered (%s) in %.0f ms;"
            " database round trip %.1f ms%s",
            self.shards_text(),
            backend_of(self.db),
            len(recovered),
            ", ".join(str(t.id) for t in recovered[:20]) or "none",
            (time.perf_counter() - started) * 1000,
            database_round_trip(self.db) * 1000,
            "; DM presses for other processes' tables go over LISTEN/NOTIFY"
            if self.forwarder.needed
            else "",
        )
        await self.tree.set_translator(CatalogTranslator())
        await self.sync_commands()

    def shards_text(self) -> str:
        count, ids = self.settings.shard_count, self.settings.shard_ids
        if count is None:
            return "one process, unsharded"
        shown = ",".join(map(str, ids if ids is not None else range(count)))
        return f"shards {shown} of {count}"

    async def sync_commands(self) -> None:
        """Sync the slash commands: to ``DEV_GUILD_ID`` alone when set (at once), else
        globally (Discord takes up to an hour). A server given a copy before and not now has
        it cleared, else it would list every command twice beside the global ones."""
        preferences = self.tables.preferences
        guild_id = self.settings.dev_guild_id
        if guild_id:
            guild = discord.Object(guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            preferences.set_command_copy(guild_id, True)
        else:
            synced = await self.tree.sync()
        log.info(
            "synced %d slash command(s)%s", len(synced), " to the dev server" if guild_id else ""
        )
        for stale in preferences.command_copies():
            if stale != guild_id:
                await self.clear_command_copy(stale)

    async def clear_command_copy(self, guild_id: int) -> None:
        """Empty server ``guild_id``'s own copy of the commands; forgotten once cleared, or
        once the bot is no longer in that server (nothing there to clear)."""
        try:
            await self.tree.sync(guild=discord.Object(guild_id))  # no commands of its own
        except discord.Forbidden:
            log.info("server %d's copy of the commands is out of reach: forgotten", guild_id)
        except discord.HTTPException as exc:  # tried again at the next start
            log.warning("could not clear server %d's copy of the commands: %s", guild_id, exc)
            return
        else:
            log.info("cleared server %d's copy of the commands", guild_id)
        self.tables.preferences.set_command_copy(guild_id, False)

    async def on_ready(self) -> None:
        log.info("logged in as %s in %d server(s)", self.user, len(self.guilds))
        latencies = getattr(self, "latencies", None) or [(None, self.latency)]
        log.info(
            "gateway latency: %s",
            ", ".join(
                f"{'shard ' + str(n) if n is not None else 'gateway'} {lag * 1000:.0f} ms"
                for n, lag in latencies
                if lag == lag  # NaN until the first heartbeat is answered
            )
            or "not measured yet",
        )

    async def close(self) -> None:
        """Stop in order: no new presses (each answered "The table is restarting") and no
        new timers, running moves and presses finished (a bot's move cut off before it writes
        if it overruns), Discord told what it is owed, then the HTTP session and the
        database."""
        self.presses.closing = True
        await self.forwarder.close()
        if self.opened_tables is not None:
            await self.opened_tables.close()
        grace = self.publisher.close_grace  # CLOSE_GRACE_DISCORD
        await self.presses.settle(grace)
        await self.publisher.close()
        await self.presses.settle(grace)  # the "restarting" answers sent meanwhile
        await super().close()
        if self.db is not None:
            self.db.close()


class ShardedChairmanBot(ChairmanBot, commands.AutoShardedBot):
    """Chairman over several gateway shards (``SHARD_COUNT``, ``SHARD_IDS``) in this process."""

    async def connect(self, *, reconnect: bool = True) -> None:
        # a 4014 closes every shard and the client with them, so nothing is left to reconnect:
        # ``auto`` asks the application's settings first
        if self.message_content == "auto" and self.hears_chat:
            info = await self.application_info()
            if not content_granted(info.flags):
                self.go_without_content("the application's settings do not grant it")
        await super().connect(reconnect=reconnect)


def check_processes(settings: Settings) -> None:
    """Refuse a process that runs only some shards over SQLite: the others could not share
    its file, and their tables would be split between databases."""
    if not settings.runs_every_shard and not settings.database_url:
        ids = ",".join(map(str, settings.shard_ids or ()))
        why = sqlite_refusal(settings.shard_count or 0)
        raise StorageRefused(f"SHARD_IDS={ids}: {why}")


def make_bot(settings: Settings, **options: Any) -> ChairmanBot:
    """The bot these settings ask for: sharded when ``SHARD_COUNT`` is set."""
    if settings.shard_count is None:
        return ChairmanBot(settings, **options)
    shard_ids = list(settings.shard_ids) if settings.shard_ids is not None else None
    return ShardedChairmanBot(
        settings, shard_count=settings.shard_count, shard_ids=shard_ids, **options
    )


def database_round_trip(db: Any) -> float:
    """Seconds for one trivial query: the lag every stored move pays."""
    started = time.perf_counter()
    db.execute("SELECT 1").fetchone()
    return time.perf_counter() - started


def run_bot(settings: Settings) -> int:
    """Run the bot until interrupted, logging at ``LOG_LEVEL``; -> the exit status."""
    try:
        check_processes(settings)
    except StorageRefused as exc:
        print(f"Cannot start: {exc}")
        return 2
    discord.utils.setup_logging(level=getattr(logging, settings.log_level, logging.INFO))

    async def main() -> None:
        async with make_bot(settings, message_content=settings.message_content) as bot:
            closing = stop_on_signals(bot)
            await bot.start(settings.discord_token)
            await asyncio.gather(*closing)  # the close a signal began, to its end

    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(main())
    return 0


#: the signals that stop the bot the ordinary way: Ctrl+C's (the image's stop signal) and
#: the one most supervisors send (systemd, Kubernetes, ``docker stop`` without the image's)
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


def stop_on_signals(bot: ChairmanBot) -> set[asyncio.Task[None]]:
    """Close ``bot`` in order (``ChairmanBot.close``) on a stop signal. The handler is the
    loop's own, so the bot stops even when it was started with SIGINT ignored (a background
    job of a script inherits that) and on SIGTERM, which would otherwise end the process
    with no close at all. -> the close a signal began (none yet)."""
    loop = asyncio.get_running_loop()
    closing: set[asyncio.Task[None]] = set()  # the loop keeps only weak references

    def stop() -> None:
        if not closing:
            closing.add(loop.create_task(bot.close()))

    for number in STOP_SIGNALS:
        with contextlib.suppress(NotImplementedError):  # a loop without signal handlers
            loop.add_signal_handler(number, stop)
    return closing
