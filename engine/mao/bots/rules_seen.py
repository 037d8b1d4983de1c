"""The secret rules a Mao seat reads from what the Chairman did at the table (MAO-16).

Nobody is told another seat's rule, but the Chairman carries out a rule's skip and the cards
it gives in public: a card played and then a seat ``skipped`` (one more than a Queen's), or
``given`` cards, shows a rule firing on that card; a card played that follows neither the
suit in force nor the top card's rank, and is not refused, is wild. ``RulesSeen`` reads the
round's public history (each event once, round after round: rules last for the table's life)
and keeps, for each effect, the evidence for and against each trigger a card matches (that
card, its rank, its suit). A card's own trigger counts once it fired and never failed to;
a rank or a suit once it fired twice and never failed to. Only a seat's public events are
read, so every seat could know as much; a seat's own rules it knows outright
(``engine.mao.bots.playouts.Knowledge.add_rules``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.cards import ALL_CARDS, Card
from engine.mao.bots.playouts import Knowledge

#: a trigger as read here: ("card", "QS"), ("rank", "Q") or ("suit", "S")
Trigger = tuple[str, str]
#: the effects read: a skip beyond a Queen's, and cards given to the next seat
EFFECTS = ("skip", "draw")
#: times a rank or a suit must have fired (and never failed to) to count as a trigger
BROAD_EVIDENCE = 2


def triggers_of(card: Card) -> tuple[Trigger, Trigger, Trigger]:
    return (("card", str(card)), ("rank", card.rank), ("suit", card.suit))


class RulesSeen:
    """The rules read from the table so far; see the module docstring."""

    def __init__(self) -> None:
        #: (round, events of it read)
        self.place = (-1, 0)
        #: effect -> trigger -> [times fired, times it did not]
        self.evidence: dict[str, dict[Trigger, list[int]]] = {e: {} for e in EFFECTS}
        #: the most cards a rule gave, by trigger
        self.given: dict[Trigger, int] = {}
        #: cards seen played on anything, and by whom
        self.wild: dict[str, set[Card]] = {}
        self.top: Card | None = None
        self.suit: str | None = None

    def read(self, observation: Mapping[str, Any]) -> None:
        """Read the public events of ``observation`` not read yet."""
        history = observation.get("history")
        if history is None:
            history = observation["events"]
            if not history:
                return
        round_ = observation["round"]
        start = self.place[1] if self.place[0] == round_ else 0
        if start > len(history):
            start = 0
        if start == 0:
            self.top = self.suit = None
        events = list(history)
        for k in range(start, len(events)):
            self.event(events, k)
        self.place = (round_, len(events))

    def event(self, events: list[Mapping[str, Any]], k: int) -> None:
        event = events[k]
        kind = event["type"]
        if kind == "deal":
            self.top = self.suit = None
        elif kind == "suit_named" and event.get("suit"):
            self.suit = str(event["suit"])
        elif kind == "play":
            card = Card.parse(event["cards"][0])
            top, suit = self.top, self.suit
            if top is not None and card.suit != suit and card.rank != top.rank:
                self.wild.setdefault(str(event.get("seat")), set()).add(card)
            self.top = card
            self.suit = event.get("suit") or card.suit
            skipped = given = 0
            for later in events[k + 1 :]:
                if later["type"] == "skipped":
                    skipped += 1
                elif later["type"] == "given":
                    given += int(later.get("count", 0))
                else:
                    break
            extra_skip = skipped - (1 if card.rank == "Q" else 0)
            for trigger in triggers_of(card):
                self.note("skip", trigger, extra_skip > 0)
                self.note("draw", trigger, given > 0)
                if given:
                    self.given[trigger] = max(self.given.get(trigger, 0), given)

    def note(self, effect: str, trigger: Trigger, fired: bool) -> None:
        counts = self.evidence[effect].setdefault(trigger, [0, 0])
        counts[0 if fired else 1] += 1

    def known(self, effect: str) -> list[Trigger]:
        """The triggers the evidence shows for ``effect``."""
        out = []
        for trigger, (fired, failed) in self.evidence[effect].items():
            need = 1 if trigger[0] == "card" else BROAD_EVIDENCE
            if fired >= need and not failed:
                out.append(trigger)
        return out

    def teach(self, know: Knowledge, seats: list[str]) -> None:
        """Add what was read to ``know`` (a card's effect counted once, however many of its
        triggers showed it)."""
        for effect in EFFECTS:
            cards: dict[Card, int] = {}
            for trigger in self.known(effect):
                for card in cards_of(trigger):
                    amount = self.given.get(trigger, 1) if effect == "draw" else 1
                    cards[card] = max(cards.get(card, 0), amount)
            for card, amount in cards.items():
                current = know.effects.get(card, (0, 0, 0))
                if effect == "skip" and not current[0]:
                    know.add_effect(card, (1, 0, 0))
                elif effect == "draw" and not current[2]:
                    know.add_effect(card, (0, 0, amount))
        index = {s: k for k, s in enumerate(seats)}
        for seat, wild in self.wild.items():
            if seat in index:
                know.add_wild(index[seat], wild)


def cards_of(trigger: Trigger) -> list[Card]:
    what, value = trigger
    if what == "card":
        return [Card.parse(value)]
    if what == "rank":
        return [c for c in ALL_CARDS if c.rank == value]
    return [c for c in ALL_CARDS if c.suit == value]
