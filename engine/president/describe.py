"""President's own events in words (``Game.describer``): the exchange and its gifts, a lead, a
cleared pile, fours completed, a seat stuck with 2s. The shared sentences
(``engine.describe``) tell the rest: plays, passes, who went out and with what title, rounds
and matches.

>>> describe_event({"type": "lead", "seat": "ana"})
'ana leads'
>>> describe_event({"type": "give", "seat": "bo", "to": "ana"}, viewer="ana")
'bo gave a card to you'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.words import ENGLISH, NC_, Translations, show_card


def describe_event(
    event: Mapping[str, Any],
    name: Callable[[Any], str] = str,
    card: Callable[[str], str] = show_card,
    viewer: Any = None,
    tr: Translations = ENGLISH,
) -> str | None:
    """One of President's events, in the second person for ``viewer``'s own seat; None for
    a kind the shared sentences tell."""
    kind = event.get("type")
    seat = event.get("seat")
    who = name(seat)

    def mine(key: Any) -> bool:
        return viewer is not None and key == viewer

    if kind == "complete":
        done = " ".join(card(c) for c in event.get("cards") or [])
        if event.get("out_of_turn"):
            return tr._("{who} completed four with {cards} out of turn", who=who, cards=done)
        return tr._("{who} completed four with {cards}", who=who, cards=done)
    if kind == "stuck":
        place = event.get("place")
        if mine(seat):
            return tr._("{who} held only 2s and are out, in place {place}", who=who, place=place)
        return tr._("{who} held only 2s and is out, in place {place}", who=who, place=place)
    if kind == "clear":
        leader = event.get("leader")
        if mine(leader):
            return tr._("The pile was cleared; {who} lead", who=name(leader))
        return tr._("The pile was cleared; {who} leads", who=name(leader))
    if kind == "lead":
        return tr._("{who} lead", who=who) if mine(seat) else tr._("{who} leads", who=who)
    if kind == "exchange":
        # said as the exchange opens: each card given is its own "give" event; the viewer
        # is named by the sentence, as a language says "you" after "between" its own way
        a, b = event.get("a_hole"), event.get("president")
        if mine(a):
            return tr._("Card exchange between you and {b}", b=name(b))
        if mine(b):
            return tr._("Card exchange between {a} and you", a=name(a))
        return tr._("Card exchange between {a} and {b}", a=name(a), b=name(b))
    if kind == "give":
        to = event.get("to")
        if mine(to):  # the viewer as the object: "ți-a dat", not "lui tu"
            return tr._("{who} gave a card to you", who=who)
        return tr._("{who} gave a card to {to}", who=who, to=name(to))
    return None


#: the sentences above said with the player at the terminal as their subject, marked for the
#: catalogs in the ``you`` context: the languages that conjugate for the person hold a second
#: form of each (``terminal.second_person``)
YOU_FORMS = (
    NC_("you", "{who} completed four with {cards}"),
    NC_("you", "{who} completed four with {cards} out of turn"),
    NC_("you", "{who} gave a card to {to}"),
    NC_("you", "{who} lead"),
    NC_("you", "The pile was cleared; {who} lead"),
    NC_("you", "{who} held only 2s and are out, in place {place}"),
)
