"""The gateway intents the bot asks for, as the ``MESSAGE_CONTENT`` setting decides one
(``tables.settings``).

Discord's **Message Content** intent is privileged: a bot in fewer than 100 servers turns it
on in the developer portal; past that, Discord must approve it and may refuse. A bot that asks
for it without having it is closed by the gateway with code 4014 (discord.py raises
``PrivilegedIntentsRequired``). Only Mao's chat needs it (the Chairman reads the thread), so
``MESSAGE_CONTENT`` says whether to ask:

- ``on``: ask for it (a bot without it does not start);
- ``off``: never ask (Mao tables hear speech through the **Say** button on the hand, and
  messages that mention the bot, which Discord delivers with their text anyway);
- ``auto`` (the default): ask, and if Discord refuses, say so in one log line and connect
  without it (``cogs.client``).
"""

from __future__ import annotations

import discord


def intents(message_content: bool) -> discord.Intents:
    """Guilds, guild messages and DMs; message content when asked for (Mao's chat)."""
    chosen = discord.Intents.default()
    chosen.message_content = message_content
    chosen.members = False
    chosen.presences = False
    return chosen


def content_granted(flags: discord.ApplicationFlags) -> bool:
    """Whether the application's settings grant it Message Content (either flag Discord sets
    for it: approved, or turned on by a bot in fewer than 100 servers)."""
    return bool(flags.gateway_message_content or flags.gateway_message_content_limited)
