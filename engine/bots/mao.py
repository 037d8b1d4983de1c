"""Mao practice bots: they know the Chairman's base rules, speak, and call what they see.

A bot sees only its observation (its hand, the table, the recent public events, its own
secret rules) and the offered actions. In its turn it works out the phrases its move needs
(MAO-3..6, and its own secret rules) and says them first, in one message, then plays: a
phrase said since the start of one's turn counts (MAO-7). Out of turn, ``react`` watches the
public events and calls the infractions anyone could see (MAO-10): talk, a card refused, a
phrase missing when a speech window closed, "Mao" with cards in hand, a turn clock running
out. It cannot know other players' secret rules, so it sometimes calls wrongly and pays for
it, as a newcomer would; it learns a rule's phrase from a "Failure to say" penalty or from
its own bad adjudication, and stops calling it talk. A bot built anew (after a restart) reads
the round's public ``history`` from its first observation, its own earlier calls and phrases
included, so it calls and speaks as the bot that was there before would have. A bot that has
won declares a secret rule of its own, one the Chairman carries out (a skip, a reverse, a
card given, a wild card).

- ``MaoBot`` (``heuristic``): a sensible card, every phrase, every call it is sure of.
- ``MaoRandomBot`` (``random``): a random card among those the base rules allow, now and
  then a card that does not play, forgets a phrase about one time in four and lets many
  calls go.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.actions import Action, DeclareRule, Play, Say, Take
from engine.bots.base import Bot, Observation, heuristic, random_level
from engine.cards import RANKS, SUIT_NAMES, SUITS, Card
from engine.mao import rules as secret
from engine.mao.calls import call_key as words_key
from engine.mao.languages import ENGLISH, speech
from engine.mao.phrases import (
    BAD_ADJUDICATION,
    BAD_CALL,
    BAD_CARD,
    END_POINT_OF_ORDER,
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
    Vocabulary,
    card_phrase,
    display_phrase,
    failure_to_say,
    nice_day,
    words_of,
)

#: how long a bot lets a Point of Order run before it says "End of point of order"
POINT_OF_ORDER_PATIENCE = 20.0
#: a bot whose turn it is makes a call only with this many seconds of its clock to spare
CALL_MARGIN = 3.5
RULE_EFFECTS = (
    {"kind": "skip"},
    {"kind": "reverse"},
    {"kind": "draw", "count": 1},
    {"kind": "wild"},
)


def base_phrases(card: Card | None, chain: int, left: int, took: int = 0) -> list[tuple[str, str]]:
    """(phrase, call) pairs the base rules ask of a play or take (MAO-3, 5, 6)."""
    owed: list[tuple[str, str]] = []
    if card is None:
        return [(PENALTY_CARD, failure_to_say(PENALTY_CARD))] * took
    if card.rank == "7":
        owed.append((nice_day(chain), failure_to_say(nice_day(chain))))
    if card.suit == "S":
        phrase = card_phrase(card.rank, card.suit)
        owed.append((phrase, failure_to_say(phrase)))
    if left == 1:
        owed.append((LAST_CARD, failure_to_say(LAST_CARD)))
    elif left == 0:
        owed.append((MAO, NO_MAO))
    return owed


class MaoBot(Bot):
    """Plays, speaks and calls by the base rules; see the module docstring."""

    kind = "heuristic"
    #: chance of leaving out each phrase it owes
    forget = 0.0
    #: chance of making a call it has spotted
    call_chance = 1.0
    #: chance of playing a card at random from the hand
    blunder = 0.0

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
        self.learned: list[str] = []
        #: the table's language: what it hears and says (``engine.mao.languages``)
        self.speech = ENGLISH
        self.vocabulary = Vocabulary()
        self.last_call: tuple[str, str] | None = None
        self.penalised: dict[tuple[str, str], float] = {}
        #: (call key, offender) -> when this bot last made that call (from its own words)
        self.called: dict[tuple[tuple[str, ...], str], float] = {}
        self.suit_open = False

    # --- the two entry points -----------------------------------------------------------
    def choose(self, observation: Observation, legal: list[Action]) -> Action:
        self.watch(observation)
        me = observation["seat"]
        if observation["point_of_order"] is not None:
            return self.say_phrases([END_POINT_OF_ORDER])
        if observation.get("suit_open"):
            return self.name_suit(observation)
        mine = observation["turn"] == me and observation["hand"]
        ends = observation["turn_ends"]
        if not mine or ends is None or observation["now"] + CALL_MARGIN < ends:
            call = self.next_call(observation)
            if call is not None:
                return call
        if mine:
            return self.my_turn(observation, legal)
        return self.react(observation, legal) or Say(text="")

    def react(self, observation: Observation, legal: list[Action]) -> Action | None:
        self.watch(observation)
        me = observation["seat"]
        if observation["turn"] == me and observation["hand"]:
            return None  # its turn: ``choose`` speaks, calls and plays
        poo = observation["point_of_order"]
        if poo is not None:
            if observation["now"] - poo["since"] >= POINT_OF_ORDER_PATIENCE:
                return self.say_phrases([END_POINT_OF_ORDER])
            return None
        if observation.get("suit_open"):
            return self.name_suit(observation)
        call = self.next_call(observation)
        if call is not None:
            return call
        if observation["rule_credits"].get(me):
            return DeclareRule(rule=self.invent_rule())
        return None

    def name_suit(self, observation: Observation) -> Action:
        """MAO-4 with ``jack_suit=anyone``: the suit it holds most of, said first."""
        hand = [Card.parse(c) for c in observation["hand"] if not c.startswith("J")]
        best = Counter(c.suit for c in hand).most_common(1)
        suit = best[0][0] if best else observation["suit"]
        names = self.speech.suits.get(suit) or (SUIT_NAMES[suit],)
        return Say(text=names[0].capitalize())

    def say_phrases(self, phrases: list[str]) -> Say:
        """Canonical phrases said in the table's language."""
        return Say(text=". ".join(display_phrase(self.speech.say(p)) for p in phrases))

    # --- my turn ------------------------------------------------------------------------
    def my_turn(self, observation: Observation, legal: list[Action]) -> Action:
        hand = [Card.parse(c) for c in observation["hand"]]
        key = (observation["round"], observation["turns"], tuple(observation["hand"]))
        if self.plan is None or self.plan[0] != key:
            action = self.pick(observation, legal, hand)
            self.plan = (key, action, False)
        _key, action, spoken = self.plan
        if not spoken:
            self.plan = (key, action, True)
            done = Counter(
                p for p, t in self.said.get(observation["seat"], []) if t >= self.turn_start
            )
            words = []
            for phrase in self.phrases_for(observation, action, hand):
                if done[phrase] > 0:
                    done[phrase] -= 1  # said already this turn (before a restart, perhaps)
                elif self.remembers():
                    words.append(phrase)
            if words:
                return self.say_phrases(words)
        self.plan = None
        return action

    def remembers(self) -> bool:
        return self.forget <= 0 or self.rng.random() >= self.forget

    def base_legal(self, observation: Observation, legal: list[Action]) -> list[Action]:
        """The plays the base rules allow (and the bot's own wild cards), plus take."""
        pending = observation["pending"]
        top = Card.parse(observation["top"])
        wild = [
            r["rule"]["trigger"]
            for r in observation["rules"]
            if "rule" in r and r["rule"]["effect"]["kind"] == "wild"
        ]
        out: list[Action] = []
        for action in legal:
            if isinstance(action, Take):
                out.append(action)
            elif isinstance(action, Play):
                card = action.cards[0]
                if pending is not None:
                    ok = card.rank == "7"
                else:
                    ok = card.suit == observation["suit"] or card.rank == top.rank
                    ok = ok or any(secret.matches_card(t, card) for t in wild)
                if ok:
                    out.append(action)
        return out

    def pick(self, observation: Observation, legal: list[Action], hand: list[Card]) -> Action:
        if self.blunder and self.rng.random() < self.blunder:
            plays = [a for a in legal if isinstance(a, Play)]
            if plays:
                return plays[int(self.rng.random() * len(plays))]
        options = self.base_legal(observation, legal)
        take = next(a for a in options if isinstance(a, Take))
        plays = [a for a in options if isinstance(a, Play)]
        if not plays:
            return take
        return self.prefer(observation, plays, hand)

    def prefer(self, observation: Observation, plays: list[Action], hand: list[Card]) -> Action:
        me = observation["seat"]
        suits = Counter(c.suit for c in hand)
        others = [n for s, n in observation["counts"].items() if s != me and n]
        danger = bool(others) and min(others) <= 2

        def score(action: Action) -> float:
            card: Card = action.cards[0]  # type: ignore[attr-defined]
            value = suits[card.suit] * 0.5
            if card.rank == "J":
                named = action.suit  # type: ignore[attr-defined]
                best = Counter(c.suit for c in hand if c != card).most_common(1)
                if best and named is not None and named != best[0][0]:
                    return -100.0
                value -= 3  # a Jack is worth keeping
            if card.rank in ("7", "Q"):
                value += 4 if danger else 1
            if card.suit == "S":
                value -= 0.5  # one more phrase to say
            return value

        return max(plays, key=score)

    def phrases_for(self, observation: Observation, action: Action, hand: list[Card]) -> list[str]:
        """What to say for ``action``: the base phrases and this bot's own secret rules."""
        pending = observation["pending"]
        chain = pending["count"] if pending else 0
        own = [r["rule"] for r in observation["rules"] if "rule" in r]
        if isinstance(action, Play):
            card = action.cards[0]
            left = len(hand) - 1
            owed = [p for p, _ in base_phrases(card, chain, left)]
            fired = [r for r in own if secret.fires(r, card=card, took=False, hand_size=left)]
        else:
            stock = observation["stock"] + observation["pile"] - 1
            took = min(chain, stock) if chain else 0
            owed = [p for p, _ in base_phrases(None, 0, 0, took)]
            size = len(hand) + max(1, took)
            fired = [r for r in own if secret.fires(r, card=None, took=True, hand_size=size)]
        for rule in fired:
            effect = rule["effect"]
            if effect["kind"] == "say":
                owed.append(effect["phrase"])
            elif effect["kind"] == "silence":
                owed = [p for p in owed if p != effect["phrase"]]
        return owed

    def invent_rule(self) -> str:
        """A secret rule the Chairman carries out: a rank or a suit skips, reverses, gives."""
        if self.rng.random() < 0.5:
            trigger = {"kind": "play", "suit": SUITS[int(self.rng.random() * 4)]}
        else:
            trigger = {"kind": "play", "rank": RANKS[int(self.rng.random() * len(RANKS))]}
        effect = RULE_EFFECTS[int(self.rng.random() * len(RULE_EFFECTS))]
        return secret.canonical({"trigger": trigger, "effect": effect})

    def learn(self, phrase: str) -> None:
        """A phrase some rule asks for: from now on it is no talk to this bot."""
        if phrase and phrase not in self.learned:
            self.learned.append(phrase)
            self.vocabulary = Vocabulary(self.learned, speech=self.speech)

    # --- watching the table -------------------------------------------------------------
    def watch(self, observation: Observation) -> None:
        """Read the events this bot has not seen yet, and close what the clock has closed."""
        lang = (observation.get("options") or {}).get("language", "en")
        if lang != self.speech.lang:
            self.speech = speech(lang)
            self.vocabulary = Vocabulary(self.learned, speech=self.speech)
        total = observation["event_count"]
        events = observation["events"]
        missed = total - self.seen
        if missed > len(events):  # a new bot, or one restarted: what the table remembers
            events = observation.get("history", events)
        fresh = events[max(0, len(events) - missed) :] if missed > 0 else []
        self.seen = total
        if observation["round"] != self.round and not any(e["type"] == "deal" for e in fresh):
            self.reset(observation)
        self.round = observation["round"]
        me = observation["seat"]
        for event in fresh:
            self.read(event, observation, me)
        self.counts = dict(observation["counts"])
        now = observation["now"]
        for watch in [w for w in self.watches if w["closes"] <= now]:
            self.close(watch, observation)

    def reset(self, observation: Observation) -> None:
        self.watches = []
        self.said = {}
        self.chain = 0
        self.suit_open = False
        self.plan = None
        self.counts = {s: 5 for s in observation["seats"]}

    def read(self, event: dict[str, Any], observation: Observation, me: str) -> None:
        kind = event["type"]
        at = event.get("at", observation["now"])
        seat = event.get("seat")
        if kind in ("play", "take", "rejoin"):
            self.counts[seat] = event.get("left", event.get("count", 0))
        elif kind in ("penalty", "given"):
            self.counts[seat] = self.counts.get(seat, 0) + event["count"]
        if kind == "deal":
            self.reset(observation)
            self.turn_start = at
        elif kind == "point_of_order":
            self.point_of_order = at
        elif kind == "point_of_order_end":
            self.point_of_order = None
        elif kind == "say" and self.point_of_order is None:
            self.heard(seat, event, at, observation, me)
        elif kind == "suit_named":
            self.suit_open = False
        elif kind == "turn_ran_out" and seat != me:
            self.spotted(FIVE_SECONDS, seat, at, observation)
        elif kind in ("play", "take"):
            for watch in list(self.watches):
                self.close(watch, observation, at)
            if kind == "play":
                card = Card.parse(event["cards"][0])
                anyone = observation["options"].get("jack_suit") == "anyone"
                self.suit_open = card.rank == "J" and anyone
                chain = self.chain if card.rank == "7" else 0
                owed = base_phrases(card, chain, event["left"])
                self.chain = chain + 1 if card.rank == "7" else 0
            else:
                owed = base_phrases(None, 0, 0, event["count"] if self.chain else 0)
                self.chain = 0
            if owed and seat != me:
                window = observation["options"]["speech_window"]
                self.watches.append(
                    {"seat": seat, "owed": owed, "opened": self.turn_start, "closes": at + window}
                )
            self.turn_start = at
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
        elif kind == "penalty":
            called = event["call"]
            self.penalised[(called, seat)] = at
            if called.startswith("Failure to say '") and called.endswith("'"):
                self.learn(" ".join(words_of(called[16:-1])))
            if seat == me and called == BAD_ADJUDICATION and self.last_call is not None:
                wrong, text = self.last_call
                if wrong == TALKING:
                    self.learn(" ".join(words_of(text)))

    def heard(
        self, seat: str, event: dict[str, Any], at: float, observation: Observation, me: str
    ) -> None:
        text = event["text"]
        tokens = self.vocabulary.parse(text)
        if any(t.kind == "phrase" and t.text == "point of order" for t in tokens):
            return
        if self.suit_open:  # MAO-4: the first suit's name said after the Jack is no talk
            tokens = self.without_suit(tokens)
        self.said.setdefault(seat, []).extend((t.text, at) for t in tokens if t.kind == "phrase")
        if seat == me:
            for token in tokens:
                if token.kind == "call":
                    for offender in event.get("to") or ():
                        self.called[(words_key(token.text), offender)] = at
            return
        if any(t.kind == "talk" for t in tokens):
            self.spotted(TALKING, seat, at, observation, text)
        if any(t.kind == "near_call" for t in tokens):
            self.spotted(BAD_CALL, seat, at, observation)
        said_mao = any(t.kind == "phrase" and t.text == MAO for t in tokens)
        if said_mao and self.counts.get(seat, 0) > 1:
            self.spotted(NAME_IN_VAIN, seat, at, observation)

    def without_suit(self, tokens: list[Token]) -> list[Token]:
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

    def close(self, watch: dict[str, Any], observation: Observation, at: float | None = None):
        """A speech window closed: call each phrase that was not said in it."""
        self.watches.remove(watch)
        closed = watch["closes"] if at is None else min(at, watch["closes"])
        said = Counter(
            p for p, t in self.said.get(watch["seat"], []) if watch["opened"] <= t < closed
        )
        missing: list[str] = []
        for phrase, call in watch["owed"]:
            if said[phrase] > 0:
                said[phrase] -= 1
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


@heuristic("mao")
class MaoHeuristic(MaoBot):
    """The heuristic level: every phrase, every call it is sure of."""


@random_level("mao")
class MaoRandomBot(MaoBot):
    """The random level: any card the base rules allow, some forgotten phrases and calls."""

    kind = "random"
    forget = 0.25
    call_chance = 0.5
    blunder = 0.05

    def prefer(self, observation: Observation, plays: list[Action], hand: list[Card]) -> Action:
        return plays[int(self.rng.random() * len(plays))]
