"""Who acts next when bots play: the one driving rule shared by practice and simulation.

A seat is *due* when play waits on it: the seat whose turn it is, if it has a legal action;
otherwise (between rounds, votes, exchanges, out-of-turn moments) every seat that has one.
A due bot ``choose``s. A bot that is not due may still ``react`` out of turn (Mao's calls and
phrases, President's completing four); it is asked at most once per game version, so a bot
that keeps reacting cannot stall play.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from engine.actions import Action
from engine.base import Event, Game
from engine.bots import Bot


def is_timed(game: Game) -> bool:
    """Whether the game reads time: it overrides ``next_deadline`` (Mao does)."""
    return type(game).next_deadline is not Game.next_deadline


_NEVER = object()


def state_key(game: Game) -> Any:
    """Something that changes whenever the game does: its ``version``, else its public view."""
    version = getattr(game, "version", None)
    if version is not None:
        return version
    return json.dumps(game.observation(None), sort_keys=True, default=str)


def legal_by_seat(game: Game) -> dict[str, list[Action]]:
    """Every seat with at least one legal action now, in seat order."""
    out = {}
    for seat in game.seats:
        legal = game.legal_actions(seat)
        if legal:
            out[seat] = legal
    return out


def due_seats(game: Game, legal: Mapping[str, list[Action]]) -> list[str]:
    """The seats play is waiting on (see the module docstring)."""
    turn = game.current_player()
    if turn is not None and turn in legal:
        return [turn]
    return list(legal)


class BotTable:
    """The bots at a game, asked in a fixed order so a seeded game replays exactly."""

    #: out-of-turn moves in a row (with no due move between) before bots stop being asked
    MAX_OUT_OF_TURN = 50

    def __init__(self, bots: Mapping[str, Bot]) -> None:
        self.bots = dict(bots)
        self.asked: dict[str, Any] = {}
        self.out_of_turn = 0

    def act(self, game: Game, seat: str, action: Action, now: float) -> list[Event]:
        # stamping copies the action: only timed games need it
        return game.apply(seat, action.stamped(now) if is_timed(game) else action)

    def step(self, game: Game, now: float = 0.0) -> tuple[str, Action, list[Event]] | None:
        """Let one bot act; None if no bot does.

        Bots not due go first, so an out-of-turn move (announcing "Mau" before the next
        player acts, a call) comes in time; each is asked once per game version, through
        ``react`` when its class has one, else ``choose``. Then a due bot chooses.
        """
        legal = legal_by_seat(game)
        due = due_seats(game, legal)
        reaction = self.react(game, now, legal, due)
        if reaction is not None:
            return reaction
        for seat in due:
            bot = self.bots.get(seat)
            if bot is not None:
                self.out_of_turn = 0
                action = bot.choose(game.observation(seat), legal[seat])
                return seat, action, self.act(game, seat, action, now)
        return None

    def react(
        self,
        game: Game,
        now: float = 0.0,
        legal: Mapping[str, list[Action]] | None = None,
        due: list[str] | None = None,
    ) -> tuple[str, Action, list[Event]] | None:
        """Let one bot that play is not waiting on act out of turn; None if none does.

        Drivers call this before asking a due human too, so a bot's "Mau" or "Last card"
        comes before the next player acts, as at a real table.
        """
        if self.out_of_turn >= self.MAX_OUT_OF_TURN:
            return None
        if legal is None:
            legal = legal_by_seat(game)
        if due is None:
            due = due_seats(game, legal)
        key = state_key(game)
        for seat, bot in self.bots.items():
            if seat in due or seat not in legal or self.asked.get(seat, _NEVER) == key:
                continue
            self.asked[seat] = key
            if type(bot).react is not Bot.react:
                action = bot.react(game.observation(seat), legal[seat])
            else:
                action = bot.choose(game.observation(seat), legal[seat])
            if action is not None:
                self.out_of_turn += 1
                return seat, action, self.act(game, seat, action, now)
        return None
