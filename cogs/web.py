"""The web table on Discord's side: starts the web server (``web``) with the bot when
``WEB_PORT`` is set, and ``/table web``, which answers only its user with their private link
to the table's page (when they hold a seat) and the table's spectator link.

The links are signed with a secret derived from the bot's token (``web.links``); the page
itself plays through the same service calls as the buttons.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from cogs import opening
from cogs.chairman import chairman
from cogs.items import ActivityButton, table_here
from cogs.presentation import WebLink
from cogs.table_commands import hang, unhang
from i18n import N_
from tables.errors import TableError
from tables.model import Table
from web.activity import NOT_REACHED, Activity
from web.links import Signer, secret_from
from web.server import WebServer

log = logging.getLogger(__name__)

PLACE_FOR_A_TABLE = N_(
    "A table opens in a text channel, a thread or a voice channel: start the Activity there."
)


class WebTable(commands.Cog):
    """Runs the web server for as long as the cog is loaded."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = chairman(bot)
        self.server: WebServer | None = None
        #: whether the application has an Activity (its flags), asked once
        self.embedded: bool | None = None

    async def has_activity(self) -> bool:
        """Whether the Activity can be launched: the server signs its users in (a client
        secret is set) and the application has an Activity (its ``EMBEDDED`` flag)."""
        if self.server is None or self.server.activity is None:
            return False
        if self.embedded is None:
            info = await self.bot.application_info()
            self.embedded = info.flags.embedded
        return self.embedded

    async def cog_load(self) -> None:
        # a bare ``commands.Bot`` (the catalogs' command walk) has no settings: no server
        settings = getattr(self.bot, "settings", None)
        if settings is None or settings.web_port is None:
            return
        signer = Signer(secret_from(settings.discord_token))
        activity = None
        if settings.discord_client_secret:
            activity = Activity(
                self.bot.tables,
                signer,
                client_id=lambda: self.bot.application_id,
                client_secret=settings.discord_client_secret,
                api_base=discord.http.Route.BASE,
            )
            # launched where no table is, the Activity opens one there (as /play would)
            activity.opener = self.open_here
            # and lists the tables in the channel's threads everyone there may see
            activity.listed = self.in_public_thread
            # a server another process runs: the page goes on through that process
            activity.elsewhere = self.elsewhere
        self.server = WebServer(
            self.bot.tables,
            signer,
            port=settings.web_port,
            public_url=settings.web_url,
            activity=activity,
        )
        await self.server.start()
        if activity is not None:
            try:
                await self.has_activity()
            except discord.HTTPException:
                log.warning("could not ask Discord whether the application has an Activity")
        publisher = self.bot.publisher
        publisher.images.drawings.web = self.web_link
        # a page opened or closed: the table message's viewer count is redrawn (``touch``
        # coalesces a burst of pages into one edit)
        self.server.on_viewers = self.viewers_changed
        # what a page says at a table that reads speech is shown in its thread under the
        # speaker's name, by whichever game echoes it (Mao's Chairman)
        self.server.messages.echo = publisher.announcer
        # Play again on a closed table's page opens the rematch in its thread
        self.server.messages.rematch = self.rematch_here

    async def open_here(self, channel_id: int, user_id: int, game: str, bots: int) -> int:
        """A table of ``game`` opened from the Activity in ``channel_id`` by ``user_id``, a
        member of its server, with ``bots`` bots, as ``/play`` opens one there (the server's
        defaults and allow-list, its language); -> its id."""
        channel = self.bot.get_channel(channel_id)
        try:
            if channel is None:
                channel = await self.bot.fetch_channel(channel_id)
        except discord.HTTPException:
            raise TableError(PLACE_FOR_A_TABLE) from None
        guild = getattr(channel, "guild", None)
        try:
            place = opening.check_place(guild, channel)
        except TableError:
            raise TableError(PLACE_FOR_A_TABLE) from None
        assert guild is not None
        if not self.bot.settings.owns(guild.id):
            # its tables are another process's: one opened here would be held by two
            raise TableError(NOT_REACHED)
        try:
            # asked of Discord each time: without the members intent a cached member who
            # left the server would still be found
            host = await guild.fetch_member(user_id)
        except discord.HTTPException:
            raise TableError(N_("Only members of this server can open a table here.")) from None
        asked = opening.Asked(guild, place, host, game, bots=bots)
        # a page shows no Discord markup: the channels a table may open in, by their names
        table = await opening.open_asked(self.bot, asked, self.channel_name)
        await opening.seat_in_thread(self.bot, table, place, user_id)
        return table.id

    async def elsewhere(self, channel_id: int) -> str | None:
        """Where the Activity launched in ``channel_id`` goes on: None where this process runs
        its server's tables (or Discord does not know the channel: the page says so later),
        else the path of the process that does (``ACTIVITY_PATHS``); a ``TableError`` where
        none is set."""
        settings = self.bot.settings
        if settings.runs_every_shard:
            return None
        channel = self.bot.get_channel(channel_id)
        try:
            if channel is None:
                # a server on another shard is in no cache here: Discord says whose it is
                channel = await self.bot.fetch_channel(channel_id)
        except discord.HTTPException:
            return None
        guild = getattr(channel, "guild", None)
        if guild is None or settings.owns(guild.id):
            return None
        path = settings.activity_path(guild.id)
        if path is None:
            raise TableError(NOT_REACHED)
        return path

    async def rematch_here(self, table_id: int, user_id: int) -> int:
        """A rematch of closed table ``table_id`` asked for on its page by ``user_id``, posted
        in its thread as **Play again** on a hand DM posts it; -> its id."""
        rematch = await self.bot.tables.rematch(table_id, user_id, "")
        await self.bot.publisher.post_new_table(rematch.table, rematch.invited, user_id)
        return rematch.table.id

    def in_public_thread(self, channel_id: int) -> bool:
        """Whether ``channel_id`` is a public thread (a private one's table is for its
        members alone; a thread not in the cache is not known to be public)."""
        channel = self.bot.get_channel(channel_id)
        return getattr(channel, "type", None) == discord.ChannelType.public_thread

    def channel_name(self, channel_id: int) -> str:
        channel = self.bot.get_channel(channel_id)
        return f"#{getattr(channel, 'name', channel_id)}"

    def web_link(self, table: Table) -> WebLink | None:
        """What the table message says of the table's page (``cogs.presentation``)."""
        if self.server is None:
            return None
        return WebLink(
            spectator=self.server.spectator_link(table.id),
            viewers=self.server.viewers(table.id),
            activity=bool(self.embedded) and self.server.activity is not None,
        )

    def replay_link(self, table_id: int) -> str | None:
        """The replay page of a finished match, for ``/history``."""
        return None if self.server is None else self.server.replay_link(table_id)

    def tournament_link(self, event_id: int) -> str | None:
        """A tournament's public page, for ``/tournament show``, ``/history`` and the
        standings posts."""
        return None if self.server is None else self.server.tournament_link(event_id)

    def viewers_changed(self, table_id: int) -> None:
        try:
            table = self.bot.tables.get(table_id)
        except (KeyError, TableError):
            return
        self.bot.publisher.touch(table)

    async def cog_unload(self) -> None:
        if self.server is not None:
            self.bot.publisher.images.drawings.web = None
            await self.server.close()


@app_commands.command(name="web", description="Your link to this table's page (only you see it)")
async def web_link(interaction: discord.Interaction) -> None:
    tr = i18n.get(interaction.locale)
    cog = chairman(interaction.client).get_cog("WebTable")
    server = cog.server if isinstance(cog, WebTable) else None
    if server is None:
        text = tr._("The web table is off on this bot (its WEB_PORT is not set).")
        await interaction.response.send_message(text, ephemeral=True)
        return
    table = table_here(interaction)
    lines = []
    if table.seat_of_user(interaction.user.id) is not None:
        link = server.player_link(table.id, interaction.user.id)
        lines.append(
            tr._("Your seat (keep this link to yourself; it works for a day): {link}", link=link)
        )
    lines.append(
        tr._("Spectators (public information only): {link}", link=server.spectator_link(table.id))
    )
    view = discord.utils.MISSING
    if isinstance(cog, WebTable) and await cog.has_activity():
        view = discord.ui.View(timeout=None)
        view.add_item(ActivityButton(table.id, tr._("Open here in Discord")))
    await interaction.response.send_message("\n".join(lines), ephemeral=True, view=view)


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(ActivityButton)
    await bot.add_cog(WebTable(bot))
    hang(bot, web_link)


async def teardown(bot: commands.Bot) -> None:
    bot.remove_dynamic_items(ActivityButton)
    unhang(bot, web_link)
