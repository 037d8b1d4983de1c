"""Mao's path of an action: checked, carried out at its time, settled, recorded.

``Referee.apply`` is every move of every Mao table: what falls due before the action's
time is done first, each at its own time (``catch_up``), then the action, checked once
(a card that may not be played is an infraction, not an error: ``engine.mao.turn``), then
the round is settled and the events recorded. A refused action changes nothing: when what
fell due first might make it impossible, a snapshot is taken to go back to. A moderator's
overturn (``moderate``) and the clock's tick (``tick``) take the same path.
"""

from __future__ import annotations

import math
from math import inf as INF
from typing import Any

from engine.actions import Action, IllegalAction, Play, Say, Take
from engine.base import RECENT_EVENTS
from engine.events import Event
from engine.mao import calls as adjudication
from engine.mao import rulings, saving
from engine.mao.deadlines import Clock
from engine.mao.rounds import Rounds, at_turn_limit
from engine.mao.speech import Speech
from engine.mao.state import MaoTable
from engine.mao.turn import Moves

#: a round's public history kept for observations (MAO-6 bots after a restart); a cap only
HISTORY_LIMIT = 4000
KEPT_EVENTS = 2 * RECENT_EVENTS


class Referee:
    """The actions, ticks and moderators' decisions of one game, on their way through its
    ``moves``, ``speech``, ``rounds`` and ``clock``."""

    __slots__ = ("clock", "game", "moves", "rounds", "speech")

    def __init__(
        self, game: MaoTable, moves: Moves, speech: Speech, rounds: Rounds, clock: Clock
    ) -> None:
        self.game = game
        self.moves = moves
        self.speech = speech
        self.rounds = rounds
        self.clock = clock

    def apply(
        self, seat: str, action: Action | str | dict[str, Any], at: float | None = None
    ) -> list[Event]:
        """``Game.apply``; ``at``, if given, is the time the action was taken, instead of
        its own ``at`` (``apply_at``, which drivers call: no stamped copy is made)."""
        # every decision of every Mao table runs through here: written for speed
        g = self.game
        i = g.index.get(seat)
        if i is None or g.over or not isinstance(action, Action):
            i, action = g.accept(seat, action)  # parses, or raises the reason
        if at is None:
            at = action.at
        now = g.now
        # a finite float from now on, the drivers' time: anything else is checked apart
        t = at if type(at) is float and now <= at < INF else self.time_of(at)
        # what ``next_deadline`` found at this version, if a driver asked (they all do)
        due = g.due_seen if g.due_version == g.version else self.clock.due_at()
        events: list[Event] = []
        if due is not None and due <= t:
            events = self.catch_up(i, action, t)
        elif type(action) is Say:
            # the common moves first, each checked and carried out without ``perform``'s
            # dispatch: a message is always accepted, a card once it is held, a take from
            # a seat holding cards
            g.now = t
            self.speech.hear(i, action, events)
        elif type(action) is Play:
            moves = self.moves
            moves.check_play(i, action)
            g.now = t
            moves.play_action(i, action, events)
        elif type(action) is Take:
            moves = self.moves
            moves.check_take(i)
            g.now = t
            moves.take_action(i, events)
        else:
            # nothing falls due first: what ``check`` finds still holds when it is performed
            rule = self.moves.check(i, action)
            g.now = t
            try:
                self.moves.perform(i, action, events, (rule,))
            except IllegalAction:
                g.now = now
                raise
        hands = g.hands
        turn = g.turn
        # ``settle`` has nothing to do while nobody is going out, two seats or more hold
        # cards, the turn's is one of them and the round is short of its turn limit
        if (
            turn is None
            or not hands[turn]
            or True in g.going_out
            or (not all(hands) and hands.count([]) > len(hands) - 2)
            or at_turn_limit(g)
        ):
            self.rounds.settle(events)
        g.version += 1
        self.record(events)
        return events

    def time_of(self, at: Any) -> float:
        """The time an action is taken at, ``at`` if it is after the clock's: a number of
        seconds, else ``IllegalAction``."""
        now = self.game.now
        if type(at) is float:
            t = at if at > now else now  # a NaN is taken as now
        else:
            try:
                t = now if at is None else max(float(at), now)
            except (TypeError, ValueError) as exc:
                raise IllegalAction("an action's time must be a number of seconds") from exc
        if not math.isfinite(t):
            raise IllegalAction("an action's time must be a number of seconds")
        return t

    def catch_up(self, i: int, action: Action, t: float) -> list[Event]:
        """``apply`` when something falls due by ``t``: that first, each at its own time,
        then the action."""
        g = self.game
        now = g.now
        try:
            self.moves.check(i, action)
            possible = True
        except IllegalAction:
            possible = False  # what falls due first may make it possible (a seat marked away)
        # What falls due first only adds cards, marks, credits and records, which leaves
        # a possible action possible, unless it ends the round (a new deal, perhaps the
        # match's end: only when someone is going out) or gives a card to a player about
        # to rejoin. Then keep a copy to go back to.
        risky = (
            not possible
            or any(g.going_out)
            or (action.kind == "rejoin" and adjudication.owed_by(g.infractions, i))
        )
        snapshot = saving.snapshot(g) if risky else None
        events: list[Event] = []
        try:
            self.clock.advance(t, events)
            if g.over:
                raise IllegalAction("the match is over")
            g.now = t
            self.moves.perform(i, action, events)
        except IllegalAction:
            if snapshot is not None:
                saving.restore(g, snapshot)
            g.now = now
            raise
        return events

    def moderate(self, action: dict[str, Any]) -> list[Event]:
        """A moderator's decision, logged like any action: ``{"kind": "overturn", "ruling":
        7, "at": 30.0}`` undoes ruling 7 of this round (``engine.mao.rulings``)."""
        g = self.game
        if g.over:
            raise IllegalAction("the match is over")
        if action.get("kind") != "overturn":
            raise IllegalAction("a moderator may only overturn a ruling")
        try:
            t = max(float(action.get("at", g.now)), g.now)
        except (TypeError, ValueError) as exc:
            raise IllegalAction("an action's time must be a number of seconds") from exc
        snapshot = saving.snapshot(g)
        events: list[Event] = []
        try:
            self.clock.advance(t, events)
            g.now = t
            ruling = rulings.find(g.rulings, action.get("ruling"))
            rulings.overturn(g, ruling, events)
        except IllegalAction:
            saving.restore(g, snapshot)
            raise
        self.rounds.settle(events)
        g.version += 1
        self.record(events)
        return events

    def tick(self, now: float) -> list[Event]:
        """``Game.tick``: everything due by ``now``, recorded as one batch."""
        g = self.game
        if g.over:
            return []
        events: list[Event] = []
        if self.clock.advance(float(now), events):
            g.version += 1
            self.record(events)
        return events

    def record(self, events: list[Event]) -> None:
        """Keep exactly the latest events, so the record does not depend on how often the
        clock was ticked (a tick's events and an action's arrive in different batches), and
        the round's whole public history, which a player at the table would remember."""
        g = self.game
        g.event_count += len(events)
        kept = g.events
        kept += events
        if len(kept) > KEPT_EVENTS:
            del kept[:-KEPT_EVENTS]
        history = g.history
        if g.round == g.history_round:  # no deal since the last batch: the usual case
            history += events
        else:
            # a deal (``start_round``, which counts the round) began a new round's history
            g.history_round = g.round
            deals = [k for k, e in enumerate(events) if e["type"] == "deal"]
            if deals:
                history = g.history = events[deals[-1] :]
            else:
                history += events
        if len(history) > HISTORY_LIMIT:
            del history[:-HISTORY_LIMIT]
