"""Last Card's own events in words (``Game.describer``): the dealer's choice of direction,
the vote to play on for places, and a game stopped short, which still places its players.
The shared sentences (``engine.describe``) tell the rest.

>>> describe_event({"type": "vote_result", "result": "stop"})
'The table voted to stop'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.words import ENGLISH, NC_, Translations, show_card, word


def describe_event(
    event: Mapping[str, Any],
    name: Callable[[Any], str] = str,
    card: Callable[[str], str] = show_card,
    viewer: Any = None,
    tr: Translations = ENGLISH,
) -> str | None:
    """One of Last Card's events; None for a kind the shared sentences tell."""
    kind = event.get("type")
    who = name(event.get("seat"))
    if kind == "direction":
        way = word("clockwise" if event.get("way") == "cw" else "counterclockwise", tr)
        return tr._("{who} chose to play {direction}", who=who, direction=way)
    if kind == "vote_open":
        voters = ", ".join(name(s) for s in event.get("voters", []))
        return tr._("Play on for places? {voters}", voters=voters)
    if kind == "vote":
        return tr._("{who} voted to {choice}", who=who, choice=word(event.get("choice"), tr))
    if kind == "vote_result":
        return tr._("The table voted to {result}", result=word(event.get("result"), tr))
    if kind == "stalemate":  # the game is placed all the same (LAST-9's choice)
        if event.get("reason") == "turns":
            return tr._(
                "The game stopped at its turn limit: the players still in are placed by the "
                "fewest cards held"
            )
        return tr._(
            "The game stopped, as nobody can play or draw: the players still in are placed by "
            "the fewest cards held"
        )
    return None


#: the sentences above said with the player at the terminal as their subject, marked for the
#: catalogs in the ``you`` context: the languages that conjugate for the person hold a second
#: form of each (``terminal.second_person``)
YOU_FORMS = (
    NC_("you", "{who} chose to play {direction}"),
    NC_("you", "{who} voted to {choice}"),
)
