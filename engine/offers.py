"""Legal actions by seat, each seat's listed only when a driver first looks it up.

Mao offers every seat with cards something at every moment (any card may be played out of
turn, as an infraction), but a driver asks only the seat whose turn it is and the bots its
table's watch says may react (``engine.turns.BotTable.step_on_turn``): ``Offers`` lists
just those seats' actions, and says the same as ``engine.turns.legal_by_seat`` for any
seat looked up.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from engine.actions import Action
from engine.base import Game


class Offers(Mapping[str, list[Action]]):
    """``legal_by_seat(game)``, each seat's actions listed when first looked up: a driver
    that asks only some seats (the due one, the bots a ``TableWatch`` wakes) lists only
    theirs. ``known`` holds the seats already listed. Read it before the game changes."""

    __slots__ = ("game", "listed", "may_act")

    def __init__(self, game: Game, may_act: list[str], known: dict[str, list[Action]]) -> None:
        self.game = game
        self.may_act = may_act
        #: seat -> its legal actions (empty for a seat with none), as listed so far
        self.listed = known

    def __getitem__(self, seat: str) -> list[Action]:
        actions = self.listed.get(seat)
        if actions is None:
            if seat not in self.may_act:
                raise KeyError(seat)
            actions = self.listed[seat] = self.game.legal_actions(seat)
        if not actions:
            raise KeyError(seat)
        return actions

    def __contains__(self, seat: object) -> bool:
        if not isinstance(seat, str):
            return False
        actions = self.listed.get(seat)
        if actions is None:
            if seat not in self.may_act:
                return False
            actions = self.listed[seat] = self.game.legal_actions(seat)
        return bool(actions)

    def __iter__(self) -> Iterator[str]:
        return (seat for seat in self.may_act if seat in self)

    def __len__(self) -> int:
        return sum(1 for _ in self)
