"""The President game class, put together from its parts (``engine.president`` has the
rules)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from engine.base import Event, Game
from engine.options import Option
from engine.president.refusals import Refusals
from engine.president.views import Views
from engine.reasons import Reason
from engine.words import N_


class President(Refusals, Views):
    """President; see ``engine.president`` for the rules it implements."""

    name: ClassVar[str] = "president"
    min_seats: ClassVar[int] = 4
    max_seats: ClassVar[int] = 10
    determinizable: ClassVar[bool] = True
    rules_summary: ClassVar[str] = N_(
        "4 to 10 players, all cards dealt. Aces are high, 3s low, and 2s clear the pile.\n"
        "• Lead any single, pair, triple or four of a kind. To follow, play the same number "
        "of a higher rank, or more cards than the pile has. Matching the rank exactly skips "
        "the next player.\n"
        "• A **2** (played alone) or four of a kind on the pile clears it and you lead again; "
        "you may even slip in the cards that complete four out of turn.\n"
        "• Pass whenever you like. If everyone passes back to you, the pile clears and you "
        "lead. You may not go out on a 2.\n"
        "First out is **President** (2 points), second **Vice-President** (1); last holding "
        "cards is the **A-hole**, who must hand the President their best card next round. "
        "First to the target wins."
    )
    #: the observation's hand is by rank, 3 up to 2: a pair or a triple sits together
    hand_in_order: ClassVar[bool] = True
    example_moves: ClassVar[tuple[str, ...]] = ("play 7H", "play 9C 9D", "pass")
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option.number("target", 11, 1, 10_000, "the total that ends the match (highest wins)"),
        Option.number("rounds", 0, 0, 10_000, "rounds in the match (0: play to the target)"),
    )

    @classmethod
    def match_rule(cls, options: Mapping[str, Any]) -> Reason | None:
        """PRES-9."""
        return Reason(
            N_("The first to {target} points wins the match"), target=options.get("target", 11)
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
