"""Slow bots think off the event loop: the expert bot's search runs in a worker thread.

An expert bot searches for its budget of wall clock (``EXPERT_BUDGET``, default 0.2 s) per
decision. Run on the event loop, that would stall every table, every button answer and the
gateway heartbeat for as long; in a worker thread the loop keeps serving while the search
runs (the thread lets go of the interpreter every few milliseconds), and the table waits
for its move no longer than ``BOT_DELAY`` plus the budget. The table's lock is held while
the bot thinks, so nothing changes the game under it; the bot reads only the observation
and the offered actions handed to it, never the game.
"""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from engine.actions import Action
from engine.bots.search import DEFAULT_BUDGET, SearchBot
from engine.events import Observation

__all__ = ["DEFAULT_BUDGET", "decide", "is_slow"]

#: searches running at once (more tables than this queue for a moment)
WORKERS = 4

_executor: ThreadPoolExecutor | None = None


def executor() -> ThreadPoolExecutor:
    global _executor
    if _executor is None:
        _executor = ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="bot-search")
    return _executor


def prepare(bot: Any, budget: float = DEFAULT_BUDGET) -> Any:
    """Give a searching bot the wall clock and its budget per decision; returns the bot."""
    if isinstance(bot, SearchBot):
        bot.use_clock(time.perf_counter, budget)
    return bot


def is_slow(bot: Any) -> bool:
    return isinstance(bot, SearchBot)


async def decide(bot: Any, observation: Observation, legal: list[Action]) -> Action:
    """The bot's choice; a slow bot's is worked out in a worker thread."""
    if not is_slow(bot):
        action: Action = bot.choose(observation, legal)
        return action
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(executor(), bot.choose, observation, legal)
