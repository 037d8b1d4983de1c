"""What a Mao seat may see: the public options and the game's part of an observation.

Secret rules show only who made them, except to their maker; house rules only by number.
"""

from __future__ import annotations

from typing import Any

from engine.events import GameView
from engine.mao import rules as secret
from engine.mao.rounds import MaoRounds


class MaoView(MaoRounds):
    """The observation's Mao fields."""

    # --- what seats may see ---------------------------------------------------------------
    def public_options(self) -> dict[str, Any]:
        """Every option but the house rules' content: seats learn only how many there are."""
        shown = {k: v for k, v in self.options.items() if k != "house_rules"}
        shown["house_rules"] = len(self.options.get("house_rules") or [])
        return shown

    def extra_observation(self, i: int | None) -> GameView:
        poo = self.point_of_order
        seconds = self.options["turn_seconds"]
        ends = None
        if poo is None and seconds and self.turn is not None:
            ends = self.turn_since + seconds
        rules = []
        for entry in self.rules:
            by = entry["by"]
            shown: dict[str, Any] = {"by": None if by is None else self.seats[by]}
            if i is not None and by == i:
                shown["rule"] = entry["rule"]
                shown["text"] = secret.describe(entry["rule"])
            rules.append(shown)
        return {
            "now": self.now,
            "turn_ends": ends,
            "point_of_order": None
            if poo is None
            else {"by": self.seats[poo["by"]], "since": poo["since"], "ends": poo["until"]},
            "going_out": [s for s, g in zip(self.seats, self.going_out, strict=True) if g],
            "out": [
                s
                for s, h, g in zip(self.seats, self.hands, self.going_out, strict=True)
                if not h and not g
            ],
            "away": [s for s, a in zip(self.seats, self.away, strict=True) if a],
            "timeouts": {s: n for s, n in zip(self.seats, self.streak, strict=True) if n},
            "rules": rules,
            "rule_credits": {s: n for s, n in zip(self.seats, self.credits, strict=True) if n},
            "stats": self.public_stats(),
            "event_count": self.event_count,
            "suit_open": self.naming,
            "history": self.history[:],
        }
