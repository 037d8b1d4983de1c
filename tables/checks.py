"""Who may act at a table: the refusals every part that takes a player's move shares, in the
order a player reads best (the table ended, the game not started, not seated)."""

from __future__ import annotations

from engine import Game
from tables.errors import NotSeated, NotStarted, TableEnded
from tables.model import Seat, Table


def open_seat(table: Table, user_id: int) -> Seat:
    """The user's seat at a table still open; TableEnded or NotSeated otherwise."""
    if not table.is_open:
        raise TableEnded()
    seat = table.seat_of_user(user_id)
    if seat is None or seat.left_game:
        raise NotSeated()
    return seat


def seated_at_running_game(table: Table, user_id: int) -> tuple[Seat, Game]:
    """``user_id``'s seat at ``table`` and its game: refused if the table ended, the game has
    not started, or the user is not seated."""
    if not table.is_open:
        raise TableEnded()
    game = table.game
    if game is None:
        raise NotStarted()
    seat = table.seat_of_user(user_id)
    if seat is None:
        raise NotSeated()
    return seat, game
