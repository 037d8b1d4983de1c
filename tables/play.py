"""The table service's play: a human's move, "I'm back", speech, applying and logging moves,
and what follows every change (bots settled, listeners told, timers re-armed, the finish).

Part of ``tables.service.TableService`` (a mixin; see that module for the whole picture).
"""

from __future__ import annotations

import inspect
import logging
from typing import Any

from data import store
from engine import Action, Event, Game, IllegalAction, parse_action
from engine.cards import Card
from tables import results
from tables.base import MatchFinished, ServiceState, action_cards, sentence
from tables.errors import (
    CardNotHeld,
    Illegal,
    NotSeated,
    NotStarted,
    NotYourTurn,
    StaleView,
    TableEnded,
)
from tables.model import Seat, Table

log = logging.getLogger(__name__)


def _seated_at_running_game(table: Table, user_id: int) -> tuple[Seat, Game]:
    """``user_id``'s seat at ``table`` and its game, refused in the order a player reads
    best: the table ended, the game not started, not seated."""
    if not table.is_open:
        raise TableEnded()
    game = table.game
    if game is None:
        raise NotStarted()
    seat = table.seat_of_user(user_id)
    if seat is None:
        raise NotSeated()
    return seat, game


class PlayMixin(ServiceState):
    """Moves: checked, applied, logged, announced."""

    # --- playing ----------------------------------------------------------------------------
    async def act(
        self,
        table_id: int,
        user_id: int,
        action: Action | str | dict[str, Any],
        token: str | None = None,
    ) -> list[Event]:
        """A human's move, from a button carrying the seat's validity ``token`` it was drawn
        with (``Table.token``; None: no check, as for a typed command).

        Refusals, in the order they are checked: the table ended, the game has not started,
        not seated, not this seat's turn, a card no longer held or any other out-of-date
        button (``token`` is no longer the seat's), then whatever the engine refuses.
        """
        if not isinstance(action, Action):
            try:
                action = parse_action(action)
            except ValueError as exc:
                raise Illegal(sentence(str(exc))) from exc
        table = self.get(table_id)
        async with self.locked(table):
            seat, game = _seated_at_running_game(table, user_id)
            if seat.left_game:
                raise NotSeated("You have left this table.")
            if not game.legal_actions(seat.seat):
                current = game.current_player()
                raise NotYourTurn(table.names().get(current) if current else None)
            if token is not None and token != table.token(seat.seat):
                held = set(game.observation(seat.seat).get("hand") or [])
                for text in action_cards(action):
                    if text not in held:
                        raise CardNotHeld(Card.parse(text).display())
                raise StaleView()
            due = seat.seat in table.waiting()
            # bots speak up before a move play waits on (a "Mau", completing four)
            reacted = due and await self._react_first(table)
            if reacted and not table.is_running:
                raise TableEnded()
            try:
                events = self._apply(table, seat, action, by="human")
            except IllegalAction as exc:
                if reacted:  # the press was overtaken by a bot's move
                    raise StaleView() from exc
                raise Illegal(sentence(exc.reason)) from exc
            if due:
                self._driver(table).due_moved()
            self._driver(table).played(seat.seat)
            if seat.away:
                await self._set_back(table, seat)
            await self._after_change(table, events)
        return events

    async def back(self, table_id: int, user_id: int) -> bool:
        """ "I'm back": a bot stops playing this human's seat. False if it was not away."""
        table = self.get(table_id)
        async with self.locked(table):
            seat = self._open_seat(table, user_id)
            if not seat.away:
                return False
            await self._set_back(table, seat)
            self._arm(table)
        return True

    async def say(self, table_id: int, user_id: int, action: Action) -> list[Event]:
        """Speech at the table (Mao's chat cog): a seated player's ``Say``, judged by the engine.

        Unlike ``act`` it needs no turn, no legal move and no button version: anything a
        seated player says is heard. ``action.at`` should already carry the time it was said.
        """
        table = self.get(table_id)
        async with self.locked(table):
            seat, _game = _seated_at_running_game(table, user_id)
            if seat.left_game:
                raise NotSeated()
            try:
                events = self._apply(table, seat, action, by="human")
            except IllegalAction as exc:
                raise Illegal(sentence(exc.reason)) from exc
            await self._after_change(table, events)
        return events

    def _bot_plays(self, table: Table, seat: Seat) -> bool:
        """A bot moves for this seat (``TableDriver.bot_plays``: a bot seat, an away or
        departed human, or a seat the game itself marks away)."""
        assert table.game is not None
        return self._driver(table).bot_plays(table.game, seat.seat)

    async def _set_back(self, table: Table, seat: Seat) -> None:
        seat.away = False
        if table.driver is not None:
            table.driver.back(seat.seat)
        store.update_seat(self.db, table.id, seat.seat, away=False)
        await self._notify("seat_back", table, seat)

    def _apply(self, table: Table, seat: Seat, action: Action, by: str) -> list[Event]:
        """Apply, then commit to the log; on a failed commit rebuild the game from the log."""
        self._fresh(table)
        game = table.game
        assert game is not None and table.started_at is not None
        if action.at is None:
            action = action.stamped(round(self.clock.now() - table.started_at, 3))
        events = game.apply(seat.seat, action)
        try:
            store.append_action(
                self.db,
                table.id,
                table.seq + 1,
                seat=seat.seat,
                action=action.to_dict(),
                at=action.at,
                by=by,
                version=game.version,
                created_at=self.clock.now(),
            )
        except Exception:
            try:
                table.game = self._replay(table)
            except Exception:
                table.stale = True
            raise
        table.seq += 1
        table.acted[seat.seat] = table.acted.get(seat.seat, 0) + 1
        self._driver(table).moved(seat.seat)
        return events

    async def _after_change(self, table: Table, events: list[Event]) -> None:
        game = table.game
        assert game is not None
        if self._driver(table).settles_before_showing(game):
            events = events + self._reactions(table)
        if game.is_over:
            table.status = "finished"
        results.record_rounds(self.db, table, events)
        await self._notify("game_changed", table, events)
        if game.is_over:
            await self._finish(table)
            return
        self._arm(table)

    async def _finish(self, table: Table) -> None:
        game = table.game
        assert game is not None
        await self._close(table, "finished", "the match is over")
        record = MatchFinished(
            table_id=table.id,
            game=table.game_name,
            guild_id=table.guild_id,
            seats=[
                {
                    "seat": s.seat,
                    "name": s.name,
                    "user_id": s.user_id,
                    "bot": s.bot_kind,
                    "afk_played": s.afk_played,
                }
                for s in table.seats
            ],
            options=dict(table.options),
            started_at=table.started_at or table.created_at,
            ended_at=table.ended_at or self.clock.now(),
            outcome=game.outcome(),
            channel_id=table.channel_id,
        )
        results.record_match(self.db, record)
        for hook in self.match_hooks:
            try:
                result = hook(record)
                if inspect.isawaitable(result):
                    await result
            except Exception:
                log.exception("match-finished hook %r failed for table %s", hook, table.id)
