"""How results look in Discord: game names, leaderboard pages, result tables, stats embeds.

Shared by the results-side cogs (leaderboard, stats, info, settings). Only drawing lives
here; the figures come from ``data.results``, ``data.ratings`` and ``data.leaderboard``.
Players are shown as mentions, which Discord renders as names inside embeds without
pinging anyone.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from data.leaderboard import Page, Row
from data.results import GameFigures, HistoryEntry, MatchResult
from engine import GAMES
from engine.base import game_title as engine_game_title

#: every game, by its name for people
GAME_TITLES = {name: engine_game_title(name) for name in GAMES}
GAME_CHOICES = [app_commands.Choice(name=title, value=key) for key, title in GAME_TITLES.items()]
PERIOD_TITLES = {"all": "All time", "month": "Last 30 days", "week": "Last 7 days"}
PERIOD_CHOICES = [app_commands.Choice(name=t, value=k) for k, t in PERIOD_TITLES.items()]

NO_RATED_MATCHES = "No rated matches yet"
COLOUR = discord.Colour.dark_green()

#: Friendly names for the figures games report in ``outcome()["stats"]``; others are shown
#: with underscores turned into spaces.
FIGURE_LABELS = {
    "points_taken": "points taken",
    "totals": "points",
    "blow_ups": "blow-ups",
    "chips_won": "chips won",
    "chips_paid": "chips paid",
    "left": "matches left",
    "hands": "hands played",
    "rounds": "rounds played",
    "presidencies": "times President",
    "vice_presidencies": "times Vice-President",
    "a_hole_rounds": "rounds as A-hole",
    "games_played": "games played",
    "games_won": "games won",
    "wins": "rounds won",
    "penalties": "penalties",
    "penalties_taken": "penalties taken",
    "calls": "good calls",
    "bad_adjudications": "bad adjudications",
    "bad_calls": "bad calls",
    "overturned": "rulings overturned",
}


def game_title(game: str) -> str:
    return GAME_TITLES.get(game, game)


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def figure_label(key: str) -> str:
    head, _, tail = key.partition(": ")
    label = FIGURE_LABELS.get(head, head.replace("_", " "))
    return f"{label} ({tail})" if tail else label


def number(value: float) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def board_line(row: Row) -> str:
    games = "game" if row.games == 1 else "games"
    wins = "win" if row.wins == 1 else "wins"
    return (
        f"**{row.rank}.** <@{row.user_id}> · skill **{row.skill:.1f}**"
        f" · {row.games} {games}, {row.wins} {wins}"
    )


def leaderboard_embed(page: Page, caller_id: int | None) -> discord.Embed:
    title = f"{game_title(page.game)} leaderboard · {PERIOD_TITLES[page.period]}"
    embed = discord.Embed(title=title, colour=COLOUR)
    if page.rows:
        embed.description = "\n".join(board_line(r) for r in page.rows)
    else:
        embed.description = f"{NO_RATED_MATCHES} in this period."
    if caller_id is not None:
        if page.me is None:
            mine = "You are not on this board yet: play a match with at least one other person."
        else:
            mine = board_line(page.me)
        embed.add_field(name="Your place", value=mine, inline=False)
    players = "player" if page.total == 1 else "players"
    embed.set_footer(
        text=f"Page {page.page + 1} of {page.pages} · {page.total} {players}"
        " · skill is a cautious estimate (mu - 3 sigma) that grows as you play"
    )
    return embed


def seat_label(user_id: int | None, bot: str | None, name: str, afk_played: bool) -> str:
    if user_id is None:
        return f"🤖 {name} ({bot} bot)"
    return f"<@{user_id}>" + (" (a bot finished for them)" if afk_played else "")


def result_embed(match: MatchResult) -> discord.Embed:
    when = int(match.ended_at)
    rated = "rated" if match.rated else "not rated"
    embed = discord.Embed(
        title=f"{game_title(match.game)} · match {match.id}",
        description=f"Ended <t:{when}:f> · {rated}",
        colour=COLOUR,
    )
    lines = []
    for seat in match.seats:
        score = "" if seat.score is None else f" · {number(seat.score)} points"
        crown = " 🏆" if seat.won else ""
        who = seat_label(seat.user_id, seat.bot, seat.name, seat.afk_played)
        lines.append(f"**{ordinal(seat.place)}** {who}{score}{crown}")
    embed.add_field(name="Result", value="\n".join(lines) or "-", inline=False)
    if match.options:
        shown = ", ".join(f"{k} {format_option(v)}" for k, v in sorted(match.options.items()))
        embed.add_field(name="Options", value=shown, inline=False)
    return embed


def format_option(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def history_lines(entries: list[HistoryEntry]) -> str:
    lines = []
    for n, e in enumerate(entries, start=1):
        rated = "rated" if e.rated else "not rated"
        place = "won" if e.won else f"{ordinal(e.place)} of {e.seat_count}"
        lines.append(f"**{n}.** {game_title(e.game)} · {place} · {rated} · <t:{int(e.ended_at)}:R>")
    return "\n".join(lines)


def stats_field(figures: GameFigures, skill_line: str) -> tuple[str, str]:
    """One embed field (name, value) for one game of /stats."""
    wins = "win" if figures.won == 1 else "wins"
    lines = [
        f"{figures.played} played · {figures.won} {wins} · {figures.rated} rated",
        skill_line,
    ]
    extra = [
        f"{figure_label(k)}: {number(v)}"
        for k, v in sorted(figures.figures.items())
        if not isinstance(v, bool)
    ]
    if extra:
        lines.append(" · ".join(extra))
    return game_title(figures.game), "\n".join(lines)[:1024]
