"""What a Mao practice bot sees and remembers: the table's events read once, the calls it spots.

``MaoWatcher`` reads the public events it has not seen yet (a new or restarted bot reads the
round's ``history``), keeps who said what and when, opens a watch on every play or take that
asks for phrases (MAO-3..6) and, when its speech window closes, spots each phrase not said. It
spots talk, refused cards, "Mao" with cards in hand and a turn clock running out (MAO-10..14),
and learns a rule's phrase from a "Failure to say" penalty or its own bad adjudication.
``engine.bots.mao`` builds the bots that play on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from engine.actions import Action, Say
from engine.bots.base import Bot, Observation
from engine.cards import ALL_CARDS, Card
from engine.events import Event, seat_of
from engine.mao.calls import call_key as words_key
from engine.mao.languages import ENGLISH, speech
from engine.mao.phrases import (
    BAD_ADJUDICATION,
    BAD_CALL,
    BAD_CARD,
    FAILURE_TO_TAKE,
    FIVE_SECONDS,
    LAST_CARD,
    MAO,
    NAME_IN_VAIN,
    NO_MAO,
    OUT_OF_TURN,
    PENALTY_CARD,
    TALKING,
    TOUCHING,
    Token,
    card_phrase,
    failure_to_say,
    nice_day,
    vocabulary_for,
    words_of,
)

#: a card by the text observations and events write it in (``Card.parse`` reads any form)
CARDS: dict[str, Card] = {str(c): c for c in ALL_CARDS}


def card_of(text: str) -> Card:
    return CARDS.get(text) or Card.parse(text)


@lru_cache(maxsize=1024)  # every bot reads every play
def base_phrases(
    card: Card | None, chain: int, left: int, took: int = 0
) -> tuple[tuple[str, str], ...]:
    """(phrase, call) pairs the base rules ask of a play or take (MAO-3, 5, 6)."""
    owed: list[tuple[str, str]] = []
    if card is None:
        return ((PENALTY_CARD, failure_to_say(PENALTY_CARD)),) * took
    if card.rank == "7":
        owed.append((nice_day(chain), failure_to_say(nice_day(chain))))
    if card.suit == "S":
        phrase = card_phrase(card.rank, card.suit)
        owed.append((phrase, failure_to_say(phrase)))
    if left == 1:
        owed.append((LAST_CARD, failure_to_say(LAST_CARD)))
    elif left == 0:
        owed.append((MAO, NO_MAO))
    return tuple(owed)


class MaoWatcher(Bot):
    """The table as a Mao bot has seen it; see the module docstring."""

    reads_in_call = True
    #: chance of making a call it has spotted
    call_chance = 1.0

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.seen = 0
        self.round = 0
        self.plan: tuple[Any, Action, bool] | None = None
        self.turn_start = 0.0
        self.chain = 0
        self.point_of_order: float | None = None
        self.watches: list[dict[str, Any]] = []
        self.said: dict[str, list[tuple[str, float]]] = {}
        self.to_call: list[tuple[str, str, float, float, str]] = []
        self.counts: dict[str, int] = {}
        #: whether ``counts`` is still the one of the observation it was read from
        self.counts_shared = False
        #: the options of the observation last read (they never change in a game), and the
        #: two of them read at every play
        self.options_seen: object = None
        self.anyone_names = False
        self.speech_window = 5.0
        self.learned: list[str] = []
        #: the table's language: what it hears and says (``engine.mao.languages``)
        self.speech = ENGLISH
        self.vocabulary = vocabulary_for()
        self.last_call: tuple[str, str] | None = None
        self.penalised: dict[tuple[str, str], float] = {}
        #: (call key, offender) -> when this bot last made that call (from its own words)
        self.called: dict[tuple[tuple[str, ...], str], float] = {}
        self.suit_open = False

    def learn(self, phrase: str) -> None:
        """A phrase some rule asks for: from now on it is no talk to this bot."""
        if phrase and phrase not in self.learned:
            self.learned.append(phrase)
            self.vocabulary = vocabulary_for(self.learned, speech=self.speech)

    # --- watching the table -------------------------------------------------------------
    def watch(self, observation: Observation) -> None:
        """Read the events this bot has not seen yet, and close what the clock has closed."""
        # every bot runs this at every game version: written for speed
        options = observation["options"]
        if options is not self.options_seen:  # a game's options never change
            self.options_seen = options
            self.anyone_names = options.get("jack_suit") == "anyone"
            self.speech_window = options["speech_window"]
            lang = options.get("language", "en")
            if lang != self.speech.lang:
                self.speech = speech(lang)
                self.vocabulary = vocabulary_for(self.learned, speech=self.speech)
        total = observation["event_count"]
        missed = total - self.seen
        if missed > 0:
            events = observation["events"]
            if missed > len(events):  # a new bot, or one restarted: what the table remembers
                events = observation.get("history", events)
            fresh = events[max(0, len(events) - missed) :]
        else:
            fresh = []
        self.seen = total
        round_ = observation["round"]
        if round_ != self.round and not any(e["type"] == "deal" for e in fresh):
            self.reset(observation)
        self.round = round_
        if fresh:
            me = seat_of(observation)
            read = self.read
            for event in fresh:
                read(event, observation, me)
        # the view's counts are shared by every seat's view: copied before a change (read)
        self.counts = observation["counts"]
        self.counts_shared = True
        watches = self.watches
        if watches:
            now = observation["now"]
            for watch in watches[:]:
                if watch["closes"] <= now:
                    self.close(watch, observation)

    def reset(self, observation: Observation) -> None:
        self.watches = []
        self.said = {}
        self.chain = 0
        self.suit_open = False
        self.plan = None
        self.counts = {s: 5 for s in observation["seats"]}
        self.counts_shared = False

    def read(self, event: Event, observation: Observation, me: str) -> None:
        kind = event["type"]
        at = event["at"] if "at" in event else observation["now"]
        seat = event.get("seat") or ""  # only the end of a Point of Order may have none
        # the kinds by how often they come (every bot reads every event)
        if kind == "play" or kind == "take":
            if self.counts_shared:
                self.counts = dict(self.counts)
                self.counts_shared = False
            self.counts[seat] = event["left"] if "left" in event else event.get("count", 0)
            if self.watches:
                for watch in self.watches[:]:
                    self.close(watch, observation, at)
            if kind == "play":
                text = event["cards"][0]
                card = CARDS.get(text) or Card.parse(text)
                rank = card.rank
                self.suit_open = rank == "J" and self.anyone_names
                if rank == "7":
                    owed = base_phrases(card, self.chain, event["left"])
                    self.chain += 1
                else:
                    owed = base_phrases(card, 0, event["left"])
                    self.chain = 0
            else:
                owed = base_phrases(None, 0, 0, event["count"] if self.chain else 0)
                self.chain = 0
            if owed and seat != me:
                self.watches.append(
                    {
                        "seat": seat,
                        "owed": owed,
                        "opened": self.turn_start,
                        "closes": at + self.speech_window,
                    }
                )
            self.turn_start = at
        elif kind == "say":
            if self.point_of_order is None:
                self.heard(seat, event, at, observation, me)
        elif kind == "penalty":
            counts = self.own_counts()
            counts[seat] = counts.get(seat, 0) + event["count"]
            called = event["call"]
            self.penalised[(called, seat)] = at
            if called.startswith("Failure to say '") and called.endswith("'"):
                self.learn(" ".join(words_of(called[16:-1])))
            if seat == me and called == BAD_ADJUDICATION and self.last_call is not None:
                wrong, text = self.last_call
                if wrong == TALKING:
                    self.learn(" ".join(words_of(text)))
        elif kind == "given":
            counts = self.own_counts()
            counts[seat] = counts.get(seat, 0) + event["count"]
        elif kind == "rejoin":
            self.own_counts()[seat] = event.get("left", event.get("count", 0))
        elif kind == "deal":
            self.reset(observation)
            self.turn_start = at
        elif kind == "point_of_order":
            self.point_of_order = at
        elif kind == "point_of_order_end":
            self.point_of_order = None
        elif kind == "suit_named":
            self.suit_open = False
        elif kind == "turn_ran_out":
            if seat != me:
                self.spotted(FIVE_SECONDS, seat, at, observation)
        elif kind == "refused" and seat != me:
            if event["turn"] != seat:
                call = OUT_OF_TURN
            elif self.point_of_order is not None:
                call = TOUCHING
            elif event["action"] == "play" and self.chain:
                call = FAILURE_TO_TAKE
            else:
                call = BAD_CARD
            self.spotted(call, seat, at, observation)

    def own_counts(self) -> dict[str, int]:
        """The card counts, this bot's own to change (not the view's, which it shares)."""
        if self.counts_shared:
            self.counts = dict(self.counts)
            self.counts_shared = False
        return self.counts

    def heard(self, seat: str, event: Event, at: float, observation: Observation, me: str) -> None:
        text = event["text"]
        message = self.vocabulary.hear(text)
        if "point of order" in message.phrases:
            return
        kinds = message.kinds
        if self.suit_open:  # MAO-4: the first suit's name said after the Jack is no talk
            kinds = frozenset(t.kind for t in self.without_suit(message.tokens))
        phrases = message.phrases
        if phrases:
            self.said.setdefault(seat, []).extend((p, at) for p in phrases)
        if seat == me:
            for call in message.calls:
                for offender in event.get("to") or ():
                    self.called[(words_key(call), offender)] = at
            return
        if "talk" in kinds:
            self.spotted(TALKING, seat, at, observation, text)
        if "near_call" in kinds:
            self.spotted(BAD_CALL, seat, at, observation)
        if MAO in phrases and self.counts.get(seat, 0) > 1:
            self.spotted(NAME_IN_VAIN, seat, at, observation)

    def without_suit(self, tokens: Sequence[Token]) -> Sequence[Token]:
        for k, token in enumerate(tokens):
            if token.kind != "talk":
                continue
            words = token.text.split()
            named = self.vocabulary.suit_words
            if any(w in named for w in words):
                self.suit_open = False
                rest = words[:]
                rest.remove(next(w for w in words if w in named))
                kept = [Token("talk", " ".join(rest))] if rest else []
                return [*tokens[:k], *kept, *tokens[k + 1 :]]
        return tokens

    def close(
        self, watch: dict[str, Any], observation: Observation, at: float | None = None
    ) -> None:
        """A speech window closed: call each phrase that was not said in it."""
        self.watches.remove(watch)
        closed = watch["closes"] if at is None else min(at, watch["closes"])
        opened = watch["opened"]
        said = [p for p, t in self.said.get(watch["seat"], ()) if opened <= t < closed]
        missing: list[str] = []
        for phrase, call in watch["owed"]:
            if phrase in said:
                said.remove(phrase)  # each saying counts once
            elif call not in missing:
                missing.append(call)
        for call in missing:
            self.spotted(call, watch["seat"], closed, observation)

    def spotted(
        self, call: str, seat: str, at: float, observation: Observation, about: str = ""
    ) -> None:
        if self.call_chance < 1 and self.rng.random() >= self.call_chance:
            return
        until = at + observation["options"]["call_window"]
        self.to_call.append((call, seat, at, until, about))

    def next_call(self, observation: Observation) -> Action | None:
        now = observation["now"]
        while self.to_call:
            call, seat, at, until, about = self.to_call.pop(0)
            made = self.called.get((words_key(call), seat), -1.0) >= at
            if now < until and self.penalised.get((call, seat), -1.0) < at and not made:
                self.last_call = (call, about)
                return Say(text=self.speech.call(call), mentions=(seat,))
        return None
