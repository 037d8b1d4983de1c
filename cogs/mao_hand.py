"""The Mao hand's buttons: every card, Take, a Jack's suit, Rejoin, I'm back, New rule.

Mao's hand is different from the other games' in two ways. A Mao table changes with every
word said in its thread, so its buttons carry no game version (an old button still plays
the card it names, if it is still held). And a press is timed by Discord, not by the bot:
the interaction's snowflake gives the moment the player pressed (``tables.mao_clock``), so
network delay does not cost them the five-second rule.

Custom ids (persistent ``DynamicItem``s, like ``cogs.play``'s):

- ``chairman:mao:<table>:<action>``: one action, ``play 7H``, ``take``, ``rejoin``, ``back``;
- ``chairman:maopick:<table>:<n>``: a select whose values are actions (Jacks with a suit,
  or the cards of a long hand);
- the "New rule" button is ``cogs.mao_rules``'s, the page buttons ``cogs.play``'s.

A player the game marked away who presses a card is back first: a bot plays for them only
until they act (MAO-14).
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord.ext import commands

from cogs import render
from cogs.errors import answer_error
from cogs.mao_rules import NewRuleButton
from cogs.play import BackButton, PageButton, choice_select, publisher_of, service_of
from cogs.render_mao import MaoLayout
from engine import Action, parse_action
from engine.mao import Back
from i18n import N_
from tables.errors import Illegal, NotStarted, TableError
from tables.mao_clock import away_in_game, table_time
from tables.model import Table

log = logging.getLogger(__name__)


def stamped(interaction: discord.Interaction, table: Table, action: Action) -> Action:
    """The action, timed at the moment the player pressed (its interaction's snowflake)."""
    if table.started_at is None:
        raise NotStarted()
    now = service_of(interaction).clock.now()
    return action.stamped(table_time(interaction.id, now, table.started_at))


async def mao_action(interaction: discord.Interaction, table_id: int, text: str) -> None:
    service = service_of(interaction)
    user_id = interaction.user.id
    try:
        table = service.get(table_id)
        try:
            action = parse_action(text)
        except ValueError as exc:
            raise Illegal(N_("That button is not one I know.")) from exc
        action = stamped(interaction, table, action)
        seat = table.seat_of_user(user_id)
        if seat is not None and action.kind != "back" and seat.seat in away_in_game(table.game):
            await service.act(table_id, user_id, Back().stamped(action.at or 0.0), None)
        await service.act(table_id, user_id, action, None)
    except TableError as error:
        await answer_error(interaction, error)
        return
    await publisher_of(interaction).answer_with_hand(interaction, table, seat)


class MaoButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"chairman:mao:(?P<table>\d+):(?P<action>.+)",
):
    def __init__(
        self,
        table_id: int,
        action: str,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or action, style=style, custom_id=f"chairman:mao:{table_id}:{action}"
            ),
            row=row,
        )
        self.table_id = table_id
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> MaoButton:
        return cls(int(match["table"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await mao_action(interaction, self.table_id, self.action)


class MaoSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"chairman:maopick:(?P<table>\d+):(?P<n>\d+)",
):
    def __init__(
        self,
        table_id: int,
        n: int,
        placeholder: str = "",
        choices: list[render.Choice] | None = None,
        row: int | None = None,
    ) -> None:
        super().__init__(
            choice_select(f"chairman:maopick:{table_id}:{n}", placeholder, choices), row=row
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> MaoSelect:
        return cls(int(match["table"]), int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        if not values or values[0] == "-":
            await interaction.response.defer()
            return
        await mao_action(interaction, self.table_id, str(values[0]))


def hand_view(table: Table, layout: render.HandLayout) -> discord.ui.View | None:
    """The components of a Mao hand, from ``render_mao.hand_layout``."""
    tr = render.catalog(table)
    view = discord.ui.View(timeout=None)
    selects = 0
    last = len(layout.rows) - 1
    for row, entry in enumerate(layout.rows):
        if entry[0] == "buttons":
            for choice in entry[1]:
                view.add_item(MaoButton(table.id, choice.text, choice.label, choice.style, row))
        else:
            view.add_item(MaoSelect(table.id, selects, entry[1], entry[2], row))
            selects += 1
        if row == last and entry[0] == "buttons":
            if isinstance(layout, MaoLayout) and layout.new_rule:
                view.add_item(NewRuleButton(table.id, row=row, label=tr._("New rule")))
            if layout.pages > 1:
                if layout.page > 0:
                    back = tr._("◀ Previous")
                    view.add_item(PageButton(table.id, "0", layout.page - 1, back, row))
                if layout.page < layout.pages - 1:
                    ahead = tr._("Next ▶")
                    view.add_item(PageButton(table.id, "0", layout.page + 1, ahead, row))
    if layout.back_button:
        row = min(len(layout.rows), render.MAX_ROWS - 1)
        view.add_item(BackButton(table.id, row=row, label=tr._("I'm back")))
    return view if view.children else None


class MaoHand(commands.Cog):
    """Registers the Mao hand's persistent items."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(MaoButton, MaoSelect)
    await bot.add_cog(MaoHand(bot))
