"""A season's board as an embed: ranked by rating, a "?" on a provisional one, players short
of the minimum number of matches after the rest."""

from __future__ import annotations

import discord

from cogs.results_render import COLOUR, game_title
from i18n import Catalog
from tables.seasons import MIN_MATCHES, Season, SeasonRow

SHOWN = 20


def season_line(row: SeasonRow, tr: Catalog) -> str:
    skill = tr.number(round(row.skill, 1), 1) + ("?" if row.provisional else "")
    return tr._(
        "**{rank}.** {who} · skill **{skill}** · {games}, {wins}",
        rank=row.rank,
        who=f"<@{row.user_id}>",
        skill=skill,
        games=tr.ngettext("{count} game", "{count} games", row.games),
        wins=tr.ngettext("{count} win", "{count} wins", row.wins),
    )


def season_embed(season: Season, game: str, rows: list[SeasonRow], tr: Catalog) -> discord.Embed:
    running = season.ended_at is None
    embed = discord.Embed(
        title=tr._(
            "{game} · season {number}",
            game=game_title(game, tr),
            number=season.number,
        ),
        colour=COLOUR,
    )
    lines = [season_line(r, tr) for r in rows[:SHOWN]] or [tr._("No rated matches this season.")]
    if running:
        lines.append(tr._("Ends <t:{at}:R>.", at=int(season.ends_at)))
    else:
        lines.append(tr._("Final standings: ended <t:{at}:D>.", at=int(season.ended_at or 0)))
    embed.description = "\n".join(lines)
    embed.set_footer(
        text=tr._(
            "Ranked by skill (mu - 3 sigma); fewer than {count} matches ranks after the rest; "
            "? marks a rating not yet settled.",
            count=MIN_MATCHES,
        )
    )
    return embed
