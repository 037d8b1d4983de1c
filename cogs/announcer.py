"""A table's thread, spoken into: every game's public notices go out here, in order.

``Announcer`` keeps one queue per table and one task that sends it, so whatever a table says
reaches its thread in the order it was said, and whatever piles up while a post is on its way
goes out together in the next one: a chatty table costs few messages against Discord's five
per five seconds. A game with a voice of its own (Mao's Chairman) adds a ``Speaker`` that
turns a change's events into notices (``cogs.games.mao.chat.notices``); the Publisher's own
notices are the same for every game. What is said is a ``Notice``: its lines, whom it pings
(a turn warning pings its player; the Chairman's mentions only show), and the buttons under
it (the Chairman's "Review #n"). Notices that ``join`` (one change's Chairman announcements,
MAO-18) share a post with their joining neighbours as far as Discord's 2,000 characters
allow, and one notice is never split over two posts (it is cut at the limit instead); other
notices (the Publisher's: a turn warning, a table's end) are posts of their own.

A post into a thread that Discord archived (a day without messages) unarchives it and is sent
again. A failed post is logged: a 400 is a bug of ours (ERROR), anything else (a 429, Discord
away) is weather (WARNING).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import discord

from engine import Event
from tables.model import Table

log = logging.getLogger(__name__)

#: what a game has to say in the thread about a change's events (Mao's Chairman)
Speaker = Callable[[Table, list[Event]], list["Notice"]]

#: Discord's limit on a message's content
POST_LIMIT = 2000
#: Discord's limit on the components of one message (5 rows of 5 buttons)
MAX_BUTTONS = 25
#: Discord's "thread is archived": a thread archives itself after a day without messages
ARCHIVED = 50083


def report(what: str, exc: discord.HTTPException) -> None:
    """A 400 means we built something Discord refuses (a bug); the rest are weather."""
    level = logging.ERROR if exc.status == 400 else logging.WARNING
    log.log(level, "%s: %s", what, exc)


class Echo(Protocol):
    """A game's memory of words said at its table away from the thread (Mao's **Say** form,
    the web table's page), which its speaker then shows in the thread under the speaker's
    name (``cogs.games.mao.say.Echoes``)."""

    def expect(self, table_id: int, seat: str, text: str) -> None: ...

    def forget(self, table_id: int, seat: str, text: str) -> None: ...


@dataclass
class Notice:
    """Something said in a table's thread."""

    lines: list[str]
    #: the users it pings; mentions in the text of anyone else only show
    pings: tuple[int, ...] = ()
    #: the buttons under it (``discord.ui.Item``s with a custom id that outlives the bot)
    buttons: Sequence[discord.ui.Item[Any]] = ()
    #: whether it may share a post with the joining notices next to it
    join: bool = False

    @property
    def text(self) -> str:
        text = "\n".join(self.lines)
        return text if len(text) <= POST_LIMIT else text[: POST_LIMIT - 1] + "…"


class Announcer:
    """One ordered queue of thread posts per table (see the module docstring)."""

    def __init__(
        self,
        bot: Any,
        background: set[asyncio.Task[Any]],
        unarchive: Callable[[Table], Awaitable[bool]],
    ) -> None:
        self.bot = bot
        #: where the sending tasks are kept, for whoever waits until all is sent
        self.background = background
        self.unarchive = unarchive
        self.queued: dict[int, list[Notice]] = {}
        self.tables: dict[int, Table] = {}
        self.senders: dict[int, asyncio.Task[None]] = {}
        #: the games' own voices, added by their extensions (``cogs.games.mao.chat``)
        self.speakers: list[Speaker] = []
        #: what those voices echo of words said away from the thread (``Echo``)
        self.echoes: list[Echo] = []

    def expect(self, table_id: int, seat: str, text: str) -> None:
        """Words about to be said at the table away from its thread (the web table's page):
        whichever game echoes speech shows them in the thread once they are heard."""
        for echo in self.echoes:
            echo.expect(table_id, seat, text)

    def forget(self, table_id: int, seat: str, text: str) -> None:
        """The words announced by ``expect`` were refused: nothing to show."""
        for echo in self.echoes:
            echo.forget(table_id, seat, text)

    def announce(self, table: Table, events: list[Event]) -> None:
        """Post what the speakers say about a change's events, in order."""
        for speaker in self.speakers:
            for notice in speaker(table, events):
                self.post(table, notice)

    def post(self, table: Table, notice: Notice) -> None:
        """Say ``notice`` in the table's thread, after everything it said before."""
        if table.channel_id is None or not notice.lines:
            return
        self.queued.setdefault(table.id, []).append(notice)
        self.tables[table.id] = table
        sender = self.senders.get(table.id)
        if sender is None or sender.done():
            sender = asyncio.get_running_loop().create_task(
                self._send(table.id), name=f"chairman-thread-{table.id}"
            )
            self.senders[table.id] = sender
            self.background.add(sender)
            sender.add_done_callback(self.background.discard)

    async def _send(self, table_id: int) -> None:
        await asyncio.sleep(0)  # let the rest of this change queue its notices too
        try:
            while self.queued.get(table_id):
                notices = self.queued.pop(table_id)
                table = self.tables[table_id]
                for post in posts(notices):
                    try:
                        await self._post(table, post)
                    except Exception:  # a bug in one post loses only that post
                        log.exception("could not post in the thread of table %s", table_id)
        finally:
            if self.senders.get(table_id) is asyncio.current_task():
                del self.senders[table_id]
                if not self.queued.get(table_id):
                    self.tables.pop(table_id, None)

    async def _post(self, table: Table, post: Notice) -> None:
        assert table.channel_id is not None
        channel = self.bot.get_partial_messageable(table.channel_id)
        users = [discord.Object(user) for user in post.pings]
        allowed = discord.AllowedMentions(
            everyone=False, roles=False, users=users or False, replied_user=False
        )
        extra: dict[str, Any] = {}
        if post.buttons:
            view = discord.ui.View(timeout=None)
            for button in post.buttons[:MAX_BUTTONS]:
                view.add_item(button)
            extra["view"] = view
        try:
            try:
                await channel.send(post.text, allowed_mentions=allowed, **extra)
            except discord.HTTPException as exc:
                # a post reopens an archived thread by itself, unless it was locked too
                if exc.code != ARCHIVED or not await self.unarchive(table):
                    raise
                await channel.send(post.text, allowed_mentions=allowed, **extra)
        except discord.HTTPException as exc:
            report(f"could not post in the thread of table {table.id}", exc)


def pieces(notice: Notice) -> list[Notice]:
    """``notice`` as posts Discord takes: whole lines in order, as many to a post as fit in
    ``POST_LIMIT`` (a line longer than that alone is cut short), and its buttons with the
    first posts, ``MAX_BUTTONS`` to each. Nothing said is dropped."""
    lines = "\n".join(notice.lines).split("\n")
    if sum(len(line) + 1 for line in lines) - 1 <= POST_LIMIT and (
        len(notice.buttons) <= MAX_BUTTONS
    ):
        return [notice]
    chunks: list[list[str]] = [[]]
    size = 0
    for line in lines:
        line = line if len(line) <= POST_LIMIT else line[: POST_LIMIT - 1] + "…"
        if chunks[-1] and size + 1 + len(line) > POST_LIMIT:
            chunks.append([])
            size = 0
        size += len(line) + (1 if len(chunks[-1]) else 0)
        chunks[-1].append(line)
    buttons = list(notice.buttons)
    # more buttons than the posts hold: the longest post is halved, in order, until they fit
    while len(chunks) * MAX_BUTTONS < len(buttons):
        k = max(range(len(chunks)), key=lambda j: len(chunks[j]))
        if len(chunks[k]) < 2:
            break
        half = len(chunks[k]) // 2
        chunks[k : k + 1] = [chunks[k][:half], chunks[k][half:]]
    return [
        Notice(chunk, notice.pings, buttons[k * MAX_BUTTONS : (k + 1) * MAX_BUTTONS], notice.join)
        for k, chunk in enumerate(chunks)
    ]


def posts(notices: list[Notice]) -> list[Notice]:
    """The notices as few posts as they allow, in order: joining neighbours together while
    they fit in one message (its text and its buttons), each notice whole or, if it is longer
    than a post, in pieces."""
    out: list[Notice] = []
    for notice in (piece for whole in notices for piece in pieces(whole)):
        last = out[-1] if out else None
        if (
            last is not None
            and last.join
            and notice.join
            and len(last.text) + 1 + len(notice.text) <= POST_LIMIT
            and len(last.buttons) + len(notice.buttons) <= MAX_BUTTONS
        ):
            out[-1] = Notice(
                [last.text, notice.text],
                tuple(dict.fromkeys(last.pings + notice.pings)),
                [*last.buttons, *notice.buttons],
                join=True,
            )
        else:
            out.append(Notice([notice.text], notice.pings, notice.buttons, notice.join))
    return out
