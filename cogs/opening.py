"""Opening a table in a server channel: where a table may be opened, the options and language a
new one takes there, and its thread and lobby message.

``/play`` opens tables through it (``cogs.tables``), and so does the Discord Activity launched
in a channel with no table (``cogs.web``): both check the channel the same way, say what was
asked for (``Asked``) and open it by one call (``open_asked``: the server's allow-list, default
options and language, then what was chosen over them), and seat the table in a new public
thread of a text channel, or in the thread they were asked in. A voice channel's text chat
holds no thread, so a table asked for there (where Activities are most often started) lives in
that chat itself, one table at a time, as in a thread.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import discord
from discord import PartialMessageable

from cogs import render
from cogs.chairman import chairman
from i18n import N_, option_words
from tables import game_options
from tables.errors import TableError
from tables.model import Table

#: channels a table opened from lives in itself: a thread, or a voice channel's chat
OWN_PLACES = (
    discord.ChannelType.public_thread,
    discord.ChannelType.private_thread,
    discord.ChannelType.voice,
)
#: a table's lobby message sent some way of the caller's (``/play`` in a thread answers with it)
Send = Callable[..., Awaitable[Any]]


def lives_here(channel: Any) -> bool:
    """Whether a table opened from ``channel`` lives in it (a thread, a voice channel's chat)
    rather than in a new thread of it (a text channel)."""
    return getattr(channel, "type", None) in OWN_PLACES


#: where a table may be opened: a text channel (in a thread it opens), a thread, or a voice
#: channel's chat
Place = discord.TextChannel | discord.Thread | discord.VoiceChannel | PartialMessageable


def check_place(guild: discord.Guild | None, channel: Any) -> Place:
    """``channel``, if a table may be opened there: a thread or a voice channel's chat holds
    it, a text channel opens a thread for it (stage chats, forums and announcement threads
    cannot hold one)."""
    if (
        guild is None
        or not isinstance(
            channel,
            discord.TextChannel | discord.Thread | discord.VoiceChannel | PartialMessageable,
        )
        or not (lives_here(channel) or isinstance(channel, discord.TextChannel))
    ):
        raise TableError(N_("Use /play in a server channel."))
    return channel


def mention(channel_id: int) -> str:
    return f"<#{channel_id}>"


def server_defaults(
    bot: Any, guild_id: int, game: str, channel: Any, named: Callable[[int], str] = mention
) -> dict[str, Any]:
    """Server-wide default options and the channel allow-list (``tables.preferences``); a
    refusal names the allowed channels by ``named`` (Discord's mentions by default)."""
    parent = getattr(channel, "parent_id", None)
    found = bot.tables.preferences.for_play(guild_id, game, channel.id, parent)
    if not found.allowed:
        where = ", ".join(named(c) for c in found.channels)
        raise TableError(N_("Tables can be opened only in {where} on this server."), where=where)
    return dict(found.options)


@dataclass(frozen=True)
class Asked:
    """A table someone asked for: where, by whom, the game, and what they chose beyond the
    server's defaults (``/play``'s typed options and parameters; the Activity's form chooses
    only the game and the bots)."""

    guild: discord.Guild
    place: Place
    #: the member who asked: the table's host
    host: Any
    game_name: str
    #: options typed as ``name=value`` words, over the server's defaults
    typed: dict[str, Any] = field(default_factory=dict)
    #: the game's own ``/play`` parameters (``tables.game_options``)
    own: dict[str, Any] = field(default_factory=dict)
    #: the language asked for; None for the server's (``TablePreferences.table_language``)
    language: str | None = None
    #: the server's locale as the asking interaction gave it (None: the guild's own)
    locale: Any = None
    bots: int = 0
    bot_kind: str = "heuristic"
    seat_host: bool = True


def asked_by_command(
    interaction: discord.Interaction, place: Place, game: str, options: str, **chosen: Any
) -> Asked:
    """A table asked for by a slash command (``/play``, ``/tournament create``): in ``place``,
    hosted by its user, ``options`` read as ``/play`` reads them (in any of the languages'
    words), the server's locale as the command gave it; ``chosen``: ``Asked``'s other fields."""
    assert interaction.guild is not None  # the command checked its place is in a server
    typed = game_options.parse_option_text(game, option_words.canonical(game, options))
    return Asked(
        interaction.guild,
        place,
        interaction.user,
        game,
        typed=typed,
        locale=interaction.guild_locale,
        **chosen,
    )


def table_settings(
    bot: Any, asked: Asked, named: Callable[[int], str] = mention
) -> tuple[dict[str, Any], str]:
    """The options and language of a table ``asked`` for: the server's allow-list (a refusal
    naming its channels by ``named``) and default options, what was typed over them, then the
    game's own parameters; the language asked for, else the server's. A tournament's tables
    take theirs here too (``cogs.tournament``)."""
    guild = asked.guild
    chosen = server_defaults(bot, guild.id, asked.game_name, asked.place, named)
    chosen.update(asked.typed)
    language = chairman(bot).tables.preferences.table_language(
        guild.id,
        asked.language or asked.typed.get("language"),
        asked.locale or guild.preferred_locale,
    )
    options = game_options.for_play(chairman(bot).db, guild.id, asked.game_name, chosen, asked.own)
    return options, language


async def open_asked(bot: Any, asked: Asked, named: Callable[[int], str] = mention) -> Table:
    """A new table as ``asked``, its lobby open, in ``asked.place``'s thread to be or in the
    place itself (a thread, a voice channel's chat), with the options and language
    ``table_settings`` gives it. ``TableExists`` where the place already holds an open table
    (the service keeps one to a channel)."""
    guild, place = asked.guild, asked.place
    options, language = table_settings(bot, asked, named)
    service = chairman(bot).tables
    inside = lives_here(place)
    return await service.open_table(
        game=asked.game_name,
        host_id=asked.host.id,
        host_name=asked.host.display_name,
        guild_id=guild.id,
        channel_id=place.id if inside else None,
        parent_id=getattr(place, "parent_id", None) if inside else place.id,
        options=options,
        bots=asked.bots,
        bot_kind=asked.bot_kind,
        seat_host=asked.seat_host,
        language=language,
    )


async def seat_in_thread(
    bot: Any, table: Table, channel: Place, by: int, send: Send | None = None
) -> tuple[Any, Any, Any]:
    """Open ``table``'s thread in a text channel (or take the thread or voice chat it was
    asked in), post its lobby message there (by ``send`` when given) and record where both
    are; -> (the thread, the message, the page link the message carries). A table whose
    thread or message Discord refused is ended (by ``by``, who asked for it), and the refusal
    said."""
    service = chairman(bot).tables
    publisher = chairman(bot).publisher
    try:
        if isinstance(channel, discord.TextChannel):
            tr = render.catalog(table)
            thread: Any = await channel.create_thread(
                name=tr._(
                    "{game} table #{id}", game=tr._(render.game_title(table.game_name)), id=table.id
                ),
                type=discord.ChannelType.public_thread,
                auto_archive_duration=1440,
            )
        else:
            thread = channel
        web = publisher.images.drawings.web
        link = web(table) if web is not None else None
        first = await publisher.table_message.first_message(table)
        message = await (send or thread.send)(**first)
    except discord.HTTPException:
        await service.end(table.id, by, manager=True)
        raise TableError(N_("I could not open a thread here; check my permissions.")) from None
    await service.set_place(table.id, channel_id=thread.id, message_id=message.id)
    return thread, message, link
