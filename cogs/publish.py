"""Keeping Discord in step with the tables: the table message, hand DMs and thread notices.

``Publisher`` is the table service's listener. The service calls it once a change is committed
and the table's lock let go; it only marks the table dirty and leaves the Discord work to one
flush task per table, so a slow Discord holds up no move. The flush draws the latest state and
edits the table message once, then edits each hand DM whose content or buttons changed; changes
that land while it is busy are drawn together by its next pass. A turn therefore costs at most
one table edit, and a hand DM is edited only when that player's hand or choices change. The
table message is edited at most once per ``TABLE_EDIT_INTERVAL`` seconds, while hand DMs go out
at once (``cogs.table_message``: the Publisher's ``table_message``, which also answers a lobby
button with the table message, drawn once per state and sent through the freshest token that
can edit it).

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
(Mao's Chairman, his rulings with their Review buttons: ``cogs.games.mao.chat.notices``).

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

from cogs import card_images, render
from cogs.announcer import Announcer, Notice
from cogs.announcer import report as _report
from cogs.hand_dms import HandDMs
from cogs.hand_layout import HandLayout
from cogs.play import AgainButton
from cogs.table_message import TableMessage
from cogs.tokens import Tokens
from tables import queries
from tables.model import Seat, Table
from tables.service import TableListener

log = logging.getLogger(__name__)

#: seconds ``close`` lets table edits, hand DMs and notices in flight finish, unless the
#: ``CLOSE_GRACE_DISCORD`` setting says otherwise
CLOSE_GRACE = 5.0


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
        #: the table messages, edited at most once per interval
        self.table_message = TableMessage(
            bot, self.shown, self.images, self.tokens, self.background, self._unarchive
        )

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
        tr = render.catalog(table)
        if table.status == "finished":
            said = render.finished_line(table)
        elif queries.started(table) or table.end_reason != "everyone left":
            said = tr._(
                "{table} has ended ({reason}).",
                table=render.table_title(table),
                reason=render.end_reason(table),
            )
        else:
            return
        # the end is the thread's latest post: Play again is at hand there, as on the table
        # message (which a long thread has scrolled far up)
        again = (
            (AgainButton(table.id, label=tr._("Play again")),)
            if queries.offers_rematch(table)
            else ()
        )
        self.announcer.post(table, Notice([said], buttons=again))

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
                await self.table_message.publish(table)
                await self.hands.publish(table, every_hand)
        except Exception:
            log.exception("could not update table %s on Discord", table_id)
        finally:
            if self.flushers.get(table_id) is asyncio.current_task():
                del self.flushers[table_id]
            if table_id not in self.flushers and self.bot.tables.loaded(table_id) is None:
                self._forget(table_id)

    def _forget(self, table_id: int) -> None:
        for key in [k for k in self.shown if k[1] == table_id]:
            del self.shown[key]
        self.every_hand.discard(table_id)
        self.hands.forget(table_id)
        self.images.drawings.forget(table_id)
        self.tokens.forget(table_id)
        self.table_message.forget(table_id)

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
        self.table_message.hurry()
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
        await self.table_message.answer(interaction, table)

    async def answer_with_new_table(
        self, interaction: discord.Interaction, table: Table, invited: tuple[int, ...]
    ) -> None:
        """Answer a press with a new table's message (a rematch's lobby), asking ``invited``
        (the last table's other players) to join."""
        await self.table_message.answer_with_new(interaction, table, invitation(table, invited))

    async def post_new_table(self, table: Table, invited: tuple[int, ...], by: int) -> None:
        """Post a new table's message (a rematch asked for away from its thread, by ``by``) in
        its thread, asking ``invited`` to join."""
        await self.table_message.post_new(table, invitation(table, invited), by)

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


def invitation(table: Table, invited: tuple[int, ...]) -> dict[str, Any]:
    """What a rematch's lobby message says above the table, in its language: the last
    table's other players asked to join, pinged (and nobody else)."""
    tr = render.catalog(table)
    content = None
    if invited:
        content = tr._(
            "{players}: a new table is open here, join with the buttons.",
            players=" ".join(f"<@{u}>" for u in invited),
        )
    users = [discord.Object(u) for u in invited]
    mentions = discord.AllowedMentions(everyone=False, roles=False, users=users)
    return {"content": content, "allowed_mentions": mentions}
