"""What a table looks like on Discord, for every game: its one message, a seat's hand and the
hand's components.

The shared drawing (``cogs.render``), hand layout (``cogs.hand_layout``) and buttons
(``cogs.play``) know no game. A game draws its own way through hooks picked here by its
declared capabilities: one that keeps its rules secret (``Game.secret_rules``: Mao) has its own
lobby and table message (``cogs.render_mao``: no rules shown) and its own hand hooks
(``cogs.mao_hand``: every card held, facts and no reasons) over the one layout, and one whose
players make rules (``Game.players_make_rules``) gets the **New rule** button, which opens the
rule builder (``cogs.mao_rules``). This module is the one place that picks, so nothing imports
back up (no ``render`` <-> ``render_mao`` or ``play`` <-> ``mao_hand`` cycle) and the publisher
and the commands ask one module.
"""

from __future__ import annotations

import discord

from cogs import hand_layout as layouts
from cogs import mao_hand, mao_rules, play, render, render_mao
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
        embed.description = tr._(
            "This table has ended ({reason}).", reason=render.end_reason(table)
        )
    return embed, play.table_view(table)


def hand_hooks(table: Table) -> layouts.HandHooks:
    """How the table's game draws a hand over the shared layout."""
    return mao_hand.HOOKS if _own(table) else layouts.HOOKS


def hand_layout(table: Table, seat: Seat, page: int = 0, where: str = "") -> layouts.HandLayout:
    """The hand of ``seat``: its cards in the content, what it may do as components."""
    return layouts.hand_layout(table, seat, page, where, hand_hooks(table))


def hand_view(table: Table, layout: layouts.HandLayout) -> discord.ui.View | None:
    """The components of a hand, from its layout."""
    makes_rules = table.game_class.players_make_rules
    return play.hand_view(table, layout, mao_rules.NewRuleButton if makes_rules else None)
