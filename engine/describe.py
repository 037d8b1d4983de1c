"""Public events in plain words, shared by every front-end (terminal, Discord).

Events are the dicts ``apply`` and ``tick`` return. A front-end passes how it names a seat
(a nickname, a mention, "you") and how it shows a card; the sentence is in the past tense so
it reads the same for any person ("you played 7♥", "ana played 7♥"). Event kinds no sentence
knows are shown as their fields, with seats and cards still named, so a new game's events
are readable before anyone writes their sentence.

>>> describe_event({"type": "play", "seat": "ana", "cards": ["AS"], "suit": "H"})
'ana played A♠ and named ♥ hearts'
>>> describe_event({"type": "take", "seat": "bo", "count": 1})
'bo took 1 card'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.actions import Action, Announce, Complete
from engine.cards import SUIT_NAMES, SUIT_SYMBOLS, Card
from engine.events import Event

Namer = Callable[[Any], str]

#: event keys whose values are seats
SEAT_KEYS = frozenset(
    {"seat", "target", "first", "winner", "by", "to", "from", "leader", "dealer", "president"}
)


def show_card(text: str) -> str:
    """``10H`` -> ``10♥``; text that is not a card is returned as it is."""
    try:
        return Card.parse(text).display()
    except ValueError:
        return text


def plural(count: Any, word: str) -> str:
    """``1 card``, ``3 cards``."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def suit_words(suit: str | None) -> str:
    if not suit:
        return "-"
    return f"{SUIT_SYMBOLS.get(suit, suit)} {SUIT_NAMES.get(suit, suit)}"


def describe_event(event: Event, name: Namer = str, card: Callable[[str], str] = show_card) -> str:
    """One public event as a sentence."""
    kind = event.get("type", "?")
    who = name(event.get("seat"))
    count = event.get("count")

    def cards(value: Any) -> str:
        return " ".join(card(c) for c in value or [])

    if kind == "play":
        text = f"{who} played {cards(event.get('cards'))}"
        return text + (f" and named {suit_words(event['suit'])}" if event.get("suit") else "")
    if kind == "complete":
        return f"{who} completed four with {cards(event.get('cards'))}" + (
            " out of turn" if event.get("out_of_turn") else ""
        )
    if kind == "draw":
        return f"{who} drew {plural(count, 'card')}"
    if kind == "take":
        return f"{who} took {plural(count, 'card')}"
    if kind == "pass":
        return f"{who} passed"
    if kind == "cut":
        return f"{who} cut the stack of {count}"
    if kind == "lose_turns":
        return f"{who} accepted losing {plural(count, 'turn')}"
    if kind in ("turn_lost", "skip") and "seats" not in event:
        return f"{who} missed a turn"
    if kind == "skip":
        return ", ".join(name(s) for s in event["seats"]) + " skipped"
    if kind == "reverse":
        return f"Play reversed: now {event.get('direction', '')}".strip()
    if kind == "direction":
        way = "clockwise" if event.get("way") == "cw" else "counterclockwise"
        return f"{who} chose to play {way}"
    if kind == "announce":
        return f"{who}: “{event.get('word', '')}”"
    if kind == "penalty":
        reason = event.get("call") or event.get("for")
        text = f"{who} took {plural(count or 1, 'penalty card')}"
        return text + (f" ({reason})" if reason else "")
    if kind == "reshuffle":
        return f"The pile was shuffled into a new stock of {plural(count, 'card')}"
    if kind == "starter":
        return f"The first card turned is {card(event.get('card', ''))}"
    if kind == "starter_returned":
        return f"{card(event.get('card', ''))} was shuffled back and another card turned"
    if kind == "deal":
        return f"Round {event.get('round')} dealt; {name(event.get('first'))} starts"
    if kind == "out":
        title = event.get("title")
        place = event.get("place")
        text = f"{who} went out" + (f" in place {place}" if place else "")
        return text + (f" as {title}" if title and title != "-" else "")
    if kind == "stuck":
        return f"{who} held only 2s and is out, placed {event.get('place')}"
    if kind == "clear":
        return f"The pile was cleared; {name(event.get('leader'))} leads"
    if kind == "lead":
        return f"{who} leads"
    if kind == "exchange":
        return f"{name(event.get('a_hole'))} gives a card to {name(event.get('president'))}"
    if kind == "give":
        return f"{who} gave a card to {name(event.get('to'))}"
    if kind == "blow_up":
        return f"{who} blew up at {event.get('total')}"
    if kind == "rebuy":
        return f"{who} put a chip in the pot and is back at {event.get('total')}"
    if kind == "leave":
        return f"{who} left the match"
    if kind == "vote_open":
        return "Play on for places? " + ", ".join(name(s) for s in event.get("voters", []))
    if kind == "vote":
        return f"{who} voted to {event.get('choice')}"
    if kind == "vote_result":
        return f"The table voted to {event.get('result')}"
    if kind == "stalemate":
        return f"The round stopped with no winner ({event.get('reason', '')})"
    if kind == "round_end":
        winner = event.get("winner")
        won = f"{name(winner)} went out" if winner else "no winner"
        return f"Round {event.get('round')} over: {won}"
    if kind == "match_end":
        winners = [name(w) for w in event.get("winners") or []]
        if len(winners) > 1:
            return "The match is over: a draw between " + ", ".join(winners)
        return "The match is over" + (f": {winners[0]} wins" if winners else "")
    return _plain(event, name, card)


def _plain(event: Event, name: Namer, card: Callable[[str], str]) -> str:
    details = []
    for key, value in event.items():
        if key in ("type", "at") or isinstance(value, dict):
            continue
        text = str(value)
        if key in SEAT_KEYS:
            text = name(value)
        elif key in ("cards", "card"):
            text = " ".join(map(card, value)) if isinstance(value, list) else card(text)
        elif isinstance(value, list):
            text = ", ".join(str(v) for v in value)
        details.append(f"{key.replace('_', ' ')} {text}")
    kind = str(event.get("type", "?")).replace("_", " ").capitalize()
    return kind + (": " + ", ".join(details) if details else "")


#: what a seat offered each kind of out-of-turn decision may do, in words
_OFFERS: dict[str, str] = {
    "vote": "Vote: play on or stop",
    "rebuy": "Rebuy or leave",
    "leave": "Rebuy or leave",
    "give": "Give a card",
    "direction": "Choose the direction of play",
    "rejoin": "Take five cards to rejoin",
    "declare_rule": "Make a new rule",
}


def describe_offer(legal: Sequence[Action]) -> str:
    """What a seat may do now when it is not its turn, from the actions it is offered:
    ``Vote: play on or stop``, ``Say Mau``, ``Complete four 9s`` (several joined by "or").

    >>> from engine.actions import parse_action
    >>> describe_offer([parse_action("announce mau")])
    'Say Mau'
    >>> describe_offer([parse_action("complete 9H 9S")])
    'Complete four 9s'
    """
    offers: list[str] = []
    for action in legal:
        if isinstance(action, Announce):
            text = f"Say {action.word.capitalize()}"
        elif isinstance(action, Complete) and action.cards:
            text = f"Complete four {action.cards[0].rank}s"
        else:
            text = _OFFERS.get(action.kind, action.kind.replace("_", " ").capitalize())
        if text not in offers:
            offers.append(text)
    return " or ".join(offers) if offers else "Nothing to do"
