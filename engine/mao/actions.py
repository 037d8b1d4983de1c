"""Mao's own actions: a player who went out rejoins by taking five cards (MAO-6), and a seat
marked away says it is back (MAO-14). Speech and new rules are the shared ``Say`` and
``DeclareRule`` (``engine.actions``): other tables may read chat or take rules too."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.actions import Action, Tone
from engine.words import N_, NC_


@dataclass(frozen=True, slots=True)
class Rejoin(Action):
    """A player who went out comes back by taking five cards."""

    kind: ClassVar[str] = NC_("typed word", "rejoin")
    verb: ClassVar[str] = N_("rejoin")
    offer: ClassVar[str] = N_("Take five cards to rejoin")
    label: ClassVar[str] = N_("Rejoin (take five cards)")
    tone: ClassVar[Tone] = "gain"


@dataclass(frozen=True, slots=True)
class Back(Action):
    """A seat marked away (MAO-14) is back; the bot playing for it stops."""

    kind: ClassVar[str] = NC_("typed word", "back")
    verb: ClassVar[str] = N_("come back")
    label: ClassVar[str] = N_("I'm back")
    brings_back: ClassVar[bool] = True


#: the verbs above as a menu names the move, an order ("ia o carte", where a reason says "nu
#: poți lua o carte"): marked for the catalogs in the ``menu`` context (``terminal.shown``)
MENU_VERBS = (
    NC_("menu", "rejoin"),
    NC_("menu", "come back"),
)
