"""Moves at a running table: a human's press, "I'm back", and speech.

A press is checked against its seat's validity token (``Table.token``: its legal actions and
its move count), not the game version: other seats' moves that leave a seat's choices alone
leave its buttons valid, and a double click applies once. Bot-played seats are asked to act
out of turn before a move play waits on is carried out, so a bot's "Mau" is never late; when
play waits on a human they are asked at once, before the change is shown, so a turn on a
human's screen is never taken back by a bot.

What a game needs done before a press, in the same call under the same lock, is its
``TableGame.back_first`` (MAO-14: a seat the game marked away plays again by playing, its
"back" applied first).
"""

from __future__ import annotations

from typing import Any

import sqlite_utils

from data import store
from engine import Action, Event, IllegalAction, parse_action
from engine.cards import Card
from i18n import N_
from tables.action_log import ActionLog
from tables.base import action_cards
from tables.changes import Change, Changes
from tables.checks import open_seat, seated_at_running_game
from tables.errors import (
    CardNotHeld,
    NotSeated,
    NotYourTurn,
    Refused,
    StaleView,
    TableEnded,
)
from tables.locks import TableLocks
from tables.model import LIVE_TOKEN, Seat, Table
from tables.notices import Notifier
from tables.open_tables import OpenTables
from tables.registry import table_game


class Moves:
    """A player's moves: checked, applied, logged, announced."""

    def __init__(
        self,
        db: sqlite_utils.Database,
        open_tables: OpenTables,
        locks: TableLocks,
        log: ActionLog,
        changes: Changes,
        notifier: Notifier,
    ) -> None:
        self.db = db
        self.open_tables = open_tables
        self.locks = locks
        self.log = log
        self.changes = changes
        self.notifier = notifier

    async def act(
        self,
        table_id: int,
        user_id: int,
        action: Action | str | dict[str, Any],
        token: str | None = None,
    ) -> Change:
        """A human's move, from a button carrying the seat's validity ``token`` it was drawn
        with (``Table.token``; None: no check, as for a typed command); -> the change it made
        (its events, each human seat's new token, the hands to draw again).

        Refusals, in the order they are checked: the table ended, the game has not started,
        not seated, not this seat's turn, a card no longer held or any other out-of-date
        button (``token`` is no longer the seat's), then whatever the engine refuses. A game
        played in real time keeps one token (``LIVE_TOKEN``): there only a card no longer
        held is out of date, and the game judges everything else.
        """
        if not isinstance(action, Action):
            try:
                action = parse_action(action)
            except ValueError as exc:
                raise Refused(exc) from exc
        table = self.open_tables.get(table_id)
        async with self.locks.locked(table):
            seat, game = seated_at_running_game(table, user_id)
            if seat.left_game:
                raise NotSeated(N_("You have left this table."))
            # what must come first, in this same call (MAO-14: an away seat's "back")
            first = table_game(table.game_name).back_first(game, seat.seat, action)
            if first is None:
                return await self._press(table, seat, action, token)
            change = await self._press(table, seat, first, None)
            seated_at_running_game(table, user_id)  # the "back" may have ended the match
            return change.then(await self._press(table, seat, action, token))

    async def _press(self, table: Table, seat: Seat, action: Action, token: str | None) -> Change:
        """One move of a human's seat, under the table's lock, checked once: the seat's legal
        actions are asked for once, and give its token too; an action they offer is carried
        out on the engine's trusted path, anything else is judged by the game."""
        game = table.game
        driver = table.driver
        assert game is not None and driver is not None
        legal = game.legal_actions(seat.seat)
        if not legal:
            current = game.current_player()
            raise NotYourTurn(table.names().get(current) if current else None)
        stale = token is not None and token != table.token(seat.seat, legal)
        # a card no longer held is refused with the hand as it is now, also where the
        # token outlives moves (a real-time game's ``LIVE_TOKEN``)
        if stale or token == LIVE_TOKEN:
            held = set(game.observation(seat.seat).get("hand") or [])
            for text in action_cards(action):
                if text not in held:
                    raise CardNotHeld(Card.parse(text).display())
        if stale:
            raise StaleView()
        due = table.waits_on(seat.seat)
        # bots speak up before a move play waits on (a "Mau", completing four)
        reacted = await self.changes.react_first(table) if due else None
        if reacted is not None and not table.is_running:
            raise TableEnded()
        # what bots did since the check leaves ``legal`` out of date: the game judges then
        offered = reacted is None and action in legal
        try:
            events = await self.log.apply(table, seat, action, by="human", offered=offered)
        except IllegalAction as exc:
            if reacted is not None:  # the press was overtaken by a bot's move
                raise StaleView() from exc
            raise Refused(exc) from exc
        if due:
            driver.due_moved()
        driver.played(seat.seat)
        if seat.away:
            self._set_back(table, seat)
        change = await self.changes.after(table, events)
        return change if reacted is None else reacted.then(change)

    async def back(self, table_id: int, user_id: int) -> bool:
        """ "I'm back": a bot stops playing this human's seat. False if it was not away."""
        table = self.open_tables.get(table_id)
        async with self.locks.locked(table):
            seat = open_seat(table, user_id)
            if not seat.away:
                return False
            self._set_back(table, seat)
            self.changes.arm(table)
        return True

    async def say(self, table_id: int, user_id: int, action: Action) -> list[Event]:
        """Speech at the table (Mao's chat cog): a seated player's ``Say``, judged by the engine.

        Unlike ``act`` it needs no turn, no legal move and no button version: anything a
        seated player says is heard. ``action.at`` should already carry the time it was said.
        """
        table = self.open_tables.get(table_id)
        async with self.locks.locked(table):
            seat, _game = seated_at_running_game(table, user_id)
            if seat.left_game:
                raise NotSeated()
            try:
                events = await self.log.apply(table, seat, action, by="human")
            except IllegalAction as exc:
                raise Refused(exc) from exc
            await self.changes.after(table, events)
        return events

    def _set_back(self, table: Table, seat: Seat) -> None:
        seat.away = False
        if table.driver is not None:
            table.driver.back(seat.seat)
        store.update_seat(self.db, table.id, seat.seat, away=False)
        self.notifier.tell(table, "seat_back", seat)
