"""The President game class, put together from its parts (``engine.president`` has the
rules)."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.base import Event, Game
from engine.options import Option
from engine.president.refusals import Refusals
from engine.president.views import Views


class President(Refusals, Views):
    """President; see ``engine.president`` for the rules it implements."""

    name: ClassVar[str] = "president"
    min_seats: ClassVar[int] = 4
    max_seats: ClassVar[int] = 10
    determinizable: ClassVar[bool] = True
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option.number("target", 11, 1, 10_000, "the total that ends the match (highest wins)"),
        Option.number("rounds", 0, 0, 10_000, "rounds in the match (0: play to the target)"),
    )

    # --- construction ---------------------------------------------------------------------
    @classmethod
    def new(cls, seats: list[str], seed: int = 0, options: dict[str, Any] | None = None) -> Game:
        game = cls.seated(seats, seed, options)
        n = len(seats)
        game.scores = [0] * n
        game.presidencies = [0] * n
        game.vice_presidencies = [0] * n
        game.a_hole_rounds = [0] * n
        events: list[Event] = []
        game.start_round(0, events)
        game.log(*events)
        return game
