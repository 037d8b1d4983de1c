"""Mao's rounds and results: going out, the end of a round, the match's outcome (MAO-17).

A player who played their last card is confirmed out once their speech window has closed and
no infraction of theirs awaits a call; a round ends when at most one player holds cards, and
everyone is dealt in again. Places go by rounds won, ties sharing a place.
"""

from __future__ import annotations

from typing import Any

from engine.base import Event
from engine.events import Outcome
from engine.mao import calls as adjudication
from engine.mao.turn import MaoTurn


class MaoRounds(MaoTurn):
    """Going out, rounds and the outcome."""

    # --- going out and rounds -------------------------------------------------------------
    def settle(self, events: list[Event]) -> None:
        """Confirm who went out, end the round when one player holds cards, mend the turn."""
        if self.over:
            return
        going_out = self.going_out
        hands = self.hands
        # seats holding cards, and seats going out: a round needs two of them
        if True in going_out:
            self.confirm_out(events)
            ends = len(hands) - hands.count([]) + going_out.count(True) <= 1
        else:  # the usual case: every seat holds cards
            ends = not all(hands) and len(hands) - hands.count([]) <= 1
        if ends:
            self.end_round([k for k, h in enumerate(hands) if h], events)
            return
        turn = self.turn
        if turn is None or not hands[turn]:
            start = self.round_first if turn is None else turn
            after = start if hands[start] else self.next_holder(start)
            if after != turn:
                self.pass_turn(after)

    def confirm_out(self, events: list[Event]) -> None:
        """Each player going out whose speech window has closed and who owes no call is out."""
        going_out = self.going_out
        hands = self.hands
        for k, going in enumerate(going_out):
            if (
                going
                and not hands[k]
                and not any(w["seat"] == k for w in self.windows)
                and not adjudication.owed_by(self.infractions, k)
            ):
                going_out[k] = False
                self.scores[k] += 1
                self.stats[k]["wins"] += 1
                self.credits[k] += 1
                self.out_order.append(k)
                events.append(self.event("out", seat=self.seats[k]))

    def end_round(self, holders: list[int], events: list[Event]) -> None:
        """MAO-17: record the round, then deal everyone in again (or end the match)."""
        self.close_windows(events)
        self.presaid = []
        self.pending = None
        events.append(
            self.event(
                "round_end",
                round=self.round,
                winners=[self.seats[k] for k in self.out_order],
                last=self.seats[holders[0]] if holders else None,
                stats=self.public_stats(),
            )
        )
        rounds = self.options["rounds"]
        if rounds and self.round >= rounds:
            self.over = True
            self.turn = None
            events.append(self.event("match_end", **self.outcome()))
            return
        self.start_round((self.round_first + 1) % len(self.seats), events)

    def public_stats(self) -> dict[str, Any]:
        return {
            s: {**f, "penalties": dict(f["penalties"])}
            for s, f in zip(self.seats, self.stats, strict=True)
        }

    def score_round(self, winner: int | None, events: list[Event]) -> list[int]:
        return [0] * len(self.seats)  # Mao keeps no points: wins are counted in settle

    def match_is_over(self) -> bool:
        return self.over

    def outcome(self) -> Outcome:
        """Places by rounds won (ties share a place); per-seat stats (MAO-17)."""
        order = sorted(range(len(self.seats)), key=lambda k: -self.scores[k])
        places: dict[str, int] = {}
        for rank, k in enumerate(order):
            if rank and self.scores[k] == self.scores[order[rank - 1]]:
                places[self.seats[k]] = places[self.seats[order[rank - 1]]]
            else:
                places[self.seats[k]] = rank + 1
        best = max(self.scores)
        winners = [s for s, w in zip(self.seats, self.scores, strict=True) if best and w == best]
        return {
            "places": places,
            "scores": dict(zip(self.seats, self.scores, strict=True)),
            "winners": winners,
            "draw": len(winners) > 1,
            "stats": self.public_stats(),
        }
