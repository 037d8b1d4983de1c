"""Last Card's effects: carrying out a play (LAST-3..6, 8, 9), taking a draw stack (LAST-5),
drawing when nothing plays (LAST-7) and passing the turn on. ``engine.lastcard.game`` adds
the deal, the legal plays and the dispatch of an action on top."""

from __future__ import annotations

from engine.base import Event
from engine.cards import Card
from engine.lastcard.checks import LastCardChecks
from engine.lastcard.codes import CODE, FOLLOW, OTHER_RANKS
from engine.lastcard.plays import DRAW_COUNTS, one_rank
from engine.shedding import CARD_TEXT


class LastCardEffects(LastCardChecks):
    """What a play, a take and a draw do at Last Card, once found legal."""

    def play(self, i: int, cards: tuple[Card, ...], named: str | None, events: list[Event]) -> None:
        """Perform a play already found legal (LAST-3..6, 8, 9)."""
        hand = self.hands[i]
        seat = self.seats[i]
        first = cards[0]
        k = len(cards)
        codes = self.codes
        if k == 1:  # the usual case, written out
            hand.remove(first)
            code = codes[i] = codes[i] - CODE[first]
            self.pile.append(first)
            self.suit = named or first[1]  # a card is (rank, suit): [1] costs less than .suit
            event: Event = {"type": "play", "seat": seat, "cards": [CARD_TEXT[first]]}
        else:
            code = codes[i]
            for card in cards:
                hand.remove(card)
                code -= CODE[card]
            codes[i] = code
            self.pile.extend(cards)
            self.suit = named or cards[-1][1]
            event = {"type": "play", "seat": seat, "cards": list(map(CARD_TEXT.__getitem__, cards))}
        self.drawn = None
        self.idle = 0
        self.turns += 1
        if named:
            event["suit"] = named
        events.append(event)
        gone_out = not hand
        if gone_out:
            self.out[i] = True
            self.finished.append(i)
            events.append({"type": "out", "seat": seat, "place": len(self.finished)})
            if len(self.finished) == len(self.seats) - 1:
                self.finish_game(events)
                return
        elif not code & OTHER_RANKS[hand[0][0]]:  # one_rank(hand), read off its code
            if not self.called[i]:
                self.last_card_due = i
        else:
            self.called[i] = False
        rank = first[0]
        if rank in DRAW_COUNTS:
            pending = self.pending
            count = DRAW_COUNTS[rank] * k + (pending["count"] if pending else 0)
            target = self.next_seat(i) if self.finished else (i + self.direction) % len(self.seats)
            self.pending = {"kind": "draw", "rank": rank, "count": count, "target": target}
            self.turn = target
        elif rank == "10":
            others = len(self.seats) - len(self.finished) - (0 if gone_out else 1)
            skips = min(k, others if not gone_out else others - 1)
            j = i
            skipped = []
            for _ in range(skips):
                j = self.next_seat(j)
                skipped.append(self.seats[j])
            events.append({"type": "skip", "seats": skipped})
            self.turn = self.next_seat(j)
        else:
            if rank == "7":
                if k % 2:
                    self.direction = -self.direction
                events.append(
                    {
                        "type": "reverse",
                        "times": k,
                        "direction": "clockwise" if self.direction == 1 else "counterclockwise",
                    }
                )
            # next_seat(i), written out
            way, n = self.direction, len(self.seats)
            j = (i + way) % n
            if self.finished:
                out = self.out
                while out[j]:
                    j = (j + way) % n
            self.turn = j
        if gone_out and len(self.finished) == 1:
            self.open_vote(events)
        elif self.options["max_turns"]:
            self.round_should_stop(events)

    def take_pending(self, i: int, events: list[Event]) -> None:
        """LAST-5: take the whole stack; the turn is over."""
        pending = self.pending
        assert pending is not None
        self.pending = None
        got = self.draw_cards(i, pending["count"], events)
        events.append({"type": "take", "seat": self.seats[i], "count": len(got)})
        self.idle = 0
        self.keep_call(i)
        self.end_turn(i, events)

    def draw_turn(self, i: int, events: list[Event]) -> None:
        """LAST-7: take one card; keep the turn only if it can be played at once."""
        stock = self.stock
        if stock:  # draw_one(i, events), for the usual case of a card in the stock
            taken = stock.pop()
            self.hands[i].append(taken)
            self.codes[i] += CODE[taken]
            card: Card | None = taken
            events.append({"type": "draw", "seat": self.seats[i], "count": 1})
        else:
            card = self.draw_one(i, events)
        if self.called[i]:
            self.keep_call(i)
        if card is not None:
            self.idle = 0
            if card in FOLLOW[self.suit][self.pile[-1][0]].offers:
                self.drawn = card  # playable(card), as a lookup
                return
        else:  # nothing to draw and nothing to play: the seat is stuck this turn
            self.idle += 1
        self.end_turn(i, events)

    def draw_cards(self, i: int, count: int, events: list[Event]) -> list[Card]:
        """The core's ``draw_cards``, the hand's code changed with it."""
        got = super().draw_cards(i, count, events)
        self.codes[i] += sum(map(CODE.__getitem__, got))
        return got

    def end_turn(self, i: int, events: list[Event]) -> None:
        """The core's ``end_turn`` without lost turns, which Last Card never gives."""
        self.drawn = None
        self.turns += 1
        # round_should_stop can only stop a game with a turn limit or a seat stuck
        if (self.idle or self.options["max_turns"]) and self.round_should_stop(events):
            return
        way, n = self.direction, len(self.seats)  # next_seat(i), written out
        j = (i + way) % n
        if self.finished:
            out = self.out
            while out[j]:
                j = (j + way) % n
        self.turn = j

    def keep_call(self, i: int) -> None:
        """A "last card" said stands only while the hand stays one play from empty."""
        if self.called[i] and not one_rank(self.hands[i]):
            self.called[i] = False

    def round_should_stop(self, events: list[Event]) -> bool:
        limit = self.options["max_turns"]
        stuck = self.idle >= len(self.seats) - len(self.finished)
        if (limit and self.turns >= limit) or stuck:
            events.append(
                {"type": "stalemate", "reason": "no seat can play or draw" if stuck else "turns"}
            )
            self.finish_game(events, stalemate=True)
            return True
        return False
