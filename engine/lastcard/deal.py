"""Last Card's deal: the packs for the table (LAST-1), five cards each from the seat after
the dealer, the dealer's choice of direction and the starter turned only then, a special
starter shuffled back (LAST-2). One part of ``engine.lastcard.game.LastCard``; it is handed
the game it deals."""

from __future__ import annotations

from math import floor

from engine.cards import Card, pack, shuffle
from engine.events import Event
from engine.lastcard.plays import SPECIAL_RANKS, decks_for
from engine.lastcard.shapes import sent
from engine.lastcard.state import LastCardState
from engine.shedding.game import CARD_TEXT


class LastCardDeal:
    """Dealing a game of Last Card and turning its starter."""

    def start_round(self, game: LastCardState, first: int, events: list[Event]) -> None:
        """Deal a game; ``first`` is its dealer, who must choose the direction (LAST-2)."""
        n = len(game.seats)
        game.begin_round(first)
        game.out = [False] * n
        game.finished = []
        game.votes = {}
        game.voters = []
        game.called = [False] * n
        game.last_card_due = None
        deck = self.deal_deck(game)
        # one card at a time from the top (the end of the list), starting after the dealer:
        # the k-th card popped goes to seat first + 1 + k % n, so each seat's hand is a
        # stride of the dealt cards in the order they were popped
        dealt = len(deck) - game.hand_size * n
        popped = deck[: dealt - 1 : -1] if dealt else deck[::-1]
        del deck[dealt:]
        hands: list[list[Card]] = [[] for _ in range(n)]
        for k in range(n):
            hands[(first + 1 + k) % n] = popped[k::n]
        game.set_hands(hands)
        game.stock = deck
        game.pile = []
        game.suit = ""
        game.turn = first
        game.phase = "direction"
        # "first" is who acts first: the dealer, choosing the direction
        dealer = game.seats[first]
        events.append(
            sent({"type": "deal", "round": game.round, "dealer": dealer, "first": dealer})
        )

    def deal_deck(self, game: LastCardState) -> list[Card]:
        deck = pack(decks_for(len(game.seats)))
        shuffle(deck, game.rng)
        return deck

    def turn_up(self, game: LastCardState, events: list[Event]) -> Card:
        """LAST-2: a special starter goes back into the stock, which is shuffled again. Nobody
        has seen the stock, whose order is uniformly random already, so the card goes to a
        uniformly random place in it: the stock is then as a shuffle of it all leaves it,
        for one draw instead of one a card."""
        stock = game.stock
        card = stock.pop()
        while card[0] in SPECIAL_RANKS:
            events.append({"type": "starter_returned", "card": CARD_TEXT[card]})
            stock.insert(floor(game.rng.random() * (len(stock) + 1)), card)
            card = stock.pop()
        return card

    def choose_direction(self, game: LastCardState, i: int, way: str, events: list[Event]) -> None:
        """LAST-2: the dealer's direction, then the starter, then the next player's turn."""
        game.direction = 1 if way == "cw" else -1
        events.append(sent({"type": "direction", "seat": game.seats[i], "way": way}))
        starter = self.turn_up(game, events)
        game.pile = [starter]
        game.suit = starter.suit
        events.append({"type": "starter", "card": str(starter)})
        game.phase = "play"
        game.turn = game.next_seat(i)
