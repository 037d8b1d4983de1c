"""How results look in Discord: game names, leaderboard pages, result tables, stats embeds.

Shared by the results-side cogs (leaderboard, stats, info, settings). Only drawing lives
here; the figures come from ``tables.records``.
Players are shown as mentions, which Discord renders as names inside embeds without
pinging anyone. Each function draws in the catalog it is given (``tr``, English by default):
the reader's language for a reply only they see, the server's for a public one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

from cogs.render import option_text
from engine import GAMES, seat_facts
from engine import game_title as engine_game_title
from i18n import N_, Catalog
from i18n import get as catalog_of
from tables.base import BOT_KINDS
from tables.preferences import Preferences
from tables.records import GameFigures, HistoryEntry, MatchResult, Page, Row
from tables.seasons import PROVISIONAL_SIGMA

#: every game, by its name for people
GAME_TITLES = {name: engine_game_title(name) for name in GAMES}
GAME_CHOICES = [app_commands.Choice(name=title, value=key) for key, title in GAME_TITLES.items()]
PERIOD_TITLES = {"all": N_("All time"), "month": N_("Last 30 days"), "week": N_("Last 7 days")}
PERIOD_CHOICES = [app_commands.Choice(name=t, value=k) for k, t in PERIOD_TITLES.items()]

EN = catalog_of("en")
COLOUR = discord.Colour.dark_green()

#: Friendly names for the figures games report in ``outcome()["stats"]``; others are shown
#: with underscores turned into spaces.
#: the labels of the figures any game's results may keep: rounds played, and the games a
#: match of several games counts (``data.results.seat_figures``); each game labels its own
#: (``Game.figure_labels``)
FIGURE_LABELS = {
    "rounds": N_("rounds played"),
    "games_played": N_("games played"),
    "games_won": N_("games won"),
}


def game_title(game: str, tr: Catalog = EN) -> str:
    return tr._(GAME_TITLES.get(game, game))


def ordinal(n: int, tr: Catalog = EN) -> str:
    if tr.lang != "en":
        return tr._("place {number}", number=n)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def figure_label(key: str, tr: Catalog = EN, game: str = "") -> str:
    """A figure of ``game``'s results as players read it: its game's label, else the shared
    one, else its key in words; ``penalties: talking`` -> ``penalties (talking)``."""
    head, _, tail = key.partition(": ")
    cls = GAMES.get(game)
    labels = {**FIGURE_LABELS, **(cls.figure_labels if cls is not None else {})}
    label = tr._(labels[head]) if head in labels else head.replace("_", " ")
    return f"{label} ({tail})" if tail else label


def number(value: float, tr: Catalog = EN) -> str:
    """A figure in ``tr``'s way of writing numbers, to two decimals at most (a Swiss score's
    2.16667 is 2.17), as the web pages write it."""
    if isinstance(value, float):
        value = round(value, 2)
    if tr.lang != "en":
        return tr.number(value)
    return f"{value:g}" if isinstance(value, float) else str(value)


def board_line(row: Row, tr: Catalog = EN) -> str:
    games = tr.ngettext("{count} game", "{count} games", row.games)
    wins = tr.ngettext("{count} win", "{count} wins", row.wins)
    skill = f"{row.skill:.1f}" if tr.lang == "en" else tr.number(round(row.skill, 1))
    return tr._(
        "**{rank}.** {who} · skill **{skill}** · {games}, {wins}",
        rank=row.rank,
        who=f"<@{row.user_id}>",
        skill=skill + ("?" if row.sigma > PROVISIONAL_SIGMA else ""),
        games=games,
        wins=wins,
    )


def leaderboard_embed(page: Page, caller_id: int | None, tr: Catalog = EN) -> discord.Embed:
    title = tr._(
        "{game} leaderboard · {period}",
        game=game_title(page.game, tr),
        period=tr._(PERIOD_TITLES[page.period]),
    )
    embed = discord.Embed(title=title, colour=COLOUR)
    if page.rows:
        embed.description = "\n".join(board_line(r, tr) for r in page.rows)
    else:
        embed.description = tr._("No rated matches yet in this period.")
    if caller_id is not None:
        if page.me is None:
            mine = tr._(
                "You are not on this board yet: play a match with at least one other person."
            )
        else:
            mine = board_line(page.me, tr)
        embed.add_field(name=tr._("Your place"), value=mine, inline=False)
    players = tr.ngettext("{count} player", "{count} players", page.total)
    embed.set_footer(
        text=tr._(
            "Page {page} of {pages} · {players} · skill is a cautious estimate (mu - 3 sigma) "
            "that grows as you play",
            page=page.page + 1,
            pages=page.pages,
            players=players,
        )
    )
    return embed


def seat_label(
    user_id: int | None, bot: str | None, name: str, afk_played: bool, tr: Catalog = EN
) -> str:
    if user_id is None:
        # the level in the reader's words ("intermediário"), as a practice table says it
        kind = tr.pgettext("bot level", bot) if bot in BOT_KINDS else bot
        return tr._("🤖 {name} ({kind} bot)", name=name, kind=kind)
    return f"<@{user_id}>" + (tr._(" (a bot finished for them)") if afk_played else "")


def result_embed(match: MatchResult, tr: Catalog = EN) -> discord.Embed:
    when = int(match.ended_at)
    rated = tr._("rated") if match.rated else tr._("not rated")
    embed = discord.Embed(
        title=tr._("{game} · match {id}", game=game_title(match.game, tr), id=match.id),
        description=tr._("Ended {when} · {rated}", when=f"<t:{when}:f>", rated=rated),
        colour=COLOUR,
    )
    lines = []
    for seat in match.seats:
        score = ""
        if seat.score is not None:
            # as the game counts it: points, or a Mao round won
            score = " · " + seat_facts.score(GAMES.get(match.game), round(seat.score), tr)
        crown = " 🏆" if seat.won else ""
        who = seat_label(seat.user_id, seat.bot, seat.name, seat.afk_played, tr)
        lines.append(f"**{ordinal(seat.place, tr)}** {who}{score}{crown}")
    embed.add_field(name=tr._("Result"), value="\n".join(lines) or "-", inline=False)
    if match.options:
        # as the table's options line writes them, in the reader's words (``alvo=300``)
        shown = " ".join(option_text(tr, k, v) for k, v in sorted(match.options.items()))
        embed.add_field(name=tr._("Options"), value=shown, inline=False)
    return embed


def format_option(value: Any, tr: Catalog = EN) -> str:
    if isinstance(value, bool):
        return tr._("on") if value else tr._("off")
    return str(value)


def history_lines(
    entries: list[HistoryEntry],
    tr: Catalog = EN,
    replay_of: Callable[[HistoryEntry], str | None] | None = None,
) -> str:
    """One line per match; with ``replay_of`` (the web table is on), a link to its replay."""
    lines = []
    for n, e in enumerate(entries, start=1):
        rated = tr._("rated") if e.rated else tr._("not rated")
        if e.won:
            place = tr._("won")
        else:
            place = tr._("{place} of {seats}", place=ordinal(e.place, tr), seats=e.seat_count)
        when = f"<t:{int(e.ended_at)}:R>"
        line = f"**{n}.** {game_title(e.game, tr)} · {place} · {rated} · {when}"
        replay = replay_of(e) if replay_of is not None else None
        if replay is not None:
            label = tr._("Replay")
            line += f" · [{label}]({replay})"
        lines.append(line)
    return "\n".join(lines)


def stats_field(figures: GameFigures, skill_line: str, tr: Catalog = EN) -> tuple[str, str]:
    """One embed field (name, value) for one game of /stats."""
    wins = tr.ngettext("{count} win", "{count} wins", figures.won)
    lines = [
        tr._(
            "{played} played · {wins} · {rated} rated",
            played=figures.played,
            wins=wins,
            rated=figures.rated,
        ),
        skill_line,
    ]
    extra = [
        f"{figure_label(k, tr, figures.game)}: {number(v, tr)}"
        for k, v in sorted(figures.figures.items())
        if not isinstance(v, bool)
    ]
    if extra:
        lines.append(" · ".join(extra))
    return game_title(figures.game, tr), "\n".join(lines)[:1024]


def server_catalog(preferences: Preferences, interaction: discord.Interaction) -> Catalog:
    """The server's language, for a public answer (``/settings language``, else its locale)."""
    language = preferences.table_language(interaction.guild_id, None, interaction.guild_locale)
    return catalog_of(language)
