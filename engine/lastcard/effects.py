"""Last Card's effects: carrying out a play (LAST-3..6, 8, 9), taking a draw stack (LAST-5),
drawing when nothing plays (LAST-7) and "last card" said, kept or paid for (LAST-8). One part of
``engine.lastcard.game.LastCard``, which deals, lists the legal plays and dispatches an
action here; the part is handed the game it changes.

Choices recorded here, where the spec is silent: skips pass over other players only, so a
run of 10s that skips everyone else gives the player another turn (COMMON-3 for two
players) and 10s beyond that are spent; the effects of the play that goes out still apply
when the others play on.
"""

from __future__ import annotations

from engine.cards import Card
from engine.events import Event
from engine.lastcard.codes import CODE, FOLLOW, OTHER_RANKS
from engine.lastcard.match import LastCardMatch
from engine.lastcard.plays import DRAW_COUNTS, LAST_CARD_PENALTY, LAST_CARD_WORD, one_rank
from engine.lastcard.shapes import sent
from engine.lastcard.state import LastCardState
from engine.shedding.game import CARD_TEXT


class LastCardEffects:
    """What a play, a take and a draw do at Last Card, once found legal; the vote and the
    end of a game they may lead to are ``match``'s."""

    def __init__(self, match: LastCardMatch) -> None:
        self.match = match

    def play(
        self,
        game: LastCardState,
        i: int,
        cards: tuple[Card, ...],
        named: str | None,
        events: list[Event],
    ) -> None:
        """Perform a play already found legal (LAST-3..6, 8, 9)."""
        hand = game.hands[i]
        seat = game.seats[i]
        first = cards[0]
        k = len(cards)
        codes = game.codes
        if k == 1:  # the usual case, written out
            hand.remove(first)
            code = codes[i] = codes[i] - CODE[first]
            game.pile.append(first)
            game.suit = named or first[1]  # a card is (rank, suit): [1] costs less than .suit
            event: Event = {"type": "play", "seat": seat, "cards": [CARD_TEXT[first]]}
        else:
            code = codes[i]
            for card in cards:
                hand.remove(card)
                code -= CODE[card]
            codes[i] = code
            game.pile.extend(cards)
            game.suit = named or cards[-1][1]
            event = {"type": "play", "seat": seat, "cards": list(map(CARD_TEXT.__getitem__, cards))}
        game.drawn = None
        game.idle = 0
        game.turns += 1
        if named:
            event["suit"] = named
        events.append(event)
        gone_out = not hand
        if gone_out:
            game.out[i] = True
            game.finished.append(i)
            events.append({"type": "out", "seat": seat, "place": len(game.finished)})
            if len(game.finished) == len(game.seats) - 1:
                self.match.finish_game(game, events)
                return
        elif not code & OTHER_RANKS[hand[0][0]]:  # one_rank(hand), read off its code
            if not game.called[i]:
                game.last_card_due = i
        else:
            game.called[i] = False
        rank = first[0]
        if rank in DRAW_COUNTS:
            pending = game.pending
            count = DRAW_COUNTS[rank] * k + (pending["count"] if pending else 0)
            target = game.next_seat(i) if game.finished else (i + game.direction) % len(game.seats)
            game.pending = {"kind": "draw", "rank": rank, "count": count, "target": target}
            game.turn = target
        elif rank == "10":
            others = len(game.seats) - len(game.finished) - (0 if gone_out else 1)
            skips = min(k, others if not gone_out else others - 1)
            j = i
            skipped = []
            for _ in range(skips):
                j = game.next_seat(j)
                skipped.append(game.seats[j])
            events.append({"type": "skip", "seats": skipped})
            game.turn = game.next_seat(j)
        else:
            if rank == "7":
                if k % 2:
                    game.direction = -game.direction
                events.append(
                    sent(
                        {
                            "type": "reverse",
                            "times": k,
                            "direction": "clockwise" if game.direction == 1 else "counterclockwise",
                        }
                    )
                )
            # next_seat(i), written out
            way, n = game.direction, len(game.seats)
            j = (i + way) % n
            if game.finished:
                out = game.out
                while out[j]:
                    j = (j + way) % n
            game.turn = j
        if gone_out and len(game.finished) == 1:
            self.match.open_vote(game, events)
        elif game.options["max_turns"]:
            game.round_should_stop(events)

    def take_pending(self, game: LastCardState, i: int, events: list[Event]) -> None:
        """LAST-5: take the whole stack; the turn is over."""
        pending = game.pending
        assert pending is not None
        game.pending = None
        got = game.draw_cards(i, pending["count"], events)
        events.append({"type": "take", "seat": game.seats[i], "count": len(got)})
        game.idle = 0
        self.keep_call(game, i)
        game.end_turn(i, events)

    def draw_turn(self, game: LastCardState, i: int, events: list[Event]) -> None:
        """LAST-7: take one card; keep the turn only if it can be played at once."""
        stock = game.stock
        if stock:  # draw_one(i, events), for the usual case of a card in the stock
            taken = stock.pop()
            game.hands[i].append(taken)
            game.codes[i] += CODE[taken]
            card: Card | None = taken
            events.append({"type": "draw", "seat": game.seats[i], "count": 1})
        else:
            card = game.draw_one(i, events)
        if game.called[i]:
            self.keep_call(game, i)
        if card is not None:
            game.idle = 0
            if card in FOLLOW[game.suit][game.pile[-1][0]].offers:
                game.drawn = card  # playable(card), as a lookup
                return
        else:  # nothing to draw and nothing to play: the seat is stuck this turn
            game.idle += 1
        game.end_turn(i, events)

    def keep_call(self, game: LastCardState, i: int) -> None:
        """A "last card" said stands only while the hand stays one play from empty."""
        if game.called[i] and not one_rank(game.hands[i]):
            game.called[i] = False

    # --- "last card" (LAST-8) -------------------------------------------------------------
    def announce(self, game: LastCardState, i: int, events: list[Event]) -> None:
        game.last_card_due = None
        game.called[i] = True
        events.append({"type": "announce", "seat": game.seats[i], "word": LAST_CARD_WORD})

    def last_card_penalty(self, game: LastCardState, events: list[Event]) -> None:
        """Whoever acts next closes the window for saying "last card": the seat that owed it
        draws the penalty, just before that action is carried out."""
        due = game.last_card_due
        assert due is not None
        game.last_card_due = None
        got = game.draw_cards(due, LAST_CARD_PENALTY, events)
        events.append(
            {"type": "penalty", "seat": game.seats[due], "count": len(got), "for": "last card"}
        )
        game.called[due] = False
