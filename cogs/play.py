"""The buttons and selects of lobbies, table messages and hands, and what pressing them does.

Every component is a ``cogs.items.TableItem`` (a ``discord.ui.DynamicItem``) whose
``custom_id`` says what it acts on, so it works after a restart with no view kept in memory:

- ``chairman:lobby:<table>:<join|leave|bot|start>``: the lobby buttons;
- ``chairman:hand:<table>``: "My hand" on the table message (the hand, ephemerally);
- ``chairman:act:<table>:<token>:<action>``: one legal action (``play 7H``, ``draw``);
- ``chairman:pick:<table>:<token>:<n>``: a select whose values are actions;
- ``chairman:page:<table>:<token>:<page>``: a page of a long hand;
- ``chairman:back:<table>``: "I'm back" for a seat marked away;
- ``chairman:again:<table>``: "Play again" on a closed table's message (a rematch).

``token`` is the seat's validity token the hand was drawn with (``Table.token``: a digest of
the seat's legal actions and of its move count). The table service accepts a press while it
is still the seat's token, whatever other seats did meanwhile, and refuses it otherwise (the
player gets their current hand); the publisher redraws a DM whenever its token changes.

A game played in real time (``Game.timed``: Mao) offers every card held whoever's turn it is,
and any seat may act at any moment, so its hands carry the token ``live`` (``LIVE_TOKEN``):
a press is good while what it names is still the seat's to do. A card no longer held is
refused with the current hand; anything else goes to the game, whose Chairman judges it
(a card played out of turn is a penalty, not a refusal). Such a press is timed at the moment
the player pressed (the interaction's snowflake, ``tables.timing``), and a seat the game
marked away is back before its press is played (MAO-14). (Mao's package reads the ids of its
hands drawn without a token: ``cogs.games.mao.tokenless_ids``.)

A callback parses, makes one call into the table service, and answers by editing the
message it was on; refusals become one ephemeral sentence (``cogs.items``).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from typing import Any, Self

import discord
from discord.ext import commands

from cogs import answers, render
from cogs.hand_layout import MAX_ROWS, Choice, HandLayout
from cogs.items import TableButton, TableItem, publisher_of, seated, service_of
from cogs.plugin import HandItem
from engine import Action, parse_action
from i18n import N_, Catalog
from tables import queries
from tables.errors import Illegal, NotStarted, TableError
from tables.model import Table
from tables.timing import table_time

log = logging.getLogger(__name__)

LOBBY_VERBS = {
    "join": (N_("Join"), discord.ButtonStyle.success),
    "leave": (N_("Leave"), discord.ButtonStyle.secondary),
    "bot": (N_("Add bot"), discord.ButtonStyle.primary),
    "start": (N_("Start (host)"), discord.ButtonStyle.danger),
}


# --- the items --------------------------------------------------------------------------
class LobbyButton(
    TableItem[discord.ui.Button[Any]],
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
    def parse(cls, match: re.Match[str]) -> Self:
        return cls(int(match["table"]), match["verb"])

    async def run(self, interaction: discord.Interaction) -> None:
        await lobby_action(interaction, self.table_id, self.verb)


class HandButton(TableButton, button="hand"):
    late = "ephemeral"  # the hand is a new message only its player sees
    label = "My hand"
    emoji = "🂠"

    async def run(self, interaction: discord.Interaction) -> None:
        await show_hand(interaction, self.table_id)


class ActButton(
    TableItem[discord.ui.Button[Any]],
    # the rest is read in ``parse``, so an id it cannot read is answered, not dropped
    template=r"chairman:act:(?P<table>\d+):(?P<rest>.+)",
):
    on_hand = True

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
    def parse(cls, match: re.Match[str]) -> Self:
        token, action = match["rest"].split(":", 1)
        return cls(int(match["table"]), token, action)

    async def run(self, interaction: discord.Interaction) -> None:
        await play_action(interaction, self.table_id, self.action, self.token)


def choice_select(
    custom_id: str, placeholder: str, choices: list[Choice] | None
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
    TableItem[discord.ui.Select[Any]],
    template=r"chairman:pick:(?P<table>\d+):(?P<token>\w+):(?P<n>\d+)",
):
    on_hand = True

    def __init__(
        self,
        table_id: int,
        token: str,
        n: int,
        placeholder: str = "",
        choices: list[Choice] | None = None,
        row: int | None = None,
    ) -> None:
        select = choice_select(f"chairman:pick:{table_id}:{token}:{n}", placeholder, choices)
        super().__init__(select, row=row)
        self.table_id = table_id
        self.token = token

    @classmethod
    def parse(cls, match: re.Match[str]) -> Self:
        return cls(int(match["table"]), match["token"], int(match["n"]))

    async def run(self, interaction: discord.Interaction) -> None:
        await play_choice(interaction, self.table_id, self.item.values, self.token)


async def play_choice(
    interaction: discord.Interaction, table_id: int, values: list[str], token: str
) -> None:
    """Play the action a hand's select was set to (an empty select's placeholder does
    nothing)."""
    if not values or values[0] == "-":
        await answers.acknowledge(interaction)
        return
    await play_action(interaction, table_id, str(values[0]), token)


class PageButton(
    TableItem[discord.ui.Button[Any]],
    template=r"chairman:page:(?P<table>\d+):(?P<token>\w+):(?P<page>\d+)",
):
    on_hand = True

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
    def parse(cls, match: re.Match[str]) -> Self:
        return cls(int(match["table"]), match["token"], int(match["page"]))

    async def run(self, interaction: discord.Interaction) -> None:
        table, seat = seated(interaction, self.table_id)
        await publisher_of(interaction).answer_with_hand(interaction, table, seat, self.page)


class BackButton(TableButton, button="back"):
    on_hand = True
    label = "I'm back"
    style = discord.ButtonStyle.success

    async def run(self, interaction: discord.Interaction) -> None:
        table, seat = seated(interaction, self.table_id)
        await service_of(interaction).back(self.table_id, interaction.user.id)
        await publisher_of(interaction).answer_with_hand(interaction, table, seat)


class AgainButton(TableButton, button="again"):
    """**Play again** on a closed table's message, its closing post or a hand: a new lobby in
    its thread, opened as that table was (``TableService.rematch``). Pressed in the thread, the
    lobby is the press's answer; pressed on a hand DM, it is posted in the thread and the
    presser told where."""

    late = "public"  # the new lobby is a new message everyone sees
    label = "Play again"
    emoji = "🔁"
    style = discord.ButtonStyle.success

    async def run(self, interaction: discord.Interaction) -> None:
        user = interaction.user
        rematch = await service_of(interaction).rematch(self.table_id, user.id, user.display_name)
        table, publisher = rematch.table, publisher_of(interaction)
        if interaction.channel_id == table.channel_id:
            await publisher.answer_with_new_table(interaction, table, rematch.invited)
            return
        await publisher.post_new_table(table, rematch.invited, user.id)
        tr = render.catalog(table)
        where = tr._("A new table is open in <#{thread}>.", thread=table.channel_id)
        await answers.send(interaction, where, ephemeral=True)


DYNAMIC_ITEMS = (
    LobbyButton,
    HandButton,
    ActButton,
    ActSelect,
    PageButton,
    BackButton,
    AgainButton,
)


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
    tr = render.catalog(table)
    view = discord.ui.View(timeout=None)
    if table.is_running:
        view.add_item(HandButton(table.id, label=tr._("My hand")))
    elif queries.offers_rematch(table):  # a match played, or cut short
        view.add_item(AgainButton(table.id, label=tr._("Play again")))
    else:
        return None
    return view


def hand_view(
    table: Table, layout: HandLayout, extras: Mapping[str, HandItem] | None = None
) -> discord.ui.View | None:
    """The components of a hand, from its layout (``cogs.hand_layout``), for every game;
    ``extras`` draws the game's own buttons the layout names."""
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
    for name in layout.extras:
        build = (extras or {}).get(name)
        if build is not None and row > 0:
            view.add_item(build(table.id, row - 1, tr))
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
        back_row = min(row, MAX_ROWS - 1)
        view.add_item(BackButton(table.id, row=back_row, label=tr._("I'm back")))
    if queries.offers_rematch(table):  # a hand is where its player looks last
        view.add_item(AgainButton(table.id, label=tr._("Play again")))
    return view if view.children else None


# --- what the items do ------------------------------------------------------------------
async def lobby_action(interaction: discord.Interaction, table_id: int, verb: str) -> None:
    service = service_of(interaction)
    user = interaction.user
    table = service.get(table_id)
    if verb == "join":
        await service.join(table_id, user.id, user.display_name)
    elif verb == "leave":
        await service.leave(table_id, user.id)
    elif verb == "bot":
        await service.add_bot(table_id, user.id)
    else:
        await service.start(table_id, user.id)
    await publisher_of(interaction).answer_with_table(interaction, table)


async def show_hand(interaction: discord.Interaction, table_id: int) -> None:
    """The hand of whoever asked, ephemerally (the fallback for closed DMs, and /hand)."""
    table, seat = seated(interaction, table_id)
    if not queries.started(table):
        raise TableError(N_("The game has not started yet."))
    await publisher_of(interaction).send_hand(interaction, table, seat)


def pressed(interaction: discord.Interaction, table: Table, text: str) -> Action:
    """A real-time game's action, timed at the moment the player pressed (its interaction's
    snowflake), so network delay costs them nothing."""
    try:
        action = parse_action(text)
    except ValueError as exc:
        raise Illegal("That button is not one I know.") from exc
    if table.started_at is None:
        raise NotStarted()
    now = service_of(interaction).clock.now()
    return action.stamped(table_time(interaction.id, now, table.started_at))


async def play_action(
    interaction: discord.Interaction, table_id: int, text: str, token: str
) -> None:
    service = service_of(interaction)
    user_id = interaction.user.id
    table = service.get(table_id)
    seat = table.seat_of_user(user_id)
    action: Action | str = text
    if table.game_class.timed:
        action = pressed(interaction, table, text)
    # a seat the game marked away plays again by playing (MAO-14): the service's one call
    await service.act(table_id, user_id, action, token)
    await publisher_of(interaction).answer_with_hand(interaction, table, seat)


class Play(commands.Cog):
    """Registers the persistent items; the callbacks live on the items themselves."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    await bot.add_cog(Play(bot))
