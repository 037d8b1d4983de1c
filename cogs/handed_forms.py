"""Forms a hand's button opens from a DM, at a bot run as several processes.

Discord delivers every DM press to shard 0, and a form (a modal) must be the first answer to
its press: too soon to hand the press to the process running the table (``cogs.forwarding``).
So shard 0's process opens the form itself, from the table as stored: its seats, language and
state, not its game (``cogs.plugin.HandForm.open`` needs no more). What the player sends with
it is handed over as a press is; the owner rebuilds the form from its live table and reads
the submission with it, so the form's own code does what it does when opened there, and
answers through the interaction's webhook. This module names no game: the games' forms come
from ``cogs.registry``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from cogs.errors import answer_error
from cogs.plugin import HandForm
from tables.errors import NoTable, NotSeated, StaleView
from tables.model import Table


class HandedForms:
    """The games' hand forms, by the kind of the button that opens each and by their own."""

    def __init__(self, forms: Sequence[HandForm]) -> None:
        self.by_button = {form.button: form for form in forms}
        self.by_form = {form.form: form for form in forms}

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

    def read(
        self,
        interaction: discord.Interaction,
        form: HandForm,
        table: Table,
        data: dict[str, Any],
    ) -> None:
        """Read a submission of ``form`` handed over from shard 0 (``data``: the interaction's
        ``data``) with the form rebuilt from the live ``table``."""
        seat = table.seat_of_user(interaction.user.id)
        if seat is None:
            raise NotSeated()
        modal = form.open(table, seat, str(data.get("custom_id", "")))
        if modal is None:  # a form that asks nothing is never shown, so never sent
            raise StaleView()
        # discord.py's own path for a submission, which finds the form by its custom id among
        # those this process showed; this one was shown by another process
        modal._dispatch_submit(interaction, data.get("components", []), data.get("resolved", {}))
