"""Mao's penalties: infractions written down, calls judged, penalty cards dealt.

An infraction (MAO-9..14) waits ``call_window`` seconds for a call; a call that stands gives
its offender one card from the pool and is a ruling a moderator may overturn
(``engine.mao.rulings``); one that stands against nobody is a Bad adjudication (MAO-11, 18).
The turn clock running out is an infraction too, and three in a row mark a seat away (MAO-14).
"""

from __future__ import annotations

from typing import Any

from engine.events import Event
from engine.mao import calls as adjudication
from engine.mao.clock import AWAY_AFTER
from engine.mao.state import MaoTable
from engine.mao.wording import BAD_ADJUDICATION, BAD_CALL, FIVE_SECONDS, NAME_IN_VAIN, TALKING

#: the slips words said on one's own turn may turn out to be once its action is known
#: (``engine.mao.speech.match_presaid``): a call of one of them waits for that action
PRESAID = frozenset(adjudication.call_key(call) for call in (NAME_IN_VAIN, TALKING))


class Penalties:
    """Infractions, calls and penalty cards of one game."""

    __slots__ = ("game",)

    def __init__(self, game: MaoTable) -> None:
        self.game = game

    def turn_runs_out(self, i: int, events: list[Event]) -> None:
        """MAO-14: a timeout is an infraction, the clock starts again, three make a seat away."""
        g = self.game
        self.offence(i, FIVE_SECONDS)
        events.append(g.event("turn_ran_out", seat=g.seats[i]))
        g.streak[i] += 1
        g.turn_since = g.now
        if g.streak[i] >= AWAY_AFTER and not g.away[i]:
            g.away[i] = True
            events.append(g.event("away", seat=g.seats[i]))

    # --- infractions and calls ------------------------------------------------------------
    def offence(self, i: int, call: str) -> dict[str, Any] | None:
        """Record an infraction; during a Point of Order its window starts when play resumes.

        Within one message (the game's ``utterance``, MAO-18) a seat commits each call once.
        """
        g = self.game
        if g.utterance is not None:
            key = (i, adjudication.call_key(call))
            if key in g.utterance:
                return None
            g.utterance.add(key)
        poo = g.point_of_order
        base = poo["since"] if poo is not None else g.now
        infraction = adjudication.record(
            g.infractions, g.next_id, i, call, g.now, base + g.options["call_window"]
        )
        g.next_id += 1
        if call == BAD_ADJUDICATION:
            g.stats[i]["bad_adjudications"] += 1
        elif call == BAD_CALL:
            g.stats[i]["bad_calls"] += 1
        return infraction

    def penalise(self, infraction: dict[str, Any], caller: int | None, events: list[Event]) -> None:
        """MAO-9: one card from the pool to the offender, the call named, the caller credited."""
        g = self.game
        g.infractions.remove(infraction)
        i = infraction["seat"]
        call = infraction["call"]
        mark = len(events)
        cards = g.draw_cards(i, 1, events)
        g.stamp(events[mark:])
        got = len(cards)
        g.rulings.append(
            {
                "id": infraction["id"],
                "call": call,
                "seat": i,
                "by": caller,
                "at": g.now,
                "card": str(cards[0]) if cards else None,
                "overturned": False,
            }
        )
        figures = g.stats[i]
        figures["penalties"][call] = figures["penalties"].get(call, 0) + 1
        figures["penalties_taken"] += 1
        if caller is not None:
            g.stats[caller]["calls"] += 1
        events.append(
            g.event(
                "penalty",
                call=call,
                seat=g.seats[i],
                by="Chairman" if caller is None else g.seats[caller],
                count=got,
                ruling=infraction["id"],
            )
        )
        if got:
            g.going_out[i] = False
            if i == g.turn and g.point_of_order is None:
                g.turn_since = g.now

    def adjudicate(self, i: int, call: str, targets: list[int], events: list[Event]) -> None:
        """MAO-11, MAO-18: one call name from one message, judged once per offender it names
        (once against everyone else when it names nobody); a call that stands against no one
        and is held for no one is the message's one Bad adjudication."""
        g = self.game
        groups = [[k] for k in targets] or [[k for k in range(len(g.seats)) if k != i]]
        addressed = False
        for candidates in groups:
            found = adjudication.find_for_call(g.infractions, call, candidates, g.now)
            if found is not None:
                self.penalise(found, i, events)
                addressed = True
                continue
            window = adjudication.window_owing(g.windows, call, candidates)
            if window is not None:
                window["held"].append([call, i])  # MAO-11: judged when the window closes
                addressed = True
            elif g.presaid and g.turn in candidates and adjudication.call_key(call) in PRESAID:
                # what the seat on turn said waits for its action ("Mao" before its last
                # card): the call is judged once that action is known
                g.presaid_calls.append([call, i])
                addressed = True
        if not addressed:
            self.offence(i, BAD_ADJUDICATION)
