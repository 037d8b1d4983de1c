"""Small helpers for the fake's self-tests: a throwaway bot class with the test settings."""

from __future__ import annotations

from typing import Any

import discord
from discord.ext import commands


def intents_for_tests(*, message_content: bool = True, members: bool = False) -> discord.Intents:
    intents = discord.Intents.default()
    intents.message_content = message_content
    intents.members = members
    return intents


class ThrowawayBot(commands.Bot):
    """A ``commands.Bot`` built as the project's bots should be in tests: no prefix commands
    needed, a tiny ``guild_ready_timeout`` so ``on_ready`` comes at once, and an optional
    ``setup`` coroutine run in ``setup_hook`` (register commands there, then sync)."""

    def __init__(
        self, *, intents: discord.Intents | None = None, setup: Any = None, sync: bool = True
    ) -> None:
        super().__init__(
            command_prefix="!",
            intents=intents or intents_for_tests(),
            guild_ready_timeout=0.01,
            help_command=None,
        )
        self._setup = setup
        self._sync = sync
        self.seen_messages: list[discord.Message] = []

    async def setup_hook(self) -> None:
        if self._setup is not None:
            await self._setup(self)
        if self._sync:
            await self.tree.sync()

    async def on_message(self, message: discord.Message) -> None:
        self.seen_messages.append(message)
