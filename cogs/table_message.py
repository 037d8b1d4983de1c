"""A table's message on Discord: when it is edited, how, and a lobby button answered with it.

``TableMessage`` is the part ``cogs.publish.Publisher`` holds to draw the table message (it
receives what it uses from the publisher: the bot, what each message shows, the pictures, the
interaction tokens, where its tasks are kept and how to unarchive a thread). Each flush hands
it the table's latest state. The message is edited at most once per ``TABLE_EDIT_INTERVAL``
seconds (on the service's clock): a change that comes sooner is drawn, with any that follow
it, when the interval is up, the latest state winning. A busy table so stays far inside
Discord's per-channel limits. Where nobody plays in person, an edit that would count against
Discord's global limit (no fresh interaction token, below) shows a run of ``BOTS_ONLY_RUN``
bots' moves at once, or what ``BOTS_ONLY_INTERVAL`` brought if fewer. The interval grows as
the bots slow down when the process nears its share of Discord's global limit
(``cogs.budget``).

The message is drawn once per table state (``cogs.drawn``) and PATCHed through the freshest
interaction token that can edit it (``cogs.tokens``: Start, a lobby press), which Discord's
global limit does not count, else straight through the HTTP client; its picture, when nobody
waits for it, in the background picture thread (``cogs.card_images``). An edit into a thread
Discord archived unarchives it and is sent again. At shutdown (``hurry``) the edits waiting
for their interval go out at once.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord.http import handle_message_parameters

from cogs import answers, card_images, uploads
from cogs.announcer import ARCHIVED
from cogs.announcer import report as _report
from cogs.drawn import Drawn
from cogs.tokens import Tokens
from i18n import N_
from tables.errors import TableError
from tables.model import Table

log = logging.getLogger(__name__)

#: where nobody plays in person (bots, or people away) and an edit would count against
#: Discord's global limit (no fresh token), nobody waits to see each bot's move: a run of
#: ``BOTS_ONLY_RUN`` changes is shown in one edit, or what came within ``BOTS_ONLY_INTERVAL``
#: seconds of the last edit if fewer (never sooner than ``TABLE_EDIT_INTERVAL``)
BOTS_ONLY_RUN = 4
BOTS_ONLY_INTERVAL = 10.0


class TableMessage:
    """Table messages' edits, paced, and the answers that show one (the Publisher holds one)."""

    def __init__(
        self,
        bot: Any,
        shown: dict[tuple[Any, ...], Any],
        images: card_images.Attachments,
        tokens: Tokens,
        background: set[asyncio.Task[Any]],
        unarchive: Callable[[Table], Awaitable[bool]],
    ) -> None:
        self.bot = bot
        #: what each message shows (the publisher's, shared with its hand DMs)
        self.shown = shown
        self.images = images
        #: the interactions whose tokens can edit a table message (the publisher's)
        self.tokens = tokens
        #: where the delayed edits' tasks are kept, for whoever waits until all is sent
        self.background = background
        #: reopen a table's archived thread (``Publisher._unarchive``)
        self.unarchive = unarchive
        #: tables whose message waits for its interval, and when each was last edited
        self.due: dict[int, Table] = {}
        self.edited: dict[int, float] = {}
        self.tasks: dict[int, asyncio.Task[None]] = {}
        #: tables whose delayed edit is waiting for its interval now (``hurry`` wakes them)
        self.waiting: set[int] = set()
        #: the version each table's last edit showed, and the tables woken by a run of changes
        self.versions: dict[int, int] = {}
        self.woken: set[int] = set()
        self.closing = False

    @property
    def edit_interval(self) -> float:
        """``TABLE_EDIT_INTERVAL``, as many times longer as the bots go slower when the
        process nears its share of Discord's global limit (``cogs.budget``)."""
        settings = getattr(self.bot, "settings", None)
        interval = float(getattr(settings, "table_edit_interval", 0.0))
        return interval * self._pace() if interval else interval

    def hurry(self) -> None:
        """The bot is stopping: the edits waiting for their interval go out at once."""
        self.closing = True
        for table_id in list(self.waiting):
            if task := self.tasks.get(table_id):
                task.cancel()  # it edits at once instead (_wait_interval)

    def forget(self, table_id: int) -> None:
        if table_id not in self.due:
            self.edited.pop(table_id, None)
            self.versions.pop(table_id, None)

    async def publish(self, table: Table) -> None:
        """Edit the table message now, or once its edit interval is up (the latest state)."""
        interval = self.edit_interval
        if interval <= 0:
            await self.edit(table)
            return
        self.due[table.id] = table
        runs = table.version - self.versions.get(table.id, table.version)
        task = self.tasks.get(table.id)
        if task is None or task.done():
            task = asyncio.get_running_loop().create_task(self._edit_when_due(table.id))
            self.tasks[table.id] = task
            self.background.add(task)  # ``settled`` waits for it
            task.add_done_callback(self.background.discard)
        elif runs >= BOTS_ONLY_RUN and table.id in self.waiting and self._bots_only(table):
            self.woken.add(table.id)  # a run of bots' moves: shown now
            task.cancel()

    async def _edit_when_due(self, table_id: int) -> None:
        clock = self.bot.tables.clock
        try:
            while table_id in self.due:
                last = self.edited.get(table_id)
                due = self.due.get(table_id)
                if last is not None and due is not None and not self.closing:
                    await self._wait_interval(table_id, last + self._interval_for(due))
                    # woken by a run of bots' moves: still not sooner than the usual interval
                    await self._wait_interval(table_id, last + self.edit_interval)
                table = self.due.pop(table_id, None)
                if table is None:
                    return
                self.edited[table_id] = clock.now()
                self.versions[table_id] = table.version
                await self.edit(table)
        except Exception:  # never left in the task for nobody to read
            log.exception("could not edit the message of table %s", table_id)
        finally:
            if self.tasks.get(table_id) is asyncio.current_task():
                del self.tasks[table_id]

    def _bots_only(self, table: Table) -> bool:
        """Nobody plays at ``table`` in person and no token can edit its message."""
        return all(seat.played_by_bot for seat in table.seats) and (
            self.tokens.fresh(("table", table.id)) is None
        )

    def _interval_for(self, table: Table) -> float:
        """The longest a change waits for ``table``'s next edit: ``edit_interval``, or where
        nobody plays in person and the edit would count against Discord's global limit,
        ``BOTS_ONLY_INTERVAL`` (as many times longer as the bots are slowed), unless a run of
        ``BOTS_ONLY_RUN`` changes comes first."""
        interval = self.edit_interval
        runs = table.version - self.versions.get(table.id, table.version)
        if interval > 0 and runs < BOTS_ONLY_RUN and self._bots_only(table):
            return max(interval, BOTS_ONLY_INTERVAL * self._pace())
        return interval

    def _pace(self) -> float:
        requests = getattr(self.bot, "requests", None)
        return requests.pace() if requests is not None else 1.0

    async def _wait_interval(self, table_id: int, until: float) -> None:
        """Sleep until ``until`` on the service's clock; ``hurry`` cuts the wait short."""
        self.waiting.add(table_id)
        try:
            await self.bot.tables.clock.sleep_until(until)
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if not (self.closing or table_id in self.woken) or task is None:
                raise
            task.uncancel()  # woken by ``hurry`` or a run of changes: the latest state goes out
        finally:
            self.waiting.discard(table_id)
            self.woken.discard(table_id)

    async def edit(self, table: Table) -> None:
        """Edit the table message now, if it would show something it does not."""
        if table.channel_id is None or table.message_id is None:
            return
        drawn, files = await self.images.table_drawn(table, background=True)
        key = ("table", table.id)
        if self.shown.get(key) == drawn.digest:
            return
        self.shown[key] = drawn.digest
        try:
            try:
                await self._send_edit(table, drawn, files)
            except discord.HTTPException as exc:
                if exc.code != ARCHIVED or not await self.unarchive(table):
                    raise
                files = self.images.again(files)  # the failed edit has read them
                await self._send_edit(table, drawn, files)
        except discord.HTTPException as exc:
            self.shown.pop(key, None)
            _report(f"could not edit the message of table {table.id}", exc)

    async def _send_edit(self, table: Table, drawn: Drawn, files: list[discord.File]) -> None:
        """PATCH the table message: through the freshest interaction token that can edit it
        (``cogs.tokens``: outside Discord's global limit), else as the bot. Straight through
        the HTTP client: ``Message.edit`` would also build a ``Message`` from Discord's
        answer and file the view in the view store, which nothing here reads (the buttons are
        ``DynamicItem``s, found by custom_id). The bot's own edit sends the picture in a
        multipart body written in one piece (``cogs.uploads``)."""
        assert table.channel_id is not None and table.message_id is not None
        key = ("table", table.id)
        if self.tokens.fresh(key) is not None:
            if await self.tokens.edit(key, embed=drawn.embed, view=drawn.view, attachments=files):
                return
            files = self.images.again(files)  # the refused edit has read them
        with handle_message_parameters(
            embed=drawn.embed, view=drawn.view, attachments=files
        ) as params:
            await uploads.edit_message(self.bot.http, table.channel_id, table.message_id, params)

    async def answer_with_new(
        self, interaction: discord.Interaction, table: Table, said: dict[str, Any]
    ) -> None:
        """Answer a press with a new table's first message (a rematch's lobby) in the thread
        it was made in, with ``said`` above it (its content and allowed mentions): the table's
        message from now on, edited through the press's token. A table whose message Discord
        refused is ended."""
        answer = functools.partial(answers.post, interaction)
        await self.post_new(table, said, interaction.user.id, answer)
        self.tokens.keep(("table", table.id), interaction)

    async def post_new(
        self,
        table: Table,
        said: dict[str, Any],
        by: int,
        send: Callable[..., Awaitable[discord.Message]] | None = None,
    ) -> None:
        """Post a new table's first message (a rematch's lobby) in its thread, with ``said``
        above it: by ``send`` (a press's answer), or straight into the thread (a rematch asked
        for on a hand DM or the web page). A table whose message Discord refused is ended (by
        ``by``, who asked for it)."""
        assert table.channel_id is not None  # a rematch opens where its table played
        fields = await self.first_message(table, said)
        send = send or self.bot.get_partial_messageable(table.channel_id).send
        try:
            message = await send(**fields)
        except discord.HTTPException:
            await self.bot.tables.end(table.id, by, manager=True)
            raise TableError(N_("I could not post in this thread; check my permissions.")) from None
        await self.bot.tables.set_place(table.id, message_id=message.id)

    async def first_message(
        self, table: Table, said: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """A new table's first message (its lobby), with ``said`` above it, as the fields
        to send; claimed as shown, so the flush does not edit the same thing again."""
        drawn, files = await self.images.table_drawn(table)
        self.shown[("table", table.id)] = drawn.digest
        return {
            **(said or {}),
            "embed": drawn.embed,
            **({"view": drawn.view} if drawn.view is not None else {}),
            **({"files": files} if files else {}),
        }

    async def answer(self, interaction: discord.Interaction, table: Table) -> None:
        """Answer a lobby button by redrawing the table message it is on."""
        message = interaction.message
        mine = message is not None and message.id == table.message_id
        key = ("table", table.id)
        if mine:  # claimed before the picture is drawn, so the flush leaves the message alone
            drawn = self.images.drawings.table(table, self.images.picture_of(table))
            self.shown[key] = drawn.digest
        drawn, files = await self.images.table_drawn(table)
        if mine:
            self.shown[key] = drawn.digest
        await answers.edit(interaction, embed=drawn.embed, view=drawn.view, attachments=files)
        if mine:  # its token edits the table message from now on (``cogs.tokens``)
            self.tokens.keep(key, interaction)
