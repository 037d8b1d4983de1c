"""A seat's memory of what it has seen: what a determinization may rely on beyond one view.

An observation shows a seat its hand, the top of the pile and every seat's card count, but
not the cards under the top, nor who could not follow. A seat that watched the game knows
more, and so may a bot: ``Memory.observe(observation)`` reads the public events that are new
since its last observation (an observation carries the last ``RECENT_EVENTS``; the overlap
with the previous one says where the new ones start) and keeps:

- ``pile``: the cards known to lie in the pile, bottom first, since the last deal, reshuffle
  or clear (the cards under them, e.g. a starter nobody saw, are unknown);
- ``cleared``: the cards ``clear`` events took off the pile this round (out of play);
- ``voids``: per seat, cards it is known (or, where the game leaves it a choice, taken) not
  to hold, as ``(cards, k)``: ``k`` of its cards (the ones it held when it showed it could not
  follow) are none of ``cards``. How events are read is a ``Reading``: the game names the
  events that show it (``Game.void_evidence``), and a bot may add those it takes as showing
  it of the players it models: a draw (nothing followed the top card: its suit, its rank or
  the game's wild rank, but for ranks such a player keeps), a stack taken (nothing answered
  it: the game says what would have, ``Game.stacks``); a card drawn and not played (the turn
  went on to another seat) missed the top card too;
- ``last_places``: the places the last ``round_end`` gave, in a game whose rounds end in places
  (where they may set the next round's order);
- ``history``: the public events since the round's deal, the deal first, while none were
  missed (``history_whole``): a bot that reads hands from the moves replays them.

Everything comes from observations; when events were missed (a gap wider than the window)
what they would have told is forgotten, so the memory is never wrong, only less informed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

Observation = Mapping[str, Any]
Void = tuple[frozenset[str], int]


class Stacks(Protocol):
    """A game's stacks of draws or lost turns as a seat's memory reads them
    (``Game.stacks``): taking a stack shows what the taker did not hold."""

    #: event kinds, beside ``take``, by which a seat accepts what a stack costs it
    accepted: frozenset[str]

    def kind_of(self, card: str) -> str | None:
        """The stack a card played starts or feeds, None if none."""
        ...

    def answers(self, taken: str, stack: str) -> frozenset[str]:
        """The cards that would have answered ``stack`` when a seat accepted it by an event
        of kind ``taken``."""
        ...


def _new_events(
    before: list[dict[str, Any]], now: list[dict[str, Any]]
) -> tuple[list[dict[str, Any]], bool]:
    """The events of ``now`` that follow ``before``, and whether some may have been missed."""
    if not before:
        return list(now), False
    size = len(before)
    for shift in range(size + 1):
        overlap = size - shift
        if overlap <= len(now) and before[shift:] == now[:overlap]:
            # no overlap at all with a full window: more happened than the window shows
            missed = overlap == 0 and len(now) >= size
            return now[overlap:], missed
    return list(now), True


@dataclass(frozen=True)
class Reading:
    """How a memory reads a game's events into voids: the events taken as showing what the
    actor did not hold (``evidence``: the game's ``void_evidence`` and what a bot guesses
    of sensible players), the rank that plays on anything (``wild``: a draw shows none of
    it either), ranks a player who draws may still hold (``kept``: a card saved for later,
    as a lone 7 for a draw stack), and the game's stacks (``Game.stacks``)."""

    evidence: frozenset[str] = frozenset()
    wild: str = "A"
    kept: frozenset[str] = frozenset()
    stacks: Stacks | None = None


class Memory:
    """What one seat remembers of a game; see the module docstring."""

    def __init__(self) -> None:
        self.seat: str | None = None
        self.events: list[dict[str, Any]] = []
        self.round: int | None = None
        self.pile: list[str] = []
        self.cleared: list[str] = []
        self.voids: dict[str, list[Void]] = {}
        self.counts: dict[str, int] = {}
        self.top: str | None = None
        self.suit: str | None = None
        self.last_places: dict[str, int] | None = None
        #: how it reads the events (``Reading``)
        self.reading = Reading()
        #: the kind of stack the last play started or fed (``Game.stacks``), or None
        self.stack: str | None = None
        self.penalised: tuple[str, int] | None = None
        #: the seat that just drew, and the void its draw showed: until that seat plays, the
        #: card drawn did not follow either
        self.drew: tuple[str, frozenset[str]] | None = None
        #: the round's public events since its deal (copies), and whether it holds them all
        self.history: list[dict[str, Any]] = []
        self.history_whole = False

    def observe(self, observation: Observation, reading: Reading | None = None) -> None:
        """Take in one observation of this seat (call it with every observation seen), its
        events read by ``reading`` (none: nothing is taken as evidence)."""
        self.seat = observation.get("seat")
        if reading is not None:
            self.reading = reading
        events = list(observation.get("events") or [])
        new, missed = _new_events(self.events, events)
        self.events = events
        if missed:
            self.forget()
        for event in new:
            self.take(event)
        self.round = observation.get("round")
        self.sync(observation)

    def forget(self) -> None:
        """Drop what missed events may have changed."""
        self.pile = []
        self.cleared = []
        self.voids = {}
        self.history = []
        self.history_whole = False

    def take(self, event: dict[str, Any]) -> None:
        kind = event.get("type")
        seat = event.get("seat")
        stacks = self.reading.stacks
        # a penalty is drawn just before the action that closed the window: a draw right
        # after it was chosen on the hand without the penalty cards (LAST-8)
        before, self.penalised = self.penalised, None
        drew, self.drew = self.drew, None
        if drew is not None:
            self.after_draw(drew, kind, seat)
        if kind == "deal":
            self.history, self.history_whole = [], True
        if self.history_whole:
            self.history.append(dict(event))
        if kind == "deal":
            self.pile, self.cleared, self.voids = [], [], {}
            counts = event.get("counts")
            self.counts = dict(counts) if isinstance(counts, dict) else {}
            self.top = self.suit = None
        elif kind in ("play", "complete"):
            cards = [str(c) for c in event.get("cards", [])]
            self.pile.extend(cards)
            if cards:
                self.top = cards[-1]
                self.suit = event.get("suit") or cards[-1][-1]
                self.stack = None if stacks is None else stacks.kind_of(cards[-1])
            if seat is not None:
                self.change_count(seat, -len(cards))
                # a card played may have been one of those held back then
                self.voids[seat] = [(ex, k - len(cards)) for ex, k in self.voids.get(seat, [])]
                self.voids[seat] = [(ex, k) for ex, k in self.voids[seat] if k > 0]
        elif kind == "starter":
            self.pile = [event["card"]]
            self.top, self.suit = event["card"], event["card"][-1]
        elif kind == "reshuffle":
            self.pile = self.pile[-1:]
        elif kind == "clear":
            self.cleared.extend(self.pile)
            self.pile = []
        elif kind == "draw" and seat is not None:
            if "draw" in self.reading.evidence and "reason" not in event and self.top is not None:
                held = self.counts.get(seat)
                if held is not None and before is not None and before[0] == seat:
                    held -= before[1]
                count = int(event.get("count", 0))
                if held:
                    follows = self.follows()
                    self.voids.setdefault(seat, []).append((follows, held))
                    if count == 1:
                        self.drew = (seat, follows)
            self.change_count(seat, int(event.get("count", 0)))
        elif seat is not None and (
            kind == "take" or (stacks is not None and kind in stacks.accepted)
        ):
            stack = self.stack
            if kind in self.reading.evidence and stacks is not None and stack is not None:
                held = self.counts.get(seat)
                if held:
                    self.voids.setdefault(seat, []).append((stacks.answers(kind, stack), held))
            if kind == "take":
                self.change_count(seat, int(event.get("count", 0)))
            self.stack = None
        elif kind == "penalty" and seat is not None:
            self.change_count(seat, int(event.get("count", 0)))
            if kind == "penalty":
                self.penalised = (seat, int(event.get("count", 0)))
        elif kind == "round_end":
            places = event.get("places")
            if isinstance(places, dict):
                self.last_places = dict(places)

    def after_draw(self, drew: tuple[str, frozenset[str]], kind: Any, seat: Any) -> None:
        """The event after a seat drew one card: unless that seat plays (or, where the
        choice is left to it, passes up the drawn card), the card it drew did not follow
        either (LAST-7: a drawn card that does not play ends the turn), so its void covers
        one card more."""
        who, follows = drew
        if kind == "reshuffle":
            self.drew = drew  # the stock rebuilt under the drawer's hand: still its turn
            return
        if seat == who:
            if kind == "announce":
                self.drew = drew  # still the same turn
                return
            if kind == "play" or (kind == "pass" and "pass" not in self.reading.evidence):
                return
        voids = self.voids.get(who, [])
        for k in range(len(voids) - 1, -1, -1):
            if voids[k][0] is follows:
                voids[k] = (follows, voids[k][1] + 1)
                return

    def follows(self) -> frozenset[str]:
        """The cards that would have followed the top card then (suit, rank, or the wild
        rank), but for the ranks a player who draws may keep (``Reading.kept``)."""
        top, suit = self.top, self.suit
        assert top is not None
        rank = top[:-1]
        ranks = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
        out = {r + suit for r in ranks if suit}
        out.update(rank + s for s in "CDHS")
        out.update(self.reading.wild + s for s in "CDHS")
        kept = self.reading.kept
        return frozenset(c for c in out if c[:-1] not in kept) if kept else frozenset(out)

    def change_count(self, seat: str, delta: int) -> None:
        if seat in self.counts:
            self.counts[seat] = max(0, self.counts[seat] + delta)

    def sync(self, observation: Observation) -> None:
        """Line the remembered pile, counts and top up with what is seen now."""
        counts = observation.get("counts")
        if isinstance(counts, dict):
            self.counts = dict(counts)
        top = observation.get("top")
        if isinstance(top, list):  # a game that plays sets: the set on top
            size = len(top)
            if size and self.pile[-size:] != top:
                self.pile = list(top)
            elif not size and observation.get("pile", 0) == 0:
                self.pile = []
        elif isinstance(top, str):
            if not self.pile or self.pile[-1] != top:
                self.pile = [top]
            self.top, self.suit = top, observation.get("suit") or top[-1]
        else:
            self.pile = []
        pile_size = observation.get("pile")
        if isinstance(pile_size, int) and len(self.pile) > pile_size:
            self.pile = self.pile[-pile_size:] if pile_size else []
        for seat, voids in list(self.voids.items()):
            held = self.counts.get(seat, 0)
            self.voids[seat] = [(ex, min(k, held)) for ex, k in voids if min(k, held) > 0]

    def voids_of(self, seat: str) -> list[Void]:
        return list(self.voids.get(seat, []))
