"""Mao's chat: the thread is the table's speech, and the bot speaks as the Chairman.

Listening (``MaoChat.on_message``): every message a seated player writes in a running Mao
table's thread becomes a ``Say`` action for the engine to judge (MAO-7..15). Its mentions and
the author of the message it replies to become seats (that is how a call names its
offender); people who are not seated, other bots and the bot itself are never heard. A
message with no text (a picture, a sticker) is still a message, and is talk. The message is
timed by its snowflake, within the bounds ``tables.mao_clock`` sets, so the network's delay
is not charged to the player. Reading messages needs Discord's message-content intent (see
the README, "Mao at the table").

Speaking (``Chairman``, a table-service listener): after each change at a Mao table it posts
what the Chairman announces (``render_mao.announcements``: penalties by call name, points of
order, new rules, players out, rounds over, rulings overturned) as one message, with a
"Review #n" button for each ruling in it (``cogs.mao_rulings``), and records each finished
round for the leaderboard (``tables.mao_rounds``). One change (one message heard, MAO-18) is
never split over two posts unless it alone is longer than Discord allows.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
from discord.ext import commands

from cogs import render, render_mao
from cogs.mao_rulings import review_view
from engine import Event
from engine.actions import Say
from tables.errors import TableError
from tables.mao_clock import table_time
from tables.mao_rounds import record_round
from tables.model import Table
from tables.service import TableListener

log = logging.getLogger(__name__)

#: what a message without text says, as far as the Chairman is concerned
WORDLESS = "(a picture)"
POST_LIMIT = 2000


class Chairman(TableListener):
    """Posts the Chairman's announcements and records finished rounds (Mao tables only).

    Announcements are queued per table and sent by one task at a time, so whatever piles up
    while a post is on its way goes out together in the next one: a chatty table costs few
    messages against Discord's five per five seconds.
    """

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        #: per table, what each change announced: (lines, ruling ids)
        self.queued: dict[int, list[tuple[list[str], list[int]]]] = {}
        self.senders: dict[int, asyncio.Task[None]] = {}

    async def game_changed(self, table: Table, events: list[Event]) -> None:
        if table.game_name != "mao" or not events:
            return
        lines = render_mao.announcements(table, events)
        if lines and table.channel_id is not None:
            group = (lines, render_mao.ruling_ids(events))
            self.queued.setdefault(table.id, []).append(group)
            sender = self.senders.get(table.id)
            if sender is None or sender.done():
                sender = asyncio.get_running_loop().create_task(
                    self._send(table.id, table.channel_id)
                )
                self.senders[table.id] = sender
                self.bot.publisher.background.add(sender)  # ``settled`` waits for it
                sender.add_done_callback(self.bot.publisher.background.discard)
        for event in events:
            if event.get("type") == "round_end":
                try:
                    record_round(self.bot.db, table, event)
                except Exception:
                    log.exception("could not record round %s of table %s", event, table.id)

    def _catalog(self, table_id: int) -> Any:
        """The table's language for its review buttons (English once it is gone)."""
        try:
            return render.catalog(self.bot.tables.get(table_id))
        except TableError:
            return render.EN

    async def _send(self, table_id: int, channel_id: int) -> None:
        await asyncio.sleep(0)  # let the rest of this change queue its lines too
        channel = self.bot.get_partial_messageable(channel_id)
        quiet = discord.AllowedMentions.none()
        while self.queued.get(table_id):
            groups = self.queued.pop(table_id)
            for post, rulings in _posts(groups):
                view = review_view(table_id, rulings, self._catalog(table_id))
                extra: dict[str, Any] = {} if view is None else {"view": view}
                try:
                    await channel.send(post, allowed_mentions=quiet, **extra)
                except discord.HTTPException as exc:
                    log.warning("could not post at table %s: %s", table_id, exc)


def _posts(groups: list[tuple[list[str], list[int]]]) -> list[tuple[str, list[int]]]:
    """Changes' lines joined into as few messages as Discord's length limit allows, each
    change's lines kept in one post (cut at the limit rather than split), with the rulings
    each post announces."""
    posts: list[tuple[str, list[int]]] = []
    for lines, rulings in groups:
        text = "\n".join(lines)
        if len(text) > POST_LIMIT:
            text = text[: POST_LIMIT - 1] + "…"
        if posts and len(posts[-1][0]) + 1 + len(text) <= POST_LIMIT:
            before, ids = posts[-1]
            posts[-1] = (before + "\n" + text, ids + rulings)
        else:
            posts.append((text, list(rulings)))
    return posts


class MaoChat(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @property
    def service(self) -> Any:
        return self.bot.tables  # type: ignore[attr-defined]

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or message.guild is None or message.webhook_id is not None:
            return
        table = self.service.in_channel(message.channel.id)
        if table is None or table.game_name != "mao" or not table.is_running:
            return
        if table.game is None or table.started_at is None:
            return
        seat = table.seat_of_user(message.author.id)
        if seat is None or seat.left_game:
            return
        at = table_time(message.id, self.service.clock.now(), table.started_at)
        mentions: list[str] = []
        for user in message.mentions:
            named = table.seat_of_user(user.id)
            if named is not None and named.seat not in mentions:
                mentions.append(named.seat)
        replied = await self.replied_to(message)
        reply_to = table.seat_of_user(replied) if replied is not None else None
        text = message.content
        if not text.strip() and (message.attachments or message.stickers):
            text = WORDLESS
        action = Say(
            text=text,
            mentions=tuple(mentions),
            reply_to=reply_to.seat if reply_to is not None else None,
            at=at,
        )
        try:
            await self.service.say(table.id, message.author.id, action)
        except TableError as error:
            log.info("not heard at table %s: %s", table.id, error.message)

    async def replied_to(self, message: discord.Message) -> int | None:
        """The author of the message this one replies to, if any."""
        reference = message.reference
        if reference is None or reference.message_id is None:
            return None
        found = reference.resolved or reference.cached_message
        if isinstance(found, discord.Message):
            return found.author.id
        if isinstance(found, discord.DeletedReferencedMessage):
            return None
        try:
            fetched = await message.channel.fetch_message(reference.message_id)
        except discord.HTTPException:
            return None
        return fetched.author.id


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(MaoChat(bot))
    tables = getattr(bot, "tables", None)
    if tables is not None:
        tables.add_listener(Chairman(bot))
