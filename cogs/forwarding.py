"""DM presses for tables that another bot process runs: deferred here, applied by the owner.

Discord delivers every DM event, DM button presses included, to shard 0 only. When the bot
runs as several processes over PostgreSQL, the process that receives a DM press for a table
it does not run acknowledges the press at once (a deferred update, inside Discord's 3 s),
stores it and announces it over LISTEN/NOTIFY (``data.forwarding``, ``data.notify``). The
process owning the table's shard claims it (once only), rebuilds the interaction from the
stored payload and runs it through its own buttons; whatever the handlers answer becomes an
edit of the pressed message or a follow-up through the interaction's webhook, which any
process may use for 15 minutes with the token.

Slash commands used in a DM (``/hand``, ``/table status``) go the same way when every table
the user sits at is another process's, all the same one's: shard 0 answers "thinking" (in a
DM only the user sees it) and the owner's answer replaces it.

A form (a modal) must be the first answer to its press, too soon to hand the press over: a
hand's button that opens one (a game's ``cogs.plugin.HandForm``: Mao's **Say**, the New rule
builder's **Next**) is answered here with the form, opened from the table as stored, and what
the player sends with it is handed over (``cogs.handed_forms``).

A DM slash command of someone seated at tables of several processes is answered here, as one
process answers someone seated at several tables: use it in the table's thread
(``cogs.items.table_here`` counts the tables other processes run). Limits: a button that
opens a form no game declared cannot be handed over; the owner says so instead. Custom ids
``chairman:<kind>:<number>`` name a table, except the kinds in ``NOT_TABLES``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any, cast

import discord

from cogs import registry
from cogs.errors import answer_error
from cogs.handed_forms import HandedForms
from cogs.items import named_in
from i18n import N_
from tables.errors import TableError
from tables.forwarding import Forwarding, Listener
from tables.settings import shard_of
from tables.storage import StorageUnavailable

if TYPE_CHECKING:  # discord.types cannot be imported first at run time; it holds types only
    from discord.types.interactions import Interaction as InteractionPayload

log = logging.getLogger(__name__)

#: custom-id kinds whose number is not a table id
NOT_TABLES = frozenset({"lb", "match"})
#: where discord.py caches ``Interaction.response`` (``utils.cached_slot_property``)
RESPONSE_SLOT = "_cs_response"


class ForwardedResponse:
    """``interaction.response`` for a press another process already deferred: the calls the
    cogs make on it become an edit of the pressed message or a follow-up."""

    def __init__(self, interaction: discord.Interaction) -> None:
        self._interaction = interaction
        self._done = False

    def is_done(self) -> bool:
        return self._done

    async def defer(self, **_: Any) -> None:
        self._done = True

    async def edit_message(self, **fields: Any) -> None:
        self._done = True
        fields.pop("delete_after", None)
        await self._interaction.edit_original_response(**fields)

    async def send_message(self, content: str | None = None, **fields: Any) -> None:
        self._done = True
        fields.pop("delete_after", None)
        await self._interaction.followup.send(content or "", **fields)

    async def send_modal(self, modal: Any) -> None:
        raise TableError(
            N_(
                "That button opens a form, which only works on a table this part of the bot"
                " runs; press it from the table's thread instead."
            )
        )


class PressForwarder:
    """Hands DM presses over to the owning process, and applies those handed to this one."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        #: the forms a hand's button opens: opened here from a DM for another process's
        #: table, read here when sent for this one's (``cogs.handed_forms``)
        self.forms = HandedForms(registry.hand_forms())
        self.listener: Listener | None = None
        self.channel = ""
        self.handed_over = 0  # presses this process passed on
        self.applied = 0  # presses other processes passed to this one
        self._background: set[asyncio.Task[Any]] = set()

    @property
    def settings(self) -> Any:
        return self.bot.settings

    @property
    def needed(self) -> bool:
        """Only several processes over PostgreSQL need it."""
        return self.shared.shared and not self.settings.runs_every_shard

    @property
    def shared(self) -> Forwarding:
        """The record of presses handed over (``tables.forwarding``)."""
        forwarding: Forwarding = self.bot.tables.forwarding
        return forwarding

    async def start(self) -> None:
        # a form sent here that this process did not show is read with the form rebuilt;
        # a press for another process's table is handed over before that (the hook below)
        self.forms.install(self.bot)
        if not self.needed:
            return
        state = self.bot._connection
        original = state.parsers["INTERACTION_CREATE"]

        def parse_interaction_create(data: Any) -> None:
            target = self.owner_of(data)
            if target is None:
                original(data)
            else:
                self._spawn(self.hand_over(data, *target))

        state.parsers["INTERACTION_CREATE"] = parse_interaction_create
        self.channel = self.shared.channel_name()
        self.listener = Listener(
            self.settings.database_url, self.channel, self._heard, self._catch_up
        )
        self.listener.start()
        await asyncio.wait_for(self.listener.connected.wait(), 10)

    async def close(self) -> None:
        if self.listener is not None:
            await self.listener.stop()
        for task in list(self._background):
            task.cancel()

    # --- the receiving side ------------------------------------------------------------------
    def owner_of(self, data: Any) -> tuple[int, int] | None:
        """(table id, owning shard) for a DM press on a table another process runs."""
        if data.get("guild_id"):
            return None
        if data.get("type") == 2:
            return self._command_owner(data)
        named = _named(data)
        if data.get("type") not in (3, 5) or named is None or named[0] in NOT_TABLES:
            return None
        if data.get("type") == 5 and self.forms.sent_with(named[0]) is None:
            return None  # only a hand's form is opened from a DM (``HandedForms``)
        table_id = named[1]
        if self.bot.tables.loaded(table_id) is not None:
            return None
        try:
            unfinished, guild_id = self.shared.unfinished_guild(table_id)
        except StorageUnavailable:
            return None  # handled here: the player is told to try again
        if not unfinished:
            return None
        if self.settings.owns(guild_id):
            return None
        return table_id, shard_of(guild_id, self.settings.shard_count)

    def _command_owner(self, data: Any) -> tuple[int, int] | None:
        """For a DM slash command: the one other shard running every table of the user."""
        user = data.get("user") or {}
        if not str(user.get("id", "")).isdigit():
            return None
        try:
            seated = self.shared.open_tables_of_user(int(user["id"]))
        except StorageUnavailable:
            return None
        if not seated or any(self.settings.owns(guild) for _, guild in seated):
            return None
        shards = {shard_of(guild, self.settings.shard_count) for _, guild in seated}
        return (seated[0][0], shards.pop()) if len(shards) == 1 else None

    async def hand_over(self, data: Any, table_id: int, shard: int) -> None:
        interaction = discord.Interaction(data=data, state=self.bot._connection)
        named = _named(data)
        form = self.forms.opened_by(named[0]) if named and data.get("type") == 3 else None
        if form is not None:
            # a form is the first answer to its press: opened here, from the table as stored
            try:
                table = self.shared.stored_table(table_id)
            except StorageUnavailable as error:
                await answer_error(interaction, error)
                return
            if await self.forms.open(interaction, form, table, data["data"]["custom_id"]):
                return
        if data.get("type") == 2:
            await interaction.response.defer(ephemeral=True, thinking=True)
        else:
            await interaction.response.defer()
        try:
            press = self.shared.hand_over(self.channel, table_id, shard, data, time.time())
        except StorageUnavailable as error:
            await answer_error(interaction, error)  # in the player's language
            return
        self.handed_over += 1
        log.debug("press %s on table %s handed to shard %s", press, table_id, shard)

    # --- the owning side ---------------------------------------------------------------------
    def _mine(self, shard: int) -> bool:
        ids = self.settings.shard_ids
        return ids is None or shard in ids

    def _heard(self, payload: str) -> None:
        try:
            message = json.loads(payload)
            press, shard = int(message["id"]), int(message["shard"])
        except (ValueError, KeyError, TypeError):
            log.warning("ignoring a malformed press notification %r", payload[:200])
            return
        if self._mine(shard):
            self._spawn(self.apply(press))

    def _catch_up(self) -> None:
        """Presses handed over while this process was not listening."""
        try:
            waiting = self.shared.unclaimed(self.settings.shard_ids or (), time.time())
        except StorageUnavailable:
            return
        for press in waiting:
            self._spawn(self.apply(press))

    async def apply(self, press: int) -> None:
        try:
            data = self.shared.claim(press, time.time())
        except StorageUnavailable:
            return  # unclaimed: picked up again when the listener reconnects
        if data is None:
            return
        await self.bot.wait_until_ready()
        # the stored payload is the interaction as Discord sent it to the process that deferred it
        payload = cast("InteractionPayload", data)
        interaction = discord.Interaction(data=payload, state=self.bot._connection)
        # discord.py keeps interaction.response in this slot (a cached slot property): the press,
        # already deferred, is answered through a response of its own
        setattr(interaction, RESPONSE_SLOT, ForwardedResponse(interaction))
        inner = data["data"]
        self.applied += 1
        if data.get("type") == 2:
            self.bot.tree._from_interaction(interaction)
            return
        named = _named(data)
        form = self.forms.sent_with(named[0]) if named and data.get("type") == 5 else None
        if named is not None and form is not None:
            await self.forms.read(interaction, form, self.bot.tables, named[1], inner)
            return
        self.bot._connection._view_store.dispatch_view(
            inner["component_type"], inner["custom_id"], interaction
        )

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._background.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._background.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("handing a press over failed", exc_info=task.exception())


def _named(data: Any) -> tuple[str, int] | None:
    """The kind and number of an interaction's custom id (``cogs.items.named_in``)."""
    return named_in((data.get("data") or {}).get("custom_id"))
