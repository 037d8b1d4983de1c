"""Last Card's own actions: the dealer's choice of direction (``cw`` or ``ccw``), and the vote
to play on for places once the first player is out (``continue`` or ``stop``, LAST-9), which
each seat casts for itself."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.actions import Action
from engine.words import N_, NC_, Translations, word


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

    def button_label(self, tr: Translations) -> str:
        return tr._("Vote {choice}", choice=word(self.choice, tr))

    def taken_when_silent(self) -> bool:
        # LAST-9: a voter who lets the vote's time run out is counted as voting to stop
        return self.choice == "stop"

    def english_menu(self) -> str:
        return ENGLISH_VOTES.get(self.choice, f"vote {self.choice}")


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

    def button_label(self, tr: Translations) -> str:
        return tr._("Clockwise") if self.way == "cw" else tr._("Counter-clockwise")

    def english_menu(self) -> str:
        return "play clockwise" if self.way == "cw" else "play counterclockwise"


#: the vote's choices as the terminal's English menu says them
ENGLISH_VOTES = {"continue": "vote to play on for places", "stop": "vote to stop"}

#: the verbs above as a menu names the move, an order ("ia o carte", where a reason says "nu
#: poți lua o carte"): marked for the catalogs in the ``menu`` context (``terminal.shown``)
MENU_VERBS = (
    NC_("menu", "vote"),
    NC_("menu", "choose the direction"),
)
