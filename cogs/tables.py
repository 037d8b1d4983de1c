"""Slash commands for tables: ``/play``, ``/table status|leave|kick|end`` and ``/hand``.

``/play`` opens a table in a new public thread of the channel (or in the thread it is used
in, one table per thread) with a lobby message; the lobby buttons and everything after live
in ``cogs.play``. Its option help, ranges and suggestions come from the options each game
declares (``engine.options``), and its typed options are checked by the same declarations.
A game may add named parameters of its own to ``/play`` and commands of its own to ``/table``
(``cogs.plugin``, registered in ``cogs.registry``).
Each command parses, makes one call into the table service and answers;
refusals are answered by ``cogs.errors``.
"""

from __future__ import annotations

import functools
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from cogs import answers, opening, play, registry, render
from cogs.chairman import chairman
from cogs.items import ActivityButton, table_here
from cogs.plugin import with_parameters
from cogs.publish import Publisher
from engine import GAMES
from engine.options import Option
from i18n import LANGUAGE_NAMES, N_, option_words
from tables import queries
from tables.errors import BadOptions
from tables.model import Table
from tables.service import TableService

log = logging.getLogger(__name__)

#: Every game
PLAYABLE = sorted(GAMES)
#: suggestions Discord shows at most
MAX_CHOICES = 25
#: each language by its own name (never translated: a reader looks for their own)
LANGUAGE_CHOICES = [app_commands.Choice(name=n, value=k) for k, n in LANGUAGE_NAMES.items()]


class Tables(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @property
    def service(self) -> TableService:
        return chairman(self.bot).tables

    @property
    def publisher(self) -> Publisher:
        return chairman(self.bot).publisher

    def table_here(self, interaction: discord.Interaction) -> Table:
        """The table in this thread, else the user's only table, else NoTable."""
        return table_here(interaction)

    # --- /play ---------------------------------------------------------------------------
    @app_commands.command(name="play", description="Open a card table in a new thread")
    @app_commands.describe(
        game="Which game",
        bots="How many bots to seat (0-9)",
        options="Rule options as name=value, e.g. target=300 (suggested as you type)",
        bot_level="How the bots play",
        watch="Only watch: do not take a seat yourself",
        language="The table's language (default: the server's)",
        images="Show card pictures with the hands and the table (default: the server's choice)",
    )
    @app_commands.choices(
        game=[app_commands.Choice(name=render.game_title(g), value=g) for g in PLAYABLE],
        bot_level=[
            app_commands.Choice(name="heuristic (plays well)", value="heuristic"),
            app_commands.Choice(name="expert (searches ahead)", value="expert"),
            app_commands.Choice(name="random (any legal move)", value="random"),
        ],
        language=LANGUAGE_CHOICES,
    )
    @app_commands.guild_only()
    # the games' own parameters (Mao's turn_seconds...) come after ``watch``
    @with_parameters(registry.play_parameters(), after="watch")
    async def play(
        self,
        interaction: discord.Interaction,
        /,
        game: str,
        bots: app_commands.Range[int, 0, 9] = 0,
        options: str = "",
        bot_level: str = "heuristic",
        watch: bool = False,
        language: str | None = None,
        images: bool | None = None,
        **own: Any,
    ) -> None:
        channel = opening.check_place(interaction.guild, interaction.channel)
        if game not in PLAYABLE:
            raise BadOptions(N_("Choose a game from {games}."), games=", ".join(PLAYABLE))
        asked = opening.asked_by_command(
            interaction,
            channel,
            game,
            options,
            own=own,
            language=language,
            bots=bots,
            bot_kind=bot_level,
            seat_host=not watch,
        )
        table = await opening.open_asked(self.bot, asked)
        here = opening.lives_here(channel)
        if images is not None:
            self.service.preferences.set_table_images(table.id, images)
            self.publisher.images.forget(table.id)
        # Everything refusable is checked; making the thread and the lobby message are two
        # calls to Discord, which must not eat into the 3 seconds an answer may take.
        await interaction.response.defer(thinking=True)
        # in a thread the answer is the table message: its token can edit it
        answer = functools.partial(interaction.followup.send, wait=True) if here else None
        thread, _message, link = await opening.seat_in_thread(
            self.bot, table, channel, interaction.user.id, answer
        )
        if here:
            # the lobby is edited through this token until a press on it brings a fresher one
            self.publisher.tokens.keep(("table", table.id), interaction)
            if link is None or not link.activity:
                return  # the answer is the table message itself, buttons and all
        tr = render.catalog(table)
        where = tr._("here") if here else thread.mention
        opens: discord.ui.View = discord.utils.MISSING
        if link is not None and link.activity:  # the app's Activity opens the table here too
            opens = discord.ui.View(timeout=None)
            opens.add_item(ActivityButton(table.id, tr._("Open here in Discord")))
        await interaction.followup.send(
            tr._(
                "{table} is open {where}: join with the buttons.",
                table=tr._("{game} table #{id}", game=tr._(render.game_title(game)), id=table.id),
                where=where,
            ),
            view=opens,
        )

    @play.autocomplete("options")
    async def option_suggestions(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The chosen game's options not typed yet, each with its default, range and help."""
        cls = GAMES.get(getattr(interaction.namespace, "game", None) or "")
        specs = cls.option_specs if cls is not None else ()
        return option_choices(specs, current, i18n.get(interaction.locale))

    # --- /hand ---------------------------------------------------------------------------
    @app_commands.command(name="hand", description="Show your hand (only you see it)")
    async def hand(self, interaction: discord.Interaction) -> None:
        table = self.table_here(interaction)
        async with answers.in_time(interaction, "ephemeral"):  # a picture may take a while
            await play.show_hand(interaction, table.id)

    # --- /table ... ----------------------------------------------------------------------
    group = app_commands.Group(name="table", description="The table in this thread")

    @group.command(name="status", description="Where the game stands")
    async def status(self, interaction: discord.Interaction) -> None:
        table = self.table_here(interaction)
        embed = self.publisher.images.drawings.table(table).embed  # (no picture: ephemeral)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @group.command(name="leave", description="Leave the table (a bot takes your seat mid-game)")
    async def leave(self, interaction: discord.Interaction) -> None:
        table = self.table_here(interaction)
        async with answers.in_time(interaction, "ephemeral"):  # the table may be busy
            await self.service.leave(table.id, interaction.user.id)
            tr = i18n.get(interaction.locale)
            text = tr._("You left {table}.", table=render.table_title(table))
            if table.is_running:
                text += " " + tr._("A bot plays your seat to the end.")
            elif queries.started(table):  # the last person playing: the game ends with them
                text += " " + tr._("Nobody else was playing: the game ended.")
            await answers.send(interaction, text, ephemeral=True)

    @group.command(name="kick", description="Remove a player (host or server managers)")
    @app_commands.describe(user="Who to remove")
    async def kick(self, interaction: discord.Interaction, user: discord.User) -> None:
        table = self.table_here(interaction)
        manager = bool(interaction.permissions.manage_guild)
        async with answers.in_time(interaction, "public"):
            seat = await self.service.kick(table.id, interaction.user.id, user.id, manager)
            tr = render.catalog(table)
            text = tr._(
                "{name} was removed from {table}.", name=seat.name, table=render.table_title(table)
            )
            if queries.started(table):
                text += " " + tr._("A bot plays their seat.")
            await answers.send(interaction, text)

    @group.command(name="end", description="End the table now (host or server managers)")
    async def end(self, interaction: discord.Interaction) -> None:
        table = self.table_here(interaction)
        manager = bool(interaction.permissions.manage_guild)
        async with answers.in_time(interaction, "ephemeral"):
            await self.service.end(table.id, interaction.user.id, manager)
            tr = i18n.get(interaction.locale)
            text = tr._("You ended {table}.", table=render.table_title(table))
            await answers.send(interaction, text, ephemeral=True)


def option_choices(
    specs: tuple[Option, ...], current: str, tr: i18n.Catalog | None = None
) -> list[app_commands.Choice[str]]:
    """Suggestions for /play's ``options`` while ``current`` is typed: the text so far with
    one more option at its default, named with the option's range and help, in the user's
    words (``i18n.option_words``: what they type back is read in any language)."""
    tr = tr or i18n.get("en")
    names = tuple(spec.name for spec in specs)
    words = current.split()
    typed = {option_words.read_name(names, w.partition("=")[0]) for w in words if "=" in w}
    # a last word without "=" is a name being typed: complete it rather than keep it
    partial = option_words.folded(words.pop()) if words and "=" not in words[-1] else ""
    head = " ".join(words)
    out = []
    for spec in specs:
        shown = option_words.name_in(tr, spec.name)
        if not spec.typed or spec.name in typed:
            continue
        if not (spec.name.startswith(partial) or option_words.folded(shown).startswith(partial)):
            continue
        value = f"{head} {shown}={option_words.default_in(tr, spec)}".strip()
        name = f"{value} ({option_words.range_in(tr, spec)}): {tr._(spec.help)}"
        if len(value) <= 100:
            out.append(app_commands.Choice(name=name[:100], value=value))
    if not out and current.strip():
        out.append(app_commands.Choice(name=current[:100], value=current[:100]))
    return out[:MAX_CHOICES]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Tables(bot))
