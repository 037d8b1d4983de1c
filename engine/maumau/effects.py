"""Mau-Mau's effects: what a play does (MAU-2, MAU-4: a 10 reverses, an Ace skips, a 2
makes the next player draw), taking a pending 2 (MAU-4), "Mau" said or owed (MAU-5). One
part of ``engine.maumau.game.MauMau``, which lists the legal plays and dispatches an action
here; the part is handed the game it changes."""

from __future__ import annotations

from engine.cards import Card
from engine.events import Event
from engine.maumau.rules import MAU, MAU_PENALTY, TWO_DRAWS
from engine.maumau.state import MauMauState
from engine.shedding.game import CARD_TEXT


class MauMauEffects:
    """What a play, a take and "Mau" do at Mau-Mau, once found legal."""

    def play(
        self, game: MauMauState, i: int, card: Card, named: str | None, events: list[Event]
    ) -> None:
        """Perform a play already found legal (MAU-2, MAU-4)."""
        hand = game.hands[i]
        hand.remove(card)
        game.pile.append(card)
        game.drawn = None
        game.idle = 0
        if named:
            game.suit = named
            events.append(
                {"type": "play", "seat": game.seats[i], "cards": [CARD_TEXT[card]], "suit": named}
            )
        else:
            game.suit = card.suit
            events.append({"type": "play", "seat": game.seats[i], "cards": [CARD_TEXT[card]]})
        if len(hand) < 2:
            if not hand:
                game.finish_round(i, events)  # MAU-6: going out ends the hand at once
                return
            game.mau_due = i
        rank = card.rank
        if rank == "2":
            pending = game.pending
            count = TWO_DRAWS + (pending["count"] if pending else 0)
            target = game.next_seat(i)
            game.pending = {"kind": "draw", "rank": "2", "count": count, "target": target}
            game.turns += 1
            game.turn = target
            return
        if rank == "10":
            game.direction = -game.direction
            events.append(
                {
                    "type": "reverse",
                    "seat": game.seats[i],
                    "direction": "clockwise" if game.direction == 1 else "counterclockwise",
                }
            )
        elif rank == "A":
            game.lost_turns[game.next_seat(i)] += 1
        game.end_turn(i, events)

    def take_twos(self, game: MauMauState, i: int, events: list[Event]) -> None:
        """MAU-4: draw the pending cards; taking them is the whole turn."""
        pending = game.pending
        assert pending is not None
        game.pending = None
        got = game.draw_cards(i, pending["count"], events)
        events.append({"type": "take", "seat": game.seats[i], "count": len(got)})
        game.end_turn(i, events)

    # --- "Mau" (MAU-5) --------------------------------------------------------------------
    def announce(self, game: MauMauState, i: int, events: list[Event]) -> None:
        game.mau_due = None
        events.append({"type": "announce", "seat": game.seats[i], "word": MAU})

    def mau_missed(self, game: MauMauState, i: int, events: list[Event]) -> None:
        """Seat ``i`` acts while a "Mau" is owed: the window closes, and unless ``i`` is the
        seat that owed it (the next player has not acted yet) that seat draws the penalty."""
        due = game.mau_due
        assert due is not None
        game.mau_due = None
        if due != i:  # MAU-5: the next player has acted and no "Mau" was said
            got = game.draw_cards(due, MAU_PENALTY, events)
            events.append(
                {"type": "penalty", "seat": game.seats[due], "count": len(got), "reason": MAU}
            )
