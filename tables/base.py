"""Small things the table service's parts and its callers share: the bot kinds, the
match-finished record, and how a refusal and an action's cards are read."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from engine import Action
from engine.events import Outcome

BOT_KINDS = ("heuristic", "random", "expert")


@dataclass(frozen=True)
class MatchFinished:
    """What the match-finished hook receives when a match ends on its own."""

    table_id: int
    game: str
    guild_id: int | None
    #: in seating order: {"seat", "name", "user_id", "bot", "afk_played"}; ``bot`` is the
    #: kind of a seat a bot held from the start, None for a human (``data.results`` form)
    seats: list[dict[str, Any]]
    options: dict[str, Any]
    started_at: float
    ended_at: float
    outcome: Outcome
    channel_id: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """The plain-dict form ``data.results.record_match`` accepts."""
        return dataclasses.asdict(self)


def sentence(text: str) -> str:
    """``text`` as one sentence: capitalised, with a full stop."""
    text = text.strip()
    if not text:
        return "That is not allowed."
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def action_cards(action: Action) -> list[str]:
    """The cards an action names."""
    data = action.to_dict()
    found = list(data.get("cards") or [])
    if data.get("card"):
        found.append(data["card"])
    return found
