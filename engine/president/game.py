"""The President game class, put together from its parts (``engine.president`` has the
rules)."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.base import Event, Game
from engine.options import Option
from engine.president.refusals import Refusals
from engine.president.views import Views

#: ``President.check_options``' answers, by the options given (name, type and value each)
CHECKED: dict[tuple[tuple[str, type, Any], ...], dict[str, Any]] = {}
MAX_CHECKED = 256


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
    def check_options(cls, options: dict[str, Any] | None) -> dict[str, Any]:
        """``Game.check_options``, worked out once for each set of options given (a copy of
        the answer each time): a game checked its options again at every new game, as
        much as three decisions cost (simulate plays one round a game)."""
        try:
            key = tuple(sorted((n, type(v), v) for n, v in (options or {}).items()))
            checked = CHECKED.get(key)
        except TypeError:  # a value that cannot be a key (a list): checked as it comes
            return super().check_options(options)
        if checked is None:
            if len(CHECKED) >= MAX_CHECKED:  # tables with ever new options: start again
                CHECKED.clear()
            checked = CHECKED[key] = super().check_options(options)
        return dict(checked)

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
