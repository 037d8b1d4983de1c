"""/stats (a player's figures per game, with a chart of their rating) and /history.

/stats draws its PNG with Pillow in a worker thread (``asyncio.to_thread``) so the bot keeps
answering while it renders. /history lists a player's last matches on this server with one
button each; a button (persistent, ``chairman:match:<id>``) shows that match's result table
to whoever pressed it, and only for matches of the server it was pressed in.
"""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from cogs.chairman import chairman
from cogs.results_render import (
    COLOUR,
    GAME_CHOICES,
    GAME_TITLES,
    game_title,
    history_lines,
    result_embed,
    server_catalog,
    stats_field,
)
from cogs.stats_chart import render_rating_chart
from cogs.tournament import event_catalog
from cogs.tournament_render import history_embed, page_field, page_link
from i18n import N_, Catalog
from tables.errors import TableError
from tables.records import HistoryEntry, Records

HISTORY_SIZE = 10


class ResultButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"chairman:match:(?P<match>\d+)"
):
    """Opens one match's result table, privately, for whoever presses it."""

    def __init__(self, match_id: int, label: str = "Result") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"chairman:match:{match_id}",
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ResultButton:
        return cls(int(match["match"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        found = chairman(interaction.client).tables.records.match_result(self.match_id)
        tr = i18n.get(interaction.locale)
        if found is None or found.guild_id != interaction.guild_id:
            await interaction.response.send_message(
                tr._("That match is not in this server's records."), ephemeral=True
            )
            return
        await interaction.response.send_message(embed=result_embed(found, tr), ephemeral=True)


class Stats(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @property
    def db(self) -> Any:
        return chairman(self.bot).db

    @property
    def records(self) -> Records:
        """Finished matches and ratings (``tables.records``)."""
        return chairman(self.bot).tables.records

    @app_commands.command(name="stats", description="A player's results and rating per game")
    @app_commands.describe(user="Whose stats (default: yours)", game="Only this game")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def stats(
        self,
        interaction: discord.Interaction,
        user: discord.Member | discord.User | None = None,
        game: str | None = None,
    ) -> None:
        who = user or interaction.user
        guild_id = interaction.guild_id or 0
        games = self.records.game_figures(guild_id, who.id, game)
        if not games:
            mine = i18n.get(interaction.locale)
            if game:
                text = mine._(
                    "{name} has not played any {game} matches on this server yet.",
                    name=who.display_name,
                    game=game_title(game, mine),
                )
            else:
                text = mine._(
                    "{name} has not played any matches on this server yet.", name=who.display_name
                )
            await interaction.response.send_message(text, ephemeral=True)
            return
        await interaction.response.defer(thinking=True)
        tr = server_catalog(chairman(self.bot).tables.preferences, interaction)
        title = tr._("{name} · stats", name=who.display_name)
        if game:
            title += f" · {game_title(game, tr)}"
        embed = discord.Embed(title=title, colour=COLOUR)
        for figures in games:
            skill = self._skill_line(guild_id, figures.game, who.id, tr)
            name, value = stats_field(figures, skill, tr)
            embed.add_field(name=name, value=value, inline=False)
        series = self.records.rating_history(guild_id, who.id, game)
        if not series:
            embed.set_footer(text=tr._("No rated matches yet: no rating chart to draw."))
            await interaction.followup.send(embed=embed)
            return
        chart_title = tr._("{name} · skill over time", name=who.display_name)
        png = await asyncio.to_thread(render_rating_chart, series, chart_title, GAME_TITLES, tr)
        embed.set_image(url="attachment://rating.png")
        await interaction.followup.send(
            embed=embed, file=discord.File(io.BytesIO(png), filename="rating.png")
        )

    def replay_link(self) -> Callable[[HistoryEntry], str | None] | None:
        """A match's replay page, when the web table is on (``cogs.web``)."""
        web = self.bot.get_cog("WebTable")
        link_of = getattr(web, "replay_link", None)
        if link_of is None:
            return None

        def replay_of(entry: HistoryEntry) -> str | None:
            table = entry.table_id
            return link_of(int(table)) if table.isascii() and table.isdigit() else None

        return replay_of

    def _skill_line(self, guild_id: int, game: str, user_id: int, tr: Catalog) -> str:
        rating = self.records.rating(guild_id, game, user_id)
        if rating is None:
            return tr._(
                "No rated matches yet: play with at least one other person to get a rating."
            )
        place = self.records.leaderboard(guild_id, game, "all", 0, user_id).me
        rank = " · " + tr._("#{rank} on the leaderboard", rank=place.rank) if place else ""
        line = tr._(
            "skill **{skill}** (mu {mu}, sigma {sigma})",
            skill=tr.number(rating.skill, 1),
            mu=tr.number(rating.mu, 1),
            sigma=tr.number(rating.sigma, 1),
        )
        return line + rank

    @app_commands.command(name="history", description="A player's last matches on this server")
    @app_commands.describe(
        user="Whose matches (default: yours)",
        tournament="A tournament's tables and standings instead, by its number",
    )
    @app_commands.guild_only()
    async def history(
        self,
        interaction: discord.Interaction,
        user: discord.Member | discord.User | None = None,
        tournament: app_commands.Range[int, 1] | None = None,
    ) -> None:
        if tournament is not None:
            event = chairman(self.bot).tables.tournaments.get(tournament)
            if event.row["guild_id"] != interaction.guild_id:
                raise TableError(N_("There is no such tournament."))
            tr = event_catalog(event)
            embed = page_field(history_embed(event, tr), page_link(self.bot, event.id), tr)
            await interaction.response.send_message(embed=embed)
            return
        who = user or interaction.user
        entries = self.records.history(interaction.guild_id or 0, who.id, HISTORY_SIZE)
        if not entries:
            mine = i18n.get(interaction.locale)
            await interaction.response.send_message(
                mine._(
                    "{name} has not played any matches on this server yet.", name=who.display_name
                ),
                ephemeral=True,
            )
            return
        tr = server_catalog(chairman(self.bot).tables.preferences, interaction)
        embed = discord.Embed(
            title=tr._("{name} · last matches", name=who.display_name),
            description=history_lines(entries, tr, self.replay_link()),
            colour=COLOUR,
        )
        embed.set_footer(text=tr._("Press a number to see that match's result table."))
        view = discord.ui.View(timeout=None)
        shown: set[int] = set()
        for n, entry in enumerate(entries, start=1):
            if entry.match_id not in shown:  # a button id may appear once per message
                shown.add(entry.match_id)
                view.add_item(ResultButton(entry.match_id, label=str(n)))
        await interaction.response.send_message(embed=embed, view=view)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Stats(bot))
    bot.add_dynamic_items(ResultButton)
