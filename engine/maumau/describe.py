"""Mau-Mau's own events in words (``Game.describer``): a seat blowing up, buying back in
with a chip, leaving the match. The shared sentences (``engine.describe``) tell the rest.

>>> describe_event({"type": "blow_up", "seat": "bo", "total": 104})
'bo blew up at 104'
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
    """One of Mau-Mau's events, in the second person for ``viewer``'s own seat; None for a
    kind the shared sentences tell."""
    kind = event.get("type")
    seat = event.get("seat")
    who = name(seat)
    if kind == "blow_up":
        return tr._("{who} blew up at {total}", who=who, total=event.get("total"))
    if kind == "rebuy":
        total = event.get("total")
        if viewer is not None and seat == viewer:
            return tr._("{who} put a chip in the pot and are back at {total}", who=who, total=total)
        return tr._("{who} put a chip in the pot and is back at {total}", who=who, total=total)
    if kind == "leave":
        return tr._("{who} left the match", who=who)
    return None


#: the sentences above said with the player at the terminal as their subject, marked for the
#: catalogs in the ``you`` context: the languages that conjugate for the person hold a second
#: form of each (``terminal.second_person``)
YOU_FORMS = (
    NC_("you", "{who} blew up at {total}"),
    NC_("you", "{who} left the match"),
    NC_("you", "{who} put a chip in the pot and are back at {total}"),
)
