"""Mao's state: what a table holds, how it is set up, dealt from, copied and saved.

``MaoState`` keeps every field of a Mao game (clocks, speech windows, infractions, secret
rules, figures) and the small helpers every part of the game uses: dealing from a pool that
is the pile turned over (COMMON-2), the next seat that holds cards, the vocabulary the
Chairman hears, whether a card plays (MAO-2, MAO-4). ``engine.mao.game`` builds ``Mao`` on it.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any, ClassVar, cast

from engine.actions import Action, IllegalAction, Rejoin
from engine.base import Event
from engine.cards import Card
from engine.events import EventType
from engine.mao import calls as adjudication
from engine.mao import rules as secret
from engine.mao.languages import SPEECH
from engine.mao.phrases import Vocabulary, vocabulary_for
from engine.shedding import SheddingGame

MODES = ("chairman", "players")
#: COMMON-2 for Mao: the pile is turned over to become the pool (seed 000), or shuffled
POOLS = ("turn", "shuffle")
#: MAO-4: who names the suit after a Jack: its player with the play, or anyone in the thread
JACK_SUITS = ("player", "anyone")
SEATS_PER_DECK = 5


@dataclass(frozen=True, slots=True)
class Back(Action):
    """Mao: a seat marked away (MAO-14) is back; the bot playing for it stops."""

    kind: ClassVar[str] = "back"


REJOIN = Rejoin()
BACK = Back()


class MaoState(SheddingGame):
    """The fields of a Mao game and the helpers shared by its parts."""

    # Mao's own fields in slots: the shedding fields are then few enough for CPython's
    # shared attribute tables (at most 30), so reading any field is cheaper
    __slots__ = (
        "_vocabulary",
        "away",
        "busy_view",
        "credits",
        "declared_at",
        "due_seen",
        "due_version",
        "event_count",
        "fired",
        "going_out",
        "history",
        "history_round",
        "infractions",
        "listing",
        "naming",
        "next_id",
        "now",
        "offered",
        "out_order",
        "point_of_order",
        "presaid",
        "rules",
        "rulings",
        "shown_rules",
        "stats",
        "streak",
        "turn_since",
        "utterance",
        "windows",
    )

    def __init__(self) -> None:
        super().__init__()
        self.now = 0.0
        self.turn_since = 0.0
        self.streak: list[int] = []
        self.away: list[bool] = []
        self.going_out: list[bool] = []
        self.out_order: list[int] = []
        self.windows: list[dict[str, Any]] = []
        self.presaid: list[str] = []
        self.infractions: list[dict[str, Any]] = []
        self.next_id = 1
        self.point_of_order: dict[str, Any] | None = None
        self.rules: list[dict[str, Any]] = []
        self.credits: list[int] = []
        self.declared_at: list[float | None] = []
        self.stats: list[dict[str, Any]] = []
        self.event_count = 0
        self.rulings: list[dict[str, Any]] = []
        self.naming = False
        self.history: list[Event] = []
        #: the round ``history`` is of (``Mao.record``)
        self.history_round = 0
        self.utterance: set[tuple[int, tuple[str, ...]]] | None = None
        self._vocabulary: Vocabulary | None = None
        #: (version, the public fields every bot reads then): ``engine.mao.view``'s bot_view
        self.busy_view: tuple[int, dict[str, Any]] | None = None
        #: ``due_at()`` as ``next_deadline`` last found it, at version ``due_version``
        self.due_seen: float | None = None
        self.due_version = -1
        #: seat -> (its index, its hand, the plays and take offered for it), kept against
        #: a copy of the hand: ``legal_actions``
        self.offered: dict[str, tuple[int, list[Card], list[Action]]] = {}
        #: (the rules, how many, them ready to test): ``rule_set``
        self.fired: tuple[list[Any], int, secret.Compiled] | None = None
        #: (the rules, how many, each seat's view of them): ``engine.mao.view.kept_rules``
        self.shown_rules: tuple[list[Any], int, dict[int | None, list[Any]]] | None = None
        #: (the plays each card offers, whether one deck is in play): ``plays_and_take``
        self.listing: tuple[dict[Card, tuple[Any, ...]], bool] | None = None

    # --- options and set-up ---------------------------------------------------------------
    @classmethod
    def check_options(cls, options: dict[str, Any] | None) -> dict[str, Any]:
        merged = super().check_options(options)
        merged["house_rules"] = [secret.validate(rule) for rule in merged["house_rules"]]
        return merged

    def setup_match(self) -> None:
        n = len(self.seats)
        self.streak = [0] * n
        self.away = [False] * n
        self.going_out = [False] * n
        self.credits = [0] * n
        self.declared_at = [None] * n
        self.stats = [adjudication.empty_stats() for _ in range(n)]
        self.rules = [{"by": None, "rule": rule} for rule in self.options["house_rules"]]

    def deck_count(self) -> int:
        """MAO-1: one deck for up to five players, one more per five more."""
        return self.options["decks"] or math.ceil(len(self.seats) / SEATS_PER_DECK)

    def start_round(self, first: int, events: list[Event]) -> None:
        mark = len(events)
        super().start_round(first, events)
        self.stamp(events[mark:])
        self.going_out = [False] * len(self.seats)
        self.out_order = []
        self.windows = []
        self.presaid = []
        self.streak = [0] * len(self.seats)
        self.point_of_order = None
        self.turn_since = self.now
        self.rulings = []
        self.naming = False

    @property
    def anyone_names(self) -> bool:
        return bool(self.options["jack_suit"] == "anyone")

    # --- small helpers --------------------------------------------------------------------
    def event(self, kind: EventType, **fields: Any) -> Event:
        """``engine.events.event`` with the clock's time (written out: it is hot)."""
        fields["at"] = self.now
        return cast(Event, {"type": kind, **fields})

    def stamp(self, events: list[Event]) -> None:
        for e in events:
            e.setdefault("at", self.now)

    def time_of(self, at: Any) -> float:
        """The time an action is taken at, ``at`` if it is after the clock's: a number of
        seconds, else ``IllegalAction``."""
        now = self.now
        if type(at) is float:
            t = at if at > now else now  # a NaN is taken as now
        else:
            try:
                t = now if at is None else max(float(at), now)
            except (TypeError, ValueError) as exc:
                raise IllegalAction("an action's time must be a number of seconds") from exc
        if not math.isfinite(t):
            raise IllegalAction("an action's time must be a number of seconds")
        return t

    def deal(self, i: int, count: int, events: list[Event]) -> int:
        """Give seat ``i`` up to ``count`` cards from the pool (COMMON-2); how many it got."""
        mark = len(events)
        got = self.draw_cards(i, count, events)
        self.stamp(events[mark:])
        return len(got)

    def draw_cards(self, i: int, count: int, events: list[Event]) -> list[Card]:
        """COMMON-2 for Mao: an empty pool is the pile but its top card, turned over (so its
        oldest card comes first), or shuffled with option ``pool=shuffle``."""
        if self.options["pool"] == "shuffle":
            return super().draw_cards(i, count, events)
        got: list[Card] = []
        hand = self.hands[i]
        # the offers listed for this very hand (``legal_actions``), with one deck, gain the
        # new cards': the seat's next turn need not list its hand again (hot path)
        kept = self.offered.get(self.seats[i])
        listing = self.listing
        plays = None
        if kept is not None and listing is not None and listing[1] and kept[1] == hand:
            _, held, offered = kept
            plays = listing[0]
        for _ in range(count):
            if not self.stock:
                if len(self.pile) < 2:
                    break
                self.stock = self.pile[-2::-1]  # face down: the pile's bottom card on top
                self.pile = self.pile[-1:]
                events.append({"type": "reshuffle", "count": len(self.stock)})
            card = self.stock.pop()
            hand.append(card)
            got.append(card)
            if plays is not None:
                held.append(card)
                offered[-1:-1] = plays[card]  # before take, which ends the listing
        return got

    def next_holder(self, i: int) -> int | None:
        """The next seat after ``i`` that holds cards (``i`` itself if it is the only one)."""
        hands = self.hands
        n = len(hands)
        direction = self.direction
        j = (i + direction) % n
        if hands[j]:  # the usual case: the next seat
            return j
        for step in range(2, n + 1):
            j = (i + step * direction) % n
            if hands[j]:
                return j
        return None

    def pass_turn(self, j: int | None) -> None:
        self.turn = j
        self.turn_since = self.now
        self.presaid = []

    @property
    def vocabulary(self) -> Vocabulary:
        if self._vocabulary is None:
            phrases, calls = secret.known_words([r["rule"] for r in self.rules])
            speech = SPEECH[self.options.get("language", "en")]
            self._vocabulary = vocabulary_for(phrases, calls, speech)
        return self._vocabulary

    def rule_set(self) -> secret.Compiled:
        """The secret rules ready to test (``engine.mao.rules.compiled``), made again when a
        rule is added or the list replaced."""
        # hot path: once per play or take, and per card that might be wild
        rules = self.rules
        kept = self.fired
        if kept is None or kept[0] is not rules or kept[1] != len(rules):
            kept = self.fired = (rules, len(rules), secret.compiled([e["rule"] for e in rules]))
        return kept[2]

    def playable(self, card: Card) -> bool:
        """MAO-2, MAO-4: suit in force or rank on top, or a card a secret rule made wild."""
        return card.suit == self.suit or card.rank == self.pile[-1].rank or self.wild(card)

    def wild(self, card: Card) -> bool:
        """Whether a secret rule makes ``card`` wild (MAO-16)."""
        return bool(self.rules) and card in self.rule_set()[1]

    # --- copies and saving ----------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        """A copy of the state to go back to; cheaper than ``to_dict`` (cards are immutable)."""
        copied = dict(self.__dict__)  # numbers, text and the fixed parts as they are
        for name in MaoState.__slots__:
            copied[name] = getattr(self, name)
        copied["rng"] = self.rng.getstate()
        copied["hands"] = [hand[:] for hand in self.hands]
        for key in ("stock", "pile", "events", "history", "rules", "scores", "lost_turns"):
            copied[key] = copied[key][:]  # their items are never changed in place
        for key in ("streak", "away", "going_out", "out_order", "presaid", "credits"):
            copied[key] = copied[key][:]
        copied["declared_at"] = self.declared_at[:]
        copied["windows"] = [
            {
                **w,
                "owed": [e[:] for e in w["owed"]],
                "forbid": [e[:] for e in w["forbid"]],
                "held": [e[:] for e in w["held"]],
            }
            for w in self.windows
        ]
        copied["infractions"] = [dict(f) for f in self.infractions]
        copied["rulings"] = [dict(r) for r in self.rulings]
        copied["stats"] = [{**f, "penalties": dict(f["penalties"])} for f in self.stats]
        for key in ("pending", "point_of_order"):
            copied[key] = None if copied[key] is None else dict(copied[key])
        return copied

    def restore(self, copied: dict[str, Any]) -> None:
        state = copied.pop("rng")
        for name in MaoState.__slots__:
            setattr(self, name, copied.pop(name))
        self.__dict__.update(copied)
        self.rng.setstate(state)

    def extra_to_dict(self) -> dict[str, Any]:
        return {
            "now": self.now,
            "turn_since": self.turn_since,
            "streak": list(self.streak),
            "away": list(self.away),
            "going_out": list(self.going_out),
            "out_order": list(self.out_order),
            "windows": json.loads(json.dumps(self.windows)),
            "presaid": list(self.presaid),
            "infractions": [dict(f) for f in self.infractions],
            "next_id": self.next_id,
            "point_of_order": None if self.point_of_order is None else dict(self.point_of_order),
            "rules": json.loads(json.dumps(self.rules)),
            "credits": list(self.credits),
            "declared_at": list(self.declared_at),
            "stats": json.loads(json.dumps(self.stats)),
            "event_count": self.event_count,
            "rulings": [dict(r) for r in self.rulings],
            "naming": self.naming,
            "history": json.loads(json.dumps(self.history)),
        }

    def extra_from_dict(self, data: dict[str, Any]) -> None:
        self.now = data["now"]
        self.turn_since = data["turn_since"]
        self.streak = list(data["streak"])
        self.away = list(data["away"])
        self.going_out = list(data["going_out"])
        self.out_order = list(data["out_order"])
        self.windows = json.loads(json.dumps(data["windows"]))
        self.presaid = list(data["presaid"])
        self.infractions = [dict(f) for f in data["infractions"]]
        self.next_id = data["next_id"]
        poo = data["point_of_order"]
        self.point_of_order = None if poo is None else dict(poo)
        self.rules = json.loads(json.dumps(data["rules"]))
        self.credits = list(data["credits"])
        self.declared_at = list(data["declared_at"])
        self.stats = json.loads(json.dumps(data["stats"]))
        self.event_count = data["event_count"]
        self.rulings = [dict(r) for r in data.get("rulings", [])]
        self.naming = bool(data.get("naming", False))
        self.history = json.loads(json.dumps(data.get("history", [])))
        self.history_round = -1  # the next batch is looked through for a deal
        self._vocabulary = None
