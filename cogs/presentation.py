"""What a table looks like on Discord, for every game: its one message, a seat's hand and the
hand's components.

The shared drawing (``cogs.render``) and buttons (``cogs.play``) know no game; a game that
keeps its rules secret (``Game.secret_rules``: Mao) is drawn by its own hooks, which build on
the shared ones: ``cogs.render_mao`` shows no rules and every card held, ``cogs.mao_hand``
makes every held card a button. This module is the one place that picks, by the declared
capability, so nothing imports back up (no ``render`` <-> ``render_mao`` or ``play`` <->
``mao_hand`` cycle) and the publisher and the commands ask one module.
"""

from __future__ import annotations

import discord

from cogs import mao_hand, play, render, render_mao
from tables.model import Seat, Table


def _own(table: Table) -> bool:
    return table.game_class.secret_rules


def lobby_embed(table: Table) -> discord.Embed:
    return render_mao.lobby_embed(table) if _own(table) else render.lobby_embed(table)


def table_embed(table: Table) -> discord.Embed:
    """The public picture of a running or finished table (the lobby before the start)."""
    if table.game is None:
        return lobby_embed(table)
    return render_mao.table_embed(table) if _own(table) else render.table_embed(table)


def table_message(table: Table) -> tuple[discord.Embed, discord.ui.View | None]:
    """The embed and buttons of the table's one message, lobby or game."""
    embed = table_embed(table)
    if table.game is None and not table.is_open:
        tr = render.catalog(table)
        reason = table.end_reason or tr._("ended")
        embed.description = tr._("This table has ended ({reason}).", reason=reason)
    return embed, play.table_view(table)


def hand_layout(table: Table, seat: Seat, page: int = 0, where: str = "") -> render.HandLayout:
    """The hand of ``seat``: its cards in the content, what it may do as components."""
    if _own(table):
        return render_mao.hand_layout(table, seat, page, where)
    return render.hand_layout(table, seat, page, where)


def hand_view(table: Table, layout: render.HandLayout) -> discord.ui.View | None:
    """The components of a hand, from its layout."""
    return mao_hand.hand_view(table, layout) if _own(table) else play.hand_view(table, layout)
