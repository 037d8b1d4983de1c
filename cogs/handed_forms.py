"""Forms a hand's button opens (``cogs.plugin.HandForm``), read wherever they were shown.

discord.py reads a submitted form with the form object it showed, kept in memory: a form
shown before a restart of the bot, or by another of its processes, would be dropped unread,
and the player's words lost. Such a form is read here with the form rebuilt from the live
table (``install``), as the form's own code would have read it.

At a bot run as several processes, Discord delivers every DM press to shard 0, and a form (a
modal) must be the first answer to its press: too soon to hand the press to the process
running the table (``cogs.forwarding``). So shard 0's process opens the form itself, from the
table as stored: its seats, language and state, not its game (``cogs.plugin.HandForm.open``
needs no more). What the player sends with it is handed over as a press is; the owner
rebuilds the form from its live table and reads the submission with it, so the form's own
code does what it does when opened there, and answers through the interaction's webhook.
This module names no game: the games' forms come from ``cogs.registry``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

import discord

from cogs.errors import answer_error
from cogs.items import named_in
from cogs.plugin import HandForm
from tables.errors import NoTable, NotSeated, StaleView
from tables.model import Table


class HandedForms:
    """The games' hand forms, by the kind of the button that opens each and by their own."""

    def __init__(self, forms: Sequence[HandForm]) -> None:
        self.by_button = {form.button: form for form in forms}
        self.by_form = {form.form: form for form in forms}
        #: forms being read here (kept so that their tasks are not collected unfinished)
        self._reading: set[asyncio.Task[None]] = set()

    def install(self, bot: Any) -> None:
        """Read on ``bot`` the hand forms sent that it did not show (shown before a restart),
        instead of discord.py dropping them."""
        state = bot._connection
        original = state.parsers["INTERACTION_CREATE"]

        def parse_interaction_create(data: Any) -> None:
            inner = data.get("data") or {}
            named = named_in(inner.get("custom_id")) if data.get("type") == 5 else None
            form = self.sent_with(named[0]) if named is not None else None
            # discord.py reads the forms it still holds (its own store, by custom id)
            if named is None or form is None or inner["custom_id"] in state._view_store._modals:
                original(data)
                return
            interaction = discord.Interaction(data=data, state=state)
            reading = self.read(interaction, form, bot.tables, named[1], inner)
            task = asyncio.get_running_loop().create_task(reading)
            self._reading.add(task)
            task.add_done_callback(self._reading.discard)

        state.parsers["INTERACTION_CREATE"] = parse_interaction_create

    def opened_by(self, kind: str) -> HandForm | None:
        """The form a button of custom-id ``kind`` opens, if it opens one."""
        return self.by_button.get(kind)

    def sent_with(self, kind: str) -> HandForm | None:
        """The form a submission of custom-id ``kind`` was sent with, if it is a hand's."""
        return self.by_form.get(kind)

    async def open(
        self,
        interaction: discord.Interaction,
        form: HandForm,
        table: Table | None,
        custom_id: str,
    ) -> bool:
        """Answer the press (``custom_id``) with ``form`` for the presser's seat at ``table``
        as stored (None: not stored), or with why they may not have it; False where the press
        needs no form and nothing was answered (it is handed over as any press is)."""
        try:
            if table is None:
                raise NoTable()
            seat = table.seat_of_user(interaction.user.id)
            if seat is None:
                raise NotSeated()
            modal = form.open(table, seat, custom_id)
        except Exception as error:
            await answer_error(interaction, error)
            return True
        if modal is None:
            return False
        await interaction.response.send_modal(modal)
        # what is sent with it is handed over before this process would read it: discord.py
        # need not keep the form waiting here
        modal.stop()
        return True

    async def read(
        self,
        interaction: discord.Interaction,
        form: HandForm,
        tables: Any,
        table_id: int,
        data: dict[str, Any],
    ) -> None:
        """Read a submission of ``form`` this process did not show (handed over from shard
        0, or shown before a restart; ``data``: the interaction's ``data``) with the form
        rebuilt from the live table ``table_id`` of ``tables`` (the table service), or answer
        why not."""
        try:
            table = tables.get(table_id)
            seat = table.seat_of_user(interaction.user.id)
            if seat is None:
                raise NotSeated()
            modal = form.open(table, seat, str(data.get("custom_id", "")))
            if modal is None:  # a form that asks nothing is never shown, so never sent
                raise StaleView()
        except Exception as error:  # a refusal is said; anything else is logged and said too
            await answer_error(interaction, error)
            return
        # discord.py's own path for a submission, which finds the form by its custom id among
        # those this process showed
        modal._dispatch_submit(interaction, data.get("components", []), data.get("resolved", {}))
