"""President's refusals: the sentence saying why an action that is not offered is refused
(``President.apply`` checks an action against the offered ones). One part of
``engine.president.game.President``; it is handed the game."""

from __future__ import annotations

from engine.actions import Action
from engine.cards import Card
from engine.president.play import PresidentPlays
from engine.president.sets import THREE_OF_CLUBS, by_rank, canonical, complete_of, play_of
from engine.president.state import (
    PresidentState,
    beats_or_equals,
    completing_count,
    still_in,
    top_rank,
    top_set,
)
from engine.reasons import Reason


class PresidentRefusals:
    """Why an action is refused at the game it is handed; the gives it names are ``plays``'."""

    def __init__(self, plays: PresidentPlays) -> None:
        self.plays = plays

    # --- refusals -------------------------------------------------------------------------
    def why_illegal(self, game: PresidentState, k: int, action: Action) -> Reason:
        """A sentence saying why ``action`` is refused (it is not among the legal ones)."""
        kind = action.kind
        hand = game.hands[k]
        if game.phase == "exchange":
            exchange = game.exchange
            assert exchange is not None
            first = exchange["to_president"] is None
            giver = exchange["a_hole"] if first else exchange["president"]
            if k != giver:
                return Reason("waiting for {seat} to give a card", seat=game.seats[giver])
            if kind != "give":
                return Reason("the round starts with the card exchange: give a card")
            offered = ", ".join(str(a) for a in self.plays.legal_gives(game, k))
            if first:
                return Reason("the A-hole gives their highest card: {cards}", cards=offered)
            return Reason(
                "give one card you hold (one per rank is offered): {cards}", cards=offered
            )
        if kind == "give":
            return Reason("there is no card exchange now")
        if not still_in(game, k):
            return Reason("you are out of this round")
        cards: tuple[Card, ...] = getattr(action, "cards", ())
        for card in set(cards):
            if cards.count(card) > hand.count(card):
                return Reason("you do not hold {card}", card=card)
        if kind == "complete":
            need = completing_count(game)
            if not need:
                return Reason("there is nothing on the pile to complete")
            if len({c.rank for c in cards}) != 1 or cards[0].rank != top_rank(game):
                return Reason("completing four needs cards of rank {rank}", rank=top_rank(game))
            if len(cards) != need:
                return Reason(
                    "{count} card(s) of rank {rank} complete four, not {given}",
                    count=need,
                    rank=top_rank(game),
                    given=len(cards),
                )
            complete = complete_of(tuple(by_rank(hand)[cards[0].rank][:need]))
            return Reason(
                "suits do not matter, so each set is offered once: {cards}", cards=complete
            )
        if k != game.turn:
            who = game.current_player()
            return Reason(
                "it is {name}'s turn (only completing four may be played out of turn)", name=who
            )
        if kind == "pass":
            return Reason("you lead this pile: play a set to start it")
        if kind != "play":
            return Reason("you cannot {kind} in President", kind=kind)
        if not cards:
            return Reason("play at least one card")
        if len({c.rank for c in cards}) != 1:
            return Reason("a play is cards of one rank")
        rank = cards[0].rank
        if len(cards) > 4:
            return Reason("a play is one to four cards")
        if game.first_lead and THREE_OF_CLUBS not in cards:
            return Reason("the first lead of the match must include 3C")
        if rank == "2":
            if len(cards) > 1:
                return Reason("a 2 clears alone: play 2s one at a time")
            return Reason("you may not go out on a 2")
        if rank == top_rank(game) and len(cards) == completing_count(game):
            return Reason("that completes four: {cards}", cards=complete_of(canonical(cards)))
        if not beats_or_equals(game, rank, len(cards)):
            top = " ".join(str(c) for c in top_set(game))
            return Reason(
                "{cards} neither beats nor equals {top}", cards=" ".join(map(str, cards)), top=top
            )
        play = play_of(tuple(by_rank(hand)[rank][: len(cards)]))
        return Reason("suits do not matter, so each set is offered once: {cards}", cards=play)
