"""Discord's numbers as the fake uses them: channel types, message flags, the gateway intents
it gates events on, and the permission sets of @everyone, the Admin role and the bot."""

from __future__ import annotations

import discord

DISCORD_EPOCH_MS = 1420070400000

# Channel types (Discord's numbers).
TEXT = 0
DM = 1
#: a voice channel: where Activities are most often launched; its text chat holds no thread
VOICE = 2
#: the guild channels a server lists (threads are listed apart)
GUILD_CHANNELS = (TEXT, VOICE)
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = (PUBLIC_THREAD, PRIVATE_THREAD)

# Message flags.
EPHEMERAL = 1 << 6
LOADING = 1 << 7
COMPONENTS_V2 = 1 << 15

# Gateway intents (only the ones the fake gates events on).
INTENT_GUILDS = 1 << 0
INTENT_MEMBERS = 1 << 1
INTENT_PRESENCES = 1 << 8
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_GUILD_REACTIONS = 1 << 10
INTENT_DM_MESSAGES = 1 << 12
INTENT_DM_REACTIONS = 1 << 13
INTENT_MESSAGE_CONTENT = 1 << 15
PRIVILEGED = {
    "members": INTENT_MEMBERS,
    "presences": INTENT_PRESENCES,
    "message_content": INTENT_MESSAGE_CONTENT,
}

EVERYONE_PERMISSIONS = discord.Permissions(
    create_instant_invite=True,
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    create_private_threads=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    read_message_history=True,
    use_external_emojis=True,
    use_application_commands=True,
    change_nickname=True,
).value
ADMIN_PERMISSIONS = discord.Permissions(administrator=True, manage_guild=True).value
BOT_PERMISSIONS = (
    EVERYONE_PERMISSIONS
    | discord.Permissions(manage_threads=True, manage_messages=True, mention_everyone=True).value
)
ALL_PERMISSIONS = discord.Permissions.all().value
MANAGE_THREADS = discord.Permissions(manage_threads=True).value
ADMINISTRATOR = discord.Permissions(administrator=True).value


def shard_of(guild_id: int, shard_count: int) -> int:
    """The gateway shard a guild's events go to, as Discord computes it."""
    return (guild_id >> 22) % shard_count
