"""The ids of Mao hands without their seat's token, read as the shared hand's.

Such a hand's card is ``chairman:mao:<table>:<action>`` and its select
``chairman:maopick:<table>:<n>``. A player may keep such a DM in their inbox, so a press on one
is played as the shared hand's button or select with the ``live`` token would be
(``cogs.play``): good while what it names is the seat's to do. The hands the bot draws carry
the shared hand's ids (``chairman:act:...``, ``chairman:pick:...``), never these.
"""

from __future__ import annotations

import re
from typing import Any, Self

import discord
from discord.ext import commands

from cogs import play
from cogs.items import TableItem
from tables.model import LIVE_TOKEN


class TokenlessCardButton(
    TableItem[discord.ui.Button[Any]], template=r"chairman:mao:(?P<table>\d+):(?P<action>.+)"
):
    """A card or move of a Mao hand without a token: ``chairman:mao:<table>:<action>``."""

    on_hand = True

    def __init__(self, table_id: int, action: str) -> None:
        custom_id = f"chairman:mao:{table_id}:{action}"
        super().__init__(discord.ui.Button(label=action[:80], custom_id=custom_id[:100]))
        self.table_id = table_id
        self.action = action

    @classmethod
    def parse(cls, match: re.Match[str]) -> Self:
        return cls(int(match["table"]), match["action"])

    async def run(self, interaction: discord.Interaction) -> None:
        await play.play_action(interaction, self.table_id, self.action, LIVE_TOKEN)


class TokenlessPickSelect(
    TableItem[discord.ui.Select[Any]], template=r"chairman:maopick:(?P<table>\d+):(?P<n>\d+)"
):
    """A select of a Mao hand without a token: ``chairman:maopick:<table>:<n>``."""

    on_hand = True

    def __init__(self, table_id: int, n: int) -> None:
        super().__init__(play.choice_select(f"chairman:maopick:{table_id}:{n}", "", None))
        self.table_id = table_id

    @classmethod
    def parse(cls, match: re.Match[str]) -> Self:
        return cls(int(match["table"]), int(match["n"]))

    async def run(self, interaction: discord.Interaction) -> None:
        await play.play_choice(interaction, self.table_id, self.item.values, LIVE_TOKEN)


class TokenlessHands(commands.Cog):
    """Registers the items of tokenless ids; the callbacks live on the items themselves."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(TokenlessCardButton, TokenlessPickSelect)
    await bot.add_cog(TokenlessHands(bot))


async def teardown(bot: commands.Bot) -> None:
    bot.remove_dynamic_items(TokenlessCardButton, TokenlessPickSelect)
