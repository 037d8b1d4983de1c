"""President's play: the legal actions (the hot path of simulations) and carrying
them out (PRES-3..7, PRES-10's gives)."""

from __future__ import annotations

from itertools import compress
from typing import ClassVar, cast

from engine.actions import Action, Complete, Give, Pass, Play
from engine.base import RECENT_EVENTS, Event, Game
from engine.cards import Card
from engine.president.groups import AFTER, GROUP_AT, KEYS_AT, PLAYS_AT, SETS_AT, SUIT_CODE
from engine.president.rounds import Rounds
from engine.president.sets import (
    GIVE_STRENGTH,
    LEAD,
    RANK_INDEX,
    SELECT,
    SET_FACTS,
    SIZE_STEP,
    TWO,
    by_rank,
    complete_of,
    give_of,
    hand_order,
    title_for,
)
from engine.president.state import BELOW, NOBODY, holding

#: ``Game.log`` keeps the recent events, trimmed when twice as many have gathered
LOG_LIMIT = 2 * RECENT_EVENTS


class Plays(Rounds):
    """What each seat may do, and doing it.

    Every simulation runs through these methods, so they read the derived fields
    (``PresidentState.derive``: the hands grouped by rank, the sets each hand offers, the
    run on the pile) and keep them up to date, rather than searching hands and the pile.
    """

    #: the seat on turn always has an action (in play it holds cards, so it may pass or
    #: lead; in the exchange it gives): drivers ask the seats that may complete four out of
    #: turn before listing its actions (``engine.turns``)
    current_always_acts: ClassVar[bool] = True

    # --- what may be done -----------------------------------------------------------------
    def legal_actions(self, seat: str) -> list[Action]:
        k = self.index.get(seat, -1)
        if k != self.turn or not self.playing:
            return self.legal_otherwise(seat)
        return self.turn_actions(k)

    def lone_offers(self) -> tuple[str, list[Action]] | None:
        """``Game.lone_offers`` from the state: in play, unless a seat not on turn holds the
        cards that complete four, the seat on turn and its actions (``turn_actions``), with
        no list of who may act built first (every simulated decision asks this)."""
        if not self.playing:
            return Game.lone_offers(self)
        k = self.turn
        assert k is not None  # a round in play always has a seat on turn
        holders = self.holders
        if holders:
            if len(holders) > 1 or holders[0] != k:
                return None  # others may complete four out of turn: drivers ask them
            return self.seats[k], self.completing_offers(k)
        # ``turn_actions``, written out
        least = self.least
        if least == LEAD:  # all but the pass, which is the last: a copy costs a fifth
            return self.seats[k], self.plays[k][:-1]
        return self.seats[k], [*compress(self.plays[k], self.keys[k].translate(SELECT[least]))]

    def turn_actions(self, k: int) -> list[Action]:
        """``legal_actions`` of seat ``k``, on turn while ``playing`` (so it holds cards): its
        slots that the pile allows (``least``), in slot order: low rank to high and small to
        large, a lone 2 (PRES-5, never as the last card: a hand of 2s is out), then the pass
        when there is a pile to pass on (PRES-7)."""
        if k in self.holders:
            return self.completing_offers(k)
        least = self.least
        if least == LEAD:  # (as in ``lone_offers``)
            return self.plays[k][:-1]
        return [*compress(self.plays[k], self.keys[k].translate(SELECT[least]))]

    def completing_offers(self, k: int) -> list[Action]:
        """The seat on turn holds the cards that complete four (PRES-6): that set is offered
        first, as Complete and not among the plays; then the rest of ``turn_actions``."""
        top, need = self.top_index, self.need
        chosen = self.keys[k].translate(SELECT[self.least])
        chosen[self.keys[k].index(need * SIZE_STEP + top)] = 0
        held = GROUP_AT[top][self.codes[k][top]]
        return [complete_of(held[:need]), *compress(self.plays[k], chosen)]

    def legal_otherwise(self, seat: str) -> list[Action]:
        """``legal_actions`` of a seat whose turn it is not, or in the exchange, at the end of
        the match, or before ``derive``."""
        k = self.seat_index(seat)  # raises if the seat is not at this table
        if not self.derived and self.phase == "play":
            self.derive()
            if k == self.turn and self.playing:
                return self.legal_actions(seat)
        if self.over:
            return []
        if self.phase == "exchange":
            return self.legal_gives(k)
        if not self.hands[k]:  # out of the round: nothing left to play
            return []
        # out of turn only completing four is allowed (PRES-6)
        need = self.need
        if not need:
            return []
        top = self.top_index
        if self.counts[top][k] < need:
            return []
        return [complete_of(GROUP_AT[top][self.codes[k][top]][:need])]

    def seats_that_may_act(self) -> list[str]:
        """The two seats of the exchange; else the turn's seat, and, when the top rank can
        be completed to four, every seat holding the cards that do it (PRES-6)."""
        if not self.playing:
            return self.may_act_otherwise()
        turn = self.turn
        holders = self.holders
        if holders and (len(holders) > 1 or holders[0] != turn):
            # the seat on turn holds cards (``playing``)
            return [seat for k, seat in enumerate(self.seats) if k in holders or k == turn]
        assert turn is not None  # a round in play always has a seat on turn
        return [self.seats[turn]]

    def may_act_otherwise(self) -> list[str]:
        """``seats_that_may_act`` in the exchange, at the end of the match or before
        ``derive``."""
        if self.over:
            return []
        if self.phase == "exchange":
            exchange = self.exchange
            assert exchange is not None
            return [self.seats[k] for k in sorted({exchange["a_hole"], exchange["president"]})]
        if not self.derived:
            self.derive()
            if self.playing:
                return self.seats_that_may_act()
        turn = self.turn
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
        spend half their time on that check otherwise). Anything else goes through ``apply``.

        Every simulated decision comes here, so a play or a completion (PRES-3..6: its cards
        are the first of their rank in the seat's hand, as ``legal_actions`` offers no
        others) and a pass (PRES-7) are carried out in this one call."""
        k = self.index[seat]
        if not self.derived:
            self.derive()
        # the class, not ``kind``: a class attribute read through an instance is a slow lookup
        # in Python 3.11, ``type`` a fast call
        cls = type(action)
        if cls is Pass:  # the turn moves on, and may come back round
            self.passes.append(k)
            events: list[Event] = [{"type": "pass", "seat": seat}]
            # ``advance`` when the next seat is simply on turn, written out
            j = self.nexts[k]
            if j == self.last_player:  # back round to the top set's player (PRES-7)
                self.clear(j, "all passed", events)
            elif j in self.went_out or j in self.stuck:
                self.advance(k, 0, events)
            else:
                self.turn = j
        elif cls is Give:
            assert isinstance(action, Give) and action.card is not None
            events = []
            self.give(k, action.card, events)
        else:
            cards = cast("Play | Complete", action).cards  # neither Pass nor Give
            completing = cls is Complete
            r, size, least, first, texts = SET_FACTS[cards]
            hand = self.hands[k]
            for card in cards:
                hand.remove(card)
            codes = self.codes[k]
            code = codes[r]
            rest = codes[r] = AFTER[size][code]
            counts = self.counts[r]
            counts[k] -= size
            if r != TWO:  # the rank's stretch of the seat's actions (``replace_sets``)
                keys = self.keys[k]
                start = keys.index(first)
                end = start + SETS_AT[code]
                keys[start:end] = KEYS_AT[r][rest]
                self.plays[k][start:end] = PLAYS_AT[r][rest]
            else:
                self.twos_slot(k)
            self.pile += cards
            self.last_player = k
            self.passes = []
            self.first_lead = False
            if completing:
                event: Event = {"type": "complete", "seat": seat, "cards": [*texts]}
                if k != self.turn:
                    event["out_of_turn"] = True
            else:
                event = {"type": "play", "seat": seat, "cards": [*texts]}
            events = [event]
            skips = 0
            if r == self.top_index:  # (never a 2: a 2 clears the pile)
                if size == self.top_size and not completing:
                    skips = 1  # PRES-4: equalling the top set skips the next player still in
                run = self.run_size = self.run_size + size
            else:
                run = self.run_size = size
                self.top_index = r
            self.top_size = size
            self.least = least  # (a 2 clears the pile, just below)
            # a hand left empty or holding only 2s leaves the round, which may end it
            if len(hand) == self.counts[TWO][k] and self.leaves(k, events):
                self.need = 0
                self.holders = NOBODY
                self.finish_round(events)
            elif run >= 4 or completing or r == TWO:
                self.clear(k, "two" if r == TWO else "four", events)
            else:
                need = self.need = 4 - run
                self.holders = holding(counts, need) if counts.strip(BELOW[need]) else NOBODY
                # ``advance`` when the next seat is simply on turn, written out
                j = self.nexts[k]
                if skips or j in self.went_out or j in self.stuck:  # k played last: j != k
                    self.advance(k, skips, events)
                else:
                    self.turn = j
        self.version += 1
        log = self.events
        log += events  # Game.log, written out
        if len(log) > LOG_LIMIT:
            del log[:-RECENT_EVENTS]
        return events

    def perform_offered(self, k: int, action: Action) -> list[Event]:
        """Carry out an action ``legal_actions`` offered seat ``k`` at this version."""
        return self.apply_offered(self.seats[k], action)

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
        r, suit = RANK_INDEX[card], SUIT_CODE[card.suit]
        given, taken = self.codes[k][r], self.codes[to][r]
        self.codes[k][r] -= suit
        self.codes[to][r] += suit
        self.counts[r][k] -= 1
        self.counts[r][to] += 1
        self.replace_sets(k, r, given)
        self.replace_sets(to, r, taken)
        self.twos_slot(k)  # a hand may now hold only 2s, or something besides them
        self.twos_slot(to)
        self.holders = self.find_holders()
        events.append({"type": "give", "seat": self.seats[k], "to": self.seats[to]})
        if exchange["to_a_hole"] is None:
            self.turn = to
            return
        self.start_play(exchange["president"], "President", events)

    def leaves(self, k: int, events: list[Event]) -> bool:
        """Seat ``k``, its hand now empty or only 2s, leaves the round: out (placed next) or
        stuck (PRES-8). Whether the round is then done."""
        if not self.hands[k]:
            self.went_out.append(k)
            place = len(self.went_out)
            events.append(
                {
                    "type": "out",
                    "seat": self.seats[k],
                    "place": place,
                    "title": title_for(place, len(self.seats)),
                }
            )
        else:
            self.check_only_twos(k, events)
        return self.round_is_done()

    def clear(self, k: int, reason: str, events: list[Event]) -> None:
        """Clear the pile; seat ``k`` leads, or the next still in if ``k`` went out."""
        self.cleared.extend(self.pile)
        self.pile = []
        self.top_size = 0
        self.run_size = self.need = 0
        self.top_index = -1
        self.least = LEAD
        self.holders = NOBODY
        self.last_player = None
        self.passes = []
        leader = k if k not in self.went_out and k not in self.stuck else self.next_in(k)
        self.turn = leader
        events.append({"type": "clear", "reason": reason, "leader": self.seats[leader]})

    def advance(self, k: int, skips: int, events: list[Event]) -> None:
        """Move the turn on from ``k`` past ``skips`` players still in (PRES-4).

        Reaching the seat of whoever played the top set, with no play since, clears the
        pile (PRES-7); that seat may have gone out, and then the next still in leads.
        """
        n = len(self.seats)
        last, went_out, stuck = self.last_player, self.went_out, self.stuck
        j = k
        for _ in range(2 * n):
            j = (j + 1) % n
            if j == last:
                self.clear(j, "all passed", events)
                return
            if j in went_out or j in stuck:  # not still in
                continue
            if skips:
                skips -= 1
                events.append({"type": "skip", "seat": self.seats[j]})
                continue
            self.turn = j
            return
        raise AssertionError("the turn found nobody to go to")
