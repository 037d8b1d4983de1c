"""What a Mao practice bot sees and remembers: the table's reading, and the calls it means to make.

Every bot at a table reads the public events through one ``engine.mao.bots.table.TableReading``
(a driver hands its bots one per table, ``MaoWatcher.table_watch``; a bot asked on its own
makes one of its own): who said what and when, the speech windows, the slips anyone could
call (MAO-10..14). A bot keeps its own place in the reading's sightings: it takes each slip
someone else made, makes the call with its own chance (``call_chance``), and remembers its
last call, to learn a phrase from its own bad adjudication. ``engine.mao.bots.heuristic`` builds the
bots that play on it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.actions import Action, Say
from engine.bots.base import Bot, Observation, TableWatch
from engine.events import seat_of
from engine.mao.bots.base import base_phrases, card_of
from engine.mao.bots.table import Member, Sighting, TableReading
from engine.mao.calls import call_key as words_key
from engine.mao.languages import ENGLISH
from engine.mao.speech_form import Speech
from engine.views import public_fields

__all__ = ["MaoWatcher", "base_phrases", "card_of"]


class MaoWatcher(Member):
    """A Mao bot's own memory over its table's reading; see the module docstring."""

    reads_in_call = True
    #: chance of making a call it has spotted
    call_chance = 1.0

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.table: TableReading | None = None
        #: the reading's sightings it reads, and how many of them it has taken
        self.sightings: list[Sighting] | None = None
        self.place = 0
        #: the move of its turn, once it has said the phrases it owes: (turn key, move)
        self.plan: tuple[Any, Action] | None = None
        self.to_call: list[Sighting] = []
        self.last_call: tuple[str, str] | None = None
        # the class's chances as instance fields, read at nearly every turn: a class
        # attribute read through an instance is slow on CPython 3.11
        self.call_chance = type(self).call_chance

    @classmethod
    def table_watch(cls, bots: Mapping[str, Bot]) -> TableWatch | None:
        """One reading shared by the Mao bots of a table that have read nothing yet."""
        reading = TableReading()
        for seat, bot in bots.items():
            if isinstance(bot, MaoWatcher) and (bot.table is None or not bot.table.seen):
                reading.join(seat, bot)
        return reading if reading.members else None

    @property
    def speech(self) -> Speech:
        """The table's language: what it hears and says (``engine.mao.languages``)."""
        return ENGLISH if self.table is None else self.table.hearing.speech

    def said_this_turn(self, seat: str) -> list[str]:
        """The phrases ``seat`` said since the current turn began (MAO-7)."""
        table = self.table
        if table is None:
            return []
        said = table.said.get(seat)
        if not said:
            return []
        # said in time order: this turn's phrases are the last ones
        start = table.turn_start
        k = len(said)
        while k and said[k - 1][1] >= start:
            k -= 1
        # a loop, not a comprehension: cheaper for the phrase or two of a turn
        phrases = []
        for phrase, _ in said[k:]:
            phrases.append(phrase)
        return phrases

    # --- watching the table -------------------------------------------------------------
    def watch(self, observation: Observation) -> None:
        """Bring the table's reading up to date, and take the sightings not taken yet."""
        table = self.table
        if table is None:  # asked on its own, not at a driver's table
            table = TableReading()
            table.join(seat_of(observation), self)
        if table.last_view is not observation:  # a driver's watch may have read it
            table.update(observation)
            table = self.table  # it may have left for a reading of its own
            assert table is not None
        sightings = table.sightings
        if sightings is not self.sightings or self.place < len(sightings):
            me = observation["seat"]
            assert me is not None
            self.take(me, sightings)

    def take(self, me: str, sightings: list[Sighting]) -> None:
        """Take the sightings not taken yet (``sightings`` are its reading's): each slip
        another seat made, to call with its own chance. Its reading may have it take them
        before it is asked (``TableReading.asks``): they are taken in order either way, before
        anything else it decides, so its dice fall alike."""
        if sightings is not self.sightings:  # a new round
            self.sightings = sightings
            self.place = 0
            self.plan = None
        if self.place < len(sightings):
            chance = self.call_chance
            rng = self._rng or self.rng  # the property, written out: once per sighting
            for sighting in sightings[self.place :]:
                if sighting[1] != me and (chance >= 1 or rng.random() < chance):
                    self.to_call.append(sighting)
            self.place = len(sightings)

    def next_call(self, observation: Observation) -> Action | None:
        now = public_fields(observation)["now"]
        table = self.table
        assert table is not None
        me = seat_of(observation)
        while self.to_call:
            call, seat, at, until, about = self.to_call.pop(0)
            made = table.called.get((me, words_key(call), seat), -1.0) >= at
            if now < until and table.penalised.get((call, seat), -1.0) < at and not made:
                self.last_call = (call, about)
                return Say(text=self.speech.call(call), mentions=(seat,))
        return None
