"""A seat's public facts beside its name, said alike on every surface (Discord's table
message, the terminal, the web page): the cards it holds or the place it went out in, whether
its game marked it away (a bot plays it then), its score as its game counts it
(``Game.score_words``: points, Mao's rounds won), and the title it holds (President's), each
in the reader's language.

>>> view = {"counts": {"ana": 0}, "out": {"ana": {"place": 1}}, "titles": {"ana": "President"}}
>>> holding(view, "ana"), title(view, "ana")
('out in place 1', 'President')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.base import Game
from engine.prompts import cards_word
from engine.words import ENGLISH, N_, Translations, word

#: a seat its game marked away, said beside its name where no table marks it (the terminal)
AWAY = N_("away, bot playing")


def holding(view: Mapping[str, Any], seat: str, tr: Translations = ENGLISH) -> str | None:
    """``5 cards``, or once the seat has gone out of the round ``out`` (``out in place 2``
    where the game keeps its place); None for a seat the view counts no cards for."""
    out = view.get("out")
    if isinstance(out, dict) and seat in out:
        # a place, or what the game keeps of it (President's: its place and title)
        place = out[seat].get("place") if isinstance(out[seat], dict) else out[seat]
        return tr._("out in place {place}", place=place) if place else tr._("out")
    if isinstance(out, list) and seat in out:
        return tr._("out")
    counts = view.get("counts") or {}
    if seat not in counts:
        return None
    return cards_word(counts[seat], tr)


def away(view: Mapping[str, Any], seat: str) -> bool:
    """Whether the game itself marked the seat away (Mao's three turns run out in a row,
    MAO-14): a bot plays it until its player acts again."""
    return seat in (view.get("away") or [])


def score(game: type[Game] | None, value: Any, tr: Translations = ENGLISH) -> str:
    """A seat's score as its game counts it (``Game.score_words``): ``12 pts``, or at Mao
    ``2 rounds won``; a score that is no whole number as it stands."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool):
        return str(value)
    singular, plural = (game or Game).score_words
    return tr.ngettext(singular, plural, value)


def title(view: Mapping[str, Any], seat: str, tr: Translations = ENGLISH) -> str | None:
    """The title the seat holds (President's ``President``, ``A-hole``), if any."""
    held = (view.get("titles") or {}).get(seat)
    return word(held, tr) if held and held != "-" else None
