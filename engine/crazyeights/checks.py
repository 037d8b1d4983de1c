"""Crazy Eights' refusals: why an action the game does not offer is refused (EIGHTS-3,
EIGHTS-4, EIGHTS-6), kept apart from carrying a move out (``engine.crazyeights.game``),
which the trusted path of offered actions skips. It is handed the game it explains."""

from __future__ import annotations

from typing import cast

from engine.actions import Action, Play
from engine.crazyeights.rules import EIGHT
from engine.crazyeights.state import CrazyEightsState
from engine.reasons import Reason
from engine.shedding.game import does_not_follow


def refusal(game: CrazyEightsState, i: int, action: Action) -> Reason:
    """Why seat ``i``, on turn, may not take ``action`` now."""
    kind = action.kind
    pending = game.pending
    if kind == "play":
        play = cast(Play, action)
        if len(play.cards) != 1:
            return Reason("Crazy Eights plays one card at a time")
        card = play.cards[0]
        if card not in game.hands[i]:
            return Reason("you do not hold {card}", card=card)
        if pending is not None:
            return Reason("answer the 2 with a 2, or take {count} cards", count=pending["count"])
        if card.rank == EIGHT:
            return Reason("an eight names a suit: choose clubs, diamonds, hearts or spades")
        if play.suit is not None:
            return Reason("only an eight names a suit")
        return does_not_follow(card, game.suit, game.pile)
    if kind == "take":
        return Reason("nothing is pending on you")
    if pending is not None:
        return Reason("answer the 2 with a 2, or take {count} cards", count=pending["count"])
    if kind == "draw":
        if not game.stock:
            return Reason("there is nothing left to draw")
        if game.options["draw_limit"] == 0:
            return Reason("you can play, so you must")
        return Reason("you have drawn as many cards as a turn allows")
    if kind == "pass":
        return Reason("you may pass only once you have drawn your limit or the stock is out")
    return Reason("you cannot {kind} now", kind=kind)
