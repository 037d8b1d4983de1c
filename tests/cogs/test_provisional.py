"""A rating not yet settled reads as provisional ("?") on the boards; a settled one does not."""

from __future__ import annotations

import i18n
from cogs.results_render import board_line
from cogs.season_render import season_line
from data.leaderboard import Row
from data.seasons import SeasonRow

EN = i18n.get("en")


def test_an_unsettled_rating_is_marked_provisional_on_the_all_time_board() -> None:
    assert "**0.0?**" in board_line(Row(1, 5, 0.0, 1, 1, sigma=8.3), EN)
    assert "**12.5**" in board_line(Row(1, 5, 12.5, 40, 20, sigma=1.2), EN)


def test_few_season_matches_or_an_unsettled_rating_are_provisional() -> None:
    assert "?" in season_line(SeasonRow(1, 5, 10.0, 1.0, 2, 1), EN)
    assert "?" in season_line(SeasonRow(1, 5, 10.0, 6.0, 9, 1), EN)
    assert "?" not in season_line(SeasonRow(1, 5, 10.0, 1.0, 9, 1), EN)
