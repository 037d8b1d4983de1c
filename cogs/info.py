"""/rules (a friendly summary of a game, with this server's options) and /help.

The summaries are short, in players' words, and cover what you need to sit down and play;
the buttons only ever offer legal moves, so the fine print is learnt at the table. Mao is
the exception on purpose: a game that keeps its rules secret (``secret_rules``) gets the
object of the game and nothing else, options included. Options are explained from what
each game declares (``engine.options``): help, range and how to type them at ``/play``.
Both are answered in the reader's Discord language (``interaction.locale``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from cogs import option_words
from cogs.chairman import chairman
from cogs.results_render import COLOUR, GAME_CHOICES, game_title
from data.settings import options_in_force
from engine import GAMES
from i18n import N_, Catalog

SUMMARIES = {
    "macao": N_(
        "2 to 6 players, one pack, five cards each. On your turn play a card of the same suit "
        "or rank as the top card, or draw one (you may play it straight away if it fits).\n"
        "• **Aces** go on anything and you pick the suit.\n"
        "• **2s and 3s** make the next player draw 2 or 3; **K♥** gives 5 to the next player, "
        "**K♠** 5 to the one before. Answer with the same kind (2 on 2, 3 on 3, draw king on "
        "draw king) to pass the growing pile on, or take it all.\n"
        "• **Any 7** stops a draw pile dead: nobody draws.\n"
        "• **4s** make the next player miss a turn; answer with a 4 to pass it on, one more "
        "missed turn each time.\n"
        "Go out and the round ends. Everyone else counts their cards (2, 4, 7 are 20; 3 is 30; "
        "A, K♥, K♠ are 40; the rest 10). When someone's total hits the target the match ends "
        "and the lowest total wins."
    ),
    "maumau": N_(
        "2 to 10 players with two packs, seven cards each. Follow suit or rank; if you cannot, "
        "draw one card at a time until you can, then play.\n"
        "• **Jacks** are wild: play on anything and choose the suit.\n"
        "• **10** reverses play, **Ace** skips the next player, **2** makes the next player "
        "draw three and miss their go.\n"
        "• Down to one card? Say **Mau** (button or chat) before the next player moves, or "
        "draw two.\n"
        "When someone goes out, the others count their hands (Jack 20, K and Q 10, Ace 1, "
        "others face value; first, each 2 still in your hand makes you draw three more). "
        "Reach 100 and you blow up: "
        "pay a chip to come back in, or drop out. Last one standing takes the pot (honour "
        "only, never money)."
    ),
    "lastcard": N_(
        "Five cards each, one pack per four players. Follow suit or rank; **Aces** go on "
        "anything and name the suit. You may play several cards of one rank at once.\n"
        "• **5** makes the next player draw five, **2** makes them draw two, unless they add "
        "more of the same to pass the pile on.\n"
        "• **10** skips the next player, **7** reverses.\n"
        "• Can't play? Draw one, and play it if it fits.\n"
        "• When your hand can go in one more play, announce **Last card** that turn or draw "
        "two.\n"
        "First player out wins the game; the rest may vote to play on for the places."
    ),
    "president": N_(
        "4 to 10 players, all cards dealt. Aces are high, 3s low, and 2s clear the pile.\n"
        "• Lead any single, pair, triple or four of a kind. To follow, play the same number "
        "of a higher rank, or more cards than the pile has. Matching the rank exactly skips "
        "the next player.\n"
        "• A **2** (played alone) or four of a kind on the pile clears it and you lead again; "
        "you may even slip in the cards that complete four out of turn.\n"
        "• Pass whenever you like. If everyone passes back to you, the pile clears and you "
        "lead. You may not go out on a 2.\n"
        "First out is **President** (2 points), second **Vice-President** (1); last holding "
        "cards is the **A-hole**, who must hand the President their best card next round. "
        "First to the target wins."
    ),
    "mao": N_("The object of the game is to get rid of all your cards."),
}

Describe = Callable[[Catalog, Any], str]


def _on_off(tr: Catalog, value: Any) -> str:
    return tr._("on") if value else tr._("off")


OPTION_TEXT: dict[str, dict[str, Describe]] = {
    "macao": {
        "target": lambda tr, v: tr._(
            "The match ends when a total reaches **{value}** points.", value=v
        ),
        "max_turns": lambda tr, v: tr._(
            "A round with no winner after **{value}** turns is called off.", value=v
        ),
        "rounds": lambda tr, v: tr._("The match lasts **{value}** rounds.", value=v) if v else "",
    },
    "maumau": {
        "twos_stack": lambda tr, v: tr._(
            "Answering a 2 with a 2 is **{value}**.", value=_on_off(tr, v)
        ),
        "rounds": lambda tr, v: tr._("The match lasts **{value}** hands.", value=v) if v else "",
    },
    "lastcard": {
        "mix_twos_on_fives": lambda tr, v: tr._(
            "Putting a 2 on a 5 is **{value}**.", value=_on_off(tr, v)
        ),
        "games": lambda tr, v: tr.ngettext(
            "A match is **{count}** game.", "A match is **{count}** games.", v
        ),
        "max_turns": lambda tr, v: (
            tr._("A game is called off after **{value}** turns.", value=v) if v else ""
        ),
    },
    "president": {
        "target": lambda tr, v: tr._("First to **{value}** points wins.", value=v),
        "rounds": lambda tr, v: tr._("The match lasts **{value}** rounds.", value=v) if v else "",
    },
}


def options_text(game: str, options: dict[str, Any], tr: Catalog | None = None) -> str:
    tr = tr or i18n.get("en")
    known = OPTION_TEXT.get(game, {})
    cls = GAMES.get(game)
    declared = {o.name: o for o in cls.option_specs} if cls is not None else {}
    lines = []
    for key, value in sorted(options.items()):
        describe = known.get(key)
        spec = declared.get(key)
        what = tr._(spec.help) if spec is not None else key.replace("_", " ")
        what = what[:1].upper() + what[1:]
        line = describe(tr, value) if describe else f"{what}: **{value}**"
        if line:
            lines.append(f"• {line}")
    if declared:
        listed = option_words.listing_in(tr, declared.values())
        lines.append(tr._("Change them at `/play` with `options:` {known}", known=listed))
    return "\n".join(lines)


HELP = N_(
    "I host card tables right here in the server: **Macao**, **Mau-Mau**, **Last Card**, "
    "**President** and **Mao**. Your hand comes by DM (or a private button if your DMs are "
    "closed), and the buttons only ever offer moves you may make. Bots fill empty seats and "
    "step in if someone goes quiet.\n\n"
    "**Start a table:** `/play` with the game you want, then invite people to join and start "
    "it when everyone is in. Each table gets its own thread.\n"
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
            db = chairman(self.bot).db
            shown = options_text(game, options_in_force(db, interaction.guild_id, game), tr)
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
        embed = discord.Embed(title="Chairman", description=tr._(HELP), colour=COLOUR)
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Info(bot))
