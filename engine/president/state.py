"""President's state: its fields, the seats still in the round, and the pile."""

from __future__ import annotations

import random
from typing import Any

from engine.actions import Action
from engine.base import Event, Game
from engine.cards import Card
from engine.president.groups import KEYS_AT, PLAYS_AT, SETS_AT, Grouping, group_hands
from engine.president.sets import (
    FIRST_LEAD,
    LEAD,
    RANK_INDEX,
    RANK_STRENGTH,
    SIZE_STEP,
    TWO,
    TWO_KEY,
    beat_key,
    decks_for,
)

#: no seat (``PresidentState.holders`` when nobody can complete four: a tuple, as holders is
#: only ever replaced whole, so most moves make no new one)
NOBODY: tuple[int, ...] = ()
#: by count, the counts below it: a rank's counts by seat, stripped of them, are left empty
#: exactly when no seat holds that many (one C call, where ``max`` costs two and a half)
BELOW: tuple[bytes, ...] = tuple(bytes(range(need)) for need in range(5))
#: a placeholder until a game gets its own seeded RNG (a new one costs microseconds)
UNSEEDED = random.Random(0)


class PresidentState(Game):
    """The fields of a President game, and what they say about seats and the pile."""

    __slots__ = (
        "a_hole_rounds",
        "cleared",
        "codes",
        "counts",
        "dealer",
        "derived",
        "events",
        "exchange",
        "first_lead",
        "hands",
        "holders",
        "index",
        "keys",
        "last_places",
        "last_player",
        "least",
        "need",
        "nexts",
        "options",
        "over",
        "passes",
        "phase",
        "pile",
        "playing",
        "plays",
        "presidencies",
        "rng",
        "round",
        "run_size",
        "scores",
        "seats",
        "seed",
        "stuck",
        "top_index",
        "top_size",
        "turn",
        "version",
        "vice_presidencies",
        "went_out",
    )

    def __init__(self) -> None:
        self.seats: list[str] = []
        self.index: dict[str, int] = {}
        self.options: dict[str, Any] = {}
        self.seed = 0
        self.rng = UNSEEDED  # every way to a game seeds its own (``seated``, ``from_dict``)
        self.hands: list[list[Card]] = []
        #: the live pile, bottom first; the top set is its last ``top_size`` cards
        self.pile: list[Card] = []
        self.top_size = 0
        #: who played the top set (PRES-7), None on an empty pile
        self.last_player: int | None = None
        #: seats that passed since the top set was played, in order
        self.passes: list[int] = []
        #: cards cleared off the pile (or shed by a hand of 2s) this round, out of play
        self.cleared: list[Card] = []
        self.turn: int | None = None
        #: "exchange" (PRES-10 gives), "play", or "over"
        self.phase = "play"
        #: this round's exchange: {"a_hole", "president", "to_president", "to_a_hole"}
        self.exchange: dict[str, Any] | None = None
        self.dealer = 0
        #: PRES-10: the first round's first lead must include 3C
        self.first_lead = False
        #: seats in the order they went out (places 1, 2, ...)
        self.went_out: list[int] = []
        #: seats sent to the bottom holding only 2s (places n, n-1, ...)
        self.stuck: list[int] = []
        #: places of the last finished round, by seat
        self.last_places: list[int] | None = None
        self.scores: list[int] = []
        self.presidencies: list[int] = []
        self.vice_presidencies: list[int] = []
        self.a_hole_rounds: list[int] = []
        self.round = 0
        self.over = False
        self.events: list[Event] = []
        self.version = 0
        # What the hot paths read instead of searching hands and the pile, kept up to date
        # by every change and never saved: ``derive`` builds them from the hands and the pile
        # whenever ``derived`` is False (a new deal, a loaded or sampled state).
        self.derived = False
        #: derived, and in play with a seat on turn: the hot paths' one test (``derive``,
        #: ``start_play`` and ``finish_round`` keep it)
        self.playing = False
        #: by seat: the hand's code of each rank (``engine.president.groups``: how many of
        #: each suit it holds), 13 bytes
        self.codes: list[bytearray] = []
        #: by seat: the actions in play its hand offers (``engine.president.sets``: each rank's
        #: sets low to high, small to large, a lone 2, the pass), as their keys (a
        #: ``bytearray``, so that a selector translates them) and, in the same order, the
        #: actions; a play rewrites only its rank's stretch (``replace_sets``)
        self.keys: list[bytearray] = []
        self.plays: list[list[Action]] = []
        #: which of its actions the seat on turn may take now: the index in ``SELECT`` of the
        #: selector (the top set's ``beat_key``, ``LEAD`` or ``FIRST_LEAD``)
        self.least = LEAD
        #: ``run()``, the rank index of the pile's top card (-1 on an empty pile), and
        #: ``completing_count()``
        self.run_size = 0
        self.top_index = -1
        self.need = 0
        #: by seat, the seat after it clockwise
        self.nexts: tuple[int, ...] = ()
        #: by rank, by seat: how many cards of the rank the seat holds
        self.counts: list[bytearray] = []
        #: the seats holding the cards that complete four (PRES-6): ``find_holders`` whenever
        #: the pile or a count changes
        self.holders: tuple[int, ...] = NOBODY

    def forget_derived(self) -> None:
        # a copy made one level down shares each seat's codes, keys and counts (bytearrays),
        # which play changes in place: copied, not rebuilt (a playout's hot path). The rest
        # is copied deep enough: each seat's plays were copied, holders is replaced whole.
        if self.derived:
            self.codes = list(map(bytearray.copy, self.codes))
            self.keys = list(map(bytearray.copy, self.keys))
            self.counts = list(map(bytearray.copy, self.counts))

    def derive(self) -> None:
        """Build the derived fields (see ``__init__``) from the hands and the pile."""
        self.settle(group_hands(self.hands))

    def settle(self, grouping: Grouping) -> None:
        """Take the hands' ``grouping`` and derive the rest from the pile (``derive``, and a
        new deal)."""
        self.codes, self.counts, self.keys, self.plays = grouping
        for k, twos in enumerate(self.counts[TWO]):
            if twos and twos == len(self.hands[k]):
                self.twos_slot(k)  # only 2s: no lone 2 offered
        n = len(self.seats)
        self.nexts = (*range(1, n), 0)
        run = self.run_size = self.run()
        top = self.top_index = RANK_INDEX[self.pile[-1]] if self.pile else -1
        if self.top_size:
            self.least = beat_key(self.top_size, top)
        else:
            self.least = FIRST_LEAD if self.first_lead else LEAD
        self.need = 4 - run if 0 < run < 4 else 0
        self.holders = self.find_holders()
        self.derived = True
        # in play, the seat on turn always holds cards (a seat left without any is out)
        turn = self.turn
        self.playing = (
            self.phase == "play" and not self.over and turn is not None and bool(self.hands[turn])
        )

    def find_holders(self) -> tuple[int, ...]:
        """PRES-6: the seats holding the cards that complete four on the pile (derived)."""
        need = self.need
        if not need:
            return NOBODY
        counts = self.counts[self.top_index]
        return holding(counts, need) if counts.strip(BELOW[need]) else NOBODY

    def twos_slot(self, k: int) -> None:
        """Seat ``k`` is offered a lone 2 when it holds one and something else: nobody goes out
        on a 2 (PRES-8; play leaves a hand of only 2s out of the round, but a saved state may
        hold one). The 2's action, if any, is just before the pass (the last)."""
        keys, plays = self.keys[k], self.plays[k]
        twos = self.codes[k][TWO]
        if len(keys) > 1 and keys[-2] == TWO_KEY:
            del keys[-2], plays[-2]
        if twos and len(self.hands[k]) > self.counts[TWO][k]:
            keys.insert(-1, TWO_KEY)
            plays.insert(-1, PLAYS_AT[TWO][twos][0])

    def replace_sets(self, k: int, r: int, before: int) -> None:
        """Seat ``k``'s actions of rank index ``r`` after its code of that rank, ``before``
        before, changed: one stretch of ``keys`` and ``plays``, found by its first key."""
        if r == TWO:
            self.twos_slot(k)
            return
        keys, plays = self.keys[k], self.plays[k]
        if before:
            start = keys.index(SIZE_STEP + r)
            end = start + SETS_AT[before]
        else:  # a rank new to the hand: its stretch goes before the first higher rank's
            start = next(i for i, key in enumerate(keys) if key % SIZE_STEP > r)
            end = start
        code = self.codes[k][r]
        keys[start:end], plays[start:end] = KEYS_AT[r][code], PLAYS_AT[r][code]

    @property
    def decks(self) -> int:
        return decks_for(len(self.seats))

    # --- seats ----------------------------------------------------------------------------
    def still_in(self, k: int) -> bool:
        return k not in self.went_out and k not in self.stuck

    def in_count(self) -> int:
        return len(self.seats) - len(self.went_out) - len(self.stuck)

    def next_in(self, k: int) -> int:
        """The next seat after ``k`` that is still in the round."""
        n = len(self.seats)
        for step in range(1, n + 1):
            j = (k + step) % n
            if self.still_in(j):
                return j
        raise AssertionError("nobody is left in the round")

    def current_player(self) -> str | None:
        if self.over or self.turn is None:
            return None
        return self.seats[self.turn]

    def places(self) -> list[int]:
        """``place_of`` every seat, 0 for a seat still in."""
        n = len(self.seats)
        places = [0] * n
        for j, k in enumerate(self.stuck):
            places[k] = n - j
        for j, k in enumerate(self.went_out, start=1):
            places[k] = j
        return places

    def place_of(self, k: int) -> int | None:
        if k in self.went_out:
            return self.went_out.index(k) + 1
        if k in self.stuck:
            return len(self.seats) - self.stuck.index(k)
        return None

    # --- the pile -------------------------------------------------------------------------
    @property
    def top_set(self) -> list[Card]:
        return self.pile[-self.top_size :] if self.top_size else []

    @property
    def top_rank(self) -> str | None:
        return self.pile[-1].rank if self.pile else None

    def run(self) -> int:
        """PRES-6: how many cards of the top rank lie together on top of the pile."""
        if not self.pile:
            return 0
        rank = self.pile[-1].rank
        count = 0
        for card in reversed(self.pile):
            if card.rank != rank:
                break
            count += 1
        return count

    def beats_or_equals(self, rank: str, size: int) -> bool:
        """PRES-3: whether a set of ``size`` cards of ``rank`` may go on the top set."""
        if not self.top_size:
            return True
        if size != self.top_size:
            return size > self.top_size
        top_rank = self.top_rank
        assert top_rank is not None
        return RANK_STRENGTH[rank] >= RANK_STRENGTH[top_rank]

    def completing_count(self) -> int:
        """Cards of the top rank that would complete four on the pile; 0 if none can."""
        run = self.run()
        return 4 - run if 0 < run < 4 else 0


def holding(counts: bytearray, need: int) -> tuple[int, ...]:
    """The seats whose ``counts`` (of one rank, by seat) are at least ``need``."""
    return tuple([k for k, held in enumerate(counts) if held >= need])
