"""Which table a practice opens: the game with the human in the first seat, and its bots
(an expert on the wall clock); the stand-in that plays the human's seat while they are away.
Both practice tables (``terminal.live``, ``terminal.practice``) open their games here."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any, cast

from engine import GAMES, new_game
from engine.actions import Action
from engine.base import Game
from engine.bots import Bot, make_bot
from engine.bots.search import DEFAULT_BUDGET, SearchBot
from engine.events import Observation
from terminal.practice import HUMAN, bot_names
from terminal.rules_text import practice_options


def open_table(
    game_name: str,
    bots: int,
    seed: int,
    level: str,
    options: Mapping[str, Any] | None,
    budget: float = DEFAULT_BUDGET,
    lang: str = "en",
    strict: bool = False,
) -> tuple[Game, dict[str, Any]]:
    """A new game with the human in the first seat and its bots; ValueError says why not.

    Expert bots get the wall clock and ``budget`` seconds per move. A game that speaks a
    language (its ``language`` option: Mao's Chairman and bots) speaks the table's, unless
    the options say otherwise, as a Discord table does. The table plays at the game's
    gentler practice pace unless ``strict`` (``terminal.rules_text``)."""
    # the engine refuses a bad option itself, naming every option and its range
    seats = [HUMAN, *bot_names(bots)]
    chosen = practice_options(game_name, options, strict)
    if lang != "en" and "language" in getattr(GAMES.get(game_name), "defaults", {}):
        chosen.setdefault("language", lang)
    game = new_game(game_name, seats, seed=seed, options=chosen)
    players = {
        s: player(level, game_name, seed * 100 + k, budget) for k, s in enumerate(seats) if k
    }
    return game, players


def stand_in(level: str, game_name: str, seed: int, budget: float = DEFAULT_BUDGET) -> Any:
    """The bot that plays the human's seat while the game marks it away: a bot of ``level``
    that plays and speaks for them but never spends their win on a new rule (theirs to
    make, as on Discord)."""
    return without_new_rules(player(level, game_name, seed, budget))


def without_new_rules(bot: Bot) -> Bot:
    """``bot``, its out-of-turn moves made without one only the seat's own player makes
    (``Action.owner_only``: a new rule); the class is swapped for a subclass of it, so the
    drivers see the same kind of bot."""
    if type(bot).react is not Bot.react:  # a bot that acts out of turn (Mao's)
        bot.__class__ = _keeping_rules(type(bot))
    return bot


#: each bot class, made a stand-in once
_STAND_INS: dict[type[Bot], type[Bot]] = {}


def _keeping_rules(cls: type[Bot]) -> type[Bot]:
    """``cls`` whose out-of-turn moves leave out those only the seat's own player makes."""
    if cls in _STAND_INS:
        return _STAND_INS[cls]

    def react(self: Bot, observation: Observation, legal: list[Action]) -> Action | None:
        action = cls.react(self, observation, legal)
        return None if action is not None and action.owner_only else action

    name = f"StandIn{cls.__name__}"
    # type() makes a subclass of cls: the drivers see the same kind of bot
    stand_in = cast(type[Bot], type(name, (cls,), {"react": react, "__qualname__": name}))
    _STAND_INS[cls] = stand_in
    return stand_in


def player(level: str, game_name: str, seed: int, budget: float = DEFAULT_BUDGET) -> Any:
    """A bot of ``level`` for a seat (the human's too: the one that plays while they are
    away); an expert gets the wall clock and ``budget`` seconds per move."""
    bot = make_bot(level, game_name, seed)
    if isinstance(bot, SearchBot):
        bot.use_clock(time.perf_counter, budget)
    return bot
