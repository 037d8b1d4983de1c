"""Mau-Mau's validation: why an action is refused (MAU-2..7), kept apart from carrying it
out (``engine.maumau.game``), which the trusted path of offered actions skips."""

from __future__ import annotations

from typing import cast

from engine.actions import Action, Announce, IllegalAction, Play
from engine.cards import SUITS, Card
from engine.maumau.match import MauMauMatch
from engine.maumau.rules import MAU
from engine.reasons import Reason, Words


class MauMauChecks(MauMauMatch):
    """Mau-Mau's checks: ``validate`` raises IllegalAction with the reason."""

    def follows(self, card: Card) -> bool:
        """MAU-2: a Jack, the suit in force or the rank on top."""
        return card.rank == "J" or card.suit == self.suit or card.rank == self.pile[-1].rank

    def can_draw(self) -> bool:
        """COMMON-2: a card can come from the stock, or from the pile under its top."""
        return bool(self.stock) or len(self.pile) > 1

    def validate(self, i: int, action: Action) -> None:
        """Raise IllegalAction, with the reason, unless seat ``i`` may take ``action`` now."""
        kind = action.kind
        if self.choosing:
            if i not in self.choosing:
                waiting = ", ".join(self.seats[k] for k in self.choosing)
                raise IllegalAction(
                    "the hand is over; waiting for {names} to rebuy or leave", names=waiting
                )
            if kind != "rebuy" and kind != "leave":
                raise IllegalAction("you blew up: rebuy (a chip to the pot) or leave")
            return
        if kind == "announce":
            if i != self.mau_due:
                raise IllegalAction(
                    "only a player left with one card says Mau, before the next player acts"
                )
            if cast(Announce, action).word != MAU:
                raise IllegalAction(
                    "the word to announce is “{word}”", word=Words(("mau",), "announced word")
                )
            return
        if i != self.turn:
            raise IllegalAction("it is not your turn")
        if kind != "draw" or self.pending is not None or not (self.stock or len(self.pile) > 1):
            self.check(i, action)  # a draw with a card to draw and nothing pending is fine

    def check(self, i: int, action: Action) -> None:
        """Raise IllegalAction unless seat ``i``, on turn, may take ``action`` now."""
        kind = action.kind
        pending = self.pending
        if kind == "play":
            play = cast(Play, action)
            cards = play.cards
            if len(cards) != 1:
                raise IllegalAction("Mau-Mau plays one card at a time")
            card = cards[0]
            if card not in self.hands[i]:
                raise IllegalAction("you do not hold {card}", card=card)
            suit = play.suit
            if pending is not None and not (self.options["twos_stack"] and card.rank == "2"):
                raise IllegalAction(self.pending_reason())
            if card.rank == "J":
                if suit not in SUITS:
                    raise IllegalAction(
                        "a Jack names a suit: choose clubs, diamonds, hearts or spades"
                    )
                return
            if suit is not None:
                raise IllegalAction("only a Jack names a suit")
            # follows(), written out: this is every play's check
            if pending is None and card.suit != self.suit and card.rank != self.pile[-1].rank:
                raise IllegalAction(
                    "{card} does not follow {suit} or {rank}",
                    card=card,
                    suit=self.suit,
                    rank=self.top.rank,
                )
            return
        if kind == "take":
            if pending is None:
                raise IllegalAction("nothing is pending on you")
            return
        if pending is not None:
            raise IllegalAction(self.pending_reason())
        if kind == "draw":
            if not self.can_draw():
                raise IllegalAction("there is nothing left to draw")
            return
        if kind == "pass":
            if self.can_draw():
                raise IllegalAction("you may not pass while there is a card to draw")
            if any(self.follows(c) for c in self.hands[i]):
                raise IllegalAction("you can play, so you must")
            return
        raise IllegalAction("you cannot {kind} now", kind=kind)

    def pending_reason(self) -> Reason:
        assert self.pending is not None
        count = self.pending["count"]
        if self.options["twos_stack"]:
            return Reason("answer the 2 with a 2, or take {count} cards", count=count)
        return Reason("a 2 was played on you: take {count} cards", count=count)
