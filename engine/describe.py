"""Public events in plain words, shared by every front-end (terminal, Discord).

Events are the dicts ``apply`` and ``tick`` return. A front-end passes how it names a seat
(a nickname, a mention, "you"), how it shows a card, and which seat is reading (``viewer``):
sentences agree with the person, "you lead" for the viewer and "ana leads" for anyone else.
Mao's events are told as facts only, never with a reason ("ana played a card; it went back",
"Talking: bo took a penalty card"), as the Chairman does on Discord. Event kinds no sentence
knows are shown as their fields, with seats and cards still named, so a new game's events are
readable before anyone writes their sentence. ``describe_events`` tells a run of events and
folds repeated draws into one line ("chen drew 8 cards").

>>> describe_event({"type": "play", "seat": "ana", "cards": ["AS"], "suit": "H"})
'ana played A♠ and named ♥ hearts'
>>> describe_event({"type": "lead", "seat": "you"}, viewer="you")
'you lead'
>>> describe_events([{"type": "draw", "seat": "bo", "count": 1}] * 3)
['bo drew 3 cards']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from engine.actions import Action, Play
from engine.cards import RANK_ORDER, SUIT_NAMES, SUIT_SYMBOLS, SUITS, Card

Namer = Callable[[Any], str]

#: event keys whose values are seats
SEAT_KEYS = frozenset(
    {"seat", "target", "first", "winner", "by", "to", "from", "leader", "dealer", "president"}
)
#: event kinds that a run of by the same seat reads as one line, their counts added
FOLDED = frozenset({"draw", "take", "given"})


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


def sort_hand(hand: Iterable[str]) -> list[str]:
    """By suit, then rank: how people hold cards (every front-end shows hands this way)."""

    def key(text: str) -> tuple[int, int]:
        try:
            c = Card.parse(text)
        except ValueError:
            return (9, 0)
        return (SUITS.index(c.suit), RANK_ORDER[c.rank])

    return sorted(hand, key=key)


def join_names(names: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def drawn_hint(drawn: str | None, legal: Sequence[Action], card: Callable[[str], str] = show_card):
    """What the player who just drew may do now, from their legal actions only.

    ``You drew Q♠: play it now or pass.`` only when both are offered; Mau-Mau, where one draws
    until a card fits, says ``draw again`` instead. None when nothing was drawn.
    """
    if not drawn:
        return None
    kinds = {a.kind for a in legal}
    choices = []
    if any(isinstance(a, Play) and drawn in [str(c) for c in a.cards] for a in legal):
        choices.append("play it now")
    elif "play" in kinds:
        choices.append("play a card")
    if "draw" in kinds:
        choices.append("draw again")
    if "pass" in kinds:
        choices.append("pass")
    if not choices:
        return f"You drew {card(drawn)}."
    return f"You drew {card(drawn)}: " + " or ".join(choices) + "."


def describe_events(
    events: Iterable[dict[str, Any]],
    name: Namer = str,
    card: Callable[[str], str] = show_card,
    viewer: Any = None,
) -> list[str]:
    """The events as sentences, a run of draws (takes, gifts) by one seat as one line."""
    lines: list[str] = []
    run: dict[str, Any] | None = None
    for event in events:
        folded = fold(run, event)
        if folded is not None:
            run = folded
            lines[-1] = describe_event(run, name, card, viewer)
            continue
        run = dict(event) if event.get("type") in FOLDED else None
        lines.append(describe_event(event, name, card, viewer))
    return lines


def fold(run: dict[str, Any] | None, event: dict[str, Any]) -> dict[str, Any] | None:
    """``run`` with ``event`` added when both are draws (takes, gifts) by one seat, else None.

    Front-ends that show events as they come use it to keep a run on one line.
    """
    kind = event.get("type")
    if run is None or kind not in FOLDED or kind != run.get("type"):
        return None
    if event.get("seat") != run.get("seat"):
        return None
    return {**run, "count": (run.get("count") or 0) + (event.get("count") or 0)}


def describe_event(
    event: dict[str, Any],
    name: Namer = str,
    card: Callable[[str], str] = show_card,
    viewer: Any = None,
) -> str:
    """One public event as a sentence, in the second person for ``viewer``'s own seat."""
    kind = event.get("type", "?")
    seat = event.get("seat")
    who = name(seat)
    count = event.get("count")

    def cards(value: Any) -> str:
        return " ".join(card(c) for c in value or [])

    def verb(key: Any, third: str, second: str) -> str:
        """The verb for ``key``'s seat: "leads" for others, "lead" for the viewer."""
        return second if viewer is not None and key == viewer else third

    text = _shedding(event, kind, who, seat, count, name, cards, card, verb)
    if text is None:
        text = _mao(event, kind, who, seat, count, name, cards, verb, viewer)
    if text is None:
        text = _rounds(event, kind, who, seat, name, verb)
    return text if text is not None else _plain(event, name, card)


def _shedding(event, kind, who, seat, count, name, cards, card, verb) -> str | None:
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
        return join_names([name(s) for s in event["seats"]]) + " missed a turn"
    if kind == "reverse":
        return f"Play reversed: now {event.get('direction', '')}".strip()
    if kind == "direction":
        way = "clockwise" if event.get("way") == "cw" else "counterclockwise"
        return f"{who} chose to play {way}"
    if kind == "announce":
        return f"{who}: “{event.get('word', '')}”"
    if kind == "reshuffle":
        return f"The pile was shuffled into a new stock of {plural(count, 'card')}"
    if kind == "starter":
        return f"The first card turned is {card(event.get('card', ''))}"
    if kind == "starter_returned":
        return f"{card(event.get('card', ''))} was shuffled back and another card turned"
    if kind == "stuck":
        place = event.get("place")
        return f"{who} held only 2s and {verb(seat, 'is', 'are')} out, in place {place}"
    if kind == "clear":
        leader = event.get("leader")
        return f"The pile was cleared; {name(leader)} {verb(leader, 'leads', 'lead')}"
    if kind == "lead":
        return f"{who} {verb(seat, 'leads', 'lead')}"
    if kind == "exchange":
        # said as the exchange opens: each card given is its own "give" event
        return f"Card exchange between {name(event.get('a_hole'))} and " + name(
            event.get("president")
        )
    if kind == "give":
        return f"{who} gave a card to {name(event.get('to'))}"
    if kind == "blow_up":
        return f"{who} blew up at {event.get('total')}"
    if kind == "rebuy":
        back = verb(seat, "is", "are")
        return f"{who} put a chip in the pot and {back} back at {event.get('total')}"
    if kind == "leave":
        return f"{who} left the match"
    return None


def _mao(event, kind, who, seat, count, name, cards, verb, viewer) -> str | None:
    """Mao's happenings as facts: no reason is ever given (MAO-1)."""
    if kind == "say":  # whom it names (a call's offender), as a mention shows it
        named = "".join(f" @{name(s)}" for s in event.get("to") or ())
        return f"{who}: “{event.get('text', '')}”{named}"
    if kind == "refused":
        if event.get("action") != "play":
            return f"{who} reached for the pool; the card stayed"
        if viewer is not None and seat == viewer and event.get("cards"):
            return f"{who} played {cards(event.get('cards'))}; it went back"
        return f"{who} played a card; it went back"
    if kind == "penalty":
        took = f"{who} took {plural(count if count is not None else 1, 'penalty card')}"
        reason = event.get("for") or event.get("reason")
        if "call" not in event:
            return took + (f" ({reason})" if reason else "")
        if count == 0:
            took = f"{who} would take a penalty card, but the pool is empty"
        by = event.get("by")
        called = f" (called by {name(by)})" if by not in (None, "Chairman") else ""
        return f"{event['call']}: {took}{called}"
    if kind == "given":
        return f"{who} {verb(seat, 'was', 'were')} given {plural(count, 'card')}"
    if kind == "skipped":
        return f"{who} missed a turn"
    if kind == "turn_ran_out":
        return f"{who} ran out of time"
    if kind == "suit_named":
        return f"{who} named {suit_words(event.get('suit'))}"
    if kind == "overturned":
        return f"Ruling overturned: {event.get('call')} on {who}"
    if kind == "rejoin":
        return f"{who} rejoined with {plural(count, 'card')}"
    if kind == "new_rule":
        return f"{who} made a new rule"
    if kind == "point_of_order":
        return "Point of order"
    if kind == "point_of_order_end":
        return "End of point of order"
    if kind == "away":
        return f"{who} {verb(seat, 'is', 'are')} away"
    if kind == "back":
        return f"{who} {verb(seat, 'is', 'are')} back"
    if kind == "out" and "place" not in event and "title" not in event:
        return f"{who} {verb(seat, 'is', 'are')} out"
    return None


def _rounds(event, kind, who, seat, name, verb) -> str | None:
    if kind == "out":
        title = event.get("title")
        place = event.get("place")
        text = f"{who} went out" + (f" in place {place}" if place else "")
        return text + (f" as {title}" if title and title != "-" else "")
    if kind == "vote_open":
        return "Play on for places? " + ", ".join(name(s) for s in event.get("voters", []))
    if kind == "vote":
        return f"{who} voted to {event.get('choice')}"
    if kind == "vote_result":
        return f"The table voted to {event.get('result')}"
    if kind == "stalemate":
        return f"The round stopped with no winner ({event.get('reason', '')})"
    if kind == "deal":
        first = event.get("first")
        return f"Round {event.get('round')} dealt; {name(first)} {verb(first, 'starts', 'start')}"
    if kind == "round_end":
        if event.get("winners"):
            went = join_names([name(w) for w in event["winners"]])
            return f"Round {event.get('round')} over: {went} went out"
        winner = event.get("winner")
        won = f"{name(winner)} went out" if winner else "no winner"
        return f"Round {event.get('round')} over: {won}"
    if kind == "match_end":
        winners = [name(w) for w in event.get("winners") or []]
        if len(winners) > 1:
            return "The match is over: a draw between " + join_names(winners)
        if winners:
            return f"The match is over: {winners[0]} {verb(event['winners'][0], 'wins', 'win')}"
        return "The match is over"
    return None


def _plain(event: dict[str, Any], name: Namer, card: Callable[[str], str]) -> str:
    details = []
    for key, value in event.items():
        if key in ("type", "at") or isinstance(value, dict):
            continue
        if key in SEAT_KEYS:
            value = name(value)
        elif key in ("cards", "card"):
            value = " ".join(card(c) for c in value) if isinstance(value, list) else card(value)
        elif isinstance(value, list):
            value = ", ".join(str(v) for v in value)
        details.append(f"{key.replace('_', ' ')} {value}")
    kind = str(event.get("type", "?")).replace("_", " ").capitalize()
    return kind + (": " + ", ".join(details) if details else "")
