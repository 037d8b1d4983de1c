"""Answering a press inside Discord's three seconds, however long the table takes to act.

Discord shows "This interaction failed" unless an interaction gets its first answer within
3 s of being made; once answered, its token lets the bot edit that answer or follow it up for
15 minutes. A press is answered with its outcome (one request: the pressed message redrawn,
or one ephemeral message) when the outcome is ready in time. When it is not ready
``ANSWER_WITHIN`` seconds after the press was made (the interaction's snowflake time, so the
time the press spent reaching the bot counts too), the press is deferred, the way its outcome
will show: a deferred update for an outcome that redraws the message pressed (a hand, a
lobby), "thinking" for one that is a new message (the hand shown ephemerally). The outcome,
once the table has acted and logged it, then edits the original response or is its
follow-up: the same words and buttons the player would have had at once.

``in_time`` runs a handler under that guard. The handler answers only through ``edit``,
``send``, ``acknowledge`` and ``modal``, which take the interaction's gate, so the outcome and
the defer never both try to be the first answer: whichever comes second sees the response
done and takes the other path. Outside ``in_time`` they answer directly.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, Literal

import discord

log = logging.getLogger(__name__)

#: seconds after a press is made by which it is answered, with its outcome or a defer:
#: inside Discord's 3 s with a second to spare for the defer's own trip
ANSWER_WITHIN = 2.0

#: how a late press is deferred: its outcome redraws the message pressed ("update"), or is a
#: new message only the presser sees ("ephemeral") or everyone sees ("public")
Late = Literal["update", "ephemeral", "public"]

_gate: contextvars.ContextVar[asyncio.Lock | None] = contextvars.ContextVar(
    "chairman_answer_gate", default=None
)


def _delay(interaction: discord.Interaction) -> float:
    """Seconds left before the press must be deferred (none left: at once)."""
    age = time.time() - interaction.created_at.timestamp()
    return min(max(ANSWER_WITHIN - age, 0.0), ANSWER_WITHIN)


async def _defer_when_late(
    interaction: discord.Interaction, gate: asyncio.Lock, late: Late
) -> None:
    await asyncio.sleep(_delay(interaction))
    async with gate:
        if interaction.response.is_done():
            return
        try:
            if late == "update":
                await interaction.response.defer()
            else:
                await interaction.response.defer(thinking=True, ephemeral=late == "ephemeral")
        except discord.HTTPException as exc:
            log.warning("could not defer a late answer to %s: %s", interaction.user, exc)


@asynccontextmanager
async def in_time(interaction: discord.Interaction, late: Late | None) -> AsyncIterator[None]:
    """Run the body, deferring the interaction (as ``late`` says) if it has not answered by
    ``ANSWER_WITHIN`` seconds after it was made; ``late=None``: no guard."""
    if late is None:
        yield
        return
    gate = asyncio.Lock()
    mark = _gate.set(gate)
    timer = asyncio.get_running_loop().create_task(_defer_when_late(interaction, gate, late))
    try:
        yield
    finally:
        _gate.reset(mark)
        # a defer already on its way is let finish, so nobody answers a second time after it
        async with gate:
            timer.cancel()


@asynccontextmanager
async def _answering() -> AsyncIterator[None]:
    gate = _gate.get()
    if gate is None:
        yield
        return
    async with gate:
        yield


async def edit(interaction: discord.Interaction, **fields: Any) -> None:
    """Redraw the message that was pressed: as the answer, or after a defer as an edit of the
    original response (for a component, the message it is on)."""
    async with _answering():
        if interaction.response.is_done():
            await interaction.edit_original_response(**fields)
        else:
            await interaction.response.edit_message(**fields)


async def send(interaction: discord.Interaction, content: str | None = None, **fields: Any) -> None:
    """Answer with a new message (``ephemeral=True``: only the presser sees it): as the
    answer, or after a defer as its follow-up (which replaces a "thinking" defer's message)."""
    async with _answering():
        if interaction.response.is_done():
            if content is not None:
                fields["content"] = content
            await interaction.followup.send(**fields)
        else:
            await interaction.response.send_message(content, **fields)


async def post(
    interaction: discord.Interaction, content: str | None = None, **fields: Any
) -> discord.Message:
    """Answer with a new message everyone sees, as ``send`` does, and -> that message (a new
    table's message is kept and edited later). Discord returns the message with the answer,
    so it is known as soon as it is shown, without asking for it again."""
    async with _answering():
        if interaction.response.is_done():
            return await interaction.followup.send(content or "", wait=True, **fields)
        answered = await interaction.response.send_message(content, **fields)
    if isinstance(answered.resource, discord.InteractionMessage):
        return answered.resource
    return await interaction.original_response()  # an answer that came without its message


async def acknowledge(interaction: discord.Interaction) -> None:
    """Answer with nothing to show (a deferred update), unless already answered."""
    async with _answering():
        if not interaction.response.is_done():
            await interaction.response.defer()


async def modal(interaction: discord.Interaction, form: discord.ui.Modal) -> bool:
    """Open a form, which only a first answer can do; False if the press was deferred first."""
    async with _answering():
        if interaction.response.is_done():
            return False
        await interaction.response.send_modal(form)
        return True
