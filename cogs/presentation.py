"""What a table looks like on Discord, for every game: its one message, a seat's hand and the
hand's components.

The shared drawing (``cogs.render``), hand layout (``cogs.hand_layout``) and buttons
(``cogs.play``) know no game. A game that draws its own way says how in its
``cogs.plugin.DiscordGame`` (``cogs.registry`` finds the table's): its lobby and table message,
its hand hooks over the one layout, and the buttons of its own that may end a hand. This module
is the one place that picks, so nothing imports back up (no ``render`` <-> a game's drawing or
``play`` <-> a game's hand cycle) and the publisher and the commands ask one module.
"""

from __future__ import annotations

from dataclasses import dataclass

import discord

from cogs import hand_layout as layouts
from cogs import play, registry, render
from cogs.items import ActivityButton
from tables import queries
from tables.model import Seat, Table


@dataclass(frozen=True, slots=True)
class WebLink:
    """The table's page when the web front-end is on (``cogs.web``): its spectator link, how
    many pages watch it now, and whether the application's Activity can open it."""

    spectator: str
    viewers: int
    activity: bool


def lobby_embed(table: Table) -> discord.Embed:
    game = registry.of(table)
    return game.lobby_embed(table) if game is not None else render.lobby_embed(table)


def table_embed(table: Table) -> discord.Embed:
    """The public picture of a running or finished table (the lobby before the start)."""
    if not queries.started(table):
        return lobby_embed(table)
    game = registry.of(table)
    return game.table_embed(table) if game is not None else render.table_embed(table)


def table_message(
    table: Table, web: WebLink | None = None
) -> tuple[discord.Embed, discord.ui.View | None]:
    """The embed and buttons of the table's one message, lobby or game; with ``web``, a line
    with the table's spectator page and its viewers, and a button opening the Activity."""
    embed = table_embed(table)
    tr = render.catalog(table)
    if not queries.started(table) and not table.is_open:
        embed.description = tr._(
            "This table has ended ({reason}).", reason=render.end_reason(table)
        )
    view = play.table_view(table)
    if web is not None and table.is_open:
        watching = "👁 " + tr.ngettext("{count} watching", "{count} watching", web.viewers)
        watch = tr._("Watch the table")
        embed.add_field(
            name=tr._("In a browser"),
            value=f"[{watch}]({web.spectator}) · {watching}",
            inline=False,
        )
        if web.activity:
            view = view if view is not None else discord.ui.View(timeout=None)
            view.add_item(ActivityButton(table.id, tr._("Open here in Discord")))
    return embed, view


def hand_hooks(table: Table) -> layouts.HandHooks:
    """How the table's game draws a hand over the shared layout."""
    game = registry.of(table)
    return game.hand_hooks if game is not None else layouts.HOOKS


def hand_layout(table: Table, seat: Seat, page: int = 0, where: str = "") -> layouts.HandLayout:
    """The hand of ``seat``: its cards in the content, what it may do as components."""
    return layouts.hand_layout(table, seat, page, where, hand_hooks(table))


def hand_view(table: Table, layout: layouts.HandLayout) -> discord.ui.View | None:
    """The components of a hand, from its layout."""
    game = registry.of(table)
    return play.hand_view(table, layout, game.hand_items if game is not None else {})
