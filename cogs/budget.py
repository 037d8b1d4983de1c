"""This process's account of its requests to Discord, by rate-limit bucket, and the pace it
sets the bots when the global bucket runs low.

Discord lets a bot make about 50 requests a second across all its processes (the global
bucket), with a limit of its own on each route besides; interaction answers (the callback,
and edits and follow-ups through an interaction's token) do not count in the global bucket.
``Account`` counts every request this process makes: through the bot's HTTP client in the
global bucket and by route, through an interaction's webhook in the interaction bucket.

``REQUESTS_PER_SECOND`` is this process's share of the global limit (all of it for one
process; its part when several processes share the bot). Once the global requests of the
last second pass ``BACK_OFF`` of that share, ``pace`` says how many times slower the bots
should move (``tables.timers`` puts a bot's move off by as much), so the turns that cost
requests come slower before Discord refuses any; a person's press is answered as ever (its
answer is an interaction request, and nothing a press does waits on the pace).
"""

from __future__ import annotations

import time
from collections import Counter, deque
from collections.abc import Callable
from typing import Any

from discord.webhook.async_ import async_context

#: the buckets a request counts against besides its route's own
GLOBAL = "global"
INTERACTION = "interaction"

#: Discord's global limit for a bot, requests a second (its default share)
DISCORD_LIMIT = 50.0
#: seconds the rate is measured over
WINDOW = 1.0
#: the part of the share past which the bots slow down
BACK_OFF = 0.8
#: the slowest the bots are made to go, times their usual pace
SLOWEST = 8.0
#: how much slower the bots go for each further share's worth of requests past ``BACK_OFF``
STEEPNESS = 4.0


class Account:
    """Requests by bucket and by route, and the global requests of the last second."""

    def __init__(self, limit: float = DISCORD_LIMIT, now: Callable[[], float] = time.monotonic):
        #: this process's share of the global limit, requests a second
        self.limit = limit
        #: the clock the rate is measured on (a test holds it still)
        self.now = now
        self.buckets: Counter[str] = Counter()
        self.routes: Counter[str] = Counter()
        self._recent: deque[float] = deque()

    def count(self, bucket: str, route: str) -> None:
        self.buckets[bucket] += 1
        self.routes[route] += 1
        if bucket == GLOBAL:
            self._recent.append(self.now())

    def rate(self) -> float:
        """Global requests a second, over the last ``WINDOW``."""
        cutoff = self.now() - WINDOW
        recent = self._recent
        while recent and recent[0] <= cutoff:
            recent.popleft()
        return len(recent) / WINDOW

    def pace(self) -> float:
        """How many times slower than usual the bots should move now: 1 while the global
        rate is under ``BACK_OFF`` of the share, then more the further past it."""
        line = BACK_OFF * self.limit
        past = self.rate() - line
        if past <= 0:
            return 1.0
        return min(SLOWEST, 1.0 + STEEPNESS * past / self.limit)


#: the account the interaction webhooks count in: the process's bot's (the latest installed)
_answers: Account | None = None


def install(http: Any, limit: float) -> Account:
    """Count the requests of ``http`` (a bot's ``discord.http.HTTPClient``) and of the
    interaction webhooks in a new account with a share of ``limit``; returns it. A process
    runs one bot, so that is the process's account."""
    global _answers
    account = Account(limit)
    plain = http.request

    async def request(route: Any, **kwargs: Any) -> Any:
        account.count(GLOBAL, f"{route.method} {route.path}")
        return await plain(route, **kwargs)

    http.request = request
    _answers = account
    # one webhook adapter makes every interaction answer of the process
    adapter: Any = async_context.get()
    if not getattr(adapter, "_chairman_counted", False):
        answer = adapter.request

        async def answer_request(route: Any, *args: Any, **kwargs: Any) -> Any:
            if _answers is not None:
                _answers.count(INTERACTION, f"{route.method} {route.path}")
            return await answer(route, *args, **kwargs)

        adapter.request = answer_request
        adapter._chairman_counted = True
    return account
