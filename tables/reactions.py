"""The table service's out-of-turn moves: bot-played seats asked once per game version
(``engine.asking.next_reaction``) to say "Mau", "last card", complete four or make Mao's calls.

Part of ``tables.service.TableService`` (a mixin; see that module for the whole picture).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from data import store
from engine import Event
from tables.base import ServiceState
from tables.model import Seat, Table


class ReactionsMixin(ServiceState):
    """Bots acting out of turn."""

    # --- out of turn -------------------------------------------------------------------------
    def _reactions(
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
        while True:
            found = driver.reaction(game, only=None if only is None else only.seat)
            if found is None:
                break
            key, action = found
            seat = table.seat(key)
            events.extend(self._apply(table, seat, action, by="bot" if seat.is_bot else "afk"))
            driver.reacted()
            if not seat.is_bot and not seat.afk_played:
                seat.afk_played = True
                store.update_seat(self.db, table.id, seat.seat, afk_played=True)
            if not until_quiet:
                break
        return events

    async def _react_first(self, table: Table) -> bool:
        """Before a move play waits on: every bot that acts out of turn now does (rendered,
        timers re-armed). Whether any did."""
        events = self._reactions(table)
        if not events:
            return False
        await self._after_change(table, events)
        return True

    def _react_timer(self, table: Table, version: int) -> Callable[[], Awaitable[None]]:
        async def run() -> None:
            async with table.lock:
                game = table.game
                if game is None or not table.is_running or game.version != version:
                    return
                events = self._reactions(table, until_quiet=False, timer=True)
                if events:  # nobody reacting changes nothing: the other timers stand
                    await self._after_change(table, events)

        return run
