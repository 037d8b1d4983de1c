"""Playing a bot game on a clock in tests, as simulate plays it: what falls due is ticked at
its time, and each bot move moves the clock on by ``pace`` seconds (a game with no clock is
played move after move)."""

from __future__ import annotations

from collections.abc import Iterator

from engine.base import Game
from engine.events import Event
from engine.turns import BotTable, is_timed


def on_the_clock(
    game: Game, table: BotTable, steps: int, pace: float = 1.0
) -> Iterator[list[Event]]:
    """Yield the events of each tick and each bot move, for at most ``steps`` of them, until
    the game is over or nobody can act and nothing falls due."""
    timed = is_timed(game)
    now = 0.0
    for _ in range(steps):
        if game.is_over:
            return
        deadline = game.next_deadline() if timed else None
        if deadline is not None and deadline <= now:
            yield game.tick(now)
            continue
        moved = table.step(game, now)
        if moved is None:
            if deadline is None:
                return
            now = deadline
            continue
        now += pace
        yield moved[2]
