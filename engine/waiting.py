"""Who play waits on, read from the game contract alone (``engine.turns`` drives by it).

- A seat is *due* when play waits on it: the seat whose turn it is, if it has a legal action;
  otherwise (between rounds, out-of-turn moments) every seat that has one.
- Some decisions are each offered seat's own, taken in any order: a vote (LAST-9), rebuying
  or leaving after blowing up (MAU-7), a give in the exchange (PRES-10): their actions say
  so (``Action.own_decision``). When the seat whose turn it is faces one, play *waits* on
  every seat offered one (``waiting_seats``), though the engine names one of them as current.
- A game whose seats may all act at every moment says so (``Game.any_seat_any_moment``,
  read by ``opens_to_all``: Mao).
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.actions import Action
from engine.base import Game


def is_timed(game: Game) -> bool:
    """Whether the game reads time: its class declares ``timed`` (Mao does)."""
    return type(game).timed


def opens_to_all(game: Game) -> bool:
    """Whether any seat of ``game``'s class may act at every moment, as it declares
    (``Game.any_seat_any_moment``), so no seat is ever named alone (``Game.lone_offers``)."""
    cls = type(game)
    return cls.any_seat_any_moment and cls.min_seats > 1


#: game class -> ``is_timed`` and ``opens_to_all`` of its games (``kind_facts``)
KINDS: dict[type, tuple[bool, bool]] = {}


def kind_facts(game: Game) -> tuple[bool, bool]:
    """``is_timed(game)`` and ``opens_to_all(game)``, remembered for its class (a driver asks
    at every game)."""
    facts = KINDS.get(type(game))
    if facts is None:
        facts = KINDS[type(game)] = (is_timed(game), opens_to_all(game))
    return facts


def legal_by_seat(game: Game) -> dict[str, list[Action]]:
    """Every seat with at least one legal action now, in seat order.

    Only the seats the game says may act (``Game.seats_that_may_act``) are asked.
    """
    out = {}
    legal_actions = game.legal_actions
    for seat in game.seats_that_may_act():
        legal = legal_actions(seat)
        if legal:
            out[seat] = legal
    return out


def due_seats(game: Game, legal: Mapping[str, list[Action]]) -> list[str]:
    """The seats play is waiting on (see the module docstring)."""
    turn = game.current_player()
    if turn is not None and turn in legal:
        return [turn]
    return list(legal)


def _own_decision(actions: list[Action]) -> bool:
    return any(a.own_decision for a in actions)


def waiting_seats(game: Game, legal: Mapping[str, list[Action]]) -> list[str]:
    """The due seats, widened to every seat offered its own decision when the due seat is.

    A vote waits on every voter still to vote, not on the one ``current_player`` names; a
    seat offered only an announcement is never waited on.
    """
    due = due_seats(game, legal)
    if len(due) == 1 and _own_decision(legal[due[0]]):
        return [seat for seat, actions in legal.items() if _own_decision(actions)]
    return due
