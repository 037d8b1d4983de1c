"""What follows every change to a running table: bots' out-of-turn moves settled (when play
waits on a human), rounds recorded, each human seat's new validity token worked out,
listeners told (after the lock is let go), then the finish or the timers re-armed.

The change comes back as data (``Change``): its events, each human seat's token now, and the
seats whose hand must be drawn again: those whose hand shows something else now (its
buttons, whose turn it is, its cards). Each redraw is also counted on the table
(``Table.redraws``), so a renderer that draws later, once for several changes, redraws the
hands any of them named and no other.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import sqlite_utils

from engine import Event
from tables import queries, results
from tables.closing import Closer
from tables.model import LIVE_TOKEN, Table
from tables.notices import Notifier
from tables.reactions import Reactions


@dataclass(frozen=True)
class Change:
    """One or more changes to a table, as the caller that made them reads them."""

    #: the public events, in order
    events: list[Event] = field(default_factory=list)
    #: each human seat's validity token after the change (its buttons carry it)
    tokens: Mapping[str, str] = field(default_factory=dict)
    #: the seats whose hand must be drawn again: their token, whose turn it is or their
    #: cards changed, or the game is played in real time (one token for ever, the game
    #: judges what a press names)
    redraw: frozenset[str] = frozenset()

    def then(self, later: Change) -> Change:
        """This change followed by ``later``."""
        return Change(
            self.events + later.events, later.tokens or self.tokens, self.redraw | later.redraw
        )


class Changes:
    """Carries a table on after a change, under its lock."""

    def __init__(
        self,
        db: sqlite_utils.Database,
        reactions: Reactions,
        closer: Closer,
        notifier: Notifier,
        arm: Callable[[Table], None],
    ) -> None:
        self.db = db
        self.reactions = reactions
        self.closer = closer
        self.notifier = notifier
        #: re-arms a table's timers from its state (``Timers.arm``)
        self.arm = arm

    async def after(self, table: Table, events: list[Event]) -> Change:
        """``events`` just happened at ``table``: settle, record, tell, finish or re-arm."""
        game = table.game
        assert game is not None and table.driver is not None
        if table.driver.settles_before_showing(game):
            events = events + await self.reactions.settle(table)
        if game.is_over:
            table.status = "finished"
        results.record_rounds(self.db, table, events)
        change = self._shown(table, events)
        queries.settled(table)
        self.notifier.tell(table, "game_changed", events)
        if game.is_over:
            self.closer.finish(table)
        else:
            self.arm(table)
        return change

    async def react_first(self, table: Table) -> Change | None:
        """Before a move play waits on: every bot that acts out of turn now does (shown,
        timers re-armed). The change, if any did."""
        events = await self.reactions.settle(table)
        if not events:
            return None
        return await self.after(table, events)

    @staticmethod
    def _shown(table: Table, events: list[Event]) -> Change:
        """The change with each human seat's token now and the hands that show something
        else; what the seats last saw moves on."""
        game = table.game
        assert game is not None
        # a hand shows its buttons (the token stands for them), whose turn it is (a seat
        # that waits reads "Waiting for ...") and its cards
        current = game.current_player()
        tokens: dict[str, str] = {}
        shown: dict[str, tuple[Any, ...]] = {}
        for seat in table.seats:
            if not seat.is_bot:
                tokens[seat.seat] = token = table.token(seat.seat)
                cards = game.observation(seat.seat).get("hand")
                shown[seat.seat] = (token, current, tuple(cards or ()))
        redraw = frozenset(
            seat
            for seat, now in shown.items()
            if now[0] == LIVE_TOKEN or table.hands_shown.get(seat) != now
        )
        table.hands_shown = shown
        for key in redraw:
            table.redraw(key)
        return Change(events, tokens, redraw)
