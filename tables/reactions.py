"""The table service's out-of-turn moves: bot-played seats asked once per game version
(``engine.turns.next_reaction``) to say "Mau", "last card", complete four or make Mao's calls.

Part of ``tables.service.TableService`` (a mixin; see that module for the whole picture).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from data import store
from engine import Action, Event
from engine.turns import MAX_OUT_OF_TURN, is_timed, legal_by_seat, next_reaction, unasked
from tables.base import ServiceState
from tables.model import Seat, Table


class ReactionsMixin(ServiceState):
    """Bots acting out of turn."""

    # --- out of turn -------------------------------------------------------------------------
    def _reacting_bots(self, table: Table) -> dict[str, Any]:
        """The bots of the seats a bot plays now, in seat order."""
        return {
            s.seat: table.bots[s.seat]
            for s in table.seats
            if s.seat in table.bots and self._bot_plays(table, s)
        }

    def _reactors(self, table: Table, legal: dict[str, list[Action]], waiting: list[str]) -> bool:
        """Whether a bot-played seat play is not waiting on is still to be asked to react."""
        game = table.game
        if game is None or table.out_of_turn >= MAX_OUT_OF_TURN:
            return False
        seats = list(self._reacting_bots(table))
        return bool(unasked(game, seats, table.asked, legal, waiting))

    def _reactions(
        self,
        table: Table,
        *,
        only: Seat | None = None,
        until_quiet: bool = True,
        timer: bool = False,
    ) -> list[Event]:
        """Bot-played seats act out of turn (``engine.turns.next_reaction``); their events.

        One move, or with ``until_quiet`` as many as come (each bot asked once per version,
        ``MAX_OUT_OF_TURN`` in a row at most). ``only`` asks that seat's bot alone (the
        stand-in for an absent human). A timed game (Mao) reacts only from the react
        ``timer``.
        """
        game = table.game
        assert game is not None
        events: list[Event] = []
        if is_timed(game) and not timer:
            return events
        while not game.is_over and table.out_of_turn < MAX_OUT_OF_TURN:
            legal = legal_by_seat(game)
            if only is None:
                bots = self._reacting_bots(table)
            else:
                bot = table.bots.get(only.seat) or self._bot(
                    "heuristic", table.game_name, table.seed
                )
                bots = {only.seat: bot}
            found = next_reaction(game, bots, table.asked, legal, table.waiting(legal))
            if found is None:
                break
            key, action = found
            seat = table.seat(key)
            if action.kind == "declare_rule" and not seat.is_bot:
                continue  # an away human's new rule is theirs to make (asked: no loop)
            events.extend(self._apply(table, seat, action, by="bot" if seat.is_bot else "afk"))
            table.out_of_turn += 1
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
                table.react_due = None
                events = self._reactions(table, until_quiet=False, timer=True)
                if events:  # nobody reacting changes nothing: the other timers stand
                    await self._after_change(table, events)

        return run
