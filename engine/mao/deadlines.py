"""Mao's clock at work: when a game next needs waking, and what falls due by a time.

``engine.mao.clock`` says what may fall due and in which order; ``Clock`` reads a game's
speech windows, infractions, turn clock and Point of Order to find the first thing due, and
carries out everything due by a time, each at its own time: a Point of Order ends, a speech
window closes (MAO-7), a call window closes (MAO-11: the Chairman calls the slip, or it
lapses), a turn runs out (MAO-14). After each, the round is settled.
"""

from __future__ import annotations

from engine.events import Event
from engine.mao.clock import (
    CALL_WINDOW_CLOSES,
    POINT_OF_ORDER_ENDS,
    SPEECH_WINDOW_CLOSES,
    TURN_RUNS_OUT,
    Due,
    earliest,
)
from engine.mao.penalties import Penalties
from engine.mao.rounds import Rounds
from engine.mao.speech import Speech
from engine.mao.state import MaoTable


class Clock:
    """The deadlines of one game; what they do is done by its ``penalties``, ``speech`` and
    ``rounds``."""

    __slots__ = ("game", "penalties", "rounds", "speech")

    def __init__(
        self, game: MaoTable, penalties: Penalties, speech: Speech, rounds: Rounds
    ) -> None:
        self.game = game
        self.penalties = penalties
        self.speech = speech
        self.rounds = rounds

    def next_due(self) -> Due | None:
        """The first thing the clock will do.

        Speech windows and infractions are kept in the order they fall due: each is opened
        or recorded at the clock's time (never earlier than the one before) for a fixed
        length, and a Point of Order moves them all on alike. So only the first of each list
        can be next.
        """
        g = self.game
        poo = g.point_of_order
        if poo is not None:
            return Due(poo["until"], POINT_OF_ORDER_ENDS, 0)
        items = []
        if g.windows:
            items.append(Due(g.windows[0]["until"], SPEECH_WINDOW_CLOSES, 0))
        if g.infractions:
            first = g.infractions[0]
            items.append(Due(first["until"], CALL_WINDOW_CLOSES, first["id"]))
        seconds = g.options["turn_seconds"]
        if seconds and g.turn is not None and g.hands[g.turn]:
            items.append(Due(g.turn_since + seconds, TURN_RUNS_OUT, g.turn))
        return earliest(items)

    def due_at(self) -> float | None:
        """When the clock next does something: ``next_due().at``, without building it (every
        driver asks before every move, as ``next_deadline``), kept for ``apply`` at this
        version; None once the match is over."""
        g = self.game
        g.due_version = g.version
        poo = g.point_of_order
        if g.over:
            at: float | None = None
        elif poo is not None:
            at = float(poo["until"])
        else:
            at = g.windows[0]["until"] if g.windows else None
            if g.infractions:
                until = g.infractions[0]["until"]
                if at is None or until < at:
                    at = until
            seconds = g.options["turn_seconds"]
            turn = g.turn
            if seconds and turn is not None and g.hands[turn]:
                until = g.turn_since + seconds
                if at is None or until < at:
                    at = until
        g.due_seen = at
        return at

    def advance(self, t: float, events: list[Event]) -> int:
        """Apply, in order and each at its own time, everything due by ``t``."""
        g = self.game
        done = 0
        while not g.over:
            at = self.due_at()
            if at is None or at > t:
                break
            item = self.next_due()
            assert item is not None
            g.now = max(g.now, item.at)
            done += 1
            if item.what == POINT_OF_ORDER_ENDS:
                self.speech.end_point_of_order(None, events)
            elif item.what == SPEECH_WINDOW_CLOSES:
                self.speech.close_window(g.windows.pop(item.ref), events)
            elif item.what == CALL_WINDOW_CLOSES:
                infraction = g.infractions[0]
                if g.options["mode"] == "chairman":
                    self.penalties.penalise(infraction, None, events)
                else:
                    g.infractions.remove(infraction)
            else:
                self.penalties.turn_runs_out(item.ref, events)
            self.rounds.settle(events)
        return done
