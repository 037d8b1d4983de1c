"""Text for the terminal: the table as an observation shows it, events, actions and results.

Everything here reads the contract's observation fields and event dicts, so every game renders
with no code of its own: the top card, the suit in force, the direction, the seats with their
cards and points, whose turn it is, a seat's titles or "out", the hand sorted as on Discord.
Engine bookkeeping (a phase, a run length, a pot) is never shown as it stands in the state.
A game that explains no rules (``secret_rules`` on its class: Mao) gets no "pending" line,
exactly as on Discord; its clock is shown as the seconds left. Card texts anywhere are shown
with suit symbols (``10H`` -> ``10♥``). Both the plain mode and the live table use this.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from engine import GAMES
from engine.actions import Action, Play
from engine.base import Game, game_title
from engine.cards import SUIT_NAMES, SUIT_SYMBOLS, Card
from engine.describe import (
    FOLDED,
    describe_event,
    describe_events,
    drawn_hint,
    fold,
    sort_hand,
)
from engine.words import plural

_CARD_WORD = re.compile(r"\b(10|[2-9JQKAT])([CDHS])\b")


def card_text(text: str) -> str:
    """``10H`` -> ``10♥`` inside any text; other words are left alone."""
    return _CARD_WORD.sub(lambda m: Card.parse(m.group(0)).display(), text)


def cards_text(items: Sequence[str] | None) -> str:
    return " ".join(card_text(str(c)) for c in items or []) or "-"


def suit_text(suit: str | None) -> str:
    if not suit:
        return "-"
    return f"{SUIT_SYMBOLS.get(suit, suit)} {SUIT_NAMES.get(suit, suit)}"


def who(seat: Any, me: str | None) -> str:
    return "you" if seat is not None and seat == me else str(seat)


def secret_rules(obs: Mapping[str, Any]) -> bool:
    """Whether this game explains none of its rules (its class says so: Mao)."""
    return bool(getattr(GAMES.get(str(obs.get("game"))), "secret_rules", False))


def pending_text(pending: Mapping[str, Any] | None, me: str | None) -> str | None:
    """What the next player must answer, as Discord's table says it."""
    if not pending or pending.get("target") is None:
        return None
    target = who(pending.get("target"), me)
    count = pending.get("count", 0)
    if pending.get("kind") == "skip":
        return f"{target} must answer or lose {plural(count, 'turn')}"
    return f"{target} must answer or take {plural(count, 'card')}"


def clock_text(obs: Mapping[str, Any], now: float | None) -> str | None:
    """``5s left`` on the turn's clock, or that a point of order stopped it."""
    if obs.get("point_of_order") is not None:
        return "point of order: the clock is stopped"
    ends = obs.get("turn_ends")
    if ends is None or obs.get("turn") is None:
        return None
    left = max(0.0, float(ends) - (float(obs.get("now") or 0.0) if now is None else now))
    return f"{left:.0f}s left"


def seat_bits(obs: Mapping[str, Any], seat: str) -> list[str]:
    """A seat's public facts: cards held (or out), points, title."""
    counts = obs.get("counts") or {}
    scores = obs.get("scores") or {}
    bits = []
    out = obs.get("out")
    if isinstance(out, dict) and seat in out:
        bits.append(f"out #{out[seat]}")
    elif isinstance(out, list) and seat in out:
        bits.append("out")
    elif seat in counts:
        bits.append(plural(counts[seat], "card"))
    if seat in (obs.get("away") or []):
        bits.append("away")
    if seat in scores:
        if secret_rules(obs):
            if scores[seat]:
                bits.append(plural(scores[seat], "round") + " won")
        else:
            bits.append(f"{scores[seat]} pt{'' if scores[seat] == 1 else 's'}")
    title = (obs.get("titles") or {}).get(seat)
    if title and title != "-":
        bits.append(str(title))
    return bits


def seat_lines(obs: Mapping[str, Any], form: str, marker: str, blank: str = "") -> list[str]:
    """One text per seat, in order; ``form`` gets ``marker`` (whose turn), ``name``, ``bits``."""
    me = obs.get("seat")
    out = []
    for seat in obs.get("seats") or list(obs.get("counts") or {}):
        mark = marker if seat == obs.get("turn") else blank
        text = form.format(marker=mark, name=who(seat, me), bits=", ".join(seat_bits(obs, seat)))
        out.append(text.replace(" ()", "").rstrip())
    return out


def table_lines(obs: Mapping[str, Any], now: float | None = None) -> list[str]:
    """The whole table as ``obs`` shows it, for the seat it belongs to."""
    me = obs.get("seat")
    lines = []
    head = [game_title(str(obs.get("game", "game")))]
    if obs.get("round") is not None:
        head.append(f"round {obs['round']}")
    if obs.get("turn") is not None:
        head.append(f"turn: {who(obs['turn'], me)}")
    clock = clock_text(obs, now)
    if clock:
        head.append(clock)
    if obs.get("direction"):
        head.append(str(obs["direction"]))
    lines.append("== " + " · ".join(head) + " ==")
    pile = []
    if "top" in obs:
        top = obs.get("top")
        pile.append(f"Top: {cards_text(top if isinstance(top, list) else [top] if top else [])}")
    suit = obs.get("suit")
    top = obs.get("top")
    named = suit and isinstance(top, str) and Card.parse(top).suit != suit
    if suit and isinstance(top, str) and (named or not secret_rules(obs)):
        pile.append(f"suit in force: {suit_text(suit)}")
    if obs.get("stock") is not None:
        pile.append(f"stock: {obs['stock']}")
    if pile:
        lines.append("   ".join(pile))
    if not secret_rules(obs):
        waiting = pending_text(obs.get("pending"), me)
        if waiting:
            lines.append(f"Pending: {waiting}")
        if obs.get("lost_turns"):
            lost = ", ".join(f"{who(s, me)} {n}" for s, n in obs["lost_turns"].items())
            lines.append(f"Turns still to sit out: {lost}")
    parts = seat_lines(obs, "{marker}{name} ({bits})", "*")
    if parts:
        lines.append("Seats: " + " | ".join(parts))
    if me is not None:
        lines.append(f"Your hand: {cards_text(sort_hand(obs.get('hand') or []))}")
    return lines


def hint_line(obs: Mapping[str, Any], legal: list[Action]) -> str | None:
    """``You drew Q♠: play it now or pass.``, from what the seat may do now."""
    return drawn_hint(obs.get("drawn"), legal)


def action_text(action: Action) -> str:
    """An action for people: ``play 7♥``, ``play A♠ naming ♥ hearts``."""
    if isinstance(action, Play):
        text = "play " + " ".join(c.display() for c in action.cards)
        if action.suit:
            text += f" naming {suit_text(action.suit)}"
        return text
    return card_text(str(action))


def event_text(
    event: Mapping[str, Any], me: str | None = None, game: type[Game] | None = None
) -> str:
    """One event in words (``engine.describe``, or ``game``'s own describer), for the seat
    ``me``."""
    return describe_event(event, lambda seat: who(seat, me), viewer=me, game=game)


def events_text(
    events: list[dict[str, Any]], me: str | None = None, game: type[Game] | None = None
) -> list[str]:
    """Events in words, repeated draws folded into one line."""
    return describe_events(events, lambda seat: who(seat, me), viewer=me, game=game)


class EventLines:
    """Event sentences as they arrive over many moves, a run of draws by one seat kept as
    one line that grows ("chen drew 8 cards"), however many moves it took."""

    def __init__(self, me: str | None, game: type[Game] | None = None) -> None:
        self.me = me
        self.game = game
        self.lines: list[str] = []
        self.run: Mapping[str, Any] | None = None

    def add(self, events: list[dict[str, Any]]) -> None:
        for event in events:
            folded = fold(self.run, event)
            if folded is not None:
                self.run = folded
                self.lines[-1] = event_text(folded, self.me, self.game)
                continue
            self.lines.append(event_text(event, self.me, self.game))
            self.run = dict(event) if event.get("type") in FOLDED else None

    def extend(self, lines: list[str]) -> None:
        """Lines of one's own (a round's summary): the run ends."""
        self.lines.extend(lines)
        self.run = None


def standings(places: dict[str, int], scores: Mapping[str, Any], me: str | None) -> list[str]:
    """``1. ada  12 pts`` lines, best first."""
    ranked = sorted(places, key=lambda s: places[s]) if places else list(scores)
    lines = []
    for seat in ranked:
        place = places.get(seat)
        score = f"  {scores[seat]}" if seat in scores else ""
        lines.append(f"{place if place else '-'}. {who(seat, me)}{score}")
    return lines


def round_end_lines(event: Mapping[str, Any], me: str | None = None) -> list[str]:
    """A round's end, spelled out: who went out, each seat's points and totals."""
    lines = [f"*** {event_text(event, me)} ***"]
    points = event.get("points") or {}
    totals = event.get("scores") or {}
    titles = event.get("titles") or {}
    for seat in totals or points:
        row = f"  {who(seat, me):<8}"
        if seat in points:
            row += f" +{points[seat]:<4}"
        if seat in totals:
            row += f" total {totals[seat]}"
        if titles.get(seat):
            row += f"  {titles[seat]}"
        lines.append(row.rstrip())
    return lines


def outcome_lines(outcome: Mapping[str, Any], me: str | None = None) -> list[str]:
    """The match's end: the winner and the standings."""
    ranked = standings(outcome.get("places") or {}, outcome.get("scores") or {}, me)
    return [f"*** Match over. {outcome_text(outcome, me)} ***"] + ["  " + r for r in ranked]


def outcome_text(outcome: Mapping[str, Any], me: str | None = None) -> str:
    """Winners of a finished match in one line."""
    winners = [who(w, me) for w in outcome.get("winners", [])]
    if not winners:
        return "No winner."
    return ("Draw between " if len(winners) > 1 else "Winner: ") + ", ".join(winners) + "."
