"""Searching bots decide off the screen's loop: the live table keeps drawing and taking keys.

An expert bot spends its whole budget on a decision; run on Textual's loop, that would freeze
the screen for as long. ``Thinker`` moves such a decision to a worker thread. The bots keep
their place in ``engine.turns.BotTable`` (who acts, in what order, is unchanged): a searching
bot's class is swapped for a subclass (``thinking_apart``) whose ``choose``

- returns the answer the worker found, when it was found for the game as it is now;
- otherwise hands the search to the worker, with a copy of its view, and raises
  ``Thinking``: nothing moved, and the table asks again once the answer is in.

An answer found for a game that has changed since (the human acted, a new match was dealt)
is dropped, and the bot decides again. While a search is under way no other bot is asked,
so the bots still act one at a time, in the order a table without a screen would have.
A ``Thinker`` with no ``start`` decides in place, as every other driver does.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any, cast

from engine.actions import Action
from engine.bots.base import Bot
from engine.bots.search import SearchBot
from engine.events import Observation

#: a decision to make in the worker: it returns the bot's choice
Job = Callable[[], Action]


class Thinking(Exception):
    """A bot's decision is being made in a worker thread; nothing moved."""


class Thinker:
    """The decisions the table's searching bots make in a worker; see the module docstring."""

    def __init__(self, start: Callable[[Job, Callable[[Action], None]], None] | None) -> None:
        #: hands a job to a worker and calls back with its answer on the screen's loop; None
        #: decides in place
        self.start = start
        #: what the game is now (``engine.asking.state_key``), set by the table before it asks
        #: its bots; a new match starts a new ``deal`` so an old answer never matches
        self.at: object = None
        self.deal = 0
        self.running = False
        #: the answer found, the bot that asked and the (deal, state) it was found for
        self.answer: tuple[Bot, tuple[int, object], Action] | None = None

    def new_deal(self) -> None:
        self.deal += 1
        self.answer = None

    def ready(self, bot: Bot) -> Action | None:
        """``bot``'s answer for the game as it is now, once (None if there is none)."""
        if self.answer is None:
            return None
        asker, key, action = self.answer
        if asker is not bot or key != (self.deal, self.at):
            return None
        self.answer = None
        return action

    def think(self, bot: Bot, job: Job) -> None:
        """Run ``job`` (``bot``'s decision) in the worker, for the game as it is now."""
        start = self.start
        assert start is not None
        key = (self.deal, self.at)
        self.running = True

        def found(action: Action) -> None:
            self.running = False
            # a game changed since gets a new decision: this one is dropped
            self.answer = (bot, key, action) if key == (self.deal, self.at) else None

        start(job, found)


def searches(bot: Any) -> bool:
    """Whether ``bot`` spends a budget on its decisions (so they belong off the loop)."""
    return isinstance(bot, SearchBot)


def thinking_apart(bot: Bot, thinker: Thinker) -> Bot:
    """``bot``, its decisions made through ``thinker`` (its class swapped for a subclass, so
    the drivers see the same kind of bot). A bot that does not search is left as it is."""
    if searches(bot):
        bot.__class__ = _apart(type(bot))
        vars(bot)["thinker"] = thinker
    return bot


#: each bot class, made to think apart once
_APART: dict[type[Bot], type[Bot]] = {}


def _apart(cls: type[Bot]) -> type[Bot]:
    if cls in _APART:
        return _APART[cls]

    def choose(self: Bot, observation: Observation, legal: list[Action]) -> Action:
        thinker: Thinker = vars(self)["thinker"]
        if thinker.start is None or len(legal) == 1:
            return cls.choose(self, observation, legal)
        answer = thinker.ready(self)
        if answer is not None:
            return answer
        # the worker reads its own copy: the game goes on changing on the screen's loop
        seen = copy.deepcopy(observation)
        offered = list(legal)  # the same actions, so the answer is one of the offered ones
        thinker.think(self, lambda: cls.choose(self, seen, offered))
        raise Thinking

    name = f"Apart{cls.__name__}"
    apart = cast(type[Bot], type(name, (cls,), {"choose": choose, "__qualname__": name}))
    _APART[cls] = apart
    return apart
