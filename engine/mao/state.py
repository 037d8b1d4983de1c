"""Mao's state: the fields a table holds, and what the game's parts may read and call of it.

The ``Mao`` game (``engine.mao.game``) holds every field, the shedding ones and Mao's own
(clocks, speech windows, infractions, secret rules, figures), and the small helpers every
part uses: dealing from a pool that is the pile turned over (COMMON-2), the next seat that
holds cards, the vocabulary the Chairman hears, whether a card plays (MAO-2, MAO-4). Its
parts (penalties, speech, the turn's moves, rounds, the clock, the seats' views, the
referee) are each given the game, as a ``MaoTable``, and the parts they call when the game
makes them: this module says what a ``MaoTable`` is, so that no part imports the game.
"""

from __future__ import annotations

from typing import Any, ClassVar, Protocol

from engine.actions import Action
from engine.cards import Card
from engine.events import Event, Pending
from engine.mao import rules as secret
from engine.mao.actions import Back, Rejoin
from engine.mao.phrases import Vocabulary
from engine.shedding.state import SheddingState
from engine.words import NC_

MODES = (NC_("option value", "chairman"), NC_("option value", "players"))
#: COMMON-2 for Mao: the pile is turned over to become the pool (seed 000), or shuffled
POOLS = (NC_("option value", "turn"), NC_("option value", "shuffle"))
#: MAO-4: who names the suit after a Jack: its player with the play, or anyone in the thread
JACK_SUITS = (NC_("option value", "player"), NC_("option value", "anyone"))
SEATS_PER_DECK = 5

#: Mao's own fields (beside the shedding ones), kept in the game's slots: the shedding
#: fields are then few enough for CPython's shared attribute tables (at most 30), so reading
#: any field is cheaper. ``engine.mao.saving`` copies exactly these.
FIELDS = (
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
    "presaid_calls",
    "rules",
    "rulings",
    "shown_rules",
    "stats",
    "streak",
    "turn_since",
    "utterance",
    "windows",
)


REJOIN = Rejoin()
BACK = Back()


class MaoTable(SheddingState, Protocol):
    """A Mao game as its parts see it: the shedding core's fields (``SheddingState``), its
    own and its shared helpers."""

    # --- Mao's own fields (``FIELDS``) ----------------------------------------------------
    _vocabulary: Vocabulary | None
    away: list[bool]
    busy_view: tuple[int, dict[str, Any]] | None
    credits: list[int]
    declared_at: list[float | None]
    due_seen: float | None
    due_version: int
    event_count: int
    fired: tuple[list[Any], int, secret.Compiled] | None
    going_out: list[bool]
    history: list[Event]
    history_round: int
    infractions: list[dict[str, Any]]
    listing: tuple[dict[Card, tuple[Any, ...]], bool] | None
    naming: bool
    next_id: int
    now: float
    offered: dict[str, tuple[int, list[Card], list[Action]]]
    out_order: list[int]
    point_of_order: dict[str, Any] | None
    presaid: list[str]
    #: calls naming the seat on turn while what it said this turn waits for its action
    #: (``presaid``): [call, caller], judged once that action is known (MAO-11)
    presaid_calls: list[list[Any]]
    rules: list[dict[str, Any]]
    rulings: list[dict[str, Any]]
    shown_rules: tuple[list[Any], int, dict[int | None, list[Any]]] | None
    stats: list[dict[str, Any]]
    streak: list[int]
    turn_since: float
    utterance: set[tuple[int, tuple[str, ...]]] | None
    windows: list[dict[str, Any]]

    # --- helpers --------------------------------------------------------------------------
    hand_size: ClassVar[int]

    @property
    def top(self) -> Card: ...

    @property
    def vocabulary(self) -> Vocabulary: ...

    def current_player(self) -> str | None: ...

    def public_pending(self) -> Pending | None: ...

    def public_options(self) -> dict[str, Any]: ...

    def public_stats(self) -> dict[str, Any]: ...

    def seat_index(self, seat: str) -> int: ...

    def accept(self, seat: str, action: Action | str | dict[str, Any]) -> tuple[int, Action]: ...

    def event(self, kind: str, **fields: Any) -> Event: ...

    def stamp(self, events: list[Event]) -> None: ...

    def deal(self, i: int, count: int, events: list[Event]) -> int: ...

    def next_holder(self, i: int) -> int | None: ...

    def pass_turn(self, j: int | None) -> None: ...

    def rule_set(self) -> secret.Compiled: ...

    def wild(self, card: Card) -> bool: ...
