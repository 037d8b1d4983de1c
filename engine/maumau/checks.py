"""Mau-Mau's validation: why an action is refused (MAU-2..7), kept apart from carrying it
out (``engine.maumau.effects``), which the trusted path of offered actions skips. One part
of ``engine.maumau.game.MauMau``; it is handed the game it checks."""

from __future__ import annotations

from typing import cast

from engine.actions import Action, Announce, IllegalAction, Play
from engine.cards import SUITS, Card
from engine.maumau.rules import MAU
from engine.maumau.state import MauMauState
from engine.reasons import Reason, Words
from engine.shedding.game import does_not_follow, one_held
from engine.words import N_


class MauMauChecks:
    """Mau-Mau's checks: ``validate`` raises IllegalAction with the reason."""

    def follows(self, game: MauMauState, card: Card) -> bool:
        """MAU-2: a Jack, the suit in force or the rank on top."""
        return card.rank == "J" or card.suit == game.suit or card.rank == game.pile[-1].rank

    def can_draw(self, game: MauMauState) -> bool:
        """COMMON-2: a card can come from the stock, or from the pile under its top."""
        return bool(game.stock) or len(game.pile) > 1

    def validate(self, game: MauMauState, i: int, action: Action) -> None:
        """Raise IllegalAction, with the reason, unless seat ``i`` may take ``action`` now."""
        kind = action.kind
        if game.choosing:
            if i not in game.choosing:
                waiting = ", ".join(game.seats[k] for k in game.choosing)
                raise IllegalAction(
                    "the hand is over; waiting for {names} to rebuy or leave", names=waiting
                )
            if kind != "rebuy" and kind != "leave":
                raise IllegalAction("you blew up: rebuy (a chip to the pot) or leave")
            return
        if kind == "announce":
            if i != game.mau_due:
                raise IllegalAction(
                    "only a player left with one card says Mau, before the next player acts"
                )
            if cast(Announce, action).word != MAU:
                raise IllegalAction(
                    "the word to announce is “{word}”", word=Words(("mau",), "announced word")
                )
            return
        if i != game.turn:
            raise IllegalAction("it is not your turn")
        if kind != "draw" or game.pending is not None or not (game.stock or len(game.pile) > 1):
            self.check(game, i, action)  # a draw with a card to draw and nothing pending is fine

    def check(self, game: MauMauState, i: int, action: Action) -> None:
        """Raise IllegalAction unless seat ``i``, on turn, may take ``action`` now."""
        kind = action.kind
        pending = game.pending
        if kind == "play":
            play = cast(Play, action)
            card = one_held(play.cards, game.hands[i], N_("Mau-Mau plays one card at a time"))
            suit = play.suit
            if pending is not None and not (game.options["twos_stack"] and card.rank == "2"):
                raise IllegalAction(self.pending_reason(game))
            if card.rank == "J":
                if suit not in SUITS:
                    raise IllegalAction(
                        "a Jack names a suit: choose clubs, diamonds, hearts or spades"
                    )
                return
            if suit is not None:
                raise IllegalAction("only a Jack names a suit")
            # follows(), written out: this is every play's check
            if pending is None and card.suit != game.suit and card.rank != game.pile[-1].rank:
                raise IllegalAction(does_not_follow(card, game.suit, game.pile))
            return
        if kind == "take":
            if pending is None:
                raise IllegalAction("nothing is pending on you")
            return
        if pending is not None:
            raise IllegalAction(self.pending_reason(game))
        if kind == "draw":
            if not self.can_draw(game):
                raise IllegalAction("there is nothing left to draw")
            return
        if kind == "pass":
            if self.can_draw(game):
                raise IllegalAction("you may not pass while there is a card to draw")
            if any(self.follows(game, c) for c in game.hands[i]):
                raise IllegalAction("you can play, so you must")
            return
        raise IllegalAction("you cannot {kind} now", kind=kind)

    def pending_reason(self, game: MauMauState) -> Reason:
        assert game.pending is not None
        count = game.pending["count"]
        if game.options["twos_stack"]:
            return Reason("answer the 2 with a 2, or take {count} cards", count=count)
        return Reason("a 2 was played on you: take {count} cards", count=count)
