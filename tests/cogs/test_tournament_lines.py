"""A tournament's standings as its posts write them: a point or points as the language says
a number of them, a fraction to two decimals as the web page writes it, and players' names
as they wrote them, their Markdown not working."""

from __future__ import annotations

from typing import Any

import i18n
from cogs.tournament_render import announcement, standings_lines
from tables.tournaments.event import Event

EN, FR = i18n.get("en"), i18n.get("fr")


def event(games: list[dict[str, Any]]) -> Event:
    players = [
        {"user_id": 1, "name": "**ana**", "removed": False},
        {"user_id": 2, "name": "bo_", "removed": False},
        {"user_id": 3, "name": "cy", "removed": False},
    ]
    row = {
        "id": 1,
        "format": "swiss",
        "status": "running",
        "game": "macao",
        "rounds": 3,
        "seats": 3,
        "bots": False,
        "starts_at": None,
    }
    return Event(row, players, games)


def table(round_: int, places: dict[int, int], seats: int = 3) -> dict[str, Any]:
    return {
        "round": round_,
        "places": places,
        "players": list(places),
        "bye": False,
        "seats": seats,
    }


TWO_ROUNDS = [table(1, {1: 1, 2: 2, 3: 3}), table(2, {1: 1, 2: 2, 3: 3})]


def test_one_point_is_singular_and_names_show_as_written():
    lines = standings_lines(event(TWO_ROUNDS), EN)
    assert lines == [
        "1. \\*\\*ana\\*\\*: 2 points, 2 won of 2",
        "2. bo\\_: 1 point, 0 won of 2",
        "3. cy: 0 points, 0 won of 2",
    ]


def test_a_third_of_a_point_is_written_to_two_decimals():
    # three people at a table of four seats: the places are worth 1, 2/3 and 1/3
    lines = standings_lines(event([table(1, {1: 1, 2: 2, 3: 3}, seats=4)]), EN)
    assert lines[1] == "2. bo\\_: 0.67 points, 0 won of 1"
    assert lines[2] == "3. cy: 0.33 points, 0 won of 1"


def test_french_says_one_point_and_two_points():
    lines = standings_lines(event(TWO_ROUNDS), FR)
    assert " 2 points, " in lines[0] and " 1 point, " in lines[1]


def test_the_announcement_shows_names_as_written():
    shown = announcement(event([]), EN).description or ""
    assert "\\*\\*ana\\*\\*, bo\\_, cy" in shown
