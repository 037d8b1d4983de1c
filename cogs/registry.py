"""The games that bring parts of their own to Discord: the one generic module that lists them.

Each entry is a game's ``cogs.plugin.DiscordGame``, from that game's own package. Generic cogs
ask here for a table's game (``of``) and for what every game adds (``play_parameters``); a
game with no entry is drawn and played by the shared cogs alone. As an extension
(``cogs.EXTENSIONS``), this module loads each game's own cogs after the shared ones, so a game
may hang its commands on ``/table``. Adding a game's Discord parts is one line here.
"""

from __future__ import annotations

from discord.ext import commands

from cogs.games.mao import GAME as MAO
from cogs.plugin import DiscordGame, HandForm, PlayParameter
from tables.model import Table

#: every game with Discord parts of its own, by its engine name
GAMES: dict[str, DiscordGame] = {game.name: game for game in (MAO,)}


def of(table: Table) -> DiscordGame | None:
    """The Discord parts of the table's game, if it has any."""
    return GAMES.get(table.game_name)


def extensions() -> list[str]:
    """Every game's own cogs, in the order they load."""
    return [name for game in GAMES.values() for name in game.extensions]


def hand_forms() -> list[HandForm]:
    """The forms the games' hand buttons open."""
    return [form for game in GAMES.values() for form in game.hand_forms]


def play_parameters() -> list[PlayParameter]:
    """The named parameters the games add to ``/play``, in order."""
    return [p for game in GAMES.values() for p in game.play_parameters]


async def setup(bot: commands.Bot) -> None:
    for name in extensions():
        await bot.load_extension(name)


async def teardown(bot: commands.Bot) -> None:
    for name in reversed(extensions()):
        if name in bot.extensions:
            await bot.unload_extension(name)
