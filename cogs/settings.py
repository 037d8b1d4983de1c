"""/settings: a server's default table options per game, the channels that may host tables and
the language its tables speak (``/settings language``).

Only members with Manage Server may use it. Discord hides the command from everyone else
(``default_permissions``), and because a server can hand commands to other roles in its
Integrations page, each subcommand checks the member's permission again before changing
anything. Values are checked against the game's own options (``tables.preferences``).
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from cogs.chairman import chairman
from cogs.results_render import COLOUR, GAME_CHOICES, GAME_TITLES, format_option, game_title
from cogs.tables import LANGUAGE_CHOICES
from engine import GAMES
from i18n import N_, option_words
from tables.errors import Refused
from tables.preferences import Preferences, settable_options

SEASON_LENGTHS = {"week": N_("a week"), "month": N_("a month"), "quarter": N_("a quarter")}
SEASON_CHOICES = [app_commands.Choice(name=k, value=k) for k in SEASON_LENGTHS]
REFUSED = N_("Only members who can Manage Server may change the server's settings.")


async def may_manage(interaction: discord.Interaction) -> bool:
    """True for Manage Server; otherwise answer with one ephemeral sentence."""
    if interaction.guild_id is not None and interaction.permissions.manage_guild:
        return True
    await interaction.response.send_message(i18n.get(interaction.locale)._(REFUSED), ephemeral=True)
    return False


#: a channel a table may open in: a text channel (its tables in threads) or a voice
#: channel's chat, where Activities are launched (its tables in the chat itself)
TableChannel = discord.TextChannel | discord.VoiceChannel


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
    def store(self) -> Preferences:
        """The server's settings (``tables.preferences``)."""
        return chairman(self.bot).tables.preferences

    @settings.command(
        name="season", description="How long a leaderboard season lasts, or end the running one"
    )
    @app_commands.describe(length="A week, a month (default) or a quarter", end_now="End it now")
    @app_commands.choices(length=SEASON_CHOICES)
    async def season(
        self, interaction: discord.Interaction, length: str | None = None, end_now: bool = False
    ) -> None:
        if not await may_manage(interaction):
            return
        guild_id = interaction.guild_id or 0
        seasons = getattr(self.bot, "tables").seasons  # noqa: B009  (ChairmanBot's service)
        tr = i18n.get(interaction.locale)
        if length is not None:
            seasons.set_length(guild_id, length)
        if end_now:
            seasons.end_early(guild_id)
        running = seasons.current(guild_id)
        await interaction.response.send_message(
            tr._(
                "Season {number} is running; seasons last {length}; this one ends <t:{at}:R>.",
                number=running.number,
                length=tr._(SEASON_LENGTHS[seasons.length(guild_id)]),
                at=int(running.ends_at),
            ),
            ephemeral=True,
        )

    @settings.command(name="show", description="Show this server's table settings")
    async def show(self, interaction: discord.Interaction) -> None:
        if not await may_manage(interaction):
            return
        guild_id = interaction.guild_id or 0
        tr = i18n.get(interaction.locale)
        embed = discord.Embed(title=tr._("Server settings"), colour=COLOUR)
        for game in GAME_TITLES:
            if game not in GAMES:
                continue
            changed = self.store.server_options(guild_id, game)
            # each option in the reader's words, as /rules and the suggestions show it
            text = ", ".join(
                f"{option_words.name_in(tr, k)} **{option_words.value_in(tr, format_option(v))}**"
                for k, v in sorted(changed.items())
            )
            embed.add_field(
                name=tr._(game_title(game)), value=text or tr._("game defaults"), inline=False
            )
        channels = self.store.table_channels(guild_id)
        embed.add_field(
            name=tr._("Channels that may host tables"),
            value=" ".join(f"<#{c}>" for c in channels) or tr._("every channel"),
            inline=False,
        )
        chosen = self.store.server_language(guild_id)
        if chosen is None:
            found = i18n.LANGUAGE_NAMES[i18n.resolve(interaction.guild_locale)]
            language = tr._("the server's language ({language})", language=found)
        else:
            language = i18n.LANGUAGE_NAMES.get(chosen, chosen)
        embed.add_field(name=tr._("Language of new tables"), value=language, inline=False)
        on = self.store.server_images(guild_id)
        embed.add_field(
            name=tr._("Card pictures"), value=tr._("on") if on else tr._("off"), inline=False
        )
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
        self.store.set_server_images(interaction.guild_id or 0, on)
        publisher = getattr(self.bot, "publisher", None)
        if publisher is not None:
            publisher.images.forget()
        tr = i18n.get(interaction.locale)
        if on:
            text = tr._(
                "Tables on this server now show hands and tables with card pictures; "
                "a table opened with /play images: keeps its own choice."
            )
        else:
            text = tr._(
                "Tables on this server now show hands and tables as text only (no pictures); "
                "a table opened with /play images: keeps its own choice."
            )
        await interaction.response.send_message(text, ephemeral=True)

    @settings.command(name="option", description="Set a game's default option for new tables")
    @app_commands.describe(game="Which game", option="Option name", value="New value")
    @app_commands.choices(game=GAME_CHOICES)
    async def option(
        self, interaction: discord.Interaction, game: str, option: str, value: str
    ) -> None:
        if not await may_manage(interaction):
            return
        tr = i18n.get(interaction.locale)
        # the name and value may be typed in the user's words (i18n.option_words)
        option = option_words.canonical_name(game, option)
        value = option_words.canonical_value(game, option, value)
        try:
            stored = self.store.set_option(interaction.guild_id or 0, game, option, value)
        except ValueError as error:  # a SettingError, or the game's own check of its options
            await interaction.response.send_message(Refused(error).in_language(tr), ephemeral=True)
            return
        await interaction.response.send_message(
            tr._(
                "New {game} tables here start with {option} **{value}**.",
                game=tr._(game_title(game)),
                option=option_words.name_in(tr, option),
                value=option_words.value_in(tr, format_option(stored)),
            ),
            ephemeral=True,
        )

    @option.autocomplete("option")
    async def option_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        names = settable_options(getattr(interaction.namespace, "game", None) or "")
        tr = i18n.get(interaction.locale)
        typed = option_words.folded(current)
        shown = [(option_words.name_in(tr, n), n) for n in names]
        return [
            app_commands.Choice(name=local, value=local)
            for local, n in shown
            if typed in n.lower() or typed in option_words.folded(local)
        ][:25]

    @settings.command(name="reset", description="Put a game's options back to the defaults")
    @app_commands.describe(game="Which game", option="Only this option (default: all)")
    @app_commands.choices(game=GAME_CHOICES)
    async def reset(
        self, interaction: discord.Interaction, game: str, option: str | None = None
    ) -> None:
        if not await may_manage(interaction):
            return
        typed = option
        option = option_words.canonical_name(game, option) if option else option
        tr = i18n.get(interaction.locale)
        try:
            self.store.reset_options(interaction.guild_id or 0, game, option)
        except ValueError as error:  # an option the game does not have
            await interaction.response.send_message(Refused(error).in_language(tr), ephemeral=True)
            return
        title = tr._(game_title(game))
        if option:
            text = tr._("{game}: {option} is back to the game's default.", game=title, option=typed)
        else:
            text = tr._("{game}: every option is back to the game's default.", game=title)
        await interaction.response.send_message(text, ephemeral=True)

    @settings.command(name="language", description="The language new tables here speak")
    @app_commands.describe(language="The language (leave out: follow the server's locale)")
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(self, interaction: discord.Interaction, language: str | None = None) -> None:
        if not await may_manage(interaction):
            return
        self.store.set_language(interaction.guild_id or 0, language)
        tr = i18n.get(interaction.locale)
        if language is None:
            found = i18n.LANGUAGE_NAMES[i18n.resolve(interaction.guild_locale)]
            text = tr._(
                "New tables here follow the server's language ({language}).", language=found
            )
        else:
            text = tr._("New tables here speak {language}.", language=i18n.LANGUAGE_NAMES[language])
        await interaction.response.send_message(text, ephemeral=True)

    @settings.command(name="allow-channel", description="Let a channel host tables")
    @app_commands.describe(channel="The channel")
    async def allow_channel(self, interaction: discord.Interaction, channel: TableChannel) -> None:
        if not await may_manage(interaction):
            return
        self.store.allow_channel(interaction.guild_id or 0, channel.id)
        allowed = self.store.table_channels(interaction.guild_id or 0)
        where = " ".join(f"<#{c}>" for c in allowed)
        await interaction.response.send_message(
            i18n.get(interaction.locale)._("Tables may now be started in {where}.", where=where),
            ephemeral=True,
        )

    @settings.command(name="remove-channel", description="Stop a channel hosting new tables")
    @app_commands.describe(channel="The channel")
    async def remove_channel(self, interaction: discord.Interaction, channel: TableChannel) -> None:
        if not await may_manage(interaction):
            return
        self.store.disallow_channel(interaction.guild_id or 0, channel.id)
        allowed = self.store.table_channels(interaction.guild_id or 0)
        tr = i18n.get(interaction.locale)
        where = " ".join(f"<#{c}>" for c in allowed) or tr._("any channel")
        await interaction.response.send_message(
            tr._("New tables may be started in {where}.", where=where), ephemeral=True
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ServerSettings(bot))
