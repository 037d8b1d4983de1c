"""Public events in plain words, shared by every front-end (terminal, Discord).

Events are the dicts ``apply`` and ``tick`` return. A front-end passes how it names a seat
(a nickname, a mention, "you") and how it shows a card; the sentence is in the past tense so
it reads the same for any person ("you played 7♥", "ana played 7♥"). Event kinds no sentence
knows are shown as their fields, with seats and cards still named, so a new game's events
are readable before anyone writes their sentence.

A front-end that speaks another language passes a catalog (``tr``: anything with gettext's
``_(message, **fields)`` and ``ngettext(singular, plural, count, **fields)``, such as an
``i18n.Catalog``); the engine itself knows no languages, and English is the default.

>>> describe_event({"type": "play", "seat": "ana", "cards": ["AS"], "suit": "H"})
'ana played A♠ and named ♥ hearts'
>>> describe_event({"type": "take", "seat": "bo", "count": 1})
'bo took 1 card'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.cards import SUIT_NAMES, SUIT_SYMBOLS, Card

Namer = Callable[[Any], str]


class English:
    """The sentences as written: the catalog used when the caller passes none."""

    def _(self, message: str, /, **fields: Any) -> str:
        return message.format(**fields) if fields else message

    def ngettext(self, singular: str, plural: str, count: int, /, **fields: Any) -> str:
        return (singular if count == 1 else plural).format(count=count, **fields)


ENGLISH = English()

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


def suit_words(suit: str | None, tr: Any = ENGLISH) -> str:
    if not suit:
        return "-"
    return f"{SUIT_SYMBOLS.get(suit, suit)} {tr._(SUIT_NAMES.get(suit, suit))}"


def describe_event(
    event: dict[str, Any],
    name: Namer = str,
    card: Callable[[str], str] = show_card,
    tr: Any = ENGLISH,
) -> str:
    """One public event as a sentence, in ``tr``'s language (English by default)."""
    kind = event.get("type", "?")
    who = name(event.get("seat"))
    count = event.get("count")
    n = int(count) if isinstance(count, int) else 0

    def cards(value: Any) -> str:
        return " ".join(card(c) for c in value or [])

    def card_count(k: int) -> str:
        return str(tr.ngettext("{count} card", "{count} cards", k))

    if kind == "play":
        text = tr._("{name} played {cards}", name=who, cards=cards(event.get("cards")))
        if event.get("suit"):
            text += tr._(" and named {suit}", suit=suit_words(event["suit"], tr))
        return str(text)
    if kind == "complete":
        shown = cards(event.get("cards"))
        if event.get("out_of_turn"):
            return str(
                tr._("{name} completed four with {cards} out of turn", name=who, cards=shown)
            )
        return str(tr._("{name} completed four with {cards}", name=who, cards=shown))
    if kind == "draw":
        return str(tr._("{name} drew {cards}", name=who, cards=card_count(n)))
    if kind == "take":
        return str(tr._("{name} took {cards}", name=who, cards=card_count(n)))
    if kind == "pass":
        return str(tr._("{name} passed", name=who))
    if kind == "cut":
        return str(tr._("{name} cut the stack of {count}", name=who, count=count))
    if kind == "lose_turns":
        turns = tr.ngettext("{count} turn", "{count} turns", n)
        return str(tr._("{name} accepted losing {turns}", name=who, turns=turns))
    if kind in ("turn_lost", "skip") and "seats" not in event:
        return str(tr._("{name} missed a turn", name=who))
    if kind == "skip":
        names = ", ".join(name(s) for s in event["seats"])
        return str(tr._("{names} skipped", names=names))
    if kind == "reverse":
        way = event.get("direction", "")
        if way == "clockwise":
            return str(tr._("Play reversed: now clockwise"))
        if way == "counterclockwise":
            return str(tr._("Play reversed: now counterclockwise"))
        return str(tr._("Play reversed"))
    if kind == "direction":
        if event.get("way") == "cw":
            return str(tr._("{name} chose to play clockwise", name=who))
        return str(tr._("{name} chose to play counterclockwise", name=who))
    if kind == "announce":
        return f"{who}: “{event.get('word', '')}”"
    if kind == "penalty":
        reason = event.get("call") or event.get("for")
        got = tr.ngettext("{count} penalty card", "{count} penalty cards", n or 1)
        text = tr._("{name} took {cards}", name=who, cards=got)
        return str(text) + (f" ({reason})" if reason else "")
    if kind == "reshuffle":
        return str(tr._("The pile was shuffled into a new stock of {cards}", cards=card_count(n)))
    if kind == "starter":
        return str(tr._("The first card turned is {card}", card=card(event.get("card", ""))))
    if kind == "starter_returned":
        shown = card(event.get("card", ""))
        return str(tr._("{card} was shuffled back and another card turned", card=shown))
    if kind == "deal":
        first = name(event.get("first"))
        return str(tr._("Round {round} dealt; {name} starts", round=event.get("round"), name=first))
    if kind == "out":
        title = event.get("title")
        place = event.get("place")
        if place:
            text = tr._("{name} went out in place {place}", name=who, place=place)
        else:
            text = tr._("{name} went out", name=who)
        return str(text) + (tr._(" as {title}", title=title) if title and title != "-" else "")
    if kind == "stuck":
        place = event.get("place")
        return str(tr._("{name} held only 2s and is out, placed {place}", name=who, place=place))
    if kind == "clear":
        leader = name(event.get("leader"))
        return str(tr._("The pile was cleared; {name} leads", name=leader))
    if kind == "lead":
        return str(tr._("{name} leads", name=who))
    if kind == "exchange":
        giver, taker = name(event.get("a_hole")), name(event.get("president"))
        return str(tr._("{giver} gives a card to {taker}", giver=giver, taker=taker))
    if kind == "give":
        to = name(event.get("to"))
        return str(tr._("{giver} gave a card to {taker}", giver=who, taker=to))
    if kind == "blow_up":
        return str(tr._("{name} blew up at {total}", name=who, total=event.get("total")))
    if kind == "rebuy":
        total = event.get("total")
        return str(
            tr._("{name} put a chip in the pot and is back at {total}", name=who, total=total)
        )
    if kind == "leave":
        return str(tr._("{name} left the match", name=who))
    if kind == "vote_open":
        voters = ", ".join(name(s) for s in event.get("voters", []))
        return str(tr._("Play on for places? {voters}", voters=voters))
    if kind == "vote":
        if event.get("choice") == "stop":
            return str(tr._("{name} voted to stop", name=who))
        return str(tr._("{name} voted to continue", name=who))
    if kind == "vote_result":
        if event.get("result") == "stop":
            return str(tr._("The table voted to stop"))
        return str(tr._("The table voted to continue"))
    if kind == "stalemate":
        reason = event.get("reason", "")
        return str(tr._("The round stopped with no winner ({reason})", reason=reason))
    if kind == "round_end":
        winner = event.get("winner")
        number = event.get("round")
        if winner:
            return str(tr._("Round {round} over: {name} went out", round=number, name=name(winner)))
        return str(tr._("Round {round} over: no winner", round=number))
    if kind == "match_end":
        winners = [name(w) for w in event.get("winners") or []]
        if len(winners) > 1:
            return str(tr._("The match is over: a draw between {names}", names=", ".join(winners)))
        if winners:
            return str(tr._("The match is over: {name} wins", name=winners[0]))
        return str(tr._("The match is over"))
    return _plain(event, name, card)


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
