"""Last Card's own actions: the dealer's choice of direction (``cw`` or ``ccw``), and the vote
to play on for places once the first player is out (``continue`` or ``stop``, LAST-9), which
each seat casts for itself."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.actions import Action
from engine.words import N_, NC_


@dataclass(frozen=True, slots=True)
class Vote(Action):
    """After the first player is out, vote to ``continue`` or ``stop``."""

    kind: ClassVar[str] = NC_("typed word", "vote")
    own_decision: ClassVar[bool] = True
    argument: ClassVar[str] = "choice"
    folded: ClassVar[bool] = True
    choices: ClassVar[tuple[str, ...]] = (NC_("typed word", "continue"), NC_("typed word", "stop"))
    verb: ClassVar[str] = N_("vote")
    offer: ClassVar[str] = N_("Vote: play on or stop")
    choice: str = ""


@dataclass(frozen=True, slots=True)
class Direction(Action):
    """The dealer chooses the direction of play, ``cw`` or ``ccw``."""

    kind: ClassVar[str] = NC_("typed word", "direction")
    argument: ClassVar[str] = "way"
    folded: ClassVar[bool] = True
    choices: ClassVar[tuple[str, ...]] = (NC_("typed word", "cw"), NC_("typed word", "ccw"))
    verb: ClassVar[str] = N_("choose the direction")
    offer: ClassVar[str] = N_("Choose the direction of play")
    way: str = "cw"
