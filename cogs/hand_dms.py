"""A seat's hand on Discord: its DM, sent once and then edited, and a press answered with it.

``HandDMs`` is the part ``cogs.publish.Publisher`` holds to draw hands (it receives what it uses
from the publisher: the bot, what each message shows, the pictures, and how to draw the table
again, claim a message and post in its thread): after each flush of the table message it edits
every hand DM whose content, buttons or picture changed (what each DM shows is kept in ``shown``),
or after a move only the DMs of the hands that move redraws (``Change.redraw``, counted by
``tables.queries.redraws``), through the token of the player's latest press on it while it is fresh
(``cogs.tokens``: outside Discord's global limit), else as the bot, and it answers a hand's button
by redrawing that hand in place, ``/hand`` and **My hand** with an ephemeral copy, and a refusal of
a stale button with the hand as it is now. When a DM fails with Discord's "cannot send messages to
this user" (50007) the seat is marked, and the player is told once in the thread to use the **My
hand** button.

A seat's hand is laid out once per state (``Layouts``): the seat's view of the game
(``tables.queries.hand``, one value per game version and move count) and what else the
layout shows (away, the page, where the table is, its language). The DM's flush, its
picture, a press answered and a stale button refused all read that one layout.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

import discord

from cogs import answers, card_images, presentation, render
from cogs.announcer import report as _report
from cogs.hand_layout import HandLayout
from cogs.items import named_in
from cogs.tokens import Tokens
from tables import queries
from tables.model import Seat, Table
from tables.views import HandView

log = logging.getLogger(__name__)

CANNOT_DM = 50007


class Layouts:
    """The latest layout of each seat's hand (per page), reused while its state holds."""

    def __init__(self) -> None:
        #: (table id, seat, page) -> (the seat's view, what else it shows, its layout)
        self._items: dict[tuple[int, str, int], tuple[HandView | None, Any, HandLayout]] = {}
        #: layouts worked out (not found here)
        self.made = 0

    def get(self, table: Table, seat: Seat, page: int, where: str) -> HandLayout:
        view = queries.hand(table, seat.seat)
        shown = (seat.away, seat.left_game, page, where, table.language, table.status)
        key = (table.id, seat.seat, page)
        found = self._items.get(key)
        if found is not None and found[0] is view and found[1] == shown:
            return found[2]
        layout = presentation.hand_layout(table, seat, page, where)
        self.made += 1
        self._items[key] = (view, shown, layout)
        return layout

    def forget(self, table_id: int) -> None:
        for key in [k for k in self._items if k[0] == table_id]:
            del self._items[key]


class HandDMs:
    """Hand DMs and the answers that show a hand (the Publisher holds one)."""

    def __init__(
        self,
        bot: Any,
        shown: dict[tuple[Any, ...], Any],
        images: card_images.Attachments,
        touch: Callable[[Table], None],
        claim: Callable[[tuple[Any, ...], Any], None],
        say: Callable[..., None],
        tokens: Tokens,
    ) -> None:
        self.bot = bot
        #: what each message shows (the publisher's, shared with its table message)
        self.shown = shown
        self.images = images
        #: draw a table again soon (``Publisher.touch``)
        self.touch = touch
        #: record what a message shows (``Publisher.claim``)
        self.claim = claim
        #: post in a table's thread (``Publisher.say``)
        self.say = say
        #: the presses whose tokens can edit a hand DM (the publisher's)
        self.tokens = tokens
        self.layouts = Layouts()
        #: (table id, seat) -> the seat's redraw count (``tables.queries.redraws``) its DM
        #: was last drawn at: after a move only the hands whose count moved are drawn
        self.drawn: dict[tuple[int, str], int] = {}

    # --- the DMs -------------------------------------------------------------------------
    async def publish(self, table: Table, every_hand: bool = True) -> None:
        """Edit every hand DM of ``table`` whose content, buttons or picture changed, or
        with ``every_hand`` false only those the changes since the last flush redraw
        (``Change.redraw``, counted by ``tables.queries.redraws``)."""
        if not queries.started(table):
            return
        redraws = queries.redraws(table)
        for seat in table.seats:
            if seat.user_id is None or seat.dm_closed:
                continue
            drawn = (table.id, seat.seat)
            count = redraws.get(seat.seat, 0)
            if not every_hand and self.drawn.get(drawn) == count:
                continue  # no change since this DM was drawn asked for it
            self.drawn[drawn] = count
            await self._publish_hand(table, seat)

    def forget(self, table_id: int) -> None:
        for key in [k for k in self.drawn if k[0] == table_id]:
            del self.drawn[key]
        self.layouts.forget(table_id)

    def _undrawn(self, table: Table, seat: Seat) -> None:
        """The DM of ``seat`` does not show its hand as it stands: the next flush draws it."""
        self.shown.pop(("dm", table.id, seat.seat), None)
        self.drawn.pop((table.id, seat.seat), None)

    async def _publish_hand(self, table: Table, seat: Seat) -> None:
        layout, files = await self.images.hand(table, seat, lambda: self.layout(table, seat))
        key = ("dm", table.id, seat.seat)
        if self.shown.get(key) == layout.key():
            return
        self.shown[key] = layout.key()
        view = presentation.hand_view(table, layout)
        if seat.dm_channel_id and seat.dm_message_id:
            message = self.bot.get_partial_messageable(
                seat.dm_channel_id, type=discord.ChannelType.private
            ).get_partial_message(seat.dm_message_id)
            try:
                # through the freshest press on it (``cogs.tokens``), else as the bot
                sent = False
                if self.tokens.fresh(key) is not None:
                    fields = {"content": layout.content, "view": view, "attachments": files}
                    sent = await self.tokens.edit(key, **fields)
                    if not sent:
                        files = self.images.again(files)  # the refused edit has read them
                if not sent:
                    await message.edit(content=layout.content, view=view, attachments=files)
                if self.shown.get(key) != layout.key():
                    # a press was answered with a newer hand while this edit was on its way,
                    # and this one may have landed after it: draw the hand once more
                    self._undrawn(table, seat)
                    self.touch(table)
                return
            except discord.NotFound:
                pass  # the player deleted it: send a new one
            except discord.HTTPException as exc:
                self._undrawn(table, seat)
                _report(f"could not edit the hand DM of {seat.user_id}", exc)
                return
        if seat.user_id is None:
            return  # a bot seat has no DM
        try:
            channel = await self.bot.create_dm(discord.Object(seat.user_id))
            files = self.images.again(files)  # an edit that failed has read them
            sent = await channel.send(content=layout.content, view=view, files=files)
        except discord.Forbidden as exc:
            if exc.code != CANNOT_DM:
                log.warning("hand DM to %s refused: %s", seat.user_id, exc)
            self.bot.tables.set_seat_dm(table, seat, dm_closed=True)
            self._undrawn(table, seat)
            tr = render.catalog(table)
            self.say(
                table,
                tr._(
                    "{mention}, I cannot send you direct messages, so your hand is behind the "
                    "**My hand** button on the table message.",
                    mention=f"<@{seat.user_id}>",
                ),
                mention=seat.user_id,
            )
            return
        except discord.HTTPException as exc:
            self._undrawn(table, seat)
            _report(f"could not send the hand DM of {seat.user_id}", exc)
            return
        self.bot.tables.set_seat_dm(
            table, seat, dm_channel_id=channel.id, dm_message_id=sent.id, dm_closed=False
        )

    # --- answering interactions ----------------------------------------------------------
    def layout(self, table: Table, seat: Seat, page: int = 0) -> HandLayout:
        """The hand of ``seat`` as it stands, laid out once per state (``Layouts``)."""
        guild = self.bot.get_guild(table.guild_id) if table.guild_id else None
        tr = render.catalog(table)
        where = render.hand_where(guild.name if guild else None, table.channel_id, tr)
        return self.layouts.get(table, seat, page, where)

    async def answer_with_hand(
        self, interaction: discord.Interaction, table: Table, seat: Seat | None, page: int = 0
    ) -> None:
        """Answer a hand's button by redrawing that hand in place."""
        if seat is None:
            await answers.acknowledge(interaction)
            return
        layout = self.layout(table, seat, page)
        message = interaction.message
        mine = message is not None and message.id == seat.dm_message_id and page == 0
        if mine:  # claimed before the picture is drawn, so the flush leaves the DM alone
            self.claim(("dm", table.id, seat.seat), layout.key())
        layout, files = await self.images.hand(table, seat, lambda: self.layout(table, seat, page))
        if mine:
            self.claim(("dm", table.id, seat.seat), layout.key())
        await answers.edit(
            interaction,
            content=layout.content,
            view=presentation.hand_view(table, layout),
            embed=None,
            attachments=files,
        )
        if message is not None and message.id == seat.dm_message_id:
            # its token edits this DM from now on (``cogs.tokens``)
            self.tokens.keep(("dm", table.id, seat.seat), interaction)

    async def send_hand(self, interaction: discord.Interaction, table: Table, seat: Seat) -> None:
        """Answer with the hand, ephemerally."""
        layout, files = await self.images.hand(table, seat, lambda: self.layout(table, seat))
        view = presentation.hand_view(table, layout)
        kwargs: dict[str, Any] = {"view": view} if view is not None else {}
        await answers.send(interaction, layout.content, ephemeral=True, files=files, **kwargs)

    def current_hand_for(
        self, interaction: discord.Interaction
    ) -> tuple[str, discord.ui.View | None] | None:
        """The current hand of whoever pressed a stale button (for the refusal)."""
        data: Mapping[str, Any] = interaction.data or {}
        named = named_in(data.get("custom_id"))
        if named is None:
            return None
        table = self.bot.tables.loaded(named[1])
        if table is None or not queries.started(table):
            return None
        seat = table.seat_of_user(interaction.user.id)
        if seat is None:
            return None
        layout = self.layout(table, seat)
        return layout.content, presentation.hand_view(table, layout)
