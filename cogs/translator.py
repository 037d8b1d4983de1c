"""Slash commands in the user's language: a discord.py ``Translator`` over Chairman's catalogs.

When the commands are synced, discord.py asks the translator for every name, description,
parameter and choice of every command in every Discord locale; this one answers from the
gettext catalogs (``i18n``) for the languages Chairman has, and leaves the rest to English.
A name Discord would refuse (not lower case, a space, over 32 characters) is never sent: the
English name stays. ``command_strings`` walks the command tree for the catalogs, so the
command texts need no markers in the cogs; ``python -m cogs.translator`` updates the
catalogs with them and with every marked string of the code (see the README).
"""

from __future__ import annotations

import asyncio
import re
import sys
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

import i18n
from i18n import extract

#: what Discord accepts as a command, group or option name
_NAME = re.compile(r"^[-_\w]{1,32}$")
_NAMES = (Where.command_name, Where.group_name, Where.parameter_name)


class CatalogTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        lang = i18n.resolve(locale)
        if lang == "en" or i18n.resolve(locale.value) != lang:
            return None
        tr = i18n.get(lang)
        if not tr.has(string.message):
            return None
        text = tr._(string.message)
        if context.location in _NAMES and (text != text.lower() or not _NAME.match(text)):
            return None
        return text


def _walk(command: Any) -> list[str]:
    found = [command.name, command.description]
    if isinstance(command, app_commands.Group):
        for child in command.commands:
            found += _walk(child)
        return found
    for param in command.parameters:
        found += [param.name, param.description]
        found += [choice.name for choice in param.choices]
    return found


async def command_strings(extensions: list[str] | None = None) -> list[str]:
    """Every name, description and choice of the bot's slash commands, as the cogs define them."""
    from discord.ext import commands

    from cogs import EXTENSIONS

    bot = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    for name in EXTENSIONS if extensions is None else extensions:
        await bot.load_extension(name)
    texts: list[str] = []
    for command in bot.tree.get_commands():
        texts += _walk(command)
    await bot.close()
    return [t for t in dict.fromkeys(texts) if t and t != "…"]


def main() -> int:
    return extract.main(extra=asyncio.run(command_strings()))


if __name__ == "__main__":
    sys.exit(main())
