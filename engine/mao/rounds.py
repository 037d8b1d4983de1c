"""Mao's rounds and results: going out, the end of a round, the match's outcome (MAO-17).

A player who played their last card is confirmed out once their speech window has closed and
no infraction of theirs awaits a call; a round ends when at most one player holds cards, or
when it reaches the option ``max_turns`` (secret rules that give cards can make a round no
one can finish), and everyone is dealt in again. Places go by rounds won, ties sharing a place.
"""

from __future__ import annotations

from typing import Any

from engine.events import Event, Outcome
from engine.mao import calls as adjudication
from engine.mao.speech import Speech
from engine.mao.state import MaoTable


def at_turn_limit(game: MaoTable) -> bool:
    """Whether the round has reached the option ``max_turns`` (0, or a table saved before
    the option: no limit)."""
    limit: int = game.options.get("max_turns") or 0
    return 0 < limit <= game.turns


class Rounds:
    """Going out, rounds and the outcome of one game; a round's end closes its ``speech``
    windows."""

    __slots__ = ("game", "speech")

    def __init__(self, game: MaoTable, speech: Speech) -> None:
        self.game = game
        self.speech = speech

    # --- going out and rounds -------------------------------------------------------------
    def settle(self, events: list[Event]) -> None:
        """Confirm who went out, end the round when one player holds cards, mend the turn."""
        g = self.game
        if g.over:
            return
        going_out = g.going_out
        hands = g.hands
        if at_turn_limit(g):
            self.call_off(events)
            return
        # seats holding cards, and seats going out: a round needs two of them
        if True in going_out:
            self.confirm_out(events)
            ends = len(hands) - hands.count([]) + going_out.count(True) <= 1
        else:  # the usual case: every seat holds cards
            ends = not all(hands) and len(hands) - hands.count([]) <= 1
        if ends:
            self.end_round([k for k, h in enumerate(hands) if h], events)
            return
        turn = g.turn
        if turn is None or not hands[turn]:
            start = g.round_first if turn is None else turn
            after = start if hands[start] else g.next_holder(start)
            if after != turn:
                g.pass_turn(after)

    def call_off(self, events: list[Event]) -> None:
        """MAO-17, option ``max_turns``: a round that reached its turn limit ends there; who
        went out won it, and nobody else does."""
        g = self.game
        if True in g.going_out:
            self.confirm_out(events)
        events.append(g.event("stalemate", reason="turns", round=g.round, turns=g.turns))
        self.end_round([k for k, h in enumerate(g.hands) if h], events)

    def confirm_out(self, events: list[Event]) -> None:
        """Each player going out whose speech window has closed and who owes no call is out."""
        g = self.game
        going_out = g.going_out
        hands = g.hands
        for k, going in enumerate(going_out):
            if (
                going
                and not hands[k]
                and not any(w["seat"] == k for w in g.windows)
                and not adjudication.owed_by(g.infractions, k)
            ):
                going_out[k] = False
                g.scores[k] += 1
                g.stats[k]["wins"] += 1
                g.credits[k] += 1
                g.out_order.append(k)
                events.append(g.event("out", seat=g.seats[k]))

    def end_round(self, holders: list[int], events: list[Event]) -> None:
        """MAO-17: record the round, then deal everyone in again (or end the match)."""
        g = self.game
        self.speech.close_windows(events)
        g.presaid = []
        g.presaid_calls = []
        g.pending = None
        events.append(
            g.event(
                "round_end",
                round=g.round,
                winners=[g.seats[k] for k in g.out_order],
                last=g.seats[holders[0]] if holders else None,
                stats=self.public_stats(),
            )
        )
        rounds = g.options["rounds"]
        if rounds and g.round >= rounds:
            g.over = True
            g.turn = None
            events.append(g.event("match_end", **self.outcome()))
            return
        g.start_round((g.round_first + 1) % len(g.seats), events)

    def public_stats(self) -> dict[str, Any]:
        g = self.game
        return {
            s: {**f, "penalties": dict(f["penalties"])}
            for s, f in zip(g.seats, g.stats, strict=True)
        }

    def outcome(self) -> Outcome:
        """Places by rounds won (ties share a place); per-seat stats (MAO-17)."""
        g = self.game
        order = sorted(range(len(g.seats)), key=lambda k: -g.scores[k])
        places: dict[str, int] = {}
        for rank, k in enumerate(order):
            if rank and g.scores[k] == g.scores[order[rank - 1]]:
                places[g.seats[k]] = places[g.seats[order[rank - 1]]]
            else:
                places[g.seats[k]] = rank + 1
        best = max(g.scores)
        winners = [s for s, w in zip(g.seats, g.scores, strict=True) if best and w == best]
        return {
            "places": places,
            "scores": dict(zip(g.seats, g.scores, strict=True)),
            "winners": winners,
            "draw": len(winners) > 1,
            "stats": self.public_stats(),
        }
