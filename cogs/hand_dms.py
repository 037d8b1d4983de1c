"""A seat's hand on Discord: its DM, sent once and then edited, and a press answered with it.

``HandDMs`` is the part of ``cogs.publish.Publisher`` that draws hands: after each flush of
the table message it edits every hand DM whose content, buttons or picture changed (what each
DM shows is kept in ``shown``), and it answers a hand's button by redrawing that hand in place,
``/hand`` and **My hand** with an ephemeral copy, and a refusal of a stale button with the hand
as it is now. When a DM fails with Discord's "cannot send messages to this user" (50007) the
seat is marked, and the player is told once in the thread to use the **My hand** button.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import discord

from cogs import answers, card_images, presentation, render
from cogs.announcer import report as _report
from cogs.hand_layout import HandLayout
from tables.model import Seat, Table

log = logging.getLogger(__name__)

CANNOT_DM = 50007
_TABLE_IN_CUSTOM_ID = re.compile(r"chairman:\w+:(\d+)")


class HandDMs:
    """Hand DMs and the answers that show a hand (the Publisher's, which sets these)."""

    bot: Any
    shown: dict[tuple[Any, ...], Any]
    images: card_images.Attachments

    if TYPE_CHECKING:

        def touch(self, table: Table) -> None: ...
        def claim(self, key: tuple[Any, ...], shown: Any) -> None: ...
        def say(self, table: Table, text: str, mention: int | None = None) -> None: ...

    # --- the DMs -------------------------------------------------------------------------
    async def _publish_hands(self, table: Table) -> None:
        if table.game is None:
            return
        for seat in table.seats:
            if seat.user_id is None or seat.dm_closed:
                continue
            await self._publish_hand(table, seat)

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
                await message.edit(content=layout.content, view=view, attachments=files)
                if self.shown.get(key) != layout.key():
                    # a press was answered with a newer hand while this edit was on its way,
                    # and this one may have landed after it: draw the hand once more
                    self.shown.pop(key, None)
                    self.touch(table)
                return
            except discord.NotFound:
                pass  # the player deleted it: send a new one
            except discord.HTTPException as exc:
                self.shown.pop(key, None)
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
            self.shown.pop(key, None)
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
            self.shown.pop(key, None)
            _report(f"could not send the hand DM of {seat.user_id}", exc)
            return
        self.bot.tables.set_seat_dm(
            table, seat, dm_channel_id=channel.id, dm_message_id=sent.id, dm_closed=False
        )

    # --- answering interactions ----------------------------------------------------------
    def layout(self, table: Table, seat: Seat, page: int = 0) -> HandLayout:
        guild = self.bot.get_guild(table.guild_id) if table.guild_id else None
        tr = render.catalog(table)
        where = render.hand_where(guild.name if guild else None, table.channel_id, tr)
        return presentation.hand_layout(table, seat, page, where)

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
        match = _TABLE_IN_CUSTOM_ID.match(str(data.get("custom_id", "")))
        if match is None:
            return None
        table = self.bot.tables.tables.get(int(match[1]))
        if table is None or table.game is None:
            return None
        seat = table.seat_of_user(interaction.user.id)
        if seat is None:
            return None
        layout = self.layout(table, seat)
        return layout.content, presentation.hand_view(table, layout)
