"""A running table around a game a test built itself, seated by name, for the code that draws
a table (the Discord message, the picture, the web page) without a table service."""

from __future__ import annotations

from engine.base import Game
from tables.model import Seat, Table


def running_table(game: Game, language: str = "en", table_id: int = 1) -> Table:
    """``game`` at a running table in ``language``: each seat named as its key capitalised,
    held by user ``k + 1``."""
    seats = [Seat(seat=s, name=s.capitalize(), user_id=k + 1) for k, s in enumerate(game.seats)]
    return Table(
        id=table_id,
        game_name=game.name,
        options=dict(game.options),
        seed=game.seed,
        status="running",
        seats=seats,
        game=game,
        language=language,
    )
