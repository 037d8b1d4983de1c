"""The buttons and selects of lobbies, table messages and hands, and what pressing them does.

Every component is a ``discord.ui.DynamicItem`` whose ``custom_id`` says what it acts on,
so it works after a restart with no view kept in memory:

- ``chairman:lobby:<table>:<join|leave|bot|start>``: the lobby buttons;
- ``chairman:hand:<table>``: "My hand" on the table message (the hand, ephemerally);
- ``chairman:act:<table>:<token>:<action>``: one legal action (``play 7H``, ``draw``);
- ``chairman:pick:<table>:<token>:<n>``: a select whose values are actions;
- ``chairman:page:<table>:<token>:<page>``: a page of a long hand;
- ``chairman:back:<table>``: "I'm back" for a seat marked away.

``token`` is the seat's validity token the hand was drawn with (``Table.token``: a digest of
the seat's legal actions and of its move count). The table service accepts a press while it
is still the seat's token, whatever other seats did meanwhile, and refuses it otherwise (the
player gets their current hand); the publisher redraws a DM whenever its token changes.

A callback parses, makes one call into the table service, and answers by editing the
message it was on; refusals become one ephemeral sentence (``cogs.errors``).
"""

from __future__ import annotations

import logging
from collections.abc import Coroutine
from typing import Any

import discord
from discord.ext import commands

from cogs import render
from cogs.errors import answer_error
from i18n import N_, Catalog
from tables.errors import NotSeated, TableError
from tables.model import Table

log = logging.getLogger(__name__)

LOBBY_VERBS = {
    "join": (N_("Join"), discord.ButtonStyle.success),
    "leave": (N_("Leave"), discord.ButtonStyle.secondary),
    "bot": (N_("Add bot"), discord.ButtonStyle.primary),
    "start": (N_("Start (host)"), discord.ButtonStyle.danger),
}


def publisher_of(interaction: discord.Interaction) -> Any:
    return interaction.client.publisher  # type: ignore[attr-defined]


def service_of(interaction: discord.Interaction) -> Any:
    return interaction.client.tables  # type: ignore[attr-defined]


# --- the items --------------------------------------------------------------------------
class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"chairman:lobby:(?P<table>\d+):(?P<verb>join|leave|bot|start)",
):
    def __init__(self, table_id: int, verb: str, tr: Catalog = render.EN) -> None:
        label, style = LOBBY_VERBS[verb]
        super().__init__(
            discord.ui.Button(
                label=tr._(label), style=style, custom_id=f"chairman:lobby:{table_id}:{verb}"
            )
        )
        self.table_id = table_id
        self.verb = verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> LobbyButton:
        return cls(int(match["table"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await safely(interaction, lobby_action(interaction, self.table_id, self.verb))


class HandButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"chairman:hand:(?P<table>\d+)"
):
    def __init__(self, table_id: int, tr: Catalog = render.EN) -> None:
        super().__init__(
            discord.ui.Button(
                label=tr._("My hand"),
                emoji="🂠",
                style=discord.ButtonStyle.primary,
                custom_id=f"chairman:hand:{table_id}",
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> HandButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await safely(interaction, show_hand(interaction, self.table_id))


class ActButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"chairman:act:(?P<table>\d+):(?P<token>\w+):(?P<action>.+)",
):
    def __init__(
        self,
        table_id: int,
        token: str,
        action: str,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
    ) -> None:
        custom_id = f"chairman:act:{table_id}:{token}:{action}"
        super().__init__(
            discord.ui.Button(label=(label or action)[:80], style=style, custom_id=custom_id[:100]),
            row=row,
        )
        self.table_id = table_id
        self.token = token
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> ActButton:
        return cls(int(match["table"]), match["token"], match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await safely(interaction, play_action(interaction, self.table_id, self.action, self.token))


def choice_select(
    custom_id: str, placeholder: str, choices: list[render.Choice] | None
) -> discord.ui.Select[Any]:
    """A select of hand choices within Discord's limits (an empty one keeps a placeholder
    option, since Discord refuses a select with none)."""
    options = [discord.SelectOption(label=c.label[:100], value=c.text[:100]) for c in choices or []]
    return discord.ui.Select(
        custom_id=custom_id,
        placeholder=placeholder[:150],
        options=options or [discord.SelectOption(label="—", value="-")],
    )


class ActSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"chairman:pick:(?P<table>\d+):(?P<token>\w+):(?P<n>\d+)",
):
    def __init__(
        self,
        table_id: int,
        token: str,
        n: int,
        placeholder: str = "",
        choices: list[render.Choice] | None = None,
        row: int | None = None,
    ) -> None:
        select = choice_select(f"chairman:pick:{table_id}:{token}:{n}", placeholder, choices)
        super().__init__(select, row=row)
        self.table_id = table_id
        self.token = token

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> ActSelect:
        return cls(int(match["table"]), match["token"], int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []  # type: ignore[union-attr]
        if not values:
            await interaction.response.defer()
            return
        action = str(values[0])
        await safely(interaction, play_action(interaction, self.table_id, action, self.token))


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"chairman:page:(?P<table>\d+):(?P<token>\w+):(?P<page>\d+)",
):
    def __init__(
        self, table_id: int, token: str, page: int, label: str = "", row: int | None = None
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or f"Page {page + 1}",
                style=discord.ButtonStyle.secondary,
                custom_id=f"chairman:page:{table_id}:{token}:{page}",
            ),
            row=row,
        )
        self.table_id = table_id
        self.page = page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> PageButton:
        return cls(int(match["table"]), match["token"], int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await safely(interaction, turn_page(interaction, self.table_id, self.page))


class BackButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"chairman:back:(?P<table>\d+)"
):
    def __init__(self, table_id: int, row: int | None = None, label: str = "I'm back") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.success,
                custom_id=f"chairman:back:{table_id}",
            ),
            row=row,
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> BackButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await safely(interaction, come_back(interaction, self.table_id))


DYNAMIC_ITEMS = (LobbyButton, HandButton, ActButton, ActSelect, PageButton, BackButton)


# --- views ------------------------------------------------------------------------------
def lobby_view(table: Table) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    tr = render.catalog(table)
    for verb in LOBBY_VERBS:
        view.add_item(LobbyButton(table.id, verb, tr))
    return view


def table_view(table: Table) -> discord.ui.View | None:
    if table.status == "lobby":
        return lobby_view(table)
    if not table.is_running:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(HandButton(table.id, render.catalog(table)))
    return view


def table_message(table: Table) -> tuple[discord.Embed, discord.ui.View | None]:
    """The embed and buttons of the table's one message, lobby or game."""
    embed = render.lobby_embed(table) if table.game is None else render.table_embed(table)
    if table.game is None and not table.is_open:
        tr = render.catalog(table)
        reason = table.end_reason or tr._("ended")
        embed.description = tr._("This table has ended ({reason}).", reason=reason)
    return embed, table_view(table)


def hand_view(table: Table, layout: render.HandLayout) -> discord.ui.View | None:
    """The components of a hand, from its layout (see ``render.hand_layout``)."""
    if table.game_name == "mao":
        from cogs import mao_hand  # imported late: it builds on this module

        return mao_hand.hand_view(table, layout)
    tr = render.catalog(table)
    view = discord.ui.View(timeout=None)
    token = layout.token
    row = 0
    selects = 0
    for entry in layout.rows:
        if entry[0] == "buttons":
            for choice in entry[1]:
                view.add_item(
                    ActButton(table.id, token, choice.text, choice.label, choice.style, row)
                )
        else:
            view.add_item(ActSelect(table.id, token, selects, entry[1], entry[2], row))
            selects += 1
        row += 1
    if layout.pages > 1:
        nav_row = row if layout.nav_own_row or row == 0 else row - 1
        if layout.page > 0:
            back = tr._("◀ Previous")
            view.add_item(PageButton(table.id, token, layout.page - 1, back, nav_row))
        if layout.page < layout.pages - 1:
            ahead = tr._("Next ▶")
            view.add_item(PageButton(table.id, token, layout.page + 1, ahead, nav_row))
        row = max(row, nav_row + 1)
    if layout.back_button:
        back_row = min(row, render.MAX_ROWS - 1)
        view.add_item(BackButton(table.id, row=back_row, label=tr._("I'm back")))
    return view if view.children else None


# --- what the items do ------------------------------------------------------------------
async def safely(interaction: discord.Interaction, work: Coroutine[Any, Any, None]) -> None:
    """Run a callback; a refusal or a bug still gets its one ephemeral answer."""
    try:
        await work
    except Exception as error:  # TableErrors are answered inside; this is for bugs
        await answer_error(interaction, error)


async def turn_page(interaction: discord.Interaction, table_id: int, page: int) -> None:
    try:
        table, seat = seated(interaction, table_id)
    except TableError as error:
        await answer_error(interaction, error)
        return
    await publisher_of(interaction).answer_with_hand(interaction, table, seat, page)


async def come_back(interaction: discord.Interaction, table_id: int) -> None:
    try:
        table, seat = seated(interaction, table_id)
        await service_of(interaction).back(table_id, interaction.user.id)
    except TableError as error:
        await answer_error(interaction, error)
        return
    await publisher_of(interaction).answer_with_hand(interaction, table, seat)


def seated(interaction: discord.Interaction, table_id: int) -> tuple[Table, Any]:
    table = service_of(interaction).get(table_id)
    seat = table.seat_of_user(interaction.user.id)
    if seat is None:
        raise NotSeated()
    return table, seat


async def lobby_action(interaction: discord.Interaction, table_id: int, verb: str) -> None:
    service = service_of(interaction)
    user = interaction.user
    try:
        table = service.get(table_id)
        if verb == "join":
            await service.join(table_id, user.id, user.display_name)
        elif verb == "leave":
            await service.leave(table_id, user.id)
        elif verb == "bot":
            await service.add_bot(table_id, user.id)
        else:
            await service.start(table_id, user.id)
    except TableError as error:
        await answer_error(interaction, error)
        return
    await publisher_of(interaction).answer_with_table(interaction, table)


async def show_hand(interaction: discord.Interaction, table_id: int) -> None:
    """The hand of whoever asked, ephemerally (the fallback for closed DMs, and /hand)."""
    try:
        table, seat = seated(interaction, table_id)
        if table.game is None:
            raise TableError(N_("The game has not started yet."))
    except TableError as error:
        await answer_error(interaction, error)
        return
    await publisher_of(interaction).send_hand(interaction, table, seat)


async def play_action(
    interaction: discord.Interaction, table_id: int, action: str, token: str
) -> None:
    service = service_of(interaction)
    try:
        table = service.get(table_id)
        await service.act(table_id, interaction.user.id, action, token)
    except TableError as error:
        await answer_error(interaction, error)
        return
    seat = table.seat_of_user(interaction.user.id)
    await publisher_of(interaction).answer_with_hand(interaction, table, seat)


class Play(commands.Cog):
    """Registers the persistent items; the callbacks live on the items themselves."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    await bot.add_cog(Play(bot))
