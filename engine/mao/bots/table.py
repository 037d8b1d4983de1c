"""What anyone at a Mao table could see, read once for all the table's bots.

``TableReading`` reads each public event once (a new or restarted table reads the round's
``history``): who said what and when, the card counts, a speech window on every play or take
that asks for phrases (MAO-3..6) and, when it closes, each phrase not said; talk, refused
cards, "Mao" with cards in hand and a turn clock running out (MAO-10..14). Each slip anyone
could call becomes a *sighting* (call, offender, when, until when it may be called, what was
said). It learns a rule's phrase from a "Failure to say" penalty, as every player does, and
hears each message in the table's language with the phrases learned
(``engine.mao.bots.hearing``).

It holds public information only (it reads nothing but the events, the clock, the counts
and the options of an observation), so its bots (``engine.mao.bots.watch.MaoWatcher``)
may share it: each keeps its own part, which sightings it has taken (its own dice decide
which it calls) and the calls it means to make. A bot that learns a phrase no other
player knows (from its own bad adjudication) leaves for a copy of the reading of its own
(``fork``), so every bot hears exactly as it would alone.

It also tells a driver which of its bots need asking to react (``asks``): those with a
call to make (each first takes the sightings it has not taken, ``MaoWatcher.take``), every
one while a suit is to be named or a Point of Order has run its time, and one with a rule to
declare. Any other bot's ``react``
would come to nothing, so asking it can wait (``engine.asking.next_reaction``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from engine.bots.base import Bot, Observation, TableWatch
from engine.cards import Card
from engine.mao.bots.base import CARDS, PLAYED, base_phrases
from engine.mao.bots.hearing import Hearing
from engine.mao.calls import call_key as words_key
from engine.mao.phrases import words_of
from engine.mao.shapes import MaoEvent, mao_event, mao_view
from engine.mao.wording import (
    BAD_ADJUDICATION,
    BAD_CALL,
    BAD_CARD,
    FAILURE_TO_TAKE,
    FIVE_SECONDS,
    MAO,
    NAME_IN_VAIN,
    OUT_OF_TURN,
    TALKING,
    TOUCHING,
)

#: how long a bot lets a Point of Order run before it says "End of point of order"
POINT_OF_ORDER_PATIENCE = 20.0
#: (call, offender, when, until when it may be called, what was said)
Sighting = tuple[str, str, float, float, str]


class Member(Bot):
    """A bot that reads its table through a shared ``TableReading``: what the reading needs
    of it (its place in the sightings, the calls it means to make, its last call), declared
    here so that the reading need not import its bots, which import it. The bots are
    ``engine.mao.bots.watch.MaoWatcher``'s."""

    table: TableReading | None
    sightings: list[Sighting] | None
    place: int
    to_call: list[Sighting]
    last_call: tuple[str, str] | None

    def take(self, me: str, sightings: list[Sighting]) -> None:
        """Take the sightings not taken yet (``sightings`` are its reading's)."""
        raise NotImplementedError


class TableReading(TableWatch):
    """The public table as its bots have seen it; see the module docstring."""

    def __init__(self) -> None:
        self.members: dict[str, Member] = {}
        self.seen = 0
        self.round = 0
        self.turn_start = 0.0
        self.chain = 0
        self.point_of_order: float | None = None
        #: open speech windows: seat, (phrase, call) owed, opened, closes
        self.windows: list[tuple[str, tuple[tuple[str, str], ...], float, float]] = []
        self.said: dict[str, list[tuple[str, float]]] = {}
        #: this round's sightings; a new round starts a new list (bots keep their place in it)
        self.sightings: list[Sighting] = []
        self.counts: dict[str, int] = {}
        #: whether ``counts`` is still the one of the observation it was read from
        self.counts_shared = False
        #: the options last read (they never change in a game), and those read at every play
        self.options_seen: object = None
        self.anyone_names = False
        self.speech_window = 5.0
        self.call_window = 10.0
        #: the table's language and the phrases learned (``engine.mao.bots.hearing``)
        self.hearing = Hearing()
        self.penalised: dict[tuple[str, str], float] = {}
        #: (caller, call key, offender) -> when that seat last made that call
        self.called: dict[tuple[str, tuple[str, ...], str], float] = {}
        self.suit_open = False
        #: the view last read (``update``)
        self.last_view: Observation | None = None
        #: the sightings, and how many, when ``asks`` last found nobody to ask: until they
        #: grow (or the round or the members change) nobody has anything new to call
        self.quiet: tuple[list[Sighting], int] | None = None

    def join(self, seat: str, bot: Member) -> None:
        self.members[seat] = bot
        bot.table = self
        self.quiet = None

    def fork(self) -> TableReading:
        """A copy of this reading to go on alone (for a bot that learned a phrase itself)."""
        copy = TableReading.__new__(TableReading)
        copy.__dict__.update(self.__dict__)
        copy.members = {}
        copy.windows = self.windows[:]
        copy.said = {seat: said[:] for seat, said in self.said.items()}
        copy.sightings = self.sightings[:]
        copy.counts = dict(self.counts)
        copy.counts_shared = False
        copy.last_view = None  # made while reading a view: it reads the rest of it
        copy.hearing = self.hearing.copy()
        copy.penalised = dict(self.penalised)
        copy.called = dict(self.called)
        return copy

    # --- what the driver asks ---------------------------------------------------------------
    def asks(self, observation: Observation) -> Collection[str]:
        """The seats of the bots whose ``react`` may come to something now (module docstring)."""
        self.update(observation)
        # ``public_fields`` written out: this runs at every version of a bot game
        shown: Mapping[str, Any] = getattr(observation, "public", observation)
        poo = shown["point_of_order"]
        if poo is not None:
            if shown["now"] - poo["since"] >= POINT_OF_ORDER_PATIENCE:
                return self.members
            return ()  # a bot lets a Point of Order run
        if shown["suit_open"]:
            return self.members
        credits = shown["rule_credits"]
        sightings = self.sightings
        end = len(sightings)
        quiet = self.quiet
        # the usual case: no new sighting since every member had taken them all and had
        # nothing to call (a call to make is made only from a sighting taken)
        if quiet is not None and quiet[0] is sightings and quiet[1] == end and not credits:
            return ()
        asked = []
        for seat, bot in self.members.items():
            if bot.place < end or bot.sightings is not sightings:
                bot.take(seat, sightings)  # a slip it lets go (or its own) asks nothing of it
            if bot.to_call or seat in credits:
                asked.append(seat)
        self.quiet = None if asked else (sightings, end)
        return asked

    # --- reading the table -----------------------------------------------------------------
    def update(self, observation: Observation) -> None:
        """Read the events not read yet, and close the windows the clock has closed."""
        # run at every game version of a bot game (twice: for the driver, for the bot on
        # turn, which a driver hands the same view), so the usual cases come out first
        if observation is self.last_view:
            return  # read already: a view is of one version, and this one is kept alive
        self.last_view = observation
        # ``public_fields`` written out (the public fields, cheaper to read there)
        shown: Mapping[str, Any] = getattr(observation, "public", observation)
        total = shown["event_count"]
        if total != self.seen:
            if total == self.seen + 1 and shown["round"] == self.round:
                # the usual case: one new event in the same round (the options, which never
                # change, were read with the round's deal)
                self.seen = total
                # the view's counts are those after it: read takes them as they are
                self.counts = shown["counts"]
                self.counts_shared = True
                self.read(mao_event(shown["events"][-1]), observation, counted=True)
            else:
                self.read_new(observation, total, shown)
                # the view's counts are shared by every seat's view: copied before a
                # change (read); with no new event they are the ones read already
                self.counts = shown["counts"]
                self.counts_shared = True
        windows = self.windows
        if windows and windows[0][3] <= shown["now"]:  # they close in order
            now = shown["now"]
            for window in windows[:]:
                if window[3] <= now:
                    self.close(window)

    def read_new(self, observation: Observation, total: int, shown: Mapping[str, Any]) -> None:
        """Read the events of ``observation`` not read yet (``shown``: its public fields)."""
        options = shown["options"]
        if options is not self.options_seen:  # a game's options never change
            self.options_seen = options
            self.anyone_names = options.get("jack_suit") == "anyone"
            self.speech_window = options["speech_window"]
            self.call_window = options["call_window"]
            self.hearing.speak(options.get("language", "en"))
        missed = total - self.seen
        if missed > 0:
            events = shown["events"]
            if missed > len(events):  # a new table, or one restarted: what the table remembers
                events = observation.get("history", events)
            fresh = events[max(0, len(events) - missed) :]
        else:
            fresh = []
        round_ = shown["round"]
        if round_ != self.round and not any(e["type"] == "deal" for e in fresh):
            self.reset(observation)
        self.round = round_
        for event in fresh:
            missed -= 1
            self.seen = total - missed  # a copy made while reading this one reads on after it
            self.read(mao_event(event), observation)
        self.seen = total

    def reset(self, observation: Observation) -> None:
        self.windows = []
        self.said = {}
        self.sightings = []
        self.chain = 0
        self.suit_open = False
        self.counts = {s: 5 for s in observation["seats"]}
        self.counts_shared = False

    def read(self, event: MaoEvent, observation: Observation, counted: bool = False) -> None:
        """Read one event; ``counted``: ``counts`` are already as they are after it (it is
        the one new event of the view they were taken from), so it changes none."""
        kind = event["type"]
        at = event["at"] if "at" in event else mao_view(observation)["now"]
        seat = event.get("seat") or ""  # only the end of a Point of Order may have none
        # the kinds by how often they come
        if kind == "play" or kind == "take":
            if not counted:
                counts = self.own_counts()
                counts[seat] = event["left"] if "left" in event else event.get("count", 0)
            if self.windows:
                for window in self.windows[:]:
                    self.close(window, at)
            if kind == "play":
                text = event["cards"][0]
                card = CARDS.get(text) or Card.parse(text)
                rank = card.rank
                self.suit_open = rank == "J" and self.anyone_names
                if rank == "7":
                    owed = base_phrases(card, self.chain, event["left"])
                    self.chain += 1
                else:
                    left = event["left"]
                    owed = PLAYED[card][left if left < 2 else 2]  # ``base_phrases(card, 0, left)``
                    self.chain = 0
            else:
                owed = base_phrases(None, 0, 0, event["count"] if self.chain else 0)
                self.chain = 0
            if owed:
                self.windows.append((seat, owed, self.turn_start, at + self.speech_window))
            self.turn_start = at
        elif kind == "say":
            if self.point_of_order is None:
                self.heard(seat, event, at)
        elif kind == "penalty":
            if not counted:
                counts = self.own_counts()
                counts[seat] = counts.get(seat, 0) + event["count"]
            called = event["call"]
            self.penalised[(called, seat)] = at
            if called.startswith("Failure to say '") and called.endswith("'"):
                self.hearing.learn(" ".join(words_of(called[16:-1])))
            if called == BAD_ADJUDICATION:
                self.judged_wrong(seat)
        elif kind == "given":
            if not counted:
                counts = self.own_counts()
                counts[seat] = counts.get(seat, 0) + event["count"]
        elif kind == "rejoin":
            if not counted:
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
            self.spotted(FIVE_SECONDS, seat, at)
        elif kind == "refused":
            if event["turn"] != seat:
                call = OUT_OF_TURN
            elif self.point_of_order is not None:
                call = TOUCHING
            elif event["action"] == "play" and self.chain:
                call = FAILURE_TO_TAKE
            else:
                call = BAD_CARD
            self.spotted(call, seat, at)

    def judged_wrong(self, seat: str) -> None:
        """A bot's call was a bad adjudication: if it called talk, the words were a phrase.
        Only that bot knows what it meant, so only it learns (on a copy, if it shares)."""
        bot = self.members.get(seat)
        if bot is None or bot.last_call is None or bot.last_call[0] != TALKING:
            return
        phrase = " ".join(words_of(bot.last_call[1]))
        if not phrase or phrase in self.hearing.learned:
            return
        if len(self.members) == 1:
            self.hearing.learn(phrase)
            return
        alone = self.fork()
        del self.members[seat]
        alone.join(seat, bot)
        if bot.sightings is self.sightings:
            bot.sightings = alone.sightings  # the same sightings so far: it keeps its place
        alone.hearing.learn(phrase)

    def own_counts(self) -> dict[str, int]:
        """The card counts, this reading's own to change (not the view's, which it shares)."""
        if self.counts_shared:
            self.counts = dict(self.counts)
            self.counts_shared = False
        return self.counts

    def heard(self, seat: str, event: MaoEvent, at: float) -> None:
        text = event["text"]
        message = self.hearing.vocabulary.hear(text)
        if "point of order" in message.phrases:
            return
        kinds = message.kinds
        if self.suit_open:  # MAO-4: the first suit's name said after the Jack is no talk
            rest = self.hearing.without_suit(message.tokens)
            if rest is not None:
                self.suit_open = False
                kinds = frozenset(t.kind for t in rest)
        phrases = message.phrases
        if phrases:
            said = self.said.setdefault(seat, [])
            for phrase in phrases:  # a loop: cheaper than extending from a generator
                said.append((phrase, at))
        if message.calls:
            for call in message.calls:
                for offender in event.get("to") or ():
                    self.called[(seat, words_key(call), offender)] = at
        if "talk" in kinds:
            self.spotted(TALKING, seat, at, text)
        if "near_call" in kinds:
            self.spotted(BAD_CALL, seat, at)
        if MAO in phrases and self.counts.get(seat, 0) > 1:
            self.spotted(NAME_IN_VAIN, seat, at)

    def close(self, window: tuple[str, Any, float, float], at: float | None = None) -> None:
        """A speech window closed: each phrase that was not said in it is a sighting."""
        self.windows.remove(window)
        seat, owed, opened, closes = window
        closed = closes if at is None else min(at, closes)
        # said in time order (events' times never go back): this window's are the last
        # ones said before it closed, so the round's earlier phrases are not looked at
        said = []
        kept = self.said.get(seat, ())
        k = len(kept)
        while k:
            k -= 1
            phrase, t = kept[k]
            if t < opened:
                break
            if t < closed:
                said.append(phrase)
        missing: list[str] = []
        for phrase, call in owed:
            if phrase in said:
                said.remove(phrase)  # each saying counts once
            elif call not in missing:
                missing.append(call)
        for call in missing:
            self.spotted(call, seat, closed)

    def spotted(self, call: str, seat: str, at: float, about: str = "") -> None:
        self.sightings.append((call, seat, at, at + self.call_window, about))
