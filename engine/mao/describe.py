"""Mao's events in words: the table's log lines and the Chairman's announcements.

The ``Mao`` class names this module as its describer (``Game.describer``), so every front-end
tells Mao's events with these sentences: the terminal's feed and Discord's table message
(``describe_event``), and the Chairman's posts in the table's thread (``announcement``).
Everything is told as a fact, never with a reason (MAO-1): "ana played a card; it went back",
"Talking: bo took a penalty card". A card that went back to a hand is named only to its
holder (``viewer``). Sentences are marked for the catalogs and told in ``tr``'s language, and
calls and phrases are named the way that language says them (``engine.mao.languages``).

``brief`` gives the line for a table that shows the Chairman's posts beside it (Discord's
table message, whose thread has them): no speech and no missed turns, which the thread and
the turn marker show, and a penalty, a deal or a round's end without what the posts say.

>>> describe_event({"type": "refused", "seat": "ana", "action": "play", "cards": ["6H"]})
'ana played a card; it went back'
>>> describe_event({"type": "penalty", "call": "Talking", "seat": "bo", "by": "ana", "count": 1})
'Talking: bo took 1 penalty card (called by ana)'
>>> describe_event({"type": "penalty", "call": "Talking", "seat": "bo", "count": 1}, brief=True)
'Talking: bo took a penalty card'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.mao.languages import speech
from engine.words import ENGLISH, NC_, NPC_, Translations, language, show_card, suit_words

Namer = Callable[[Any], str]
#: what the Chairman's mode calls the referee in a penalty's ``by``
CHAIRMAN = "Chairman"


def call_name(call: Any, tr: Translations = ENGLISH) -> str:
    """A call (its canonical name) as ``tr``'s language says it."""
    return speech(language(tr)).call(str(call or ""))


def _cards(count: Any, tr: Translations) -> str:
    return tr.ngettext("{count} card", "{count} cards", int(count or 0))


def describe_event(
    event: Mapping[str, Any],
    name: Namer = str,
    card: Callable[[str], str] = show_card,
    viewer: Any = None,
    tr: Translations = ENGLISH,
    *,
    brief: bool = False,
) -> str | None:
    """One of Mao's events as a fact, in the second person for ``viewer``'s own seat; None
    for a kind the shared sentences tell (``engine.describe``), or, ``brief``, that the
    table does not list."""
    kind = event.get("type")
    seat = event.get("seat")
    who = name(seat)
    count = event.get("count")
    mine = viewer is not None and seat == viewer

    def cards(value: Any) -> str:
        return " ".join(card(str(c)) for c in value or [])

    if kind == "play":
        played = cards(event.get("cards"))
        if event.get("suit"):  # one sentence, so a language can conjugate both verbs
            suit = suit_words(event["suit"], tr)
            return tr._("{who} played {cards} and named {suit}", who=who, cards=played, suit=suit)
        return tr._("{name} played {cards}", name=who, cards=played)
    if kind == "take":
        return tr._("{name} took {cards}", name=who, cards=_cards(count, tr))
    if kind == "refused":
        if event.get("action") != "play":
            return tr._("{name} reached for the pool; the card stayed", name=who)
        if mine and event.get("cards"):
            shown = cards(event["cards"])
            return tr._("{name} played {cards}; it went back", name=who, cards=shown)
        return tr._("{name} played a card; it went back", name=who)
    if kind == "penalty" and "call" in event:  # one without a call is a shared sentence
        return _penalty(event, who, name, tr, brief, viewer)
    if kind == "given":
        if mine:
            return tr._("{name} were given {cards}", name=who, cards=_cards(count, tr))
        return tr._("{name} was given {cards}", name=who, cards=_cards(count, tr))
    if kind == "rejoin":
        return tr._("{name} rejoined with {cards}", name=who, cards=_cards(count, tr))
    if kind == "out" and "place" not in event and "title" not in event:
        return tr._("{name} are out", name=who) if mine else tr._("{name} is out", name=who)
    if kind == "new_rule":
        return tr._("{name} made a new rule", name=who)
    if kind == "point_of_order":
        return tr._("Point of order")
    if kind == "point_of_order_end":
        return tr._("End of point of order")
    if kind == "away":
        return tr._("{name} are away", name=who) if mine else tr._("{name} is away", name=who)
    if kind == "back":
        return tr._("{name} are back", name=who) if mine else tr._("{name} is back", name=who)
    if kind == "reshuffle":
        return tr._("The pile became the new pool")
    if kind == "suit_named":
        return tr._("{name} named {suit}", name=who, suit=suit_words(event.get("suit"), tr))
    if kind == "overturned":
        call = call_name(event.get("call"), tr)
        return tr._("Ruling overturned: {call} on {name}", call=call, name=who)
    if kind == "stalemate":
        return tr._("The round reached its turn limit")
    if brief:
        if kind == "deal":
            return tr._("Round {round} dealt", round=event.get("round"))
        if kind == "round_end":
            return tr._("Round {round} over", round=event.get("round"))
        return None  # speech, missed turns: the thread and the turn marker show them
    if kind == "say":  # whom it names (a call's offender), as a mention shows it
        named = "".join(f" @{name(s)}" for s in event.get("to") or ())
        return tr._("{name}: “{text}”", name=who, text=event.get("text", "")) + named
    if kind == "skipped":
        return tr._("{who} missed a turn", who=who)
    if kind == "turn_ran_out":
        return tr._("{name} ran out of time", name=who)
    return None


def _penalty(
    event: Mapping[str, Any],
    who: str,
    name: Namer,
    tr: Translations,
    brief: bool,
    viewer: Any,
) -> str:
    call = call_name(event.get("call"), tr)
    if brief:
        return tr._("{call}: {name} took a penalty card", call=call, name=who)
    count = event.get("count")
    took = tr.ngettext(
        "{name} took {count} penalty card",
        "{name} took {count} penalty cards",
        int(count if count is not None else 1),
        name=who,
    )
    if count == 0:
        took = tr._("{name} would take a penalty card, but the pool is empty", name=who)
    by = event.get("by")
    if by in (None, CHAIRMAN):
        called = ""
    elif viewer is not None and by == viewer:  # the pronoun as an object ("de tine", not "de tu")
        called = tr._(" (called by you)")
    else:
        called = tr._(" (called by {name})", name=name(by))
    return f"{call}: {took}{called}"


# --- the Chairman's words -----------------------------------------------------------------
def penalty_text(event: Mapping[str, Any], mention: Namer, tr: Translations = ENGLISH) -> str:
    """``Talking. @bo takes a penalty card.`` (with the caller when a player called it)."""
    call = call_name(event.get("call", ""), tr)
    by = event.get("by")
    offender = mention(event.get("seat"))
    if by in (None, CHAIRMAN):
        said = call
    else:
        said = tr._("{call}, called by {caller}", call=call, caller=mention(by))
    if not event.get("count"):
        return tr._(
            "{call}. {name} would take a penalty card, but the pool is empty.",
            call=said,
            name=offender,
        )
    return tr._("{call}. {name} takes a penalty card.", call=said, name=offender)


def announcement(
    event: Mapping[str, Any], name: Namer, mention: Namer, tr: Translations = ENGLISH
) -> str | None:
    """What the Chairman says about ``event`` in the table's chat, or None (a player's own
    words, which the front-end shows as they were written, and whatever he leaves unsaid).
    ``mention`` names whom he addresses: the penalised, a caller, whoever is out or away."""
    kind = event.get("type")
    key = event.get("seat")
    if kind == "penalty":
        return penalty_text(event, mention, tr)
    if kind == "point_of_order":
        return _sentence(speech(language(tr)).say("point of order"))
    if kind == "point_of_order_end":
        return _sentence(speech(language(tr)).say("end of point of order"))
    if kind == "new_rule":
        return tr._("{name} has made a new rule.", name=name(key))
    if kind == "out":
        return tr._("{name} is out.", name=mention(key))
    if kind == "away":
        return tr._(
            "{name} is away: a bot plays for them until they press **I'm back** on their hand.",
            name=mention(key),
        )
    if kind == "stalemate":
        return tr._("Round {round} has reached its turn limit.", round=event.get("round"))
    if kind == "round_end":
        went = ", ".join(name(s) for s in event.get("winners") or [])
        return tr._(
            "Round {round} is over. Out: {names}.",
            round=event.get("round"),
            names=went or tr._("nobody"),
        )
    if kind == "deal" and event.get("round", 1) > 1:
        return tr._("Round {round}: new hands are dealt.", round=event.get("round"))
    if kind == "suit_named":
        suit = suit_words(event.get("suit"), tr)
        return tr._("{name} named {suit}.", name=name(key), suit=suit)
    if kind == "overturned":
        # the call name only: it was announced with the penalty, and says no more
        call = call_name(event.get("call"), tr)
        return tr._("Ruling overturned: {call} on {name}", call=call, name=name(key))
    return None


def _sentence(phrase: str) -> str:
    """``point of order`` -> ``Point of order.``"""
    return phrase[:1].upper() + phrase[1:] + "."


#: the sentences above said with the player at the terminal as their subject, marked for the
#: catalogs in the ``you`` context: the languages that conjugate for the person hold a second
#: form of each (``terminal.second_person``)
YOU_FORMS = (
    NC_("you", "{name} played {cards}"),
    NC_("you", "{name} took {cards}"),
    NC_("you", "{name} played {cards}; it went back"),
    NC_("you", "{name} played a card; it went back"),
    NC_("you", "{name} reached for the pool; the card stayed"),
    NC_("you", "{name} rejoined with {cards}"),
    NC_("you", "{name} made a new rule"),
    NC_("you", "{name} named {suit}"),
    NC_("you", "{name} ran out of time"),
    NC_("you", "{call}: {name} took a penalty card"),
    NC_("you", "{name} would take a penalty card, but the pool is empty"),
    NC_("you", "{name} are away"),
    NC_("you", "{name} are back"),
    NC_("you", "{name} are out"),
    NC_("you", "{name} were given {cards}"),
    NPC_("you", "{name} took {count} penalty card", "{name} took {count} penalty cards"),
)
