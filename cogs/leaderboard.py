"""/leaderboard and its page buttons.

The board is a public message; its ◀ ▶ and "Find me" buttons are persistent
(``DynamicItem``, so they work after a restart) and redraw the board for whoever pressed
them, with that person's own row under it ("Find me" turns to the page they are on).

Results and ratings are recorded by the table service (``tables.results``); this cog only
reads them.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from cogs.chairman import chairman
from cogs.results_render import (
    GAME_CHOICES,
    PERIOD_CHOICES,
    game_title,
    leaderboard_embed,
    server_catalog,
)
from cogs.season_render import season_embed
from i18n import N_
from tables.records import PAGE_SIZE, Page

LABELS = {"prev": "◀", "next": "▶", "me": N_("Find me")}


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"chairman:lb:(?P<game>[a-z]+):(?P<period>[a-z]+):(?P<page>\d+):(?P<way>prev|next|me)",
):
    """Go to ``page`` of a board, or with ``way="me"`` to the presser's own page."""

    def __init__(
        self,
        game: str,
        period: str,
        page: int,
        way: str,
        disabled: bool = False,
        tr: i18n.Catalog | None = None,
    ):
        super().__init__(
            discord.ui.Button(
                label=tr._(LABELS[way]) if tr else LABELS[way],
                style=discord.ButtonStyle.secondary,
                custom_id=f"chairman:lb:{game}:{period}:{page}:{way}",
                disabled=disabled,
            )
        )
        self.game, self.period, self.page, self.way = game, period, page, way

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PageButton:
        return cls(match["game"], match["period"], int(match["page"]), match["way"])

    async def callback(self, interaction: discord.Interaction) -> None:
        service = chairman(interaction.client).tables
        guild_id, user_id = interaction.guild_id or 0, interaction.user.id
        page = service.records.leaderboard(guild_id, self.game, self.period, self.page, user_id)
        if self.way == "me" and page.me is not None and page.me not in page.rows:
            mine = (page.me.rank - 1) // PAGE_SIZE
            page = service.records.leaderboard(guild_id, self.game, self.period, mine, user_id)
        tr = server_catalog(service.preferences, interaction)
        await interaction.response.edit_message(
            embed=leaderboard_embed(page, interaction.user.id, tr), view=page_view(page, tr)
        )


def page_view(page: Page, tr: i18n.Catalog | None = None) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(PageButton(page.game, page.period, max(page.page - 1, 0), "prev", page.page == 0))
    last = page.pages - 1
    view.add_item(
        PageButton(page.game, page.period, min(page.page + 1, last), "next", page.page >= last)
    )
    view.add_item(PageButton(page.game, page.period, page.page, "me", tr=tr))
    return view


class Leaderboards(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="leaderboard", description="Who leads a game on this server")
    @app_commands.describe(
        game="Which game",
        period="All time (default), or a recent stretch",
        season="A season's board by its number (0: the running season)",
    )
    @app_commands.choices(game=GAME_CHOICES, period=PERIOD_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: str,
        period: str = "all",
        season: app_commands.Range[int, 0, 100_000] | None = None,
    ) -> None:
        service = chairman(self.bot).tables
        guild_id = interaction.guild_id or 0
        if season is not None:
            found, rows = service.seasons.board(guild_id, game, season or None)
            tr = server_catalog(service.preferences, interaction)
            await interaction.response.send_message(embed=season_embed(found, game, rows, tr))
            return
        if not service.records.has_rated_matches(guild_id, game):
            tr = i18n.get(interaction.locale)
            await interaction.response.send_message(
                tr._(
                    "No rated matches yet for {game} on this server. A match is rated when at "
                    "least two people play in it; bots never count.",
                    game=game_title(game, tr),
                ),
                ephemeral=True,
            )
            return
        page = service.records.leaderboard(guild_id, game, period, 0, interaction.user.id)
        tr = server_catalog(service.preferences, interaction)
        await interaction.response.send_message(
            embed=leaderboard_embed(page, interaction.user.id, tr), view=page_view(page, tr)
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Leaderboards(bot))
    bot.add_dynamic_items(PageButton)
