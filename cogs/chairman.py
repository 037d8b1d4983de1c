"""The bot's own services as a cog reaches them, typed.

discord.py hands a cog ``commands.Bot`` and an interaction ``discord.Client``; the services
the cogs use (``tables``, ``db``, ``publisher``) live on ``cogs.client.ChairmanBot``.
``chairman(client)`` says so once, instead of an ``attr-defined`` ignore at every use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import discord

if TYPE_CHECKING:  # the client module loads the cogs, so it is imported for types only
    from cogs.client import ChairmanBot


def chairman(client: discord.Client) -> ChairmanBot:
    """``client`` as the ChairmanBot it is (every cog runs inside one)."""
    return cast("ChairmanBot", client)
