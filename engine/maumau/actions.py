"""Mau-Mau's own actions: after blowing up, a seat rebuys (a chip in the pot) or leaves
(MAU-7). Each seat offered them decides for itself, in any order."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.actions import Action, Tone
from engine.words import N_, NC_


@dataclass(frozen=True, slots=True)
class Rebuy(Action):
    """After blowing up, put a chip in the pot and stay in."""

    kind: ClassVar[str] = NC_("typed word", "rebuy")
    own_decision: ClassVar[bool] = True
    verb: ClassVar[str] = N_("rebuy")
    offer: ClassVar[str] = N_("Rebuy or leave")
    label: ClassVar[str] = N_("Rebuy")
    tone: ClassVar[Tone] = "gain"


@dataclass(frozen=True, slots=True)
class Leave(Action):
    """After blowing up, leave the match."""

    kind: ClassVar[str] = NC_("typed word", "leave")
    own_decision: ClassVar[bool] = True
    verb: ClassVar[str] = N_("leave the table")
    offer: ClassVar[str] = N_("Rebuy or leave")
    label: ClassVar[str] = N_("Leave the match")
    tone: ClassVar[Tone] = "cost"


#: the verbs above as a menu names the move, an order ("ia o carte", where a reason says "nu
#: poți lua o carte"): marked for the catalogs in the ``menu`` context (``terminal.shown``)
MENU_VERBS = (
    NC_("menu", "rebuy"),
    NC_("menu", "leave the table"),
)
