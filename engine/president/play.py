"""President's play: what each seat may do off the hot path (the exchange's gives, a
completion of four out of turn, a seat on turn holding the cards that complete four) and
carrying out a give (PRES-10), a seat leaving the round (PRES-8), a pile cleared (PRES-5..7)
and the turn moved on (PRES-4, PRES-7). One part of ``engine.president.game.President``,
whose ``legal_actions``, ``lone_offers`` and ``apply_offered`` (every simulated decision)
call it; the part is handed the game."""

from __future__ import annotations

from itertools import compress

from engine.actions import Action
from engine.cards import Card
from engine.events import Event
from engine.president.derived import PresidentDerived
from engine.president.groups import GROUP_AT, SUIT_CODE
from engine.president.rounds import PresidentRounds
from engine.president.sets import (
    GIVE_STRENGTH,
    LEAD,
    RANK_INDEX,
    SELECT,
    SIZE_STEP,
    by_rank,
    complete_of,
    give_of,
    hand_order,
    title_for,
)
from engine.president.shapes import sent
from engine.president.state import NOBODY, PresidentState, next_in


class PresidentPlays:
    """What a seat may do, and doing it, for the game it is handed; the derived fields each
    change keeps up to date are ``derived``'s, the lead and the end of a round ``rounds``'."""

    def __init__(self, derived: PresidentDerived, rounds: PresidentRounds) -> None:
        self.derived = derived
        self.rounds = rounds

    def turn_actions(self, game: PresidentState, k: int) -> list[Action]:
        """``legal_actions`` of seat ``k``, on turn while ``playing`` (so it holds cards): its
        slots that the pile allows (``least``), in slot order: low rank to high and small to
        large, a lone 2 (PRES-5, never as the last card: a hand of 2s is out), then the pass
        when there is a pile to pass on (PRES-7)."""
        if k in game.holders:
            return self.completing_offers(game, k)
        least = game.least
        if least == LEAD:  # (as in ``lone_offers``)
            return game.plays[k][:-1]
        return [*compress(game.plays[k], game.keys[k].translate(SELECT[least]))]

    def completing_offers(self, game: PresidentState, k: int) -> list[Action]:
        """The seat on turn holds the cards that complete four (PRES-6): that set is offered
        first, as Complete and not among the plays; then the rest of ``turn_actions``."""
        top, need = game.top_index, game.need
        chosen = game.keys[k].translate(SELECT[game.least])
        chosen[game.keys[k].index(need * SIZE_STEP + top)] = 0
        held = GROUP_AT[top][game.codes[k][top]]
        return [complete_of(held[:need]), *compress(game.plays[k], chosen)]

    def legal_otherwise(self, game: PresidentState, seat: str) -> list[Action]:
        """``legal_actions`` of a seat whose turn it is not, or in the exchange, at the end of
        the match, or before ``derive``."""
        k = game.seat_index(seat)  # raises if the seat is not at this table
        if not game.derived and game.phase == "play":
            self.derived.derive(game)
            if k == game.turn and game.playing:
                return game.legal_actions(seat)
        if game.over:
            return []
        if game.phase == "exchange":
            return self.legal_gives(game, k)
        if not game.hands[k]:  # out of the round: nothing left to play
            return []
        # out of turn only completing four is allowed (PRES-6)
        need = game.need
        if not need:
            return []
        top = game.top_index
        if game.counts[top][k] < need:
            return []
        return [complete_of(GROUP_AT[top][game.codes[k][top]][:need])]

    def may_act_otherwise(self, game: PresidentState) -> list[str]:
        """``seats_that_may_act`` in the exchange, at the end of the match or before
        ``derive``."""
        if game.over:
            return []
        if game.phase == "exchange":
            exchange = game.exchange
            assert exchange is not None
            return [game.seats[k] for k in sorted({exchange["a_hole"], exchange["president"]})]
        if not game.derived:
            self.derived.derive(game)
            if game.playing:
                return game.seats_that_may_act()
        turn = game.turn
        return [] if turn is None or not game.hands[turn] else [game.seats[turn]]

    def legal_gives(self, game: PresidentState, k: int) -> list[Action]:
        exchange = game.exchange
        assert exchange is not None
        hand = game.hands[k]
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

    def give(self, game: PresidentState, k: int, card: Card, events: list[Event]) -> None:
        """PRES-10: one side of the exchange; the card is private to the two seats."""
        exchange = game.exchange
        assert exchange is not None
        game.hands[k].remove(card)
        if k == exchange["a_hole"] and exchange["to_president"] is None:
            to = exchange["president"]
            exchange["to_president"] = str(card)
        else:
            to = exchange["a_hole"]
            exchange["to_a_hole"] = str(card)
        game.hands[to].append(card)
        r, suit = RANK_INDEX[card], SUIT_CODE[card.suit]
        given, taken = game.codes[k][r], game.codes[to][r]
        game.codes[k][r] -= suit
        game.codes[to][r] += suit
        game.counts[r][k] -= 1
        game.counts[r][to] += 1
        self.derived.replace_sets(game, k, r, given)
        self.derived.replace_sets(game, to, r, taken)
        self.derived.twos_slot(game, k)  # a hand may now hold only 2s, or something besides them
        self.derived.twos_slot(game, to)
        game.holders = self.derived.find_holders(game)
        events.append(sent({"type": "give", "seat": game.seats[k], "to": game.seats[to]}))
        if exchange["to_a_hole"] is None:
            game.turn = to
            return
        self.rounds.start_play(game, exchange["president"], "President", events)

    def leaves(self, game: PresidentState, k: int, events: list[Event]) -> bool:
        """Seat ``k``, its hand now empty or only 2s, leaves the round: out (placed next) or
        stuck (PRES-8). Whether the round is then done."""
        if not game.hands[k]:
            game.went_out.append(k)
            place = len(game.went_out)
            events.append(
                {
                    "type": "out",
                    "seat": game.seats[k],
                    "place": place,
                    "title": title_for(place, len(game.seats)),
                }
            )
        else:
            self.rounds.check_only_twos(game, k, events)
        return self.rounds.round_is_done(game)

    def clear(self, game: PresidentState, k: int, reason: str, events: list[Event]) -> None:
        """Clear the pile; seat ``k`` leads, or the next still in if ``k`` went out."""
        game.cleared.extend(game.pile)
        game.pile = []
        game.top_size = 0
        game.run_size = game.need = 0
        game.top_index = -1
        game.least = LEAD
        game.holders = NOBODY
        game.last_player = None
        game.passes = []
        leader = k if k not in game.went_out and k not in game.stuck else next_in(game, k)
        game.turn = leader
        events.append(sent({"type": "clear", "reason": reason, "leader": game.seats[leader]}))

    def advance(self, game: PresidentState, k: int, skips: int, events: list[Event]) -> None:
        """Move the turn on from ``k`` past ``skips`` players still in (PRES-4).

        Reaching the seat of whoever played the top set, with no play since, clears the
        pile (PRES-7); that seat may have gone out, and then the next still in leads.
        """
        n = len(game.seats)
        last, went_out, stuck = game.last_player, game.went_out, game.stuck
        j = k
        for _ in range(2 * n):
            j = (j + 1) % n
            if j == last:
                self.clear(game, j, "all passed", events)
                return
            if j in went_out or j in stuck:  # not still in
                continue
            if skips:
                skips -= 1
                events.append({"type": "skip", "seat": game.seats[j]})
                continue
            game.turn = j
            return
        raise AssertionError("the turn found nobody to go to")
