"""Text for the terminal: the table as an observation shows it, events, and actions.

Everything here reads observation fields and event dicts only, so a new game renders with no
code of its own: the contract's fields (``top``, ``suit``, ``pending``, ``counts``...) get their
usual lines, and any field a game adds is shown generically as ``name: value``. Card texts
anywhere are shown with suit symbols (``10H`` -> ``10♥``).
"""

from __future__ import annotations

import re
from typing import Any

from engine.actions import Action, Play
from engine.base import game_title
from engine.cards import SUIT_NAMES, SUIT_SYMBOLS, Card
from engine.describe import describe_event
from engine.events import Event, Observation, Outcome, Pending

#: observation fields with a line of their own (or nothing worth showing)
KNOWN_FIELDS = frozenset(
    {
        "game",
        "seat",
        "seats",
        "hand",
        "drawn",
        "top",
        "suit",
        "turn",
        "direction",
        "pending",
        "lost_turns",
        "counts",
        "stock",
        "pile",
        "scores",
        "round",
        "turns",
        "over",
        "options",
        "events",
        "now",
        "stats",  # match figures: shown at the end, not every turn
        "event_count",
    }
)

_CARD_WORD = re.compile(r"\b(10|[2-9JQKAT])([CDHS])\b")


def card_text(text: str) -> str:
    """``10H`` -> ``10♥`` inside any text; other words are left alone."""
    return _CARD_WORD.sub(lambda m: Card.parse(m.group(0)).display(), text)


def suit_text(suit: str | None) -> str:
    if not suit:
        return "-"
    return f"{SUIT_SYMBOLS.get(suit, suit)} {SUIT_NAMES.get(suit, suit)}"


def value_text(value: Any) -> str:
    """A JSON-like value in one short line, cards with symbols."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:.1f}"
    if isinstance(value, dict):
        if not value:
            return "-"
        return ", ".join(f"{k}: {value_text(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        if not value:
            return "-"
        return " ".join(value_text(v) for v in value)
    return card_text(str(value))


def pending_text(pending: Pending | None, me: str | None) -> str | None:
    if not pending:
        return None
    who = "you" if pending.get("target") == me else pending.get("target")
    count = pending.get("count")
    kind = pending.get("kind")
    if kind == "draw":
        what = f"draw {count} ({pending.get('rank')}s stacked)"
    elif kind == "skip":
        what = f"lose {count} turn{'s' if count != 1 else ''}"
    else:
        what = value_text({k: v for k, v in pending.items() if k != "target"})
    return f"Pending on {who}: {what}"


def table_lines(obs: Observation) -> list[str]:
    """The whole table as ``obs`` shows it, for the seat it belongs to."""
    me = obs.get("seat")
    lines = []
    head = [game_title(str(obs.get("game", "game")))]
    if obs.get("round") is not None:
        head.append(f"round {obs['round']}")
    if obs.get("turn") is not None:
        head.append(f"turn: {'you' if obs['turn'] == me else obs['turn']}")
    if obs.get("direction"):
        head.append(str(obs["direction"]))
    lines.append("== " + " · ".join(head) + " ==")
    pile = []
    if "top" in obs:
        pile.append(f"Top: {value_text(obs['top'])}")
    if obs.get("suit"):
        pile.append(f"suit in force: {suit_text(obs['suit'])}")
    if "stock" in obs:
        pile.append(f"stock: {obs['stock']}")
    if pile:
        lines.append("   ".join(pile))
    waiting = pending_text(obs.get("pending"), me)
    if waiting:
        lines.append(waiting)
    if obs.get("lost_turns"):
        lines.append(f"Lost turns still to sit out: {value_text(obs['lost_turns'])}")
    counts = obs.get("counts") or {}
    scores = obs.get("scores") or {}
    seats = obs.get("seats") or list(counts)
    if seats:
        parts = []
        for seat in seats:
            bits = []
            if seat in counts:
                bits.append(f"{counts[seat]} card{'s' if counts[seat] != 1 else ''}")
            if seat in scores:
                bits.append(f"{scores[seat]} pts")
            marker = "*" if seat == obs.get("turn") else ""
            parts.append(f"{marker}{seat} ({', '.join(bits)})" if bits else f"{marker}{seat}")
        lines.append("Seats: " + " | ".join(parts))
    for key, value in obs.items():
        if key not in KNOWN_FIELDS and value not in (None, "", [], {}):
            lines.append(f"{key.replace('_', ' ').capitalize()}: {value_text(value)}")
    if me is not None:
        lines.append(f"Your hand: {value_text(obs.get('hand', []))}")
        if obs.get("drawn"):
            lines.append(f"You drew {value_text(obs['drawn'])}: play it now or pass.")
    return lines


def action_text(action: Action) -> str:
    """An action for people: ``play 7♥``, ``play A♠ naming ♥ hearts``."""
    if isinstance(action, Play):
        text = "play " + " ".join(c.display() for c in action.cards)
        if action.suit:
            text += f" naming {suit_text(action.suit)}"
        return text
    return card_text(str(action))


def _who(seat: Any, me: str | None) -> str:
    return "you" if seat == me else str(seat)


def event_text(event: Event, me: str | None = None) -> str:
    """One event in words (``engine.describe``), with round results spelled out."""
    kind = event.get("type")
    if kind == "round_end" and "points" in event:
        points, totals = value_text(event.get("points")), value_text(event.get("scores"))
        head = describe_event(event, lambda seat: _who(seat, me))
        return f"{head}. Points: {points}. Totals: {totals}"
    if kind == "match_end":
        return "Match over. " + outcome_text(event, me)
    return describe_event(event, lambda seat: _who(seat, me))


def outcome_text(outcome: Outcome | Event, me: str | None = None) -> str:
    """Winners and places of a finished match."""
    winners = [_who(w, me) for w in outcome.get("winners", [])]
    text = ""
    if winners:
        text = ("Draw between " if len(winners) > 1 else "Winner: ") + ", ".join(winners) + "."
    places = outcome.get("places") or {}
    scores = outcome.get("scores") or {}
    if places:
        ranked = sorted(places, key=lambda s: places[s])
        parts = [
            f"{places[s]}. {_who(s, me)}" + (f" ({scores[s]})" if s in scores else "")
            for s in ranked
        ]
        text += " Places: " + ", ".join(parts)
    return text.strip()
