"""Interaction tokens that can still edit what a player looks at, so that an update spends
nothing of Discord's global request budget.

Discord counts every request made with the bot's own token against one global limit of about
50 a second for the whole bot; a request made with an interaction's token (its answer, and
for 15 minutes edits of its original response) does not count. A press answered by redrawing
the message it is on (a hand DM, the table message: a hand's move, a lobby button, Start)
makes that message the interaction's original response, so until the token runs out the bot
can edit the message through it.

``Tokens`` keeps, for each such message (``("table", table id)``, ``("dm", table id,
seat)``), the freshest interaction that can edit it, and ``edit`` edits through it while it
has more than ``MARGIN`` seconds of its ``LIFE`` left (a request sent at the last moment
could arrive after it ran out). With no such token, or when Discord refuses one, ``edit``
says so and the caller edits with the bot's own token. A token is judged by the
interaction's snowflake time, which is when Discord made it.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

import discord
from discord.http import handle_message_parameters
from discord.webhook.async_ import async_context

log = logging.getLogger(__name__)

#: seconds an interaction's token may edit its original response (Discord's 15 minutes)
LIFE = 15 * 60.0
#: seconds of life a token must have left to be used
MARGIN = 60.0

#: what a token edits: ``("table", table id)`` or ``("dm", table id, seat)``
Key = tuple[Any, ...]


class Tokens:
    """The freshest interaction that can edit each message (see the module docstring)."""

    def __init__(self, now: Callable[[], float] = time.time) -> None:
        #: the wall clock tokens are judged on (a test moves it)
        self.now = now
        self._held: dict[Key, discord.Interaction] = {}
        #: edits sent through a token, and edits left to the bot's own token for want of one
        self.used = 0
        self.missed = 0

    def keep(self, key: Key, interaction: discord.Interaction) -> None:
        """``interaction`` was answered by redrawing the message ``key`` names."""
        held = self._held.get(key)
        if held is None or held.created_at <= interaction.created_at:
            self._held[key] = interaction

    def fresh(self, key: Key) -> discord.Interaction | None:
        """The interaction whose token can edit ``key`` now, if any."""
        interaction = self._held.get(key)
        if interaction is None:
            return None
        if self.now() - interaction.created_at.timestamp() >= LIFE - MARGIN:
            del self._held[key]
            return None
        return interaction

    def forget(self, table_id: int) -> None:
        for key in [k for k in self._held if k[1] == table_id]:
            del self._held[key]

    async def edit(self, key: Key, **fields: Any) -> bool:
        """Edit the message ``key`` names through a fresh token; False if there is none or
        Discord refused it (the caller then edits with the bot's token, with fresh copies of
        any files, which a refused request has read)."""
        interaction = self.fresh(key)
        if interaction is None:
            self.missed += 1
            return False
        state: Any = interaction._state
        http = state.http
        try:
            with handle_message_parameters(**fields) as params:
                await async_context.get().edit_original_interaction_response(
                    interaction.application_id,
                    interaction.token,
                    session=interaction._session,
                    proxy=http.proxy,
                    proxy_auth=http.proxy_auth,
                    payload=params.payload,
                    multipart=params.multipart,
                    files=params.files,
                )
        except discord.HTTPException as exc:
            # ran out early, or the message is gone: this token is done with
            log.info("an interaction token could not edit %s (%s); editing as the bot", key, exc)
            if self._held.get(key) is interaction:
                del self._held[key]
            self.missed += 1
            return False
        self.used += 1
        return True
