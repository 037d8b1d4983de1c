"""The central error handler: every refusal becomes one ephemeral sentence.

The table service raises ``TableError`` subclasses whose text is already the sentence to
show (``tables.errors``); ``answer_error`` sends it, and for an out-of-date button or a card
no longer held it adds the player's current hand. Slash-command errors arrive through the
tree's ``on_error``, set by the ``Errors`` cog; a form's through ``AnsweringModal``. Anything
unexpected is logged with its traceback and the player is told that nothing changed.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from cogs import answers
from i18n import N_
from tables.errors import StaleView, TableError
from tables.storage import StorageUnavailable

log = logging.getLogger(__name__)

UNEXPECTED = N_("Something went wrong on my side; nothing at the table changed.")
UNAVAILABLE = N_("The table is unavailable just now; nothing changed. Try again in a moment.")


def sentence(error: BaseException, catalog: i18n.Catalog | None = None) -> str | None:
    """The sentence for a known refusal in ``catalog``'s language (English), or None for a bug."""
    tr = catalog or i18n.get("en")
    error = getattr(error, "original", error)
    if isinstance(error, TableError):
        return error.in_language(tr)
    if isinstance(error, StorageUnavailable):
        log.warning("the database is away: %s", error)
        return tr._(UNAVAILABLE)
    if isinstance(error, app_commands.CommandOnCooldown):
        seconds = tr.number(round(error.retry_after))
        return tr._("Slow down: try again in {seconds} s.", seconds=seconds)
    if isinstance(error, app_commands.MissingPermissions | app_commands.CheckFailure):
        return tr._("You may not use that here.")
    if isinstance(error, app_commands.TransformerError):
        return tr._("I could not understand {value}.", value=repr(error.value))
    return None


async def answer_error(
    interaction: discord.Interaction, error: BaseException, with_hand: bool = False
) -> None:
    """Tell the user, ephemerally and in their own Discord language, why nothing happened;
    with their current hand for an out-of-date press, or for any refusal when ``with_hand``
    (a press on a hand, ``cogs.items``)."""
    tr = i18n.get(interaction.locale)
    text = sentence(error, tr)
    if text is None:
        log.error("unexpected error in %s", _what(interaction), exc_info=error)
        text = tr._(UNEXPECTED)
    kwargs: dict[str, Any] = {}
    original = getattr(error, "original", error)
    if isinstance(original, StaleView) or (with_hand and isinstance(original, TableError)):
        publisher = getattr(interaction.client, "publisher", None)
        if publisher is not None:
            extra = publisher.current_hand_for(interaction)
            if extra is not None:
                content, view = extra
                text = f"{text}\n\n{content}"[:2000]
                if view is not None:
                    kwargs["view"] = view
    try:
        await answers.send(interaction, text, ephemeral=True, **kwargs)
    except discord.HTTPException as exc:
        log.warning("could not tell %s about a refusal: %s", interaction.user, exc)


def _what(interaction: discord.Interaction) -> str:
    if interaction.command is not None:
        return f"/{interaction.command.qualified_name}"
    data: Mapping[str, Any] = interaction.data or {}
    return str(data.get("custom_id", "an interaction"))


class AnsweringModal(discord.ui.Modal):
    """A form whose submission errors are answered as a press's are.

    Each form shown gets a custom id of its own (the one given, and a nonce after it):
    discord.py keeps the forms it is waiting on by custom id alone, so two people with the
    same form open (each seat's **Say** at one table) would share one, and the second to send
    theirs would be answered by nobody."""

    def __init__(self, *, title: str, custom_id: str) -> None:
        super().__init__(title=title, custom_id=f"{custom_id}:{secrets.token_hex(4)}")

    async def on_error(  # type: ignore[override]  # discord.py's Modal drops BaseView's item
        self, interaction: discord.Interaction, error: Exception, /
    ) -> None:
        await answer_error(interaction, error)


class Errors(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        bot.tree.error(self.on_app_command_error)

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await answer_error(interaction, error)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Errors(bot))
