"""/settings: a server's default table options per game and the channels that may host tables.

Only members with Manage Server may use it. Discord hides the command from everyone else
(``default_permissions``), and because a server can hand commands to other roles in its
Integrations page, each subcommand checks the member's permission again before changing
anything. Values are checked against the game's own options (``data.settings``).
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.results_render import COLOUR, GAME_CHOICES, GAME_TITLES, format_option, game_title
from data import images as image_settings
from data import settings as store
from engine import GAMES

REFUSED = "Only members who can Manage Server may change the server's settings."


async def may_manage(interaction: discord.Interaction) -> bool:
    """True for Manage Server; otherwise answer with one ephemeral sentence."""
    if interaction.guild_id is not None and interaction.permissions.manage_guild:
        return True
    await interaction.response.send_message(REFUSED, ephemeral=True)
    return False


class ServerSettings(commands.Cog):
    settings = app_commands.Group(
        name="settings",
        description="Server defaults for tables (Manage Server only)",
        default_permissions=discord.Permissions(manage_guild=True),
        guild_only=True,
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @property
    def db(self):  # type: ignore[no-untyped-def]
        return self.bot.db  # type: ignore[attr-defined]

    @settings.command(name="show", description="Show this server's table settings")
    async def show(self, interaction: discord.Interaction) -> None:
        if not await may_manage(interaction):
            return
        guild_id = interaction.guild_id or 0
        embed = discord.Embed(title="Server settings", colour=COLOUR)
        for game in GAME_TITLES:
            if game not in GAMES:
                continue
            changed = store.server_options(self.db, guild_id, game)
            text = ", ".join(f"{k} **{format_option(v)}**" for k, v in sorted(changed.items()))
            embed.add_field(name=game_title(game), value=text or "game defaults", inline=False)
        channels = store.table_channels(self.db, guild_id)
        embed.add_field(
            name="Channels that may host tables",
            value=" ".join(f"<#{c}>" for c in channels) or "every channel",
            inline=False,
        )
        on = image_settings.server_images(self.db, guild_id)
        embed.add_field(name="Card pictures", value="on" if on else "off", inline=False)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @settings.command(name="images", description="Show card pictures with hands and tables")
    @app_commands.describe(state="on: pictures with the text; off: text only")
    @app_commands.choices(
        state=[
            app_commands.Choice(name="on", value="on"),
            app_commands.Choice(name="off", value="off"),
        ]
    )
    async def images(self, interaction: discord.Interaction, state: str) -> None:
        if not await may_manage(interaction):
            return
        on = state == "on"
        image_settings.set_server_images(self.db, interaction.guild_id or 0, on)
        publisher = getattr(self.bot, "publisher", None)
        if publisher is not None:
            publisher.images.forget()
        what = "with card pictures" if on else "as text only (no pictures)"
        await interaction.response.send_message(
            f"Tables on this server now show hands and tables {what}; "
            "a table opened with /play images: keeps its own choice.",
            ephemeral=True,
        )

    @settings.command(name="option", description="Set a game's default option for new tables")
    @app_commands.describe(game="Which game", option="Option name", value="New value")
    @app_commands.choices(game=GAME_CHOICES)
    async def option(
        self, interaction: discord.Interaction, game: str, option: str, value: str
    ) -> None:
        if not await may_manage(interaction):
            return
        try:
            stored = store.set_option(self.db, interaction.guild_id or 0, game, option, value)
        except (store.SettingError, ValueError) as error:
            await interaction.response.send_message(str(error), ephemeral=True)
            return
        await interaction.response.send_message(
            f"New {game_title(game)} tables here start with {option} **{format_option(stored)}**.",
            ephemeral=True,
        )

    @option.autocomplete("option")
    async def option_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        names = store.settable_options(getattr(interaction.namespace, "game", None) or "")
        return [
            app_commands.Choice(name=n, value=n) for n in names if current.lower() in n.lower()
        ][:25]

    @settings.command(name="reset", description="Put a game's options back to the defaults")
    @app_commands.describe(game="Which game", option="Only this option (default: all)")
    @app_commands.choices(game=GAME_CHOICES)
    async def reset(
        self, interaction: discord.Interaction, game: str, option: str | None = None
    ) -> None:
        if not await may_manage(interaction):
            return
        store.reset_options(self.db, interaction.guild_id or 0, game, option)
        what = option or "every option"
        await interaction.response.send_message(
            f"{game_title(game)}: {what} is back to the game's default.", ephemeral=True
        )

    @settings.command(name="allow-channel", description="Let a channel host tables")
    @app_commands.describe(channel="The channel")
    async def allow_channel(
        self, interaction: discord.Interaction, channel: discord.TextChannel
    ) -> None:
        if not await may_manage(interaction):
            return
        store.allow_channel(self.db, interaction.guild_id or 0, channel.id)
        allowed = store.table_channels(self.db, interaction.guild_id or 0)
        await interaction.response.send_message(
            "Tables may now be started in " + " ".join(f"<#{c}>" for c in allowed) + ".",
            ephemeral=True,
        )

    @settings.command(name="remove-channel", description="Stop a channel hosting new tables")
    @app_commands.describe(channel="The channel")
    async def remove_channel(
        self, interaction: discord.Interaction, channel: discord.TextChannel
    ) -> None:
        if not await may_manage(interaction):
            return
        store.disallow_channel(self.db, interaction.guild_id or 0, channel.id)
        allowed = store.table_channels(self.db, interaction.guild_id or 0)
        where = " ".join(f"<#{c}>" for c in allowed) or "any channel"
        await interaction.response.send_message(
            f"New tables may be started in {where}.", ephemeral=True
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ServerSettings(bot))
