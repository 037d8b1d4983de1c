"""Last Card: LAST-1..9 of the rule spec, on the shedding core.

- 2-20 players; one pack for 2-4 players and one more for every further four (LAST-1).
- Five cards each. The dealer's first action of every game is choosing the direction
  (``direction cw`` / ``direction ccw``); only then is the starter turned, and a special
  starter (A, 2, 5, 7, 10) is shuffled back into the stock and another turned (LAST-2). The
  first player is the one after the dealer in the chosen direction.
- Follow suit or rank; an Ace plays on anything while nothing is pending and names the suit
  (LAST-3).
- Several cards of one rank make one play, ``play 5S 5H``: the first card must be legal, the
  last becomes the top card, and every card's effect applies -- two 10s skip two players,
  two 7s reverse twice, two 5s add ten (LAST-4).
- 5 and 2 start a draw stack on the next player, who answers with cards of the same rank
  (adding 5 or 2 each) or takes the whole stack, which ends their turn (LAST-5). With the
  option ``mix_twos_on_fives`` (default off) 2s and 5s answer each other's stacks.
- 10 skips the next player, 7 reverses the direction (LAST-6).
- A player who cannot play draws one card; if it can be played it may be played at once,
  alone, or kept (``pass``); otherwise the turn ends (LAST-7).
- "Last card" (LAST-8): a play that leaves a hand all of one rank obliges its player to say
  ``announce last card`` before anyone's next action; otherwise they draw 2 just before that
  action is carried out.
- The first player out wins. The seats still holding cards then vote ``vote continue`` or
  ``vote stop``; a strict majority to continue plays on for places, a tie stops. The winner
  deals the next game and chooses its direction (LAST-9).

Choices recorded here, where the spec is silent:

- ``legal_actions`` lists every distinct play: each single card, and for each set of
  same-rank cards in hand (any two or more of them: keeping one 5 back is allowed) each legal
  first card followed by the rest in hand order with each possible last card at the end. Only
  the middle of a play of four or more cards has no effect, so ``apply`` accepts any order of
  the middle cards although ``legal_actions`` lists one (hand order).
- Only a player who cannot play may draw (LAST-7 read as written: the seed has a player draw
  "if he can not play"); a player who can play must.
- Skips pass over other players only: a run of 10s that skips everyone else gives the player
  another turn (COMMON-3 for two players) and 10s beyond that are spent.
- The effects of the play that goes out still apply when the others play on.
- The vote is decided as soon as its result is certain; one vote per game, after the first
  player is out. ``current_player()`` names the next seat yet to vote, in turn order from
  the winner, but any seat still to vote may vote first. The table service casts ``vote
  stop`` for a seat that has not voted after 30 seconds (the engine reads no clock). If they
  stop, everyone still holding cards shares second place.
- The first game's dealer is the first seat. A game stopped by the turn limit (option
  ``max_turns``, default 0 = none) or by nobody being able to play or draw ends with the seats
  still in placed by fewest cards held; the next game's dealer is then the seat after the
  last dealer.
- A match is option ``games`` games (default 1). Its places rank by games won, then by the
  sum of places over the games; ``scores`` counts games won.
"""

from __future__ import annotations

from collections import Counter
from itertools import chain, product
from operator import itemgetter
from typing import Any, ClassVar

from engine.actions import Action, Announce, Direction, IllegalAction, Play, Vote
from engine.base import Event
from engine.cards import ALL_CARDS, SUITS, Card, pack, shuffle
from engine.events import GameView, Outcome, match_end
from engine.memory import Memory
from engine.options import Option
from engine.shedding import CARD_TEXT, DRAW, PASS, PLAY_ONE, PLAY_WILD, TAKE, SheddingGame

SPECIAL_RANKS = frozenset({"A", "2", "5", "7", "10"})
DRAW_COUNTS = {"5": 5, "2": 2}
LAST_CARD_WORD = "last card"
LAST_CARD_PENALTY = 2

ANNOUNCE = Announce(word=LAST_CARD_WORD)
DIRECTIONS = (Direction(way="cw"), Direction(way="ccw"))
VOTES = (Vote(choice="continue"), Vote(choice="stop"))

DRAW_RANKS = frozenset(DRAW_COUNTS)

# Multi-card plays are interned like single ones, and the plays a group of same-rank cards
# allows are remembered, so repeated offers cost a dict lookup.
_MULTI: dict[tuple[tuple[Card, ...], str | None], Play] = {}
_MULTIPLES: dict[tuple[tuple[Card, ...], frozenset[Card]], list[Play]] = {}
#: the same, by the key of the offer table that says which cards may lead
_LED_MULTIPLES: dict[tuple[tuple[Card, ...], Any], list[Play]] = {}


def multi_play(cards: tuple[Card, ...], suit: str | None) -> Play:
    key = (cards, suit)
    play = _MULTI.get(key)
    if play is None:
        play = _MULTI[key] = Play(cards=cards, suit=suit)
    return play


#: a card's rank, read in C (``Card`` is a named tuple: rank first)
RANK_OF = itemgetter(0)
_FOLLOW_OFFERS: dict[tuple[str, str], dict[Card, tuple[Play, ...]]] = {}
_ANSWER_OFFERS: dict[frozenset[str], dict[Card, tuple[Play, ...]]] = {}


def follow_offers(suit: str, rank: str) -> dict[Card, tuple[Play, ...]]:
    """LAST-3 as a table: with nothing pending, each card that may lead and its single-card
    offers (an Ace once per suit it may name)."""
    offers = _FOLLOW_OFFERS.get((suit, rank))
    if offers is None:
        offers = _FOLLOW_OFFERS[suit, rank] = {
            card: PLAY_WILD[card] if card.rank == "A" else (PLAY_ONE[card],)
            for card in ALL_CARDS
            if card.rank == "A" or card.suit == suit or card.rank == rank
        }
    return offers


def answer_offers(ranks: frozenset[str]) -> dict[Card, tuple[Play, ...]]:
    """LAST-5 as a table: each card that answers a draw stack of these ranks."""
    offers = _ANSWER_OFFERS.get(ranks)
    if offers is None:
        offers = _ANSWER_OFFERS[ranks] = {
            card: (PLAY_ONE[card],) for card in ALL_CARDS if card.rank in ranks
        }
    return offers


def decks_for(players: int) -> int:
    """LAST-1: one pack for up to four players, one more for every further four."""
    return max(1, (players + 3) // 4)


def one_rank(hand: list[Card]) -> bool:
    """LAST-8: a non-empty hand that one play can empty."""
    return bool(hand) and len(set(map(RANK_OF, hand))) == 1


def multiples(group: list[Card], first_ok: Any, wild: bool) -> list[Play]:
    """Every distinct play of two or more cards from ``group`` (one rank, hand order).

    Distinct means a different set of cards, first card or last card; the middle is given
    in hand order. ``first_ok(card)`` says whether a card may lead the play.
    """
    counts = Counter(group)
    distinct = list(counts)
    out: list[Play] = []
    for chosen in product(*(range(counts[c] + 1) for c in distinct)):
        if sum(chosen) < 2:
            continue
        rest = list(chosen)
        for fi, first in enumerate(distinct):
            if not rest[fi] or not first_ok(first):
                continue
            rest[fi] -= 1
            for li, last in enumerate(distinct):
                if not rest[li]:
                    continue
                rest[li] -= 1
                middle = tuple(c for ci, c in enumerate(distinct) for _ in range(rest[ci]))
                rest[li] += 1
                cards = (first, *middle, last)
                if wild:
                    out.extend(multi_play(cards, s) for s in SUITS)
                else:
                    out.append(multi_play(cards, None))
            rest[fi] += 1
    return out


class LastCard(SheddingGame):
    """Last Card; see the module docstring for the rules and choices it implements."""

    name: ClassVar[str] = "lastcard"
    title: ClassVar[str] = "Last Card"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 20
    hand_size: ClassVar[int] = 5
    void_evidence: ClassVar[frozenset[str]] = frozenset({"draw"})  # LAST-7: only a player
    # who cannot play draws
    determinizable: ClassVar[bool] = True
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option.number("games", 1, 1, 1_000, "games in the match"),
        Option.flag("mix_twos_on_fives", False, "2s and 5s answer each other's draws"),
        Option.number("max_turns", 0, 0, 100_000, "turns before a game stops (0: no limit)"),
    )

    def __init__(self) -> None:
        super().__init__()
        self.phase = "direction"  # "direction", "play" or "vote"
        self.out: list[bool] = []
        self.finished: list[int] = []  # seats out this game, in the order they went out
        self.votes: dict[int, str] = {}
        self.voters: list[int] = []
        self.called: list[bool] = []  # announced "last card" for the hand as it stands
        self.last_card_due: int | None = None
        self.results: list[dict[str, Any]] = []

    def deck_count(self) -> int:
        return decks_for(len(self.seats))

    # --- dealing --------------------------------------------------------------------------
    def start_round(self, first: int, events: list[Event]) -> None:
        """Deal a game; ``first`` is its dealer, who must choose the direction (LAST-2)."""
        n = len(self.seats)
        self.round += 1
        self.round_first = first
        self.turns = 0
        self.idle = 0
        self.pending = None
        self.drawn = None
        self.direction = 1
        self.lost_turns = [0] * n
        self.out = [False] * n
        self.finished = []
        self.votes = {}
        self.voters = []
        self.called = [False] * n
        self.last_card_due = None
        deck = self.deal_deck()
        self.hands = [[] for _ in range(n)]
        for _ in range(self.hand_size):
            for k in range(1, n + 1):
                self.hands[(first + k) % n].append(deck.pop())
        self.stock = deck
        self.pile = []
        self.suit = ""
        self.turn = first
        self.phase = "direction"
        # "first" is who acts first: the dealer, choosing the direction
        dealer = self.seats[first]
        events.append({"type": "deal", "round": self.round, "dealer": dealer, "first": dealer})

    def deal_deck(self) -> list[Card]:
        deck = pack(self.deck_count())
        shuffle(deck, self.rng)
        return deck

    def turn_up(self, events: list[Event]) -> Card:
        """LAST-2: a special starter goes back into the stock, which is shuffled again."""
        stock = self.stock
        card = stock.pop()
        while card.rank in SPECIAL_RANKS:
            events.append({"type": "starter_returned", "card": str(card)})
            stock.append(card)
            shuffle(stock, self.rng)
            card = stock.pop()
        return card

    # --- seats ----------------------------------------------------------------------------
    def next_seat(self, i: int, step: int = 1) -> int:
        """The seat ``step`` places on in the direction of play, passing over seats out."""
        n = len(self.seats)
        if not self.finished:
            return (i + step * self.direction) % n
        way = self.direction if step > 0 else -self.direction
        out = self.out
        for _ in range(abs(step)):
            i = (i + way) % n
            while out[i]:
                i = (i + way) % n
        return i

    def still_in(self) -> list[int]:
        return [k for k in range(len(self.seats)) if not self.out[k]]

    def current_player(self) -> str | None:
        if self.over or self.turn is None:
            return None
        if self.phase == "vote":
            for k in self.vote_order():
                if k not in self.votes:
                    return self.seats[k]
            return None
        return self.seats[self.turn]

    def vote_order(self) -> list[int]:
        winner = self.finished[0]
        order = []
        k = self.next_seat(winner)
        while k not in order:
            order.append(k)
            k = self.next_seat(k)
        return order

    # --- what may be played ---------------------------------------------------------------
    def playable(self, card: Card) -> bool:
        """LAST-3 with nothing pending: suit in force, rank on top, or an Ace."""
        return card.rank == "A" or card.suit == self.suit or card.rank == self.pile[-1].rank

    def answers(self, card: Card) -> bool:
        """LAST-5: whether ``card`` answers the pending draw stack."""
        pending = self.pending
        assert pending is not None
        if card.rank == pending["rank"]:
            return True
        return self.options["mix_twos_on_fives"] and card.rank in DRAW_COUNTS

    def legal_actions(self, seat: str) -> list[Action]:
        i = self.seat_index(seat)
        if self.over:
            return []
        phase = self.phase
        if phase == "direction":
            return list(DIRECTIONS) if i == self.turn else []
        out: list[Action] = [ANNOUNCE] if self.last_card_due == i else []
        if phase == "vote":
            if i in self.voters and i not in self.votes:
                out.extend(VOTES)
            return out
        if i != self.turn:
            return out
        drawn = self.drawn
        if drawn is not None:
            out.extend(PLAY_WILD[drawn] if drawn.rank == "A" else (PLAY_ONE[drawn],))
            out.append(PASS)
            return out
        hand = self.hands[i]
        start = len(out)
        pending = self.pending
        if pending is not None:
            ranks = DRAW_RANKS if self.options["mix_twos_on_fives"] else (pending["rank"],)
            lead_key: Any = frozenset(ranks)
            offers = answer_offers(lead_key)
        else:
            lead_key = (self.suit, self.pile[-1].rank)
            offers = follow_offers(*lead_key)
        # the hottest path of every simulation: the test per card is a lookup, and with two
        # packs or more (over four players) a card held twice is offered once
        leading = [
            c for c in (hand if len(self.seats) <= 4 else dict.fromkeys(hand)) if c in offers
        ]
        out.extend(chain.from_iterable(map(offers.__getitem__, leading)))
        if leading and len(set(map(RANK_OF, hand))) < len(hand):  # a rank held twice
            out.extend(self.multiples_in(hand, set(map(RANK_OF, leading)), offers, lead_key))
        if pending is not None:
            out.append(TAKE)
        elif len(out) == start:
            out.append(DRAW)  # LAST-7: only a player who cannot play draws
        return out

    def seats_that_may_act(self) -> list[str]:
        """The turn's seat (or the voters still to vote) and one owing "last card"."""
        if self.over:
            return []
        turn, due = self.turn, self.last_card_due
        if self.phase != "vote" and (due is None or due == turn):
            return [] if turn is None else [self.seats[turn]]  # the usual case
        if self.phase == "vote":
            acting = {k for k in self.voters if k not in self.votes}
        else:
            acting = set() if turn is None else {turn}
        if self.last_card_due is not None:
            acting.add(self.last_card_due)
        return [self.seats[k] for k in sorted(acting)]

    def multiples_in(
        self,
        hand: list[Card],
        lead_ranks: set[str],
        leads: Any = None,
        lead_key: Any = None,
    ) -> list[Play]:
        """Every multi-card play in ``hand`` of the ranks that have a card that may lead.

        ``leads`` holds the cards that may lead now when the caller has them (``may_lead``),
        and ``lead_key`` names that set (the same key names the same set), so the plays a
        group allows are looked up without working out which of its cards may lead.
        """
        groups: dict[str, list[Card]] = {}
        for card in hand:
            if card.rank in lead_ranks:
                groups.setdefault(card.rank, []).append(card)
        out: list[Play] = []
        for rank, cards_of_rank in groups.items():
            if len(cards_of_rank) < 2:
                continue
            group = tuple(cards_of_rank)
            if lead_key is not None:
                plays = _LED_MULTIPLES.get((group, lead_key))
                if plays is not None:
                    out.extend(plays)
                    continue
            if leads is None:
                firsts = frozenset(c for c in group if self.may_lead(c))
            else:
                firsts = frozenset(c for c in group if c in leads)
            key = (group, firsts)
            plays = _MULTIPLES.get(key)
            if plays is None:
                if len(_MULTIPLES) > 50_000:
                    _MULTIPLES.clear()
                plays = _MULTIPLES[key] = multiples(cards_of_rank, firsts.__contains__, rank == "A")
            if lead_key is not None:
                if len(_LED_MULTIPLES) > 50_000:
                    _LED_MULTIPLES.clear()
                _LED_MULTIPLES[group, lead_key] = plays
            out.extend(plays)
        return out

    def may_lead(self, card: Card) -> bool:
        return self.answers(card) if self.pending is not None else self.playable(card)

    # --- validating -----------------------------------------------------------------------
    def apply_checked(self, i: int, action: Action) -> list[Event]:
        self.validate(i, action)
        return self.perform_offered(i, action)

    def validate(self, i: int, action: Action) -> None:
        """Raise IllegalAction, with the reason, unless seat ``i`` may take ``action`` now."""
        if action.kind == "announce":
            if self.last_card_due != i:
                raise IllegalAction("you have nothing to announce now")
            if action.word.strip().lower() != LAST_CARD_WORD:  # type: ignore[attr-defined]
                raise IllegalAction(f"the word is {LAST_CARD_WORD!r}")
            return
        phase = self.phase
        if phase == "direction":
            self.check_direction(i, action)
        elif phase == "vote":
            self.check_vote(i, action)
        else:
            self.check_turn(i, action)

    def perform_offered(self, i: int, action: Action) -> list[Event]:
        """Carry out an action ``validate`` (or ``legal_actions``) found legal."""
        events: list[Event] = []
        kind = action.kind
        if kind == "announce":
            self.last_card_due = None
            self.called[i] = True
            events.append({"type": "announce", "seat": self.seats[i], "word": LAST_CARD_WORD})
            return events
        phase = self.phase
        # LAST-8: whoever acts next closes the window for saying "last card"
        due = self.last_card_due
        if due is not None:
            self.last_card_due = None
            got = self.draw_cards(due, LAST_CARD_PENALTY, events)
            events.append(
                {"type": "penalty", "seat": self.seats[due], "count": len(got), "for": "last card"}
            )
            self.called[due] = False
        if phase == "direction":
            self.choose_direction(i, action.way, events)  # type: ignore[attr-defined]
        elif phase == "vote":
            self.vote(i, action.choice, events)  # type: ignore[attr-defined]
        elif kind == "play":
            self.play(i, action.cards, action.suit, events)  # type: ignore[attr-defined]
        elif kind == "pass":
            events.append({"type": "pass", "seat": self.seats[i]})
            self.end_turn(i, events)
        elif kind == "take":
            self.take_pending(i, events)
        else:
            self.draw_turn(i, events)
        return events

    def check_direction(self, i: int, action: Action) -> None:
        if i != self.turn:
            raise IllegalAction(f"the dealer, {self.seats[self.turn or 0]}, chooses the direction")
        if action.kind != "direction":
            raise IllegalAction("the dealer first chooses the direction: direction cw or ccw")
        if action.way not in ("cw", "ccw"):  # type: ignore[attr-defined]
            raise IllegalAction("the direction is cw (clockwise) or ccw (counterclockwise)")

    def check_vote(self, i: int, action: Action) -> None:
        if action.kind != "vote":
            raise IllegalAction("the table is voting: vote continue or vote stop")
        if i not in self.voters:
            raise IllegalAction("only players still holding cards vote")
        if i in self.votes:
            raise IllegalAction("you have already voted")
        if action.choice not in ("continue", "stop"):  # type: ignore[attr-defined]
            raise IllegalAction("vote continue or vote stop")

    def check_turn(self, i: int, action: Action) -> None:
        if i != self.turn:
            raise IllegalAction("it is not your turn")
        kind = action.kind
        if self.drawn is not None:
            if kind == "pass":
                return
            if kind != "play" or action.cards != (self.drawn,):  # type: ignore[attr-defined]
                raise IllegalAction(f"you may only play the card you drew ({self.drawn}) or pass")
            self.check_play(i, action)
            return
        if self.pending is not None:
            if kind == "take":
                return
            if kind != "play":
                raise IllegalAction("answer the draw stack or take it")
            self.check_play(i, action)
            return
        if kind == "draw":
            suit, rank = self.suit, self.pile[-1].rank  # playable(), written out
            if any(c.rank == "A" or c.suit == suit or c.rank == rank for c in self.hands[i]):
                raise IllegalAction(
                    "you have a card that plays: only a player who cannot play draws"
                )
            return
        if kind != "play":
            raise IllegalAction(f"you cannot {kind} now")
        self.check_play(i, action)

    def check_play(self, i: int, action: Action) -> None:
        cards: tuple[Card, ...] = action.cards  # type: ignore[attr-defined]
        suit: str | None = action.suit  # type: ignore[attr-defined]
        if not cards:
            raise IllegalAction("play at least one card")
        first = cards[0]
        rank = first.rank
        hand = self.hands[i]
        if len(cards) == 1:
            if first not in hand:
                raise IllegalAction(f"you do not hold {first}")
        elif any(c.rank != rank for c in cards):
            raise IllegalAction("cards played together must all be of one rank")
        else:
            held = Counter(hand)
            for card, n in Counter(cards).items():
                if held[card] < n:
                    raise IllegalAction(
                        f"you do not hold {card}" + (f" {n} times" if n > 1 else "")
                    )
        if self.pending is not None:
            if not self.answers(first):
                raise IllegalAction(f"{first} does not answer the stack of {self.pending['rank']}s")
        elif not self.playable(first):
            raise IllegalAction(f"{first} does not follow {self.suit} or {self.pile[-1].rank}")
        if rank == "A":
            if suit not in SUITS:
                raise IllegalAction("an Ace names a suit: add suit=C, D, H or S")
        elif suit is not None:
            raise IllegalAction("only an Ace names a suit")

    # --- performing -----------------------------------------------------------------------
    def choose_direction(self, i: int, way: str, events: list[Event]) -> None:
        """LAST-2: the dealer's direction, then the starter, then the next player's turn."""
        self.direction = 1 if way == "cw" else -1
        events.append({"type": "direction", "seat": self.seats[i], "way": way})
        starter = self.turn_up(events)
        self.pile = [starter]
        self.suit = starter.suit
        events.append({"type": "starter", "card": str(starter)})
        self.phase = "play"
        self.turn = self.next_seat(i)

    def play(self, i: int, cards: tuple[Card, ...], named: str | None, events: list[Event]) -> None:
        """Perform a play already found legal (LAST-3..6, 8, 9)."""
        hand = self.hands[i]
        for card in cards:
            hand.remove(card)
        self.pile.extend(cards)
        self.suit = named or cards[-1].suit
        self.drawn = None
        self.idle = 0
        self.turns += 1
        seat = self.seats[i]
        texts = list(map(CARD_TEXT.__getitem__, cards))
        event: Event = {"type": "play", "seat": seat, "cards": texts}
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
        elif one_rank(hand):
            if not self.called[i]:
                self.last_card_due = i
        else:
            self.called[i] = False
        rank, k = cards[0].rank, len(cards)
        pending = self.pending
        if rank in DRAW_COUNTS:
            count = DRAW_COUNTS[rank] * k + (pending["count"] if pending else 0)
            target = self.next_seat(i)
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
            self.turn = self.next_seat(i)
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
        got = self.draw_cards(i, 1, events)
        events.append({"type": "draw", "seat": self.seats[i], "count": len(got)})
        self.keep_call(i)
        if got and self.playable(got[0]):
            self.drawn = got[0]
            self.idle = 0
            return
        # nothing to draw and nothing to play: the seat is stuck this turn
        self.idle = 0 if got else self.idle + 1
        self.end_turn(i, events)

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

    # --- the vote and the end of a game (LAST-9) -------------------------------------------
    def open_vote(self, events: list[Event]) -> None:
        self.phase = "vote"
        self.votes = {}
        self.voters = self.vote_order()
        events.append({"type": "vote_open", "voters": [self.seats[k] for k in self.voters]})

    def vote(self, i: int, choice: str, events: list[Event]) -> None:
        self.votes[i] = choice
        events.append({"type": "vote", "seat": self.seats[i], "choice": choice})
        voters = len(self.voters)
        yes = sum(1 for c in self.votes.values() if c == "continue")
        no = len(self.votes) - yes
        if 2 * yes > voters:
            result = "continue"
        elif 2 * no >= voters:
            result = "stop"  # a tie stops, and so does every seat that never votes
        else:
            return
        events.append({"type": "vote_result", "result": result, "continue": yes, "stop": no})
        if result == "continue":
            self.phase = "play"
        else:
            self.finish_game(events)

    def finish_game(self, events: list[Event], stalemate: bool = False) -> None:
        """Place everyone, record the game, then end the match or deal the next game."""
        n = len(self.seats)
        places = [0] * n
        for place, k in enumerate(self.finished, start=1):
            places[k] = place
        rest = [k for k in range(n) if not self.out[k]]
        base = len(self.finished) + 1
        if stalemate:
            rest.sort(key=lambda k: len(self.hands[k]))
            for r, k in enumerate(rest):
                prev = rest[r - 1] if r else None
                same = prev is not None and len(self.hands[prev]) == len(self.hands[k])
                places[k] = places[prev] if same else base + r  # type: ignore[index]
        else:
            for k in rest:
                places[k] = base
        winner = self.finished[0] if self.finished else None
        if winner is not None:
            self.scores[winner] += 1
        named = dict(zip(self.seats, places, strict=True))
        self.results.append(
            {
                "game": self.round,
                "winner": None if winner is None else self.seats[winner],
                "places": named,
            }
        )
        self.turn = None
        self.drawn = None
        self.pending = None
        self.last_card_due = None
        self.phase = "play"
        events.append(
            {
                "type": "round_end",
                "round": self.round,
                "winner": None if winner is None else self.seats[winner],
                "places": named,
                "points": {s: int(k == winner) for k, s in enumerate(self.seats)},
                "scores": dict(zip(self.seats, self.scores, strict=True)),
            }
        )
        if self.round >= self.options["games"]:
            self.over = True
            events.append(match_end(self.outcome()))
            return
        dealer = winner if winner is not None else (self.round_first + 1) % n
        self.start_round(dealer, events)

    def finish_round(self, winner: int | None, events: list[Event]) -> None:
        self.finish_game(events, stalemate=True)

    def outcome(self) -> Outcome:
        n = len(self.seats)
        sums = [0] * n
        for result in self.results:
            for k, seat in enumerate(self.seats):
                sums[k] += result["places"][seat]
        key = [(-self.scores[k], sums[k]) for k in range(n)]
        order = sorted(range(n), key=lambda k: key[k])
        places: dict[str, int] = {}
        for r, k in enumerate(order):
            if r and key[k] == key[order[r - 1]]:
                places[self.seats[k]] = places[self.seats[order[r - 1]]]
            else:
                places[self.seats[k]] = r + 1
        winners = [s for s in self.seats if places[s] == 1]
        return {
            "places": places,
            "scores": dict(zip(self.seats, self.scores, strict=True)),
            "winners": winners,
            "draw": len(winners) > 1,
            "games": [dict(r) for r in self.results],
        }

    # --- what seats may see ---------------------------------------------------------------
    def extra_observation(self, i: int | None) -> GameView:
        seats = self.seats
        return {
            "phase": self.phase,
            "dealer": seats[self.round_first],
            "out": [seats[k] for k in self.finished],
            "vote": None
            if self.phase != "vote"
            else {
                "voters": [seats[k] for k in self.voters],
                "votes": {seats[k]: c for k, c in self.votes.items()},
            },
            "must_announce": i is not None and self.last_card_due == i,
            "games": [dict(r) for r in self.results],
        }

    # --- determinization (engine.determinize) ---------------------------------------------
    @classmethod
    def turn_from_observation(cls, observation: dict[str, Any], index: dict[str, int]) -> Any:
        vote = observation["vote"]
        if observation["phase"] == "vote" and vote is not None and vote["voters"]:
            # play resumes after the winner; the view names the next voter instead
            return index[vote["voters"][0]]
        return super().turn_from_observation(observation, index)

    @classmethod
    def extra_from_observation(
        cls, observation: dict[str, Any], memory: Memory, index: dict[str, int]
    ) -> dict[str, Any]:
        obs = observation
        seats = obs["seats"]
        out = set(obs["out"])
        vote = obs["vote"] or {"voters": [], "votes": {}}
        me = index[obs["seat"]]
        return {
            "round_first": index[obs["dealer"]],
            "phase": obs["phase"],
            "out": [s in out for s in seats],
            "finished": [index[s] for s in obs["out"]],
            "votes": [[index[s], c] for s, c in vote["votes"].items()],
            "voters": [index[s] for s in vote["voters"]],
            "called": [False] * len(seats),
            "last_card_due": me if obs["must_announce"] else None,
            "results": obs["games"],
        }

    # --- serialisation --------------------------------------------------------------------
    def extra_to_dict(self) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "out": list(self.out),
            "finished": list(self.finished),
            "votes": [[k, c] for k, c in self.votes.items()],
            "voters": list(self.voters),
            "called": list(self.called),
            "last_card_due": self.last_card_due,
            "results": [
                {"game": r["game"], "winner": r["winner"], "places": dict(r["places"])}
                for r in self.results
            ],
        }

    def extra_from_dict(self, data: dict[str, Any]) -> None:
        self.phase = data["phase"]
        self.out = list(data["out"])
        self.finished = list(data["finished"])
        self.votes = {k: c for k, c in data["votes"]}
        self.voters = list(data["voters"])
        self.called = list(data["called"])
        self.last_card_due = data["last_card_due"]
        self.results = [
            {"game": r["game"], "winner": r["winner"], "places": dict(r["places"])}
            for r in data["results"]
        ]
