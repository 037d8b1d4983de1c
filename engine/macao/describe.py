"""Macao's own events in words (``Game.describer`` of ``engine.macao``): a 7 cutting a draw
stack, a seat accepting the turns a stack of 4s costs it. The shared sentences
(``engine.describe``) tell the rest.

>>> describe_event({"type": "cut", "seat": "ana", "count": 6})
'ana cut the stack of 6'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.words import ENGLISH, NC_, NPC_, Translations, show_card


def describe_event(
    event: Mapping[str, Any],
    name: Callable[[Any], str] = str,
    card: Callable[[str], str] = show_card,
    viewer: Any = None,
    tr: Translations = ENGLISH,
) -> str | None:
    """One of Macao's events; None for a kind the shared sentences tell."""
    kind = event.get("type")
    who = name(event.get("seat"))
    count = event.get("count")
    if kind == "cut":
        return tr._("{who} cut the stack of {count}", who=who, count=count)
    if kind == "lose_turns":
        return tr.ngettext(
            "{who} accepted losing {count} turn",
            "{who} accepted losing {count} turns",
            int(count or 0),
            who=who,
        )
    return None


#: the sentences above said with the player at the terminal as their subject, marked for the
#: catalogs in the ``you`` context: the languages that conjugate for the person hold a second
#: form of each (``terminal.second_person``)
YOU_FORMS = (
    NC_("you", "{who} cut the stack of {count}"),
    NPC_("you", "{who} accepted losing {count} turn", "{who} accepted losing {count} turns"),
)
