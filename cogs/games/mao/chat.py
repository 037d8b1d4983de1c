"""Mao's chat: the thread is the table's speech, and the bot speaks as the Chairman.

Listening (``MaoChat.on_message``): every message a seated player writes in a running Mao
table's thread becomes a ``Say`` action for the engine to judge (MAO-7..15). Its mentions and
the author of the message it replies to become seats (that is how a call names its
offender); people who are not seated, other bots and the bot itself are never heard. A
message with no text (a picture, a sticker, an embed, a poll, a forward) is still talk. The
message is timed by its snowflake, within the bounds ``tables.timing`` sets, so the network's delay
is not charged to the player. Reading messages needs Discord's Message Content intent
(``cogs.intents``); a bot without it hears only the messages that mention it (Discord gives
those their text anyway), and the table speaks through the **Say** button on the hand
(``cogs.games.mao.say``), which this extension registers. ``render.EARS`` tells the table's
messages which of the two it is, each time the bot connects.

Speaking (``MaoChat.notices``, the speaker this extension adds to the thread announcer every
game's posts go through, ``cogs.announcer``): after each change at a Mao table the Publisher
posts what was said through **Say** and what the Chairman announces
(``cogs.games.mao.render.announcements``: penalties by call name, points of order, new rules,
players out, rounds over, rulings overturned) as one notice, with a "Review #n" button for each
ruling in it (``cogs.games.mao.rulings``). One change (one message heard, MAO-18) is never split
over two posts unless it alone is longer than Discord allows; the announcements of changes that
pile up while a post is on its way share the next one. Each finished round is recorded by the table
service (``tables.results``).
"""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from cogs import render
from cogs.announcer import Notice
from cogs.chairman import chairman
from cogs.games.mao import render as mao_render
from cogs.games.mao.rulings import review_buttons
from cogs.games.mao.say import Echoes, SayButton
from engine import Event
from engine.actions import Say
from tables import queries
from tables.errors import TableError
from tables.model import Table
from tables.service import TableService
from tables.timing import table_time

log = logging.getLogger(__name__)

#: what a message without text says, as far as the Chairman is concerned
WORDLESS = "(a picture)"


def notices(table: Table, events: list[Event], echoes: Echoes | None = None) -> list[Notice]:
    """What the Chairman announces about one change (one message heard, MAO-18), as one
    notice for the thread, with a "Review #n" button for each ruling in it, the words said
    through **Say** (``echoes``) in their place; nothing at a game that does not read its
    chat."""
    if not table.game_class.reads_chat:
        return []

    def echoed(event: Event) -> bool:
        said = (str(event.get("seat")), str(event.get("text", "")))
        return echoes is not None and echoes.take(table.id, *said)

    lines = mao_render.announcements(table, events, echoed)
    if not lines:
        return []
    rulings = mao_render.ruling_ids(events)
    buttons = review_buttons(table.id, rulings, render.catalog(table))
    return [Notice(lines, buttons=buttons, join=True)]


class MaoChat(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        #: words said through **Say**, for the thread to be shown
        self.echoes = Echoes()
        mao_render.EARS.thread = bot.intents.message_content

    def notices(self, table: Table, events: list[Event]) -> list[Notice]:
        """The speaker this cog adds to the thread's announcer."""
        return notices(table, events, self.echoes)

    def addressed(self, message: discord.Message) -> bool:
        """Whether the message mentions the bot (Discord gives it its text without the intent)."""
        me = self.bot.user
        return me is not None and any(user.id == me.id for user in message.mentions)

    @commands.Cog.listener()
    async def on_connect(self) -> None:
        # ``auto`` may have gone without the intent since (``cogs.intents``)
        hears = self.bot.intents.message_content
        if hears == mao_render.EARS.thread:
            return
        mao_render.EARS.thread = hears
        # tables recovered before the bot connected were drawn saying otherwise: draw again
        publisher = getattr(self.bot, "publisher", None)
        service = chairman(self.bot).opened_tables
        if publisher is None or service is None:
            return
        for table in service.open_tables():
            if table.game_class.reads_chat:
                publisher.images.forget(table.id)
                publisher.touch(table)

    @property
    def service(self) -> TableService:
        return chairman(self.bot).tables

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or message.guild is None or message.webhook_id is not None:
            return
        if not self.bot.intents.message_content and not self.addressed(message):
            return  # its text is blank without the intent: not speech, only a sign of it
        table = self.service.in_channel(message.channel.id)
        if table is None or not table.game_class.reads_chat or not table.is_running:
            return
        if not queries.started(table) or table.started_at is None:
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
        # without the Message Content intent every part of a message is withheld; with it, a
        # message of a picture, a sticker, an embed, a poll or a forward still says something
        shown = message.attachments or message.stickers or message.embeds or message.poll
        if not text.strip() and (shown or getattr(message, "message_snapshots", None)):
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
    bot.add_dynamic_items(SayButton)
    cog = MaoChat(bot)
    await bot.add_cog(cog)
    publisher = getattr(bot, "publisher", None)
    if publisher is not None:
        publisher.announcer.speakers.append(cog.notices)
        # words said on the web table's page are shown as **Say**'s are
        publisher.announcer.echoes.append(cog.echoes)


async def teardown(bot: commands.Bot) -> None:
    publisher = getattr(bot, "publisher", None)
    cog = bot.get_cog("MaoChat")
    if publisher is not None and isinstance(cog, MaoChat):
        speakers = publisher.announcer.speakers
        publisher.announcer.speakers = [s for s in speakers if s != cog.notices]
        publisher.announcer.echoes = [e for e in publisher.announcer.echoes if e is not cog.echoes]
    bot.remove_dynamic_items(SayButton)
