"""Keeping Discord in step with the tables: the table message, hand DMs and thread notices.

``Publisher`` is the table service's listener. The service calls it once a change is committed
and the table's lock let go; it only marks the table dirty and leaves the Discord work to one
flush task per table, so a slow Discord holds up no move. The flush draws the latest state and
edits the table message once, then edits each hand DM whose content or buttons changed; changes
that land while it is busy are drawn together by its next pass. A turn therefore costs at most
one table edit, and a hand DM is edited only when that player's hand or choices change. The
table message is edited at most once per ``TABLE_EDIT_INTERVAL`` seconds (on the service's
clock): a change that comes sooner is drawn, with any that follow it, when the interval is up,
the latest state winning, while hand DMs go out at once. A busy table so stays far inside
Discord's per-channel limits. Where nobody plays in person, an edit that would count against
Discord's global limit (no fresh interaction token, below) shows a run of ``BOTS_ONLY_RUN``
bots' moves at once, or what ``BOTS_ONLY_INTERVAL`` brought if fewer. The table message is drawn
once per table state (``cogs.drawn``) and PATCHed through the freshest interaction token that
can edit it (``cogs.tokens``: Start, a lobby press), which Discord's global limit does not
count, else straight through the HTTP client; its picture, when nobody waits for it, in the
background picture thread (``cogs.card_images``).

``close`` is the shutdown, after the table service has stopped its timers and before the
HTTP session closes: table edits still waiting for their interval go out at once, the rest
get ``CLOSE_GRACE_DISCORD`` seconds (a setting; ``CLOSE_GRACE`` by default), and whatever is
still in flight then is cancelled and awaited, so no edit meets a closed session and no
task's error goes unread.

A table's thread that Discord archived (a day without messages) is unarchived when the
table next has something to show there, so a table can live for days.

Every post in a table's thread, whatever the game, goes through one ``Announcer``
(``cogs.announcer``), in the order it was said: the Publisher's own notices (``say``: a turn
warning, a seat marked away, a table's end) and what a game has to say about its events
(Mao's Chairman, his rulings with their Review buttons: ``cogs.mao.chat.notices``).

Hands go by DM, sent once and then edited (``cogs.hand_dms``: the Publisher's ``hands``,
which also answer a press with a hand). Interactions that already answer
with a fresh hand or table message record what they showed, so the flush does not edit the
same thing again.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
from discord.http import handle_message_parameters

from cogs import answers, card_images, render, uploads
from cogs.announcer import ARCHIVED, Announcer, Notice
from cogs.announcer import report as _report
from cogs.drawn import Drawn
from cogs.hand_dms import HandDMs
from cogs.hand_layout import HandLayout
from cogs.tokens import Tokens
from tables import queries
from tables.model import Seat, Table
from tables.service import TableListener

log = logging.getLogger(__name__)

#: seconds ``close`` lets table edits, hand DMs and notices in flight finish, unless the
#: ``CLOSE_GRACE_DISCORD`` setting says otherwise
CLOSE_GRACE = 5.0
#: where nobody plays in person (bots, or people away) and an edit would count against
#: Discord's global limit (no fresh token), nobody waits to see each bot's move: a run of
#: ``BOTS_ONLY_RUN`` changes is shown in one edit, or what came within ``BOTS_ONLY_INTERVAL``
#: seconds of the last edit if fewer (never sooner than ``TABLE_EDIT_INTERVAL``)
BOTS_ONLY_RUN = 4
BOTS_ONLY_INTERVAL = 10.0


class Publisher(TableListener):
    """The table service's listener: the table message, hand DMs and thread notices."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.dirty: dict[int, Table] = {}
        #: tables whose next flush compares every hand (not only those a change redraws)
        self.every_hand: set[int] = set()
        self.flushers: dict[int, asyncio.Task[None]] = {}
        self.shown: dict[tuple[Any, ...], Any] = {}
        self.background: set[asyncio.Task[Any]] = set()
        #: tables whose message waits for its interval, and when each was last edited
        self.table_due: dict[int, Table] = {}
        self.table_edited: dict[int, float] = {}
        self.table_tasks: dict[int, asyncio.Task[None]] = {}
        #: tables whose delayed edit is waiting for its interval now (``close`` wakes them)
        self.table_waiting: set[int] = set()
        #: the version each table's last edit showed, and the tables woken by a run of changes
        self.table_versions: dict[int, int] = {}
        self.table_woken: set[int] = set()
        self.closing = False
        self.closed = False
        self.images = card_images.Attachments(bot)
        #: the interactions whose tokens can edit a table message or a hand DM
        self.tokens = Tokens()
        #: the hand DMs, and the answers that show a hand
        self.hands = HandDMs(
            bot, self.shown, self.images, self.touch, self.claim, self.say, self.tokens
        )
        #: every post in a table's thread goes through it, in order
        self.announcer = Announcer(bot, self.background, self._unarchive)

    # --- the listener interface ----------------------------------------------------------
    async def lobby_changed(self, table: Table) -> None:
        self.touch(table)

    async def game_changed(self, table: Table, events: list[Any]) -> None:
        self.touch(table, every_hand=False)  # the hands the change redraws (``HandDMs``)
        self.announcer.announce(table, events)

    async def seat_back(self, table: Table, seat: Seat) -> None:
        self.touch(table)

    async def turn_warning(self, table: Table, seat: Seat) -> None:
        wait = round(self.bot.tables.turn_timeout / 2)
        tr = render.catalog(table)
        self.say(
            table,
            tr._(
                "{name}, it is your turn at {table}: a bot will play it for you in {seconds} s "
                "unless you move.",
                name=f"<@{seat.user_id}>",
                table=render.table_title(table),
                seconds=tr.number(wait),
            ),
            mention=seat.user_id,
        )

    async def seat_away(self, table: Table, seat: Seat) -> None:
        self.touch(table)
        self.say(
            table,
            render.catalog(table)._(
                "{name} missed two turns in a row and is marked away: a bot plays for them "
                "until they press **I'm back** on their hand.",
                name=seat.name,
            ),
        )

    async def table_closed(self, table: Table) -> None:
        self.touch(table)
        if table.status == "finished":
            self.say(table, render.finished_line(table))
        elif queries.started(table) or table.end_reason != "everyone left":
            tr = render.catalog(table)
            ended = tr._(
                "{table} has ended ({reason}).",
                table=render.table_title(table),
                reason=render.end_reason(table),
            )
            self.say(table, ended)

    # --- flushing ------------------------------------------------------------------------
    def touch(self, table: Table, every_hand: bool = True) -> None:
        """Draw ``table`` again soon (once, however often this is called meanwhile): its
        message, and every hand whose layout changed, or after a move (``every_hand``
        false) only the hands the moves since the last flush redraw."""
        if self.closed:
            return  # the session is gone; a restarted bot redraws every table
        self.dirty[table.id] = table
        if every_hand:
            self.every_hand.add(table.id)
        task = self.flushers.get(table.id)
        if task is None or task.done():
            self.flushers[table.id] = asyncio.get_running_loop().create_task(
                self._flush(table.id), name=f"chairman-flush-{table.id}"
            )

    async def _flush(self, table_id: int) -> None:
        try:
            await asyncio.sleep(0)
            if not self.bot.is_ready():
                await self.bot.wait_until_ready()
            while table_id in self.dirty:
                table = self.dirty.pop(table_id)
                every_hand = table_id in self.every_hand
                self.every_hand.discard(table_id)
                await self._publish_table(table)
                await self.hands.publish(table, every_hand)
        except Exception:
            log.exception("could not update table %s on Discord", table_id)
        finally:
            if self.flushers.get(table_id) is asyncio.current_task():
                del self.flushers[table_id]
            if table_id not in self.flushers and not self.bot.tables.tables.get(table_id):
                self._forget(table_id)

    def _forget(self, table_id: int) -> None:
        for key in [k for k in self.shown if k[1] == table_id]:
            del self.shown[key]
        self.every_hand.discard(table_id)
        self.hands.forget(table_id)
        self.images.drawings.forget(table_id)
        self.tokens.forget(table_id)
        if table_id not in self.table_due:
            self.table_edited.pop(table_id, None)
            self.table_versions.pop(table_id, None)

    async def settled(self) -> None:
        """Wait until every pending flush and notice is done (tests and shutdown)."""
        while True:
            tasks = [t for t in [*self.flushers.values(), *self.background] if not t.done()]
            if not tasks:
                return
            await asyncio.gather(*tasks, return_exceptions=True)

    async def close(self, grace: float | None = None) -> None:
        """Send what is owed before the HTTP session closes: delayed table edits at once,
        the rest within ``grace`` seconds (default: ``close_grace``); then cancel and await
        whatever is left."""
        grace = self.close_grace if grace is None else grace
        self.closing = True
        for table_id in list(self.table_waiting):
            if task := self.table_tasks.get(table_id):
                task.cancel()  # it edits at once instead (_wait_interval)
        try:
            await asyncio.wait_for(self.settled(), grace)
        except TimeoutError:
            log.warning("closing: Discord updates still in flight after %s s; cancelled", grace)
        self.closed = True
        tasks = [t for t in [*self.flushers.values(), *self.background] if not t.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def claim(self, key: tuple[Any, ...], shown: Any) -> None:
        """Record that ``key`` now shows ``shown`` (an interaction answer already drew it)."""
        self.shown[key] = shown

    @property
    def close_grace(self) -> float:
        """Seconds a stop waits for what is owed to Discord (``CLOSE_GRACE_DISCORD``)."""
        settings = getattr(self.bot, "settings", None)
        return float(getattr(settings, "close_grace_discord", CLOSE_GRACE))

    @property
    def edit_interval(self) -> float:
        """``TABLE_EDIT_INTERVAL``, as many times longer as the bots go slower when the
        process nears its share of Discord's global limit (``cogs.budget``)."""
        settings = getattr(self.bot, "settings", None)
        interval = float(getattr(settings, "table_edit_interval", 0.0))
        return interval * self._pace() if interval else interval

    async def _publish_table(self, table: Table) -> None:
        """Edit the table message now, or once its edit interval is up (the latest state)."""
        interval = self.edit_interval
        if interval <= 0:
            await self._edit_table(table)
            return
        self.table_due[table.id] = table
        runs = table.version - self.table_versions.get(table.id, table.version)
        task = self.table_tasks.get(table.id)
        if task is None or task.done():
            task = asyncio.get_running_loop().create_task(self._edit_when_due(table.id))
            self.table_tasks[table.id] = task
            self.background.add(task)  # ``settled`` waits for it
            task.add_done_callback(self.background.discard)
        elif runs >= BOTS_ONLY_RUN and table.id in self.table_waiting and self._bots_only(table):
            self.table_woken.add(table.id)  # a run of bots' moves: shown now
            task.cancel()

    async def _edit_when_due(self, table_id: int) -> None:
        clock = self.bot.tables.clock
        try:
            while table_id in self.table_due:
                last = self.table_edited.get(table_id)
                due = self.table_due.get(table_id)
                if last is not None and due is not None and not self.closing:
                    await self._wait_interval(table_id, last + self._interval_for(due))
                    # woken by a run of bots' moves: still not sooner than the usual interval
                    await self._wait_interval(table_id, last + self.edit_interval)
                table = self.table_due.pop(table_id, None)
                if table is None:
                    return
                self.table_edited[table_id] = clock.now()
                self.table_versions[table_id] = table.version
                await self._edit_table(table)
        except Exception:  # never left in the task for nobody to read
            log.exception("could not edit the message of table %s", table_id)
        finally:
            if self.table_tasks.get(table_id) is asyncio.current_task():
                del self.table_tasks[table_id]

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
        runs = table.version - self.table_versions.get(table.id, table.version)
        if interval > 0 and runs < BOTS_ONLY_RUN and self._bots_only(table):
            return max(interval, BOTS_ONLY_INTERVAL * self._pace())
        return interval

    def _pace(self) -> float:
        requests = getattr(self.bot, "requests", None)
        return requests.pace() if requests is not None else 1.0

    async def _wait_interval(self, table_id: int, until: float) -> None:
        """Sleep until ``until`` on the service's clock; ``close`` cuts the wait short."""
        self.table_waiting.add(table_id)
        try:
            await self.bot.tables.clock.sleep_until(until)
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if not (self.closing or table_id in self.table_woken) or task is None:
                raise
            task.uncancel()  # woken by ``close`` or a run of changes: the latest state goes out
        finally:
            self.table_waiting.discard(table_id)
            self.table_woken.discard(table_id)

    async def _edit_table(self, table: Table) -> None:
        if table.channel_id is None or table.message_id is None:
            return
        drawn, files = await self.images.table_drawn(table, background=True)
        key = ("table", table.id)
        if self.shown.get(key) == drawn.digest:
            return
        self.shown[key] = drawn.digest
        try:
            try:
                await self._send_table_edit(table, drawn, files)
            except discord.HTTPException as exc:
                if exc.code != ARCHIVED or not await self._unarchive(table):
                    raise
                files = self.images.again(files)  # the failed edit has read them
                await self._send_table_edit(table, drawn, files)
        except discord.HTTPException as exc:
            self.shown.pop(key, None)
            _report(f"could not edit the message of table {table.id}", exc)

    async def _send_table_edit(self, table: Table, drawn: Drawn, files: list[discord.File]) -> None:
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

    async def _unarchive(self, table: Table) -> bool:
        """Reopen the table's thread, which Discord archived after a quiet day (a long Mao
        table): the table has something to show there again. Whether it worked."""
        assert table.channel_id is not None
        try:
            await self.bot.http.edit_channel(table.channel_id, archived=False)
        except discord.HTTPException as exc:
            _report(f"could not unarchive the thread of table {table.id}", exc)
            return False
        return True

    # --- notices in the thread -----------------------------------------------------------
    def say(self, table: Table, text: str, mention: int | None = None) -> None:
        """Post ``text`` in the table's thread, pinging ``mention``, after what came before."""
        self.announcer.post(table, Notice([text], pings=(mention,) if mention else ()))

    # --- answering interactions ----------------------------------------------------------
    async def answer_with_table(self, interaction: discord.Interaction, table: Table) -> None:
        """Answer a lobby button by redrawing the table message it is on."""
        message = interaction.message
        mine = message is not None and message.id == table.message_id
        if mine:  # claimed before the picture is drawn, so the flush leaves the message alone
            drawn = self.images.drawings.table(table, self.images.picture_of(table))
            self.claim(("table", table.id), drawn.digest)
        drawn, files = await self.images.table_drawn(table)
        if mine:
            self.claim(("table", table.id), drawn.digest)
        await answers.edit(interaction, embed=drawn.embed, view=drawn.view, attachments=files)
        if mine:  # its token edits the table message from now on (``cogs.tokens``)
            self.tokens.keep(("table", table.id), interaction)

    # --- hands (``HandDMs``) ---------------------------------------------------------------
    def layout(self, table: Table, seat: Seat, page: int = 0) -> HandLayout:
        """The hand of ``seat`` as it stands (laid out once per state)."""
        return self.hands.layout(table, seat, page)

    async def answer_with_hand(
        self, interaction: discord.Interaction, table: Table, seat: Seat | None, page: int = 0
    ) -> None:
        """Answer a hand's button by redrawing that hand in place."""
        await self.hands.answer_with_hand(interaction, table, seat, page)

    async def send_hand(self, interaction: discord.Interaction, table: Table, seat: Seat) -> None:
        """Answer with the hand, ephemerally."""
        await self.hands.send_hand(interaction, table, seat)

    def current_hand_for(
        self, interaction: discord.Interaction
    ) -> tuple[str, discord.ui.View | None] | None:
        """The current hand of whoever pressed a stale button (for the refusal)."""
        return self.hands.current_hand_for(interaction)
