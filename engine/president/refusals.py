"""President's refusals: ``apply`` checks an action against the offered ones, and says why
one that is not offered is refused."""

from __future__ import annotations

from itertools import repeat
from operator import is_
from typing import Any

from engine.actions import Action, IllegalAction
from engine.base import Event
from engine.cards import Card
from engine.president.play import Plays
from engine.president.sets import THREE_OF_CLUBS, by_rank, canonical, complete_of, play_of


class Refusals(Plays):
    """``apply`` (checked), and the sentence for each refused action."""

    # --- applying, checked ----------------------------------------------------------------
    def apply(self, seat: str, action: Action | str | dict[str, Any]) -> list[Event]:
        k, action = self.accept(seat, action)
        legal = self.legal_actions(seat)
        # offered actions are interned: an identity test (in C) finds a bot's choice without
        # comparing dataclasses field by field; a parsed action is compared as before
        if not any(map(is_, legal, repeat(action))) and action not in legal:
            raise IllegalAction(self.why_illegal(k, action))
        return self.perform_offered(k, action)

    # --- refusals -------------------------------------------------------------------------
    def why_illegal(self, k: int, action: Action) -> str:
        """A sentence saying why ``action`` is refused (it is not among the legal ones)."""
        kind = action.kind
        hand = self.hands[k]
        if self.phase == "exchange":
            exchange = self.exchange
            assert exchange is not None
            first = exchange["to_president"] is None
            giver = exchange["a_hole"] if first else exchange["president"]
            if k != giver:
                return f"waiting for {self.seats[giver]} to give a card"
            if kind != "give":
                return "the round starts with the card exchange: give a card"
            offered = ", ".join(str(a) for a in self.legal_gives(k))
            if first:
                return f"the A-hole gives their highest card: {offered}"
            return f"give one card you hold (one per rank is offered): {offered}"
        if kind == "give":
            return "there is no card exchange now"
        if not self.still_in(k):
            return "you are out of this round"
        cards: tuple[Card, ...] = getattr(action, "cards", ())
        for card in set(cards):
            if cards.count(card) > hand.count(card):
                return f"you do not hold {card}"
        if kind == "complete":
            need = self.completing_count()
            if not need:
                return "there is nothing on the pile to complete"
            if len({c.rank for c in cards}) != 1 or cards[0].rank != self.top_rank:
                return f"completing four needs cards of rank {self.top_rank}"
            if len(cards) != need:
                return f"{need} card(s) of rank {self.top_rank} complete four, not {len(cards)}"
            complete = complete_of(tuple(by_rank(hand)[cards[0].rank][:need]))
            return f"suits do not matter, so each set is offered once: {complete}"
        if k != self.turn:
            who = self.current_player()
            return f"it is {who}'s turn (only completing four may be played out of turn)"
        if kind == "pass":
            return "you lead this pile: play a set to start it"
        if kind != "play":
            return f"you cannot {kind} in President"
        if not cards:
            return "play at least one card"
        if len({c.rank for c in cards}) != 1:
            return "a play is cards of one rank"
        rank = cards[0].rank
        if len(cards) > 4:
            return "a play is one to four cards"
        if self.first_lead and THREE_OF_CLUBS not in cards:
            return "the first lead of the match must include 3C"
        if rank == "2":
            if len(cards) > 1:
                return "a 2 clears alone: play 2s one at a time"
            return "you may not go out on a 2"
        if rank == self.top_rank and len(cards) == self.completing_count():
            return f"that completes four: {complete_of(canonical(cards))}"
        if not self.beats_or_equals(rank, len(cards)):
            top = " ".join(str(c) for c in self.top_set)
            return f"{' '.join(map(str, cards))} neither beats nor equals {top}"
        play = play_of(tuple(by_rank(hand)[rank][: len(cards)]))
        return f"suits do not matter, so each set is offered once: {play}"
