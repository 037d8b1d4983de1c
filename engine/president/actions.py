"""President's own actions: a card given in the exchange (PRES-10), which each seat of the
exchange gives for itself, and four of a kind completed on the pile, in turn or out of it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.actions import Action, read_card, read_cards
from engine.cards import Card
from engine.words import N_, NC_, Translations


@dataclass(frozen=True, slots=True)
class Give(Action):
    """Hand a card to the other side of the exchange: ``give 7H``."""

    kind: ClassVar[str] = NC_("typed word", "give")
    own_decision: ClassVar[bool] = True
    argument: ClassVar[str] = "card"
    verb: ClassVar[str] = N_("give a card")
    offer: ClassVar[str] = N_("Give a card")
    with_cards: ClassVar[str] = N_("Give {cards}")
    card: Card | None = None

    @classmethod
    def from_words(cls, rest: str) -> Action:
        return cls(card=read_card(rest))


@dataclass(frozen=True, slots=True)
class Complete(Action):
    """Complete four of a kind on the pile, in turn or out of it: ``complete 9H 9S``."""

    kind: ClassVar[str] = NC_("typed word", "complete")
    verb: ClassVar[str] = N_("complete")
    with_cards: ClassVar[str] = N_("Complete {cards}")
    obvious: ClassVar[bool] = True
    cards: tuple[Card, ...] = ()

    @classmethod
    def from_words(cls, rest: str) -> Action:
        cards, _ = read_cards(cls.kind, rest)
        return cls(cards=cards)

    def offered(self, tr: Translations) -> str:
        if not self.cards:
            return Action.offered(self, tr)
        return tr._("Complete four {rank}s", rank=self.cards[0].rank)

    def __str__(self) -> str:
        return "complete " + " ".join(str(c) for c in self.cards)


#: the verbs above as a menu names the move, an order ("ia o carte", where a reason says "nu
#: poți lua o carte"): marked for the catalogs in the ``menu`` context (``terminal.shown``)
MENU_VERBS = (
    NC_("menu", "give a card"),
    NC_("menu", "complete"),
)
