"""Mao's house canon on Discord: ``/table rules keep`` and ``/table rules forget``.

``/table rules keep`` (server admins) keeps the rules declared at the table in this thread as
the server's house canon, through the table service (``tables.games.mao.canon``): every new Mao
table in the server starts with them, and nobody is shown them, not even the admin.
``/table rules forget`` empties it. Both answer only the admin, in their Discord language.
The rules themselves are made with the New rule builder (``cogs.games.mao.rules``).
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from cogs.items import service_of
from cogs.table_commands import hang, unhang
from i18n import N_
from tables.errors import TableError
from tables.games.mao import canon as house_rules

# --- /table rules -----------------------------------------------------------------------
rules_group = app_commands.Group(name="rules", description="The secret rules of this Mao table")


def _admin(interaction: discord.Interaction) -> None:
    if interaction.guild is None:
        raise TableError(N_("Use this in a server."))
    permissions = interaction.permissions
    if not (permissions.manage_guild or permissions.administrator):
        raise TableError(N_("Only server admins (Manage Server) can change the house canon."))


@rules_group.command(
    name="keep", description="Keep this Mao table's rules for new Mao tables here (admins)"
)
async def keep_rules(interaction: discord.Interaction) -> None:
    _admin(interaction)
    service = service_of(interaction)
    table = service.in_channel(interaction.channel_id) if interaction.channel_id else None
    guild_id = interaction.guild_id or 0
    added, size = house_rules.keep_table_rules(service, table, guild_id, interaction.user.id)
    tr = i18n.get(interaction.locale)
    kept = tr.ngettext(
        "Kept {count} new rule from this table in the server's house canon ({size} in all).",
        "Kept {count} new rules from this table in the server's house canon ({size} in all).",
        added,
        size=size,
    )
    after = tr._("New Mao tables here start with them; nobody is shown them.")
    await interaction.response.send_message(f"{kept} {after}", ephemeral=True)


@rules_group.command(name="forget", description="Empty this server's Mao house canon (admins)")
async def forget_rules(interaction: discord.Interaction) -> None:
    _admin(interaction)
    dropped = house_rules.forget(service_of(interaction), interaction.guild_id or 0)
    tr = i18n.get(interaction.locale)
    text = tr.ngettext(
        "The house canon is empty ({count} rule forgotten). Tables already open keep theirs.",
        "The house canon is empty ({count} rules forgotten). Tables already open keep theirs.",
        dropped,
    )
    await interaction.response.send_message(text, ephemeral=True)


class MaoCanon(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(MaoCanon(bot))
    hang(bot, rules_group)


async def teardown(bot: commands.Bot) -> None:
    unhang(bot, rules_group)
