"""Bots acting out of turn: bot-played seats asked once per game version
(``engine.asking.next_reaction``) to say "Mau", "last card", complete four or make Mao's calls.
"""

from __future__ import annotations

import sqlite_utils

from data import store
from engine import Event
from tables.action_log import ActionLog
from tables.model import Seat, Table


class Reactions:
    """Asks a table's bot-played seats to act out of turn, and applies what they do."""

    def __init__(self, db: sqlite_utils.Database, log: ActionLog) -> None:
        self.db = db
        self.log = log

    async def settle(
        self,
        table: Table,
        *,
        only: Seat | None = None,
        until_quiet: bool = True,
        timer: bool = False,
    ) -> list[Event]:
        """Bot-played seats act out of turn (``TableDriver.reaction``); their events.

        One move, or with ``until_quiet`` as many as come (each bot asked once per version,
        ``MAX_OUT_OF_TURN`` in a row at most). ``only`` asks that seat's bot alone (the
        stand-in for an absent human). When reactions may come at all is the driver's
        (``TableDriver.reacts_now``: a timed game's only from the react ``timer``).
        """
        game = table.game
        driver = table.driver
        assert game is not None and driver is not None
        events: list[Event] = []
        if not driver.reacts_now(game, timer):
            return events
        if only is None and not driver.reacting(game):
            return events  # no seat a bot plays: nobody to ask
        while True:
            found = driver.reaction(game, only=None if only is None else only.seat)
            if found is None:
                break
            key, action = found
            seat = table.seat(key)
            by = "bot" if seat.is_bot else "afk"
            events.extend(await self.log.apply(table, seat, action, by=by))
            driver.reacted()
            self.mark_stood_in(table, seat)
            if not until_quiet:
                break
        return events

    def mark_stood_in(self, table: Table, seat: Seat) -> None:
        """A bot moved for a human's seat: the results note it (once)."""
        if not seat.is_bot and not seat.afk_played:
            seat.afk_played = True
            store.update_seat(self.db, table.id, seat.seat, afk_played=True)
