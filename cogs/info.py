"""/rules (a friendly summary of a game, with this server's options) and /help.

The summaries are short, in players' words, and cover what you need to sit down and play;
the buttons only ever offer legal moves, so the fine print is learnt at the table. Mao is
the exception on purpose: a game that keeps its rules secret (``secret_rules``) gets the
object of the game and nothing else, options included. Options are explained from what
each game declares (``engine.options``): help, range and how to type them at ``/play``.
Both are answered in the reader's Discord language (``interaction.locale``).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from cogs.chairman import chairman
from cogs.results_render import COLOUR, GAME_CHOICES, game_title
from engine import GAMES
from engine.words import join_names
from i18n import N_, Catalog, option_words

#: each game's summary, as the game declares it (``Game.rules_summary``)
SUMMARIES = {name: cls.rules_summary for name, cls in GAMES.items()}


def options_text(game: str, options: dict[str, Any], tr: Catalog | None = None) -> str:
    """The options in force, each in the sentence its game declared (``Option.saying``),
    else its help and value; a count at its "none" (no rounds limit) is left out."""
    tr = tr or i18n.get("en")
    cls = GAMES.get(game)
    declared = {o.name: o for o in cls.option_specs} if cls is not None else {}
    lines = []
    for key, value in sorted(options.items()):
        spec = declared.get(key)
        line = spec.sentence_for(value, tr) if spec is not None else None
        if line is None:
            what = tr._(spec.help) if spec is not None else key.replace("_", " ")
            line = f"{what[:1].upper() + what[1:]}: **{value}**"
        if line:
            lines.append(f"• {line}")
    if declared:
        listed = option_words.listing_in(tr, declared.values())
        lines.append(tr._("Change them at `/play` with `options:` {known}", known=listed))
    return "\n".join(lines)


HELP = N_(
    "I host card tables right here in the server: {games}. Your hand comes by DM (or a "
    "private button if your DMs are closed), and the buttons only ever offer moves you may "
    "make. Bots fill empty seats and step in if someone goes quiet.\n\n"
    "**Start a table:** `/play` with the game you want, then invite people to join and start "
    "it when everyone is in. Each table gets its own thread (in a voice channel, its chat).\n"
    "**Learn a game:** `/rules`.\n"
    "**See who is best:** `/leaderboard`, `/stats`, `/history`. A match counts for ratings "
    "when at least two people play in it.\n"
    "**Server admins:** `/settings` sets default options per game, which channels may "
    "host tables and the tables' language."
)


class Info(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="rules", description="How a game is played")
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        tr = i18n.get(interaction.locale)
        title = tr._(game_title(game))
        embed = discord.Embed(title=title, description=tr._(SUMMARIES[game]), colour=COLOUR)
        if not GAMES[game].secret_rules:
            preferences = chairman(self.bot).tables.preferences
            in_force = preferences.options_in_force(interaction.guild_id, game)
            shown = options_text(game, in_force, tr)
            if shown:
                if interaction.guild_id:
                    head = tr._("Options on this server")
                else:
                    head = tr._("Options on tables started here")
                embed.add_field(name=head, value=shown, inline=False)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="help", description="What this bot does and how to start a table")
    async def help(self, interaction: discord.Interaction) -> None:
        tr = i18n.get(interaction.locale)
        # every game registered, each in the reader's words: a new game is listed with no
        # change here
        games = join_names([f"**{tr._(game_title(g))}**" for g in sorted(GAMES)], tr)
        embed = discord.Embed(title="Chairman", description=tr._(HELP, games=games), colour=COLOUR)
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Info(bot))
