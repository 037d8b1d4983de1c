"""When a message or a press was said, on a table's clock, for games judged in real time.

A game played on its own clock (``Game.timed``: Mao's five-second rule, speech and call
windows) must not cost a player the network's delay. A Discord message or button press
carries its own creation time in its snowflake id; the table uses that time, but never a time
later than the moment the bot received it, nor more than ``LAG_ALLOWANCE`` seconds earlier (a
clock that is off, or a message replayed long after, cannot reach back into the past). The
game's timers fire ``LAG_ALLOWANCE`` after their deadline (``tables.timers``), so a message
said just in time but delivered just late still counts.

Times here are in the service clock's seconds; the lag itself is measured on the wall clock
(the snowflake and the receive time both come from it), so tests that fake the service clock
still get the right table time.
"""

from __future__ import annotations

import time

#: seconds of network delay credited to a message or a button press
LAG_ALLOWANCE = 0.5
#: Discord's epoch (2015-01-01) in Unix milliseconds, and where a snowflake keeps its time
DISCORD_EPOCH_MS = 1_420_070_400_000
TIMESTAMP_SHIFT = 22


def snowflake_seconds(snowflake: int) -> float:
    """The Unix time (seconds) a Discord id was made at."""
    return ((int(snowflake) >> TIMESTAMP_SHIFT) + DISCORD_EPOCH_MS) / 1000.0


def lag(snowflake: int, received: float | None = None) -> float:
    """Seconds between a message's creation and its arrival, within ``0..LAG_ALLOWANCE``."""
    arrived = time.time() if received is None else received
    return min(max(arrived - snowflake_seconds(snowflake), 0.0), LAG_ALLOWANCE)


def since_start(clock_now: float, started_at: float) -> float:
    """Now on a table's clock: the seconds since its game started (never before it), for a
    move whose time is the moment it arrives (a bot's, a web page's)."""
    return round(max(clock_now - started_at, 0.0), 3)


def table_time(
    snowflake: int, clock_now: float, started_at: float, received: float | None = None
) -> float:
    """The table-clock time (seconds since the game started) a message was said at.

    ``clock_now`` is the service clock at arrival, ``started_at`` the game's start on that
    clock, ``received`` the wall-clock arrival time (default: now).
    """
    return since_start(clock_now - lag(snowflake, received), started_at)
