"""The subcommands other extensions hang on ``/table`` (``/table web``, Mao's ``/table rules``
and ``/table rulings``), and take off again when they are unloaded.

The ``/table`` group is ``cogs.tables``', which the bot loads before them; an extension
loaded without it logs why its subcommands are missing and still loads the rest.
"""

from __future__ import annotations

import logging
from typing import Any

from discord import app_commands
from discord.ext import commands

log = logging.getLogger(__name__)

#: what may hang on ``/table``: a command or a group of them
Hung = app_commands.Command[Any, ..., Any] | app_commands.Group


def table_group(bot: commands.Bot) -> app_commands.Group | None:
    """The ``/table`` group, if ``cogs.tables`` is loaded."""
    found = bot.tree.get_command("table")
    return found if isinstance(found, app_commands.Group) else None


def hang(bot: commands.Bot, *hung: Hung) -> None:
    """Add ``hung`` to ``/table`` (replacing any of the same name, as a reload does)."""
    group = table_group(bot)
    if group is None:
        names = ", ".join(f"/table {command.name}" for command in hung)
        log.warning("no /table command to hang %s on (load cogs.tables first)", names)
        return
    for command in hung:
        group.add_command(command, override=True)


def unhang(bot: commands.Bot, *hung: Hung) -> None:
    """Take ``hung`` off ``/table``."""
    group = table_group(bot)
    if group is not None:
        for command in hung:
            group.remove_command(command.name)
