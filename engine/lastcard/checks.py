"""Last Card's validation: why an action is refused (LAST-2..9), kept apart from carrying
it out (``engine.lastcard.effects``), which the trusted path of offered actions skips. One
part of ``engine.lastcard.game.LastCard``; it is handed the game it checks."""

from __future__ import annotations

from collections import Counter
from typing import cast

from engine.actions import Action, Announce, IllegalAction, Play
from engine.cards import SUITS, Card
from engine.lastcard.actions import Direction, Vote
from engine.lastcard.plays import DRAW_COUNTS, LAST_CARD_WORD
from engine.lastcard.state import LastCardState
from engine.reasons import Words
from engine.shedding.game import does_not_follow


class LastCardChecks:
    """Last Card's checks: ``validate`` raises IllegalAction with the reason."""

    # --- what may be played ---------------------------------------------------------------
    def playable(self, game: LastCardState, card: Card) -> bool:
        """LAST-3 with nothing pending: suit in force, rank on top, or an Ace."""
        return card.rank == "A" or card.suit == game.suit or card.rank == game.pile[-1].rank

    def answers(self, game: LastCardState, card: Card) -> bool:
        """LAST-5: whether ``card`` answers the pending draw stack."""
        pending = game.pending
        assert pending is not None
        if card.rank == pending["rank"]:
            return True
        return game.options["mix_twos_on_fives"] and card.rank in DRAW_COUNTS

    # --- validating -----------------------------------------------------------------------
    def validate(self, game: LastCardState, i: int, action: Action) -> None:
        """Raise IllegalAction, with the reason, unless seat ``i`` may take ``action`` now."""
        if action.kind == "announce":
            if game.last_card_due != i:
                raise IllegalAction("you have nothing to announce now")
            if cast(Announce, action).word.strip().lower() != LAST_CARD_WORD:
                raise IllegalAction(
                    "the word to announce is “{word}”",
                    word=Words((LAST_CARD_WORD,), "announced word"),
                )
            return
        phase = game.phase
        if phase == "direction":
            self.check_direction(game, i, action)
        elif phase == "vote":
            self.check_vote(game, i, action)
        else:
            self.check_turn(game, i, action)

    def check_direction(self, game: LastCardState, i: int, action: Action) -> None:
        if i != game.turn:
            raise IllegalAction(
                "the dealer, {seat}, chooses the direction", seat=game.seats[game.turn or 0]
            )
        if action.kind != "direction":
            raise IllegalAction(
                "the dealer first chooses which way play goes: clockwise or counterclockwise"
            )
        if cast(Direction, action).way not in ("cw", "ccw"):
            raise IllegalAction("the direction is clockwise or counterclockwise")

    def check_vote(self, game: LastCardState, i: int, action: Action) -> None:
        if action.kind != "vote":
            raise IllegalAction("the table is voting to play on for places or to stop")
        if i not in game.voters:
            raise IllegalAction("only players still holding cards vote")
        if i in game.votes:
            raise IllegalAction("you have already voted")
        if cast(Vote, action).choice not in ("continue", "stop"):
            raise IllegalAction("a vote is to play on for places or to stop")

    def check_turn(self, game: LastCardState, i: int, action: Action) -> None:
        if i != game.turn:
            raise IllegalAction("it is not your turn")
        kind = action.kind
        if game.drawn is not None:
            if kind == "pass":
                return
            if kind != "play" or cast(Play, action).cards != (game.drawn,):
                raise IllegalAction(
                    "you may only play the card you drew ({card}) or pass", card=game.drawn
                )
            self.check_play(game, i, action)
            return
        if game.pending is not None:
            if kind == "take":
                return
            if kind != "play":
                raise IllegalAction("answer the draw stack or take it")
            self.check_play(game, i, action)
            return
        if kind == "draw":
            suit, rank = game.suit, game.pile[-1].rank  # playable(), written out
            if any(c.rank == "A" or c.suit == suit or c.rank == rank for c in game.hands[i]):
                raise IllegalAction(
                    "you have a card that plays: only a player who cannot play draws"
                )
            return
        if kind != "play":
            raise IllegalAction("you cannot {kind} now", kind=kind)
        self.check_play(game, i, action)

    def check_play(self, game: LastCardState, i: int, action: Action) -> None:
        play = cast(Play, action)  # a "play" (the callers checked its kind)
        cards, suit = play.cards, play.suit
        if not cards:
            raise IllegalAction("play at least one card")
        first = cards[0]
        rank = first.rank
        hand = game.hands[i]
        if len(cards) == 1:
            if first not in hand:
                raise IllegalAction("you do not hold {card}", card=first)
        elif any(c.rank != rank for c in cards):
            raise IllegalAction("cards played together must all be of one rank")
        else:
            held = Counter(hand)
            for card, n in Counter(cards).items():
                if held[card] < n:
                    raise (
                        IllegalAction("you do not hold {card} {count} times", card=card, count=n)
                        if n > 1
                        else IllegalAction("you do not hold {card}", card=card)
                    )
        if game.pending is not None:
            if not self.answers(game, first):
                raise IllegalAction(
                    "{card} does not answer the stack of {rank}s",
                    card=first,
                    rank=game.pending["rank"],
                )
        elif not self.playable(game, first):
            raise IllegalAction(does_not_follow(first, game.suit, game.pile))
        if rank == "A":
            if suit not in SUITS:
                raise IllegalAction("an Ace names a suit: choose clubs, diamonds, hearts or spades")
        elif suit is not None:
            raise IllegalAction("only an Ace names a suit")
