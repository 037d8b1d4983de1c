"""Mao's turn: checking an action, playing a card, taking, rejoining, declaring a rule.

A card that may not be played stays in the hand and is an infraction (MAO-12, 13), not an
error; ``check`` raises ``IllegalAction`` only for what no player could do. A play's effects
(MAO-3..6), the phrases it asks for and the secret rules it fires (MAO-16) decide the next turn.
"""

from __future__ import annotations

from typing import Any

from engine.actions import Action, DeclareRule, IllegalAction, Play, Say
from engine.cards import RANKS, SUITS, Card
from engine.events import Event
from engine.mao import calls as adjudication
from engine.mao import rules as secret
from engine.mao.penalties import Penalties
from engine.mao.shapes import MaoEvent, sent
from engine.mao.speech import Speech
from engine.mao.state import MaoTable
from engine.mao.wording import (
    BAD_CARD,
    FAILURE_TO_TAKE,
    LAST_CARD,
    MAO,
    NO_MAO,
    OUT_OF_TURN,
    PENALTY_CARD,
    TOUCHING,
    card_phrase,
    failure_to_say,
    nice_day,
)
from engine.shedding.game import CARD_TEXT, one_held
from engine.words import N_

#: what a spade asks for (MAO-5), by its rank: its name, and the call for leaving it out
SPADE_OWED = {
    rank: (card_phrase(rank, "S"), failure_to_say(card_phrase(rank, "S"))) for rank in RANKS
}
LAST_CARD_CALL = failure_to_say(LAST_CARD)
PENALTY_CARD_CALL = failure_to_say(PENALTY_CARD)


class Moves:
    """The actions of a turn and what they do, in one game: a message goes to its
    ``speech``, a refused card to its ``penalties``."""

    __slots__ = ("game", "penalties", "speech")

    def __init__(self, game: MaoTable, penalties: Penalties, speech: Speech) -> None:
        self.game = game
        self.penalties = penalties
        self.speech = speech

    # --- actions --------------------------------------------------------------------------
    def check(self, i: int, action: Action) -> dict[str, Any] | None:
        """Raise ``IllegalAction`` for what no player could do now; change nothing.

        Returns the validated rule of a ``declare_rule``.
        """
        g = self.game
        kind = action.kind
        if kind == "say":
            return None
        if isinstance(action, Play):
            self.check_play(i, action)
        elif kind == "take":
            self.check_take(i)
        elif kind == "rejoin":
            if g.hands[i] or g.going_out[i]:
                raise IllegalAction("only a player who has gone out may rejoin")
        elif isinstance(action, DeclareRule):
            if g.credits[i] <= 0:
                raise IllegalAction("only a player who has won a round may make a new rule")
            try:
                rule = secret.validate(action.rule)
            except secret.RuleError as exc:
                raise IllegalAction(exc.why) from exc
            self.check_rule_fits(rule)
            return rule
        elif kind == "back":
            if not g.away[i]:
                raise IllegalAction("you are not marked away")
        else:
            raise IllegalAction("there is no {kind} in Mao: play a card or take one", kind=kind)
        return None

    def check_play(self, i: int, action: Play) -> None:
        """``check`` for a play: one card, held, a suit named by a Jack only (MAO-4)."""
        g = self.game
        card = one_held(action.cards, g.hands[i], N_("one card at a time"))
        suit = action.suit
        if card.rank == "J":
            if g.options["jack_suit"] == "anyone":
                if suit is not None:
                    raise IllegalAction("at this table the suit is named in the chat")
            elif suit not in SUITS:
                raise IllegalAction("a Jack names a suit: choose clubs, diamonds, hearts or spades")
        elif suit is not None:
            raise IllegalAction("only a Jack names a suit")

    def check_take(self, i: int) -> None:
        """``check`` for a take: a seat holding cards (an empty hand rejoins instead)."""
        g = self.game
        if not g.hands[i]:
            if g.going_out[i]:
                raise IllegalAction("you have played your last card")
            raise IllegalAction("you are out: rejoin to take five cards")

    def perform(
        self, i: int, action: Action, events: list[Event], checked: tuple[Any] | None = None
    ) -> None:
        """Carry ``action`` out; ``checked`` holds what ``check`` gave when nothing has
        changed since it ran."""
        g = self.game
        rule = self.check(i, action) if checked is None else checked[0]
        if isinstance(action, Play):
            self.play_action(i, action, events)
            return
        kind = action.kind
        if isinstance(action, Say):
            self.speech.hear(i, action, events)
        elif kind == "take":
            self.take_action(i, events)
        elif kind == "rejoin":
            self.rejoin(i, events)
        elif kind == "declare_rule":
            assert rule is not None
            self.declare_rule(i, rule, events)
        else:
            g.away[i] = False
            g.streak[i] = 0
            events.append(g.event("back", seat=g.seats[i]))

    def refuse(self, i: int, call: str, events: list[Event], card: Card | None = None) -> None:
        """The card stays where it was; the Chairman writes the infraction down."""
        g = self.game
        self.penalties.offence(i, call)
        turn = g.current_player()
        if card is None:
            events.append(g.event("refused", seat=g.seats[i], action="take", turn=turn))
        else:
            events.append(
                g.event("refused", seat=g.seats[i], action="play", cards=[str(card)], turn=turn)
            )

    def play_action(self, i: int, action: Play, events: list[Event]) -> None:
        g = self.game
        card = action.cards[0]
        if g.point_of_order is not None:
            self.refuse(i, TOUCHING, events, card)
            return
        if i != g.turn:
            self.refuse(i, OUT_OF_TURN, events, card)  # MAO-13
            return
        g.streak[i] = 0
        if g.pending is not None:
            if card.rank != "7":
                self.refuse(i, FAILURE_TO_TAKE, events, card)
                g.turn_since = g.now
                return
        elif card.suit != g.suit and card.rank != g.pile[-1].rank and not g.wild(card):
            self.refuse(i, BAD_CARD, events, card)  # MAO-12
            g.turn_since = g.now
            return
        self.play_card(i, card, action.suit, events)

    def play_card(self, i: int, card: Card, named: str | None, events: list[Event]) -> None:
        """A card that may be played: its effects, the phrases it asks for, the next turn."""
        g = self.game
        if g.windows:
            self.speech.close_windows(events)
        hand = g.hands[i]
        k = hand.index(card)
        # the offers listed for this very hand (``legal_actions``), one a card, lose this
        # card's: the seat's next turn need not list its hand again (hot path). An empty
        # hand is offered no take: its listing is left to fail the check
        kept = g.offered.get(g.seats[i])
        if kept is not None and len(kept[2]) == len(hand) + 1 > 2 and kept[1] == hand:
            del kept[1][k], kept[2][k]
        del hand[k]
        g.pile.append(card)
        rank, suit = card
        g.suit = named or suit
        # MAO-4: with jack_suit=anyone, anyone names it now
        g.naming = rank == "J" and g.options["jack_suit"] == "anyone"
        left = len(hand)
        played: MaoEvent = {
            "type": "play",
            "seat": g.seats[i],
            "cards": [CARD_TEXT[card]],
            "left": left,
            "at": g.now,
        }
        if named:
            played["suit"] = named
        events.append(played)
        owed: list[list[str]] = []
        chain = 0
        if rank == "7":  # MAO-3
            pending = g.pending
            chain = (pending["count"] if pending else 0) + 1
            phrase = nice_day(chain - 1)
            owed.append([phrase, failure_to_say(phrase)])
        if suit == "S":  # MAO-5
            owed.append(list(SPADE_OWED[rank]))
        if left == 1:  # MAO-6
            owed.append([LAST_CARD, LAST_CARD_CALL])
        elif not left:
            owed.append([MAO, NO_MAO])
            g.going_out[i] = True
        # MAO-4: an 8 reverses, a Queen skips
        self.finish_action(i, card, owed, rank == "8", rank == "Q", chain, events)

    def take_action(self, i: int, events: list[Event]) -> None:
        """MAO-2, MAO-3: take one card, or the whole 7 chain, saying "Penalty card" for each."""
        g = self.game
        if g.point_of_order is not None:
            self.refuse(i, TOUCHING, events)
            return
        if i != g.turn:
            self.refuse(i, OUT_OF_TURN, events)
            return
        g.streak[i] = 0
        if g.windows:
            self.speech.close_windows(events)
        owed: list[list[str]] = []
        if g.pending is not None:
            got = g.deal(i, g.pending["count"], events)
            g.pending = None
            owed = [[PENALTY_CARD, PENALTY_CARD_CALL] for _ in range(got)]
        else:
            got = g.deal(i, 1, events)
        now = g.now
        events.append(
            sent(
                {
                    "type": "take",
                    "seat": g.seats[i],
                    "count": got,
                    "left": len(g.hands[i]),
                    "at": now,
                }
            )
        )
        self.finish_action(i, None, owed, 0, 0, 0, events)

    def finish_action(
        self,
        i: int,
        card: Card | None,
        owed: list[list[str]],
        flips: int,
        skips: int,
        chain: int,
        events: list[Event],
    ) -> None:
        """Secret rules, the speech window, direction, skips and the next turn."""
        g = self.game
        forbid: list[list[str]] = []
        draws = 0
        if g.rules:
            size = len(g.hands[i])
            # ``secret.fires`` for each rule, from the rules made ready to test
            for cards, took, count, kind, said in g.rule_set()[0]:
                if not (card in cards or size == count or (took and card is None)):
                    continue
                if kind == "say":
                    owed.append(list(said))
                elif kind == "silence":
                    forbid.append(list(said))
                elif kind == "skip":
                    skips += 1
                elif kind == "reverse":
                    flips += 1
                elif kind == "draw":
                    draws += said[0]
        if owed or forbid or g.presaid:
            self.speech.open_window(i, owed, forbid, events)
        if flips % 2:
            g.direction = -g.direction
        hands = g.hands
        step = (i + g.direction) % len(hands)
        # the usual case, the next seat holding cards, needs no search
        after = step if hands[step] else g.next_holder(i)
        if draws and after is not None:
            got = g.deal(after, draws, events)
            events.append(g.event("given", seat=g.seats[after], count=got))
        if skips:
            for _ in range(skips):
                if after is None:
                    break
                events.append(g.event("skipped", seat=g.seats[after]))
                after = g.next_holder(after)
        g.pending = (
            {"kind": "draw", "rank": "7", "count": chain, "target": after}
            if chain and after is not None
            else None
        )
        g.turns += 1
        # ``pass_turn``, written out
        g.turn = after
        g.turn_since = g.now
        if g.presaid:
            g.presaid = []

    def rejoin(self, i: int, events: list[Event]) -> None:
        """MAO-6: a player who is out comes back with five cards from the pool."""
        g = self.game
        if g.point_of_order is not None:
            self.refuse(i, TOUCHING, events)
            return
        got = g.deal(i, g.hand_size, events)
        events.append(g.event("rejoin", seat=g.seats[i], count=got))
        if g.turn is None and got:
            g.pass_turn(i)

    def declare_rule(self, i: int, rule: dict[str, Any], events: list[Event]) -> None:
        """MAO-16: a winner adds a secret rule; everyone else learns only that it exists."""
        g = self.game
        g.rules.append({"by": i, "rule": rule})
        g.credits[i] -= 1
        g.declared_at[i] = g.now
        g._vocabulary = None
        events.append(g.event("new_rule", seat=g.seats[i]))

    def check_rule_fits(self, rule: dict[str, Any]) -> None:
        """A new rule's phrase must not be another rule's call, nor its call another's phrase."""
        g = self.game
        phrases, calls = secret.known_words([r["rule"] for r in g.rules])
        new_phrases, new_calls = secret.known_words([rule])
        phrase_keys = {adjudication.call_key(p) for p in phrases}
        call_keys = {adjudication.call_key(c) for c in calls}
        for phrase in new_phrases:
            if adjudication.call_key(phrase) in call_keys:
                raise IllegalAction("that phrase is already the name of a call")
        for call in new_calls:
            if adjudication.call_key(call) in phrase_keys:
                raise IllegalAction("that name is already a phrase someone must say")
