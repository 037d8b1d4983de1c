"""Mao's penalties: infractions written down, calls judged, penalty cards dealt.

An infraction (MAO-9..14) waits ``call_window`` seconds for a call; a call that stands gives
its offender one card from the pool and is a ruling a moderator may overturn
(``engine.mao.rulings``); one that stands against nobody is a Bad adjudication (MAO-11, 18).
The turn clock running out is an infraction too, and three in a row mark a seat away (MAO-14).
"""

from __future__ import annotations

from typing import Any

from engine.base import Event
from engine.mao import calls as adjudication
from engine.mao.clock import AWAY_AFTER
from engine.mao.state import MaoState
from engine.mao.wording import BAD_ADJUDICATION, BAD_CALL, FIVE_SECONDS


class MaoPenalties(MaoState):
    """Infractions, calls and penalty cards."""

    def turn_runs_out(self, i: int, events: list[Event]) -> None:
        """MAO-14: a timeout is an infraction, the clock starts again, three make a seat away."""
        self.offence(i, FIVE_SECONDS)
        events.append(self.event("turn_ran_out", seat=self.seats[i]))
        self.streak[i] += 1
        self.turn_since = self.now
        if self.streak[i] >= AWAY_AFTER and not self.away[i]:
            self.away[i] = True
            events.append(self.event("away", seat=self.seats[i]))

    # --- infractions and calls ------------------------------------------------------------
    def offence(self, i: int, call: str) -> dict[str, Any] | None:
        """Record an infraction; during a Point of Order its window starts when play resumes.

        Within one message (``self.utterance``, MAO-18) a seat commits each call once.
        """
        if self.utterance is not None:
            key = (i, adjudication.call_key(call))
            if key in self.utterance:
                return None
            self.utterance.add(key)
        poo = self.point_of_order
        base = poo["since"] if poo is not None else self.now
        infraction = adjudication.record(
            self.infractions, self.next_id, i, call, self.now, base + self.options["call_window"]
        )
        self.next_id += 1
        if call == BAD_ADJUDICATION:
            self.stats[i]["bad_adjudications"] += 1
        elif call == BAD_CALL:
            self.stats[i]["bad_calls"] += 1
        return infraction

    def penalise(self, infraction: dict[str, Any], caller: int | None, events: list[Event]) -> None:
        """MAO-9: one card from the pool to the offender, the call named, the caller credited."""
        self.infractions.remove(infraction)
        i = infraction["seat"]
        call = infraction["call"]
        mark = len(events)
        cards = self.draw_cards(i, 1, events)
        self.stamp(events[mark:])
        got = len(cards)
        self.rulings.append(
            {
                "id": infraction["id"],
                "call": call,
                "seat": i,
                "by": caller,
                "at": self.now,
                "card": str(cards[0]) if cards else None,
                "overturned": False,
            }
        )
        figures = self.stats[i]
        figures["penalties"][call] = figures["penalties"].get(call, 0) + 1
        figures["penalties_taken"] += 1
        if caller is not None:
            self.stats[caller]["calls"] += 1
        events.append(
            self.event(
                "penalty",
                call=call,
                seat=self.seats[i],
                by="Chairman" if caller is None else self.seats[caller],
                count=got,
                ruling=infraction["id"],
            )
        )
        if got:
            self.going_out[i] = False
            if i == self.turn and self.point_of_order is None:
                self.turn_since = self.now

    def adjudicate(self, i: int, call: str, targets: list[int], events: list[Event]) -> None:
        """MAO-11, MAO-18: one call name from one message, judged once per offender it names
        (once against everyone else when it names nobody); a call that stands against no one
        and is held for no one is the message's one Bad adjudication."""
        groups = [[k] for k in targets] or [[k for k in range(len(self.seats)) if k != i]]
        addressed = False
        for candidates in groups:
            found = adjudication.find_for_call(self.infractions, call, candidates, self.now)
            if found is not None:
                self.penalise(found, i, events)
                addressed = True
                continue
            window = adjudication.window_owing(self.windows, call, candidates)
            if window is not None:
                window["held"].append([call, i])  # MAO-11: judged when the window closes
                addressed = True
        if not addressed:
            self.offence(i, BAD_ADJUDICATION)
