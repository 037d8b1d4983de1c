"""President's play: the legal actions (the hot path of simulations) and carrying
them out (PRES-3..7, PRES-10's gives)."""

from __future__ import annotations

from engine.actions import Action, Complete, Give, Pass, Play
from engine.base import Event
from engine.cards import Card
from engine.president.rounds import Rounds
from engine.president.sets import (
    GIVE_STRENGTH,
    ORDER_KEY,
    PASS,
    PLAY_RANKS,
    RANK_CARDS,
    RANK_STRENGTH,
    by_rank,
    complete_of,
    give_of,
    hand_order,
    offers_in,
    play_of,
    title_for,
)


class Plays(Rounds):
    """What each seat may do, and doing it."""

    # --- what may be done -----------------------------------------------------------------
    def legal_actions(self, seat: str) -> list[Action]:
        k = self.seat_index(seat)
        # drivers ask a seat's actions and then apply one, which checks it against them
        # again: remember this version's answers (a copy goes out, the caller may change it)
        if self.memo_version != self.version:
            self.memo_version = self.version
            self.memo = {}
        else:
            known = self.memo.get(k)
            if known is not None:
                return list(known)
        out = self.find_legal(k)
        self.memo[k] = tuple(out)
        return out

    def find_legal(self, k: int) -> list[Action]:
        if self.over:
            return []
        if self.phase == "exchange":
            return self.legal_gives(k)
        hand = self.hands[k]
        if not hand:  # out of the round: nothing left to play
            return []
        need = self.completing_count()
        top_rank = self.top_rank
        if k != self.turn:
            # out of turn only completing four is allowed (PRES-6); keep this path cheap,
            # every seat may be asked after every action
            if not need:
                return []
            held = [c for c in hand if c.rank == top_rank]
            if len(held) < need:
                return []
            held.sort(key=ORDER_KEY.__getitem__)
            return [complete_of(tuple(held[:need]))]
        groups, sets, two = offers_in(hand)
        out: list[Action] = []
        if need:
            held = groups.get(top_rank, [])  # type: ignore[arg-type]
            if len(held) >= need:
                out.append(complete_of(tuple(held[:need])))
        if self.first_lead:
            threes = groups["3"]
            for size in range(1, min(len(threes), 4) + 1):
                out.append(play_of(tuple(threes[:size])))
            return out
        # beats_or_equals, unrolled: this loop is the hot path of every simulation
        top_size = self.top_size
        top_strength = RANK_STRENGTH.get(top_rank, len(PLAY_RANKS)) if top_size else 0  # type: ignore[arg-type]
        for rank, strength, size, play in sets:
            if rank == top_rank and size == need:
                continue  # offered above as Complete
            if not top_size or size > top_size or (size == top_size and strength >= top_strength):
                out.append(play)
        if two is not None and len(hand) > 1:
            out.append(two)  # PRES-5/8: a 2 goes alone, and never as the last card
        if self.pile:
            out.append(PASS)
        return out

    def seats_that_may_act(self) -> list[str]:
        """The two seats of the exchange; else the turn's seat, and, when the top rank can
        be completed to four, every seat still holding cards (PRES-6)."""
        if self.over:
            return []
        if self.phase == "exchange":
            exchange = self.exchange
            assert exchange is not None
            return [self.seats[k] for k in sorted({exchange["a_hole"], exchange["president"]})]
        turn = self.turn
        need = self.completing_count()
        if need:
            # out of turn, only a seat holding the cards that complete four (PRES-6)
            rank_cards = RANK_CARDS[self.pile[-1].rank]
            return [
                self.seats[k]
                for k, hand in enumerate(self.hands)
                if hand and (k == turn or sum(map(hand.count, rank_cards)) >= need)
            ]
        return [] if turn is None or not self.hands[turn] else [self.seats[turn]]

    def legal_gives(self, k: int) -> list[Action]:
        exchange = self.exchange
        assert exchange is not None
        hand = self.hands[k]
        if exchange["to_president"] is None:
            if k != exchange["a_hole"]:
                return []
            # PRES-10: the highest card, 2s first, then A, K, ...; any suit of it
            best = max(GIVE_STRENGTH[c.rank] for c in hand)
            return [
                give_of(c)
                for c in sorted(set(hand), key=hand_order)
                if GIVE_STRENGTH[c.rank] == best
            ]
        if k != exchange["president"]:
            return []
        return [give_of(held[0]) for held in by_rank(hand).values()]

    # --- applying -------------------------------------------------------------------------
    def apply_offered(self, seat: str, action: Action) -> list[Event]:
        """``Game.apply_offered``: an action ``legal_actions(seat)`` has just offered, carried
        out without looking it up again (the drivers, and the expert bot's playouts, which
        spend half their time on that check otherwise). Anything else goes through ``apply``."""
        return self.perform_offered(self.index[seat], action)

    def perform_offered(self, k: int, action: Action) -> list[Event]:
        """Carry out an action ``legal_actions`` offered seat ``k`` at this version."""
        events: list[Event] = []
        if isinstance(action, Give):
            self.give(k, action.card, events)  # type: ignore[arg-type]
        elif isinstance(action, Pass):
            self.pass_turn(k, events)
        elif isinstance(action, Complete):
            self.play_set(k, action.cards, events, completing=True)
        else:
            assert isinstance(action, Play)
            self.play_set(k, action.cards, events, completing=False)
        self.version += 1
        self.log(*events)
        return events

    def give(self, k: int, card: Card, events: list[Event]) -> None:
        """PRES-10: one side of the exchange; the card is private to the two seats."""
        exchange = self.exchange
        assert exchange is not None
        self.hands[k].remove(card)
        if k == exchange["a_hole"] and exchange["to_president"] is None:
            to = exchange["president"]
            exchange["to_president"] = str(card)
        else:
            to = exchange["a_hole"]
            exchange["to_a_hole"] = str(card)
        self.hands[to].append(card)
        events.append({"type": "give", "seat": self.seats[k], "to": self.seats[to]})
        if exchange["to_a_hole"] is None:
            self.turn = to
            return
        self.start_play(exchange["president"], "President", events)

    def pass_turn(self, k: int, events: list[Event]) -> None:
        """PRES-7: pass; the turn moves on, and may come back round to the last player."""
        self.passes.append(k)
        events.append({"type": "pass", "seat": self.seats[k]})
        self.advance(k, 0, events)

    def play_set(
        self, k: int, cards: tuple[Card, ...], events: list[Event], *, completing: bool
    ) -> None:
        """Perform a play or a completion already found legal."""
        seat = self.seats[k]
        rank = cards[0].rank
        equals = (
            not completing and rank != "2" and len(cards) == self.top_size and rank == self.top_rank
        )
        hand = self.hands[k]
        for card in cards:
            hand.remove(card)
        self.pile.extend(cards)
        self.top_size = len(cards)
        self.last_player = k
        self.passes = []
        self.first_lead = False
        event: Event = {"type": "complete" if completing else "play", "seat": seat}
        event["cards"] = [str(c) for c in cards]
        if completing and k != self.turn:
            event["out_of_turn"] = True
        events.append(event)
        if not hand:
            self.went_out.append(k)
            place = len(self.went_out)
            events.append(
                {
                    "type": "out",
                    "seat": seat,
                    "place": place,
                    "title": title_for(place, len(self.seats)),
                }
            )
        self.check_only_twos(k, events)
        if rank == "2":
            reason = "two"
        elif completing or self.run() >= 4:
            reason = "four"
        else:
            reason = None
        if self.round_is_done():
            self.finish_round(events)
            return
        if reason is not None:
            self.clear(k, reason, events)
            return
        self.advance(k, 1 if equals else 0, events)

    def clear(self, k: int, reason: str, events: list[Event]) -> None:
        """Clear the pile; seat ``k`` leads, or the next still in if ``k`` went out."""
        self.cleared.extend(self.pile)
        self.pile = []
        self.top_size = 0
        self.last_player = None
        self.passes = []
        leader = k if self.still_in(k) else self.next_in(k)
        self.turn = leader
        events.append({"type": "clear", "reason": reason, "leader": self.seats[leader]})

    def advance(self, k: int, skips: int, events: list[Event]) -> None:
        """Move the turn on from ``k`` past ``skips`` players still in (PRES-4).

        Reaching the seat of whoever played the top set, with no play since, clears the
        pile (PRES-7); that seat may have gone out, and then the next still in leads.
        """
        n = len(self.seats)
        j = k
        for _ in range(2 * n):
            j = (j + 1) % n
            if j == self.last_player:
                self.clear(j, "all passed", events)
                return
            if not self.still_in(j):
                continue
            if skips:
                skips -= 1
                events.append({"type": "skip", "seat": self.seats[j]})
                continue
            self.turn = j
            return
        raise AssertionError("the turn found nobody to go to")
