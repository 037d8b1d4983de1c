"""/tournament: Swiss events and arenas, and the buttons to join them.

The cog parses and authorises; the table service's tournament part (``tables.tournaments.part``)
runs the event. ``/tournament create`` posts the announcement with Join and Leave buttons
(persistent: they work after a restart). The cog listens to the part: each table it opens
gets a thread of its own in the event's channel with its table message, and after each
table ends the live standings are posted in the channel, as text and as a picture (final ones
when the event is over).
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from datetime import UTC, datetime
from typing import Any, TypeGuard

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from cogs import opening, presentation, render
from cogs.chairman import chairman
from cogs.errors import answer_error
from cogs.results_render import GAME_CHOICES
from cogs.tournament_render import (
    announcement,
    history_embed,
    page_field,
    page_link,
    picture_lines,
    standings_embed,
    title,
)
from i18n import N_
from pictures.standings import standings_png
from tables.errors import TableError
from tables.model import Table
from tables.tournaments.event import OVER, Event, TournamentListener

log = logging.getLogger(__name__)

FORMAT_CHOICES = [
    app_commands.Choice(name="Swiss", value="swiss"),
    app_commands.Choice(name="Arena", value="arena"),
]
BAD_START = N_(
    "I could not read the start {text}: write now, minutes from now (15) or a UTC time "
    "(2026-12-05 18:00)."
)


#: each table of an event opens in a thread of its channel: a thread or a voice channel's chat
#: (where /play's table lives in the place itself, one at a time) cannot hold them
NO_THREADS = N_(
    "Announce a tournament in a text channel: each of its tables opens in a thread there."
)


def takes_threads(channel: Any) -> TypeGuard[discord.TextChannel | discord.PartialMessageable]:
    """Whether ``channel`` is a text channel, where an event's tables get their threads."""
    return isinstance(channel, discord.TextChannel) or (
        isinstance(channel, discord.PartialMessageable) and channel.type == discord.ChannelType.text
    )


def parse_start(text: str, now: float) -> float:
    """``now``, minutes from now, ``HH:MM`` (UTC, today) or ``YYYY-MM-DD HH:MM`` (UTC)."""
    typed = text.strip().lower()
    if typed in ("", "now"):
        return now
    if typed.isascii() and typed.isdigit():  # minutes; str.isdigit alone takes "²" too
        # more digits than any start a tournament may have: too far, whatever they say
        return now + 60.0 * (int(typed) if len(typed) <= 9 else 10**9)
    if re.fullmatch(r"\d{1,2}:\d{2}", typed):
        hours, minutes = map(int, typed.split(":"))
        today = datetime.fromtimestamp(now, UTC).replace(second=0, microsecond=0)
        try:
            return today.replace(hour=hours, minute=minutes).timestamp()
        except ValueError:
            raise TableError(BAD_START, text=repr(text)) from None
    try:
        when = datetime.fromisoformat(typed.replace(" ", "T"))
    except ValueError:
        raise TableError(BAD_START, text=repr(text)) from None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return when.timestamp()


def event_catalog(event: Event) -> i18n.Catalog:
    return i18n.get(str(event.row.get("language") or "en"))


class EventButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"chairman:tour:(?P<event>\d+):(?P<what>join|leave)",
):
    """Join or leave tournament ``event`` (before it starts; an arena takes players late)."""

    LABELS = {"join": N_("Join"), "leave": N_("Leave")}

    def __init__(self, event_id: int, what: str, tr: i18n.Catalog | None = None) -> None:
        label = self.LABELS[what]
        super().__init__(
            discord.ui.Button(
                label=tr._(label) if tr else label,
                style=discord.ButtonStyle.success
                if what == "join"
                else discord.ButtonStyle.secondary,
                custom_id=f"chairman:tour:{event_id}:{what}",
            )
        )
        self.event_id, self.what = event_id, what

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> EventButton:
        return cls(int(match["event"]), match["what"])

    async def callback(self, interaction: discord.Interaction) -> None:
        part = chairman(interaction.client).tables.tournaments
        try:
            if self.what == "join":
                event = await part.join(
                    self.event_id, interaction.user.id, interaction.user.display_name
                )
            else:
                event = await part.leave(self.event_id, interaction.user.id)
        except TableError as exc:
            await answer_error(interaction, exc)
            return
        tr = event_catalog(event)
        await interaction.response.edit_message(
            embed=announcement(event, tr), view=event_view(event, tr)
        )


def event_view(event: Event, tr: i18n.Catalog) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if event.status == "open" or (event.format == "arena" and event.status == "running"):
        view.add_item(EventButton(event.id, "join", tr))
        if event.status == "open":
            view.add_item(EventButton(event.id, "leave", tr))
    return view


class Announcer(TournamentListener):
    """Shows the part's events in Discord: threads for tables, standings in the channel."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        #: each event's standings still to post (the newest only), and the events posting now
        self._newest: dict[int, Event] = {}
        self._posting: set[int] = set()

    async def _channel(self, event: Event) -> Any:
        return await self._reach(int(event.row["channel_id"]), event.id)

    async def _reach(self, channel_id: int, event_id: int) -> Any:
        channel = self.bot.get_channel(channel_id)
        if channel is not None:
            return channel
        # a restart takes its events up before the gateway has filled the cache: tables
        # opened then still need their threads, so the channel is asked for
        try:
            return await self.bot.fetch_channel(channel_id)
        except discord.HTTPException as exc:
            log.warning(
                "tournament %s: channel %s cannot be reached: %s", event_id, channel_id, exc
            )
            return None

    async def event_changed(self, event: Event) -> None:
        channel = await self._channel(event)
        message_id = event.row.get("message_id")
        if channel is None or not message_id:
            return
        tr = event_catalog(event)
        try:
            message = channel.get_partial_message(int(message_id))
            await message.edit(embed=announcement(event, tr), view=event_view(event, tr))
        except discord.HTTPException as exc:
            log.warning("could not update tournament %s: %s", event.id, exc)

    async def table_opened(self, event: Event, table: Table) -> None:
        channel = await self._channel(event)
        if channel is None:
            return
        tr = render.catalog(table)
        try:
            thread = await channel.create_thread(
                name=f"{title(event, tr)} · #{table.id}"[:100],
                type=discord.ChannelType.public_thread,
                auto_archive_duration=1440,
            )
            embed, view = presentation.table_message(table)
            message = await thread.send(embed=embed, view=view)
        except discord.HTTPException as exc:
            log.warning("could not open a thread for table %s: %s", table.id, exc)
            return
        service = chairman(self.bot).tables
        await service.set_place(table.id, channel_id=thread.id, message_id=message.id)

    async def tables_left(self, event: Event, tables: list[Table]) -> None:
        """Tell each table still playing, in its thread, that the event is over."""
        for table in tables:
            if table.channel_id is None:
                continue
            thread = await self._reach(table.channel_id, event.id)
            if thread is None:
                continue
            tr = render.catalog(table)
            said = tr._(
                "{event} is over: this table plays on, but its result no longer counts in it.",
                event=title(event, tr),
            )
            try:
                await thread.send(said)
            except discord.HTTPException as exc:
                log.warning("could not tell table %s its event is over: %s", table.id, exc)

    async def standings_changed(self, event: Event) -> None:
        """Post the standings; tables that end while a post is under way (the channel's
        rate limit holds it) are shown together in the next one, so a busy arena posts as
        fast as the channel takes posts, not a backlog of one per table."""
        newest = self._newest.get(event.id)
        if newest is not None and newest.status in OVER and event.status not in OVER:
            return  # the final standings are waiting: nothing comes after them
        self._newest[event.id] = event
        if event.id in self._posting:
            return  # the post under way sends it next
        self._posting.add(event.id)
        try:
            while (latest := self._newest.pop(event.id, None)) is not None:
                await self._post_standings(latest)
        finally:
            self._posting.discard(event.id)

    async def _post_standings(self, event: Event) -> None:
        channel = await self._channel(event)
        if channel is None:
            return
        tr = event_catalog(event)
        embed = page_field(standings_embed(event, tr), page_link(self.bot, event.id), tr)
        # drawn off the event loop, as the other pictures are
        lines, nameless = picture_lines(event, tr), tr._("Player {n}")
        png = await asyncio.to_thread(standings_png, embed.title or "", lines, nameless)
        embed.set_image(url="attachment://standings.png")
        try:
            await channel.send(
                embed=embed, file=discord.File(io.BytesIO(png), filename="standings.png")
            )
        except discord.HTTPException as exc:
            log.warning("could not post standings of tournament %s: %s", event.id, exc)


class Tournaments(commands.Cog):
    group = app_commands.Group(
        name="tournament", description="Swiss events and arenas", guild_only=True
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        service = getattr(bot, "tables", None)  # absent when only the commands are read
        if service is not None:
            service.tournaments.add_listener(Announcer(bot))

    @property
    def part(self) -> Any:
        return chairman(self.bot).tables.tournaments

    @group.command(name="create", description="Announce a tournament that players join by button")
    @app_commands.describe(
        game="Which game",
        format="Swiss (rounds, paired by score) or arena (play as many tables as time allows)",
        rounds="Swiss: how many rounds",
        minutes="Arena: how long it lasts",
        seats="Players at each table",
        starts="now, minutes from now (15), or a UTC time (2026-12-05 18:00)",
        options="Table options, e.g. target=100",
        bots="Let bots fill tables that are short of players",
    )
    @app_commands.choices(game=GAME_CHOICES, format=FORMAT_CHOICES)
    async def create(
        self,
        interaction: discord.Interaction,
        game: str,
        format: str,
        rounds: app_commands.Range[int, 1, 20] = 3,
        minutes: app_commands.Range[int, 1, 1440] = 20,
        seats: app_commands.Range[int, 2, 20] = 2,
        starts: str = "15",
        options: str = "",
        bots: bool = False,
    ) -> None:
        channel = interaction.channel
        if interaction.guild is None or channel is None:
            raise TableError(N_("Use /tournament in a server channel."))
        if not takes_threads(channel):
            raise TableError(NO_THREADS)
        now = chairman(self.bot).tables.clock.now()
        # the tables take the server's allow-list, default options and language as /play's
        # do (the event speaks the tables' language)
        asked = opening.asked_by_command(interaction, channel, game, options)
        chosen, language = opening.table_settings(self.bot, asked)
        event = await self.part.create(
            guild_id=interaction.guild.id,
            channel_id=channel.id,
            organiser_id=interaction.user.id,
            game=game,
            format=format,
            rounds=rounds,
            minutes=minutes,
            seats=seats,
            starts_at=parse_start(starts, now),
            options=chosen,
            bots=bots,
            language=language,
        )
        tr = event_catalog(event)
        await interaction.response.send_message(
            embed=announcement(event, tr), view=event_view(event, tr)
        )
        message = await interaction.original_response()
        self.part.set_message(event.id, message.id)
        # the event may have changed before its message was known (a start time already
        # due): the announcement is made to say how it stands
        fresh = self.part.get(event.id)
        if (fresh.status, fresh.active) != (event.status, event.active):
            await Announcer(self.bot).event_changed(fresh)

    def _manager(self, interaction: discord.Interaction) -> bool:
        return bool(interaction.permissions.manage_guild)

    @group.command(name="start", description="Start a tournament before its time")
    async def start(self, interaction: discord.Interaction, tournament: int) -> None:
        event = await self.part.start(tournament, interaction.user.id, self._manager(interaction))
        await self._say(interaction, event, N_("The tournament has started."))

    @group.command(name="pause", description="Pause a tournament (or resume a paused one)")
    async def pause(self, interaction: discord.Interaction, tournament: int) -> None:
        event = await self.part.pause(tournament, interaction.user.id, self._manager(interaction))
        said = N_("Paused: no new tables open.") if event.status == "paused" else N_("Resumed.")
        await self._say(interaction, event, said)

    @group.command(name="remove", description="Take a player out of a tournament")
    async def remove(
        self, interaction: discord.Interaction, tournament: int, player: discord.User
    ) -> None:
        event = await self.part.remove(
            tournament, interaction.user.id, player.id, self._manager(interaction)
        )
        await self._say(interaction, event, N_("That player is out of the tournament."))

    @group.command(name="end", description="End a tournament now; its standings become final")
    async def end(self, interaction: discord.Interaction, tournament: int) -> None:
        event = await self.part.end(tournament, interaction.user.id, self._manager(interaction))
        await self._say(interaction, event, N_("The tournament is over."))

    @group.command(name="show", description="A tournament's tables and standings")
    async def show(self, interaction: discord.Interaction, tournament: int) -> None:
        event = self.part.get(tournament)
        if event.row["guild_id"] != interaction.guild_id:
            raise TableError(N_("There is no such tournament."))
        tr = event_catalog(event)
        embed = page_field(history_embed(event, tr), page_link(self.bot, event.id), tr)
        await interaction.response.send_message(embed=embed)

    async def _say(self, interaction: discord.Interaction, event: Event, text: str) -> None:
        tr = event_catalog(event)
        await interaction.response.send_message(f"{title(event, tr)}: {tr._(text)}")


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Tournaments(bot))
    bot.add_dynamic_items(EventButton)
