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

What a bot has seen and the calls it spots are ``engine.mao.bots.watch``; this module
plays, speaks and declares.

- ``MaoBot`` (``heuristic``): a sensible card, every phrase, every call it is sure of.
- ``MaoRandomBot`` (``random``): a random card among those the base rules allow, now and
  then a card that does not play, forgets a phrase about one time in four and lets many
  calls go.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from engine.actions import Action, DeclareRule, Play, Say, Take
from engine.bots.base import Observation, heuristic, random_level
from engine.cards import RANKS, SUIT_NAMES, SUITS, Card
from engine.events import seat_of
from engine.mao import rules as secret
from engine.mao.bots.base import (
    FOLLOWING,
    PLAYED_OWED,
    SEVENS,
    base_phrases,
    card_of,
    owed_phrases,
)
from engine.mao.bots.table import POINT_OF_ORDER_PATIENCE
from engine.mao.bots.watch import MaoWatcher
from engine.mao.languages import ENGLISH, speech
from engine.mao.shapes import mao_view
from engine.mao.wording import END_POINT_OF_ORDER, display_phrase
from engine.views import public_fields

#: a bot whose turn it is makes a call only with this many seconds of its clock to spare
CALL_MARGIN = 3.5
RULE_EFFECTS = (
    {"kind": "skip"},
    {"kind": "reverse"},
    {"kind": "draw", "count": 1},
    {"kind": "wild"},
)


@lru_cache(maxsize=1024)  # a bot says the same few phrases again and again
def spoken(lang: str, phrases: tuple[str, ...]) -> Say:
    """Canonical phrases said as one message in the table's language (an action is never
    changed, so one serves every saying)."""
    talk = speech(lang)
    return Say(text=". ".join(display_phrase(talk.say(p)) for p in phrases))


class MaoBot(MaoWatcher):
    """Plays, speaks and calls by the base rules; see the module docstring."""

    kind = "heuristic"
    #: chance of leaving out each phrase it owes
    forget = 0.0
    #: chance of playing a card at random from the hand
    blunder = 0.0

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        # the class's chances as instance fields, read at every turn: a class attribute
        # read through an instance is slow on CPython 3.11
        self.forget = type(self).forget
        self.blunder = type(self).blunder
        #: (the rules its view last showed, its own among them): ``my_turn``
        self.own_rules: tuple[list[dict[str, Any]], list[dict[str, Any]]] | None = None

    # --- the two entry points -----------------------------------------------------------
    def choose(self, observation: Observation, legal: list[Action]) -> Action:
        table = self.table
        sightings = self.sightings
        if (
            table is None
            or table.last_view is not observation
            or table.sightings is not sightings
            or self.place < len(sightings)  # set with the table's
        ):
            self.watch(observation)  # else a driver's watch read this view for it already
        me = observation["seat"]
        assert me is not None  # a bot's view is always a seat's
        # ``public_fields`` written out: this runs at nearly every decision
        shown: Mapping[str, Any] = getattr(observation, "public", observation)
        if shown["point_of_order"] is not None:
            return self.say_phrases([END_POINT_OF_ORDER])
        if shown["suit_open"]:
            return self.name_suit(observation)
        # the card count (shared by every seat's view) says whether it holds a card
        held: int = shown["counts"][me]
        mine = held > 0 and shown["turn"] == me
        if self.to_call:
            ends = mao_view(observation)["turn_ends"]
            if not mine or ends is None or shown["now"] + CALL_MARGIN < ends:
                call = self.next_call(observation)
                if call is not None:
                    return call
        if mine:
            return self.my_turn(observation, legal, me, held, shown)
        return self.react(observation, legal) or Say(text="")

    def react(self, observation: Observation, legal: list[Action]) -> Action | None:
        # asked at every game version: the common case (nothing to do) comes out first
        self.watch(observation)
        me = seat_of(observation)
        shown = public_fields(observation)
        if shown["turn"] == me and observation["hand"]:
            return None  # its turn: ``choose`` speaks, calls and plays
        poo = shown["point_of_order"]
        if poo is not None:
            if shown["now"] - poo["since"] >= POINT_OF_ORDER_PATIENCE:
                return self.say_phrases([END_POINT_OF_ORDER])
            return None
        if shown["suit_open"]:
            return self.name_suit(observation)
        if self.to_call:
            call = self.next_call(observation)
            if call is not None:
                return call
        if shown["rule_credits"].get(me):
            return DeclareRule(rule=self.invent_rule())
        return None

    def name_suit(self, observation: Observation) -> Action:
        """MAO-4 with ``jack_suit=anyone``: the suit it holds most of, said first."""
        hand = [card_of(c) for c in observation["hand"] if not c.startswith("J")]
        best = Counter(c.suit for c in hand).most_common(1)
        suit = best[0][0] if best else (observation["suit"] or SUITS[0])
        names = self.speech.suits.get(suit) or (SUIT_NAMES[suit],)
        return Say(text=names[0].capitalize())

    def say_phrases(self, phrases: list[str]) -> Say:
        """Canonical phrases said in the table's language."""
        table = self.table  # ``speech``, written out: a property costs a call (every turn)
        return spoken((ENGLISH if table is None else table.hearing.speech).lang, tuple(phrases))

    # --- my turn ------------------------------------------------------------------------
    def my_turn(
        self,
        observation: Observation,
        legal: list[Action],
        me: str,
        held: int,
        shown: Mapping[str, Any],
    ) -> Action:
        """Its move when it is its turn and it holds ``held`` cards: the phrases the move
        owes first, said in one message, then the move; ``shown`` is the observation's
        public fields (``engine.views.public_fields``)."""
        # within a turn a hand only ever grows (a penalty, a card given), so the count says
        # whether it changed, and the hand is not built
        plan = self.plan
        if plan is not None:
            self.plan = None
            if plan[0] == (shown["round"], shown["turns"], held):
                return plan[1]  # its phrases are said: now the move
        # with no secret rule, every seat sees the same (none): a public field
        rules = shown["rules"] if "rules" in shown else mao_view(observation)["rules"]
        read = self.own_rules
        if read is not None and read[0] is rules:
            own = read[1]  # a view hands the very list it handed before until a rule changes
        else:
            own = []  # its own secret rules: a loop, cheaper than a comprehension for the
            if rules:  # rule or two shown
                for entry in rules:
                    if "rule" in entry:
                        own.append(entry["rule"])
            self.own_rules = (rules, own)
        action = self.pick(observation, legal, own, shown)
        owed = self.phrases_for(observation, action, held, own, shown)
        if owed:
            done = self.said_this_turn(me)
            words = []
            forget = self.forget
            rng = self._rng or self.rng
            for phrase in owed:
                if phrase in done:
                    done.remove(phrase)  # said already this turn (before a restart, perhaps)
                elif forget <= 0 or rng.random() >= forget:
                    words.append(phrase)
            if words:
                self.plan = ((shown["round"], shown["turns"], held), action)
                return self.say_phrases(words)
        return action

    def remembers(self) -> bool:
        return self.forget <= 0 or self.rng.random() >= self.forget

    def base_legal(
        self,
        shown: Mapping[str, Any],
        legal: list[Action],
        own: Sequence[dict[str, Any]],
    ) -> tuple[list[Action], Action]:
        """The plays the base rules allow (and the bot's own wild cards), and take, read
        from the observation's public fields (``shown``: ``engine.views.public_fields``);
        ``own`` is the bot's own secret rules."""
        # Mao offers the cards held, then take (then back, if away): the plays are what
        # comes before take, so they are filtered without asking each action its type
        take = legal[-1]
        plays: list[Play]
        if type(take) is Take:
            plays = legal[:-1]  # type: ignore[assignment]  # Mao offers the cards held first
        else:
            found = next((a for a in legal if type(a) is Take), None)
            assert found is not None  # a seat on turn may always take
            take = found
            plays = [a for a in legal if isinstance(a, Play)]
        if shown["pending"] is not None:
            return [a for a in plays if a.cards[0] in SEVENS], take
        # ``following`` written out: every turn reads it (a Mao table shows a top card, by
        # its text, and its suit in force is a suit or None)
        follows = FOLLOWING[shown["top"]][shown["suit"]]
        wild = [r["trigger"] for r in own if r["effect"]["kind"] == "wild"] if own else own
        if not wild:
            # the usual case, and every turn's: a loop costs less than a comprehension
            # (which is a call of its own in this Python)
            playable: list[Action] = []
            for play in plays:
                if play.cards[0] in follows:
                    playable.append(play)
            return playable, take
        return [
            a
            for a in plays
            if (card := a.cards[0]) in follows or any(secret.matches_card(t, card) for t in wild)
        ], take

    def pick(
        self,
        observation: Observation,
        legal: list[Action],
        own: Sequence[dict[str, Any]],
        shown: Mapping[str, Any],
    ) -> Action:
        """Its card (or take) by the base rules; ``own``: its secret rules, ``shown``: the
        observation's public fields."""
        blunder = self.blunder
        if blunder and (self._rng or self.rng).random() < blunder:
            plays = [a for a in legal if isinstance(a, Play)]
            if plays:
                return plays[int(self.rng.random() * len(plays))]
        playable, take = self.base_legal(shown, legal, own)
        if not playable:
            return take
        return self.prefer(observation, playable)

    def prefer(self, observation: Observation, plays: list[Action]) -> Action:
        me = seat_of(observation)
        hand = list(map(card_of, observation["hand"]))
        suits = Counter(c.suit for c in hand)
        others = [n for s, n in observation["counts"].items() if s != me and n]
        danger = bool(others) and min(others) <= 2

        def score(action: Action) -> float:
            if not isinstance(action, Play):
                return 0.0
            card: Card = action.cards[0]
            value = suits[card.suit] * 0.5
            if card.rank == "J":
                named = action.suit
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

    def phrases_for(
        self,
        observation: Observation,
        action: Action,
        held: int,
        own: Sequence[dict[str, Any]] | None = None,
        shown: Mapping[str, Any] | None = None,
    ) -> Sequence[str]:
        """What to say for ``action`` with ``held`` cards in hand: the base phrases and this
        bot's own secret rules (``own``, if already read from ``observation``; ``shown``, its
        public fields, ``engine.views.public_fields``)."""
        pending = (observation if shown is None else shown)["pending"]
        chain = pending["count"] if pending else 0
        if own is None:
            rules = mao_view(observation)["rules"]
            own = [r["rule"] for r in rules if "rule" in r] if rules else ()
        if not own:  # the usual case: the base phrases alone, from a table
            if type(action) is Play:
                if not chain:  # ``owed_phrases(card, 0, left)``, looked up
                    left = held - 1
                    return PLAYED_OWED[action.cards[0]][left if left < 2 else 2]
                return owed_phrases(action.cards[0], chain, held - 1)
            if not chain:
                return ()  # a take owes no phrase but with a 7 pending (MAO-5)
            return owed_phrases(
                None, 0, 0, min(chain, observation["stock"] + observation["pile"] - 1)
            )
        if isinstance(action, Play):
            card = action.cards[0]
            left = held - 1
            owed = [p for p, _ in base_phrases(card, chain, left)]
            fired = [r for r in own if secret.fires(r, card=card, took=False, hand_size=left)]
        else:
            stock = observation["stock"] + observation["pile"] - 1
            took = min(chain, stock) if chain else 0
            owed = [p for p, _ in base_phrases(None, 0, 0, took)]
            size = held + max(1, took)
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

    def prefer(self, observation: Observation, plays: list[Action]) -> Action:
        return plays[int((self._rng or self.rng).random() * len(plays))]
