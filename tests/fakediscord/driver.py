"""``FakeDiscord``: starts the loopback server and drives it the way users would.

It is the facade a test holds: it owns the server's lifecycle and the settings Discord's rules
are judged by, and hands each act and question to the part that owns it: changing the guild
(``guild_setup``), acting as users (``user_acts``), reading back what the bot did
(``readback``), running bots (``bots``).

Tests act as people (``user_says``, ``slash``, ``click``, ``select``, ``submit_modal``) and read
back what the bot did (``messages``, ``dms``, ``threads``, interaction answers, ``rest_log``).
A request Discord would refuse a *user* (an unsynced command, a disabled button, a button on a
message the user cannot see) raises ``FakeDiscordError`` in the test; a request Discord would
refuse the *bot* gets Discord's error status, which discord.py raises inside the bot.
"""

from __future__ import annotations

import asyncio
import signal
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .bots import REPO_ROOT, BotProcess, BotRunner
from .gateway import Gateway
from .guard import ClientPatch
from .guild_setup import GuildSetup
from .interaction_payloads import InteractionPayloads
from .interaction_records import InteractionRecords
from .interactions import FakeInteraction
from .own_time import PATIENCE, OwnTime
from .readback import Readback, RestTally
from .server import FOLLOWUP_TTL, RateLimits, RestApi, RestCall
from .state import FakeChannel, FakeMessage, FakeUser, World
from .user_acts import UserActs

if TYPE_CHECKING:
    from collections.abc import Callable

    import discord

__all__ = ["REPO_ROOT", "BotProcess", "FakeDiscord"]


class FakeDiscord:
    """One guild ("Test Server") with #general, served on 127.0.0.1 at a random port."""

    def __init__(
        self,
        *,
        guild_name: str = "Test Server",
        bot_name: str = "Chairman",
        token: str = "fake-token",
        privileged_intents: tuple[str, ...] = ("members", "message_content", "presences"),
    ) -> None:
        self.world = World(guild_name=guild_name, bot_name=bot_name)
        self.records = InteractionRecords()
        self.interaction_payloads = InteractionPayloads(self.world)
        self.token = token
        self.privileged_intents = set(privileged_intents)
        #: the application has an Activity (its flags say EMBEDDED; it may be launched)
        self.activity = False
        self.gateway = Gateway(self)
        self.rest = RestApi(self)
        self.interaction_deadline = 3.0  # Discord's: the first answer within 3 s
        #: the clock the deadlines are judged on: wall time less what load took (``own_time``)
        self.own_time = OwnTime()
        self.token_lifetime = FOLLOWUP_TTL  # then edits and follow-ups for 15 minutes
        #: seconds an interaction callback spends on the wire before it is handled (the
        #: deadline is judged on its arrival); an answer in flight shows in ``i.answers``
        #: with status 0
        self.callback_latency = 0.0
        # The records' own containers, shared: the REST routes find interactions here.
        self.interactions = self.records.all
        self.interactions_by_id = self.records.by_id
        self.interactions_by_token = self.records.by_token
        self.open_modals = self.records.open_modals
        self.unsupported: list[str] = []
        self.sync_count = 0
        # The fixture fails a test on ERROR logs, tracebacks and unanswered interactions;
        # a test that provokes one on purpose lists a regex here or sets the flag.
        self.ignore_errors: list[str] = []
        self.allow_unanswered = False
        self.base_url = ""
        self.api_base = ""
        self.gateway_url = ""
        self._runner: web.AppRunner | None = None
        self.bots = BotRunner(self)
        self.readback = Readback(self.world, self.records)
        self.setup = GuildSetup(self, self.readback)
        self.acts = UserActs(self, self.records, self.interaction_payloads, self.readback)
        self.tally = RestTally(self.rest)

    # -- lifecycle ------------------------------------------------------------------------------

    async def start(self) -> None:
        self.own_time.start()
        self._runner = web.AppRunner(self.rest.app(), access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = self._runner.addresses[0][1]
        self.base_url = f"http://127.0.0.1:{port}"
        self.api_base = f"{self.base_url}/api/v10"
        self.gateway_url = f"ws://127.0.0.1:{port}/gateway"

    async def stop(self) -> None:
        await self.bots.stop()
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        await self.own_time.stop()

    def patch_client(self) -> ClientPatch:
        """A context manager pointing discord.py at this server and refusing every
        non-loopback connection while it is entered (the fixture enters one already)."""
        return ClientPatch(self.api_base, self.gateway_url)

    async def judge_on_wall_time(self) -> None:
        """Judge deadlines on wall time from now on (a test of a deadline of milliseconds,
        which the machine's load could otherwise excuse)."""
        await self.own_time.stop()
        self.own_time = OwnTime()

    def loop_time(self) -> float:
        """When interactions are made and answered, for Discord's deadlines: the loop's time
        less what the machine's load took (``own_time``), so a loaded machine fails no test."""
        return self.own_time.now()

    # -- the guild ------------------------------------------------------------------------------

    @property
    def guild_id(self) -> int:
        return self.world.guild_id

    @property
    def general_id(self) -> int:
        return self.world.general_id

    @property
    def bot_user(self) -> FakeUser:
        return self.world.bot_user

    @property
    def application_id(self) -> int:
        return self.world.application_id

    def authorize(self, user: FakeUser) -> str:
        """The OAuth2 code Discord's client hands an Activity once ``user`` authorised it
        (``tests.fakediscord.oauth``), to exchange at ``/oauth2/token``."""
        return self.rest.oauth.authorize(user)

    def add_member(self, name: str, admin: bool = False, dms_open: bool = True) -> FakeUser:
        return self.setup.add_member(name, admin, dms_open)

    def add_guild(
        self, name: str, *, shard: int | None = None, shard_count: int | None = None
    ) -> int:
        """Another guild (on ``shard`` of ``shard_count`` if given), told to the sessions of
        its shard; -> its id. ``fake.world.general_of(id)`` is its #general."""
        return self.setup.add_guild(name, shard=shard, shard_count=shard_count)

    def add_channel(self, name: str) -> int:
        return self.setup.add_channel(name)

    def add_voice_channel(self, name: str) -> int:
        return self.setup.add_voice_channel(name)

    def channel(self, channel_id: int) -> FakeChannel:
        return self.readback.channel(channel_id)

    def archive_thread(self, thread_id: int) -> FakeChannel:
        """Archive a thread as Discord does after its auto-archive duration without messages
        (THREAD_UPDATE goes out); messages in it can no longer be edited until it is
        unarchived, and a message posted in it unarchives it."""
        return self.setup.archive_thread(thread_id)

    def dm_channel_id(self, user: FakeUser) -> int:
        return self.setup.dm_channel_id(user)

    # -- reading what the bot did ---------------------------------------------------------------

    def messages(
        self, channel_id: int, *, include_ephemeral: bool = False, include_deleted: bool = False
    ) -> list[FakeMessage]:
        """Messages in a channel, oldest first: by default what everyone there sees now."""
        return self.readback.messages(
            channel_id, include_ephemeral=include_ephemeral, include_deleted=include_deleted
        )

    def message(self, message_id: int) -> FakeMessage:
        return self.readback.message(message_id)

    def dms(self, user: FakeUser) -> list[FakeMessage]:
        """Messages in the bot's DM channel with ``user`` (empty if never opened)."""
        return self.readback.dms(user)

    def ephemerals(self, user: FakeUser) -> list[FakeMessage]:
        return self.readback.ephemerals(user)

    def threads(self) -> list[FakeChannel]:
        return self.readback.threads()

    def commands(self, *, guild: bool | None = None) -> list[dict[str, Any]]:
        """Synced commands: global, guild, or (None) both."""
        return self.readback.commands(guild=guild)

    def all_text_seen_by(self, user: FakeUser) -> str:
        return self.readback.all_text_seen_by(user)

    def unanswered(self, *, expired_only: bool = True) -> list[FakeInteraction]:
        return self.records.unanswered(
            self.loop_time(), self.interaction_deadline, expired_only=expired_only
        )

    @property
    def rest_calls(self) -> list[RestCall]:
        return self.rest.calls

    @property
    def rest_log(self) -> list[tuple[str, str, int]]:
        """(method, path, status) of every REST call, oldest first; the path has no
        "/api/v10" prefix and no query string. A live list: ``len()`` it to mark a point."""
        return self.rest.log

    def rest_count(
        self, channel_id: int | None = None, *, method: str | None = None, since: int = 0
    ) -> int:
        """REST calls (from index ``since`` of the log) concerning ``channel_id``."""
        return self.tally.rest_count(channel_id, method=method, since=since)

    def requests_by_bucket(self, since: int = 0) -> dict[str, int]:
        """REST calls (from index ``since`` of the log) by the rate-limit bucket they count
        against: "global" (the bot's token: Discord's 50 a second for the whole bot) and
        "interaction" (an interaction's token: exempt from the global limit)."""
        return self.tally.requests_by_bucket(since)

    def requests_by_route(self, since: int = 0, bucket: str | None = None) -> dict[str, int]:
        """REST calls (from index ``since``) by route (``PATCH /channels/{}/messages/{}``),
        the busiest first; only those of ``bucket`` if given."""
        return self.tally.requests_by_route(since, bucket)

    def rest_counts(self, since: int = 0) -> dict[int | None, int]:
        return self.tally.rest_counts(since)

    @property
    def ratelimits(self) -> RateLimits:
        """Knobs: ``.mode`` ("headers" | "429" | "off"), ``.limit``, ``.window``; records:
        ``.exhausted`` and ``.hits`` (channel ids)."""
        return self.rest.ratelimits

    # -- waiting and the connection -------------------------------------------------------------

    async def wait_for(
        self, predicate: Callable[[], Any], timeout: float = PATIENCE, what: str = ""
    ) -> Any:
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            value = predicate()
            if value:
                return value
            if loop.time() > end:
                raise AssertionError(f"timed out after {timeout}s waiting for {what or predicate}")
            await asyncio.sleep(0.005)

    @property
    def connected(self) -> bool:
        return self.gateway.connected

    async def drop_connections(self, code: int = 4000) -> None:
        """Close every gateway socket from the server side, as a network blip would; the
        client reconnects and RESUMEs, and gets the events it missed replayed."""
        await self.gateway.close_all(code)

    async def wait_connected(self, identifies: int = 1, timeout: float = PATIENCE) -> None:
        """Wait until the bot has identified ``identifies`` times in all and is connected."""
        await self.wait_for(
            lambda: self.gateway.identify_count >= identifies and self.connected,
            timeout,
            f"{identifies} gateway identify(s)",
        )

    # -- acting as users (``UserActs``) ---------------------------------------------------------

    async def user_says(
        self,
        user: FakeUser,
        channel_id: int,
        content: str,
        reply_to: FakeMessage | int | None = None,
    ) -> FakeMessage:
        return await self.acts.user_says(user, channel_id, content, reply_to)

    async def user_reacts(
        self, user: FakeUser, message: FakeMessage | int, emoji: str, *, add: bool = True
    ) -> None:
        await self.acts.user_reacts(user, message, emoji, add=add)

    def interaction_meta(self, i: FakeInteraction) -> dict[str, Any]:
        return self.interaction_payloads.meta(i)

    async def slash(
        self, user: FakeUser, command: str, channel_id: int, /, **options: Any
    ) -> FakeInteraction:
        """Run ``/command`` (``"table status"`` for subcommands) with keyword options, checked
        against the schema the bot synced. Returns at once; ``await i.wait_answered()``."""
        return await self.acts.slash(user, command, channel_id, **options)

    async def autocomplete(
        self, user: FakeUser, command: str, channel_id: int, option: str, typed: str, **options: Any
    ) -> FakeInteraction:
        """The user is typing ``typed`` into ``option`` of ``/command`` (other options already
        filled in ``options``); the bot's choices land in ``i.choices`` (at most 25 allowed)."""
        return await self.acts.autocomplete(user, command, channel_id, option, typed, **options)

    async def click(
        self, user: FakeUser, message: FakeMessage | int, custom_id: str
    ) -> FakeInteraction:
        return await self.acts.click(user, message, custom_id)

    async def select(
        self, user: FakeUser, message: FakeMessage | int, custom_id: str, values: list[Any]
    ) -> FakeInteraction:
        return await self.acts.select(user, message, custom_id, values)

    async def submit_modal(
        self, user: FakeUser, custom_id: str, values: dict[str, Any]
    ) -> FakeInteraction:
        """Submit the modal the bot last showed ``user`` with this custom_id; ``values`` maps
        each input's custom_id to its text (or to a list, for a select in the modal)."""
        return await self.acts.submit_modal(user, custom_id, values)

    # -- running bots (``BotRunner``) -----------------------------------------------------------

    async def run_bot(self, bot: discord.Client, *, timeout: float = PATIENCE) -> discord.Client:
        """Start ``bot`` on this loop with the fake's token and wait until it is ready (its
        ``setup_hook`` has run and READY + the guild arrived). Closed by ``close_bots``."""
        return await self.bots.run_bot(bot, timeout=timeout)

    async def close_bots(self) -> None:
        await self.bots.close_bots()

    async def spawn_bot(
        self,
        script: str,
        *args: str,
        env: dict[str, str] | None = None,
        settle: str = "",
        ignoring: tuple[signal.Signals, ...] = (),
    ) -> BotProcess:
        """Run ``script`` in a subprocess (``BotHost.spawn_bot``)."""
        return await self.bots.spawn_bot(script, *args, env=env, settle=settle, ignoring=ignoring)

    @property
    def processes(self) -> list[BotProcess]:
        return self.bots.processes
