"""Each table's timers, armed from its driver's plan (``TableDriver.plan``, one ``Due`` per
timer), one keyed task each on the scheduler (``tables.scheduler``):

- ``("bot", table, seat)``: a bot, or a bot standing in for an away human, moves;
- ``("afk", table, seat)``: a human who has not moved is warned, then stood in for;
- ``("silent", table, seat)``: a human silent past an own decision's time is taken to have
  chosen what silence chooses (a voter votes to stop, LAST-9);
- ``("tick", table)``: wakes a timed game at ``game.next_deadline()``;
- ``("react", table)``: bot-played seats act out of turn.

What each does when it fires is ``tables.timed.TimedWork``'s. A bot's move (``bot``,
``react``) is put off by ``pace`` (how many times slower than usual the bots go: 1, unless the
front-end is near a limit of its own, such as Discord's requests a second); nothing a person
waits on is.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from tables.clock import Clock
from tables.model import Table
from tables.scheduler import Scheduler
from tables.timed import TimedWork
from tables.timing import LAG_ALLOWANCE


class Timers:
    """Arms and cancels a table's timers."""

    def __init__(self, scheduler: Scheduler, clock: Clock, work: TimedWork) -> None:
        self.scheduler = scheduler
        self.clock = clock
        self.work = work
        #: how many times slower than usual the bots move now (set by the front-end)
        self.pace: Callable[[], float] = lambda: 1.0

    def disarm(self, table: Table) -> None:
        self.scheduler.cancel_group(table.id)

    def arm(self, table: Table) -> None:
        """Cancel the table's timers and set the ones its driver's plan says are due."""
        self.disarm(table)
        game = table.game
        if game is None or not table.is_running or table.driver is None:
            return
        work = self.work
        at = self.scheduler.schedule_at
        now, pace = self.clock.now(), self.pace()

        def paced(when: float) -> float:
            return when if pace <= 1.0 else now + max(when - now, 0.0) * pace

        for due in table.driver.plan(game, now, table.started_at):
            if due.kind == "react":
                at(("react", table.id), paced(due.at), partial(work.react, table, due.version))
            elif due.kind == "bot":
                assert due.seat is not None
                at(
                    ("bot", table.id, due.seat),
                    paced(due.at),
                    partial(work.bot, table, due.seat, due.version),
                )
            elif due.kind == "silent" or due.kind == "afk":
                # a seat's deadline, counted from when play began waiting on that seat
                assert due.seat is not None and due.since is not None
                handler = work.silent if due.kind == "silent" else work.afk
                at(
                    (due.kind, table.id, due.seat),
                    due.at,
                    partial(handler, table, due.seat, due.since),
                )
            elif due.kind == "tick":
                # a message said just before the deadline may arrive just after it (tables.timing)
                at(("tick", table.id), due.at + LAG_ALLOWANCE, partial(work.tick, table))
