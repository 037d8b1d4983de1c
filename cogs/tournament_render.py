"""How a tournament reads in Discord: its announcement, its live and final standings, its tables.

Plain values in, an embed out; the numbers and words in the event's language (the catalog
passed in). The tie-break rule is stated under every standings table.
"""

from __future__ import annotations

from typing import Any

import discord

from cogs.results_render import game_title, number
from i18n import Catalog
from tables.tournaments.event import OVER, Event
from tables.tournaments.rules import TIE_BREAK
from tables.tournaments.view import FORMAT, STATUS

COLOUR = discord.Colour.dark_gold()
SHOWN = 20


def title(event: Event, tr: Catalog) -> str:
    return tr._(
        "{format} tournament #{id} · {game}",
        format=tr._(FORMAT[event.format]),
        id=event.id,
        game=game_title(event.row["game"], tr),
    )


def shape(event: Event, tr: Catalog) -> str:
    """Rounds or minutes, seats, bots."""
    row = event.row
    if event.format == "swiss":
        length = tr.ngettext("{count} round", "{count} rounds", int(row["rounds"]))
    else:
        length = tr.ngettext("{count} minute", "{count} minutes", int(row["minutes"]))
    seats = tr._("tables of {n}", n=row["seats"])
    bots = tr._("bots fill short tables") if row["bots"] else tr._("no bots")
    return f"{length} · {seats} · {bots}"


def starts(event: Event, tr: Catalog) -> str:
    """When the event starts (or started): its time, or the organiser's word."""
    at = event.row["starts_at"]
    if at is None:
        return tr._("Starts when the organiser starts it (/tournament start).")
    return tr._("Starts <t:{at}:R>.", at=int(at))


def announcement(event: Event, tr: Catalog) -> discord.Embed:
    players = [p for p in event.players if not p["removed"]]
    names = ", ".join(shown(p["name"]) for p in players) or tr._("nobody yet")
    embed = discord.Embed(title=title(event, tr), colour=COLOUR)
    embed.description = "\n".join(
        [
            shape(event, tr),
            starts(event, tr),
            tr._("Status: {status}.", status=tr._(STATUS[event.status])),
            tr._("Players ({count}): {names}", count=len(players), names=names),
        ]
    )
    return embed


def shown(name: str) -> str:
    """A player's name as a post shows it: as they wrote it, its Markdown not working."""
    return discord.utils.escape_markdown(name)


def plural_of(points: float) -> int:
    """The count a number of points takes its plural form by: a whole number its own, a
    fraction the form of many (``1.5 points``)."""
    return int(points) if float(points).is_integer() else 2


def standings_lines(event: Event, tr: Catalog) -> list[str]:
    lines = []
    for rank, s in enumerate(event.standings()[:SHOWN], start=1):
        fire = " 🔥" if event.format == "arena" and s.on_fire else ""
        lines.append(
            tr.ngettext(
                "{rank}. {name}: {points} point, {wins} won of {played}",
                "{rank}. {name}: {points} points, {wins} won of {played}",
                plural_of(s.points),
                rank=rank,
                name=shown(event.name_of(s.user_id)),
                points=number(s.points, tr),
                wins=s.wins,
                played=s.played,
            )
            + fire
        )
    return lines


def picture_lines(event: Event, tr: Catalog) -> list[tuple[str, str, str]]:
    """The standings for the picture: place, name, points."""
    return [
        (f"{rank}.", event.name_of(s.user_id), number(s.points, tr))
        for rank, s in enumerate(event.standings()[:SHOWN], start=1)
    ]


def standings_embed(event: Event, tr: Catalog) -> discord.Embed:
    final = event.status in OVER
    head = tr._("Final standings") if final else tr._("Standings")
    embed = discord.Embed(title=f"{title(event, tr)} · {head}", colour=COLOUR)
    if event.status == "cancelled":
        body = [tr._("Cancelled: fewer than two players had joined at its start time.")]
    else:
        body = standings_lines(event, tr) or [tr._("No table has ended yet.")]
    embed.description = "\n".join(body)
    embed.set_footer(text=tr._(TIE_BREAK[event.format]))
    return embed


def tables_lines(event: Event, tr: Catalog) -> list[str]:
    """Each table of the event: its round, its players in place order, or a bye."""
    lines = []
    for game in event.games[-SHOWN:]:
        names = sorted(game["players"], key=lambda u: game["places"].get(u) or 99)
        who = ", ".join(shown(event.name_of(u)) for u in names)
        if game["table_id"] is None and not game["bye"]:
            continue  # seated, its table not open yet
        if game["bye"]:
            lines.append(tr._("Round {round}: {name} has a bye", round=game["round"], name=who))
        elif event.format == "swiss":
            lines.append(
                tr._(
                    "Round {round}, table #{table}: {players}",
                    round=game["round"],
                    table=game["table_id"],
                    players=who,
                )
            )
        else:
            lines.append(tr._("Table #{table}: {players}", table=game["table_id"], players=who))
    return lines


def history_embed(event: Event, tr: Catalog) -> discord.Embed:
    embed = standings_embed(event, tr)
    tables = "\n".join(tables_lines(event, tr)) or tr._("No tables yet.")
    embed.add_field(name=tr._("Tables"), value=tables[:1024], inline=False)
    return embed


def page_field(embed: discord.Embed, link: str | None, tr: Catalog) -> discord.Embed:
    """Add the link to the event's web page (``web.tournament_page``), when the web is on."""
    if link is not None:
        text = tr._("Standings and tables, live")
        embed.add_field(name=tr._("Web page"), value=f"[{text}]({link})", inline=False)
    return embed


def page_link(bot: Any, event_id: int) -> str | None:
    """The event's web page, when the web table runs (``cogs.web``); else None."""
    link_of = getattr(bot.get_cog("WebTable"), "tournament_link", None)
    return None if link_of is None else link_of(event_id)
