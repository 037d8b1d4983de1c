"""Moderating the Chairman on Discord: ``/table rulings``, ``/table overturn`` and the review
button on the Chairman's penalty posts (the rules live in ``tables.games.mao.rulings``).

- ``/table rulings`` (host or Manage Server): the current round's rulings, privately: number,
  call, who was penalised, who called it (or the Chairman), when; overturned ones struck out.
- ``/table overturn ruling:<n>`` (the same people): the penalty card goes back to the pool,
  the caller's credit is taken back, and the thread hears "Ruling overturned: <call> on
  <name>" (``cogs.games.mao.render.announcements``).
- ``chairman:review:<table>:<ruling>``: the "Review #n" button under a penalty post. A seated
  player presses it; the thread hears that a review is asked, naming the host, and the
  moderator decides with the two commands above.

The two commands hang on ``/table`` (``cogs.tables``), added when this extension loads.
"""

from __future__ import annotations

import re
from typing import Any, Self

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from cogs import answers, render
from cogs.chairman import chairman
from cogs.games.mao import render as mao_render
from cogs.items import TableItem, table_here
from cogs.table_commands import hang, unhang
from engine.mao.languages import speech
from i18n import Catalog
from tables.games.mao import rulings as mao_rulings
from tables.model import Table

MAX_REVIEW_BUTTONS = 25


def ruling_line(table: Table, entry: dict[str, Any], tr: Catalog = render.EN) -> str:
    """``#7 · Talking · bo · called by ana · 0:42 into the game``."""
    by = entry["by"]
    if by is None:
        called = tr._("called by the Chairman")
    else:
        called = tr._("called by {name}", name=render.seat_name(table, by))
    seconds = int(entry["at"])
    when = tr._(
        "{minutes}:{seconds} into the game", minutes=seconds // 60, seconds=f"{seconds % 60:02d}"
    )
    if table.started_at is not None:
        when += f" (<t:{int(table.started_at + entry['at'])}:T>)"
    call = speech(tr.lang).call(str(entry["call"] or ""))
    text = f"#{entry['id']} · {call} · {render.seat_name(table, entry['seat'])} · {called}"
    text += f" · {when}"
    return tr._("~~{ruling}~~ (overturned)", ruling=text) if entry["overturned"] else text


def rulings_text(table: Table, entries: list[dict[str, Any]], tr: Catalog = render.EN) -> str:
    if not entries:
        return tr._("No rulings yet this round.")
    lines = [ruling_line(table, e, tr) for e in entries]
    head = tr._("Rulings this round at {table}:", table=render.table_title(table))
    tail = tr._("Overturn one with `/table overturn ruling:<number>`.")
    body = "\n".join(lines)
    if len(body) > 1800:
        body = "…\n" + body[-1800:].split("\n", 1)[-1]
    return f"{head}\n{body}\n{tail}"


async def list_rulings(interaction: discord.Interaction, table: Table) -> None:
    service = chairman(interaction.client).tables
    manager = bool(interaction.permissions.manage_guild)
    entries = mao_rulings.rulings(service, table.id, interaction.user.id, manager)
    text = rulings_text(table, entries, i18n.get(interaction.locale))
    await interaction.response.send_message(text, ephemeral=True)


async def overturn_ruling(interaction: discord.Interaction, table: Table, ruling: int) -> None:
    service = chairman(interaction.client).tables
    manager = bool(interaction.permissions.manage_guild)
    async with answers.in_time(interaction, "ephemeral"):  # the table may be busy
        await mao_rulings.overturn(service, table.id, interaction.user.id, manager, ruling)
        text = i18n.get(interaction.locale)._("Ruling {number} overturned.", number=ruling)
        await answers.send(interaction, text, ephemeral=True)


class ReviewButton(
    TableItem[discord.ui.Button[Any]],
    template=r"chairman:review:(?P<table>\d+):(?P<ruling>\d+)",
):
    """A player asks the table's moderator to look at one ruling again."""

    late = "public"  # the request is posted in the table's thread

    def __init__(self, table_id: int, ruling: int, tr: Catalog | None = None) -> None:
        label = (tr or render.EN)._("Review #{number}", number=ruling)
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"chairman:review:{table_id}:{ruling}",
            )
        )
        self.table_id = table_id
        self.ruling = ruling

    @classmethod
    def parse(cls, match: re.Match[str]) -> Self:
        return cls(int(match["table"]), int(match["ruling"]))

    async def run(self, interaction: discord.Interaction) -> None:
        service = chairman(interaction.client).tables
        entry = mao_rulings.review(service, self.table_id, interaction.user.id, self.ruling)
        table = service.get(self.table_id)
        tr = render.catalog(table)
        host = f"<@{table.host_id}>" if table.host_id else tr._("the host")
        text = tr._(
            "{name} asks for a review of ruling #{number} ({call} on {offender}). "
            "{host} or a server manager decides: `/table rulings`, "
            "`/table overturn ruling:{number}`.",
            name=interaction.user.mention,
            number=entry["id"],
            call=mao_render.call_name(table, entry["call"]),
            offender=render.seat_name(table, entry["seat"]),
            host=host,
        )
        allowed = discord.AllowedMentions(
            users=[discord.Object(table.host_id)] if table.host_id else False,
            roles=False,
            everyone=False,
        )
        await answers.send(interaction, text, allowed_mentions=allowed)


def review_buttons(
    table_id: int, rulings: list[int], tr: Catalog | None = None
) -> list[ReviewButton]:
    """The review buttons for these rulings (a post shows at most 25: Discord's limit)."""
    return [ReviewButton(table_id, ruling, tr) for ruling in rulings[:MAX_REVIEW_BUTTONS]]


# --- /table rulings, /table overturn ----------------------------------------------------
@app_commands.command(name="rulings", description="Mao: this round's rulings (host or managers)")
async def rulings_command(interaction: discord.Interaction) -> None:
    await list_rulings(interaction, table_here(interaction))


@app_commands.command(name="overturn", description="Mao: overturn a ruling (host or managers)")
@app_commands.describe(ruling="The ruling's number, from /table rulings")
async def overturn_command(interaction: discord.Interaction, ruling: int) -> None:
    await overturn_ruling(interaction, table_here(interaction), ruling)


COMMANDS: tuple[app_commands.Command[Any, Any, None], ...] = (rulings_command, overturn_command)


class MaoRulings(commands.Cog):
    """Registers the review button."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(ReviewButton)
    await bot.add_cog(MaoRulings(bot))
    hang(bot, *COMMANDS)


async def teardown(bot: commands.Bot) -> None:
    unhang(bot, *COMMANDS)
