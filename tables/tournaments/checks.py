"""What a new tournament must be, and every refusal the tournament part says, in one sentence.

A game whose results come round by round (it runs until its host ends it) has no end for a
tournament to wait for, so it allows no format; any other game allows Swiss and arena at
tables it can seat.
"""

from __future__ import annotations

from typing import Any

from engine import GAMES
from engine.reasons import Reason
from i18n import N_
from tables.errors import TableError
from tables.game_options import parse_options
from tables.tournaments.rules import FORMATS
from tables.tournaments.view import FORMAT

N_NO_EVENT = N_("There is no such tournament.")
N_NOT_ORGANISER = N_("Only the organiser or a server manager can do that.")
N_CLOSED = N_("This tournament is not taking players.")
N_JOINED = N_("You have already joined this tournament.")
N_STARTED = N_("This tournament has already started.")
N_NOT_IN = N_("That player is not in this tournament.")
N_TOO_FEW = N_("A tournament needs at least two players.")
N_NOT_RUNNING = N_("This tournament is not running.")
N_REMOVED = N_("The organiser took you out of this tournament.")

MAX_ROUNDS = 20
MAX_MINUTES = 24 * 60
#: how far ahead a tournament may be announced (a start Discord shows, players plan for)
FURTHEST_START_DAYS = 90


def check_new(
    game: str,
    format: str,
    rounds: int,
    minutes: int,
    seats: int,
    starts_at: float,
    now: float,
    options: str | dict[str, Any] | None,
) -> dict[str, Any]:
    """The checked table options of a new event; ``TableError`` with one sentence if not."""
    if game not in GAMES:
        raise TableError(N_("There is no game called {game}."), game=game)
    cls = GAMES[game]
    if format not in FORMATS or cls.results_per_round:
        raise TableError(
            N_("{game} cannot be played in the {format} format."),
            game=Reason(cls.title),  # the game and the format said in the reader's language
            format=Reason(FORMAT[format]) if format in FORMAT else format,
        )
    if not cls.min_seats <= seats <= cls.max_seats:
        raise TableError(
            N_("{game} seats {least} to {most} players at a table."),
            game=Reason(cls.title),
            least=cls.min_seats,
            most=cls.max_seats,
        )
    if format == "swiss" and not 1 <= rounds <= MAX_ROUNDS:
        raise TableError(N_("A Swiss event has 1 to {most} rounds."), most=MAX_ROUNDS)
    if format == "arena" and not 1 <= minutes <= MAX_MINUTES:
        raise TableError(N_("An arena lasts 1 to {most} minutes."), most=MAX_MINUTES)
    if starts_at < now - 60:
        raise TableError(N_("A tournament cannot start in the past."))
    if starts_at > now + FURTHEST_START_DAYS * 86400:
        raise TableError(
            N_("A tournament starts within {days} days of its announcement."),
            days=FURTHEST_START_DAYS,
        )
    return parse_options(game, options)
