"""What a front-end may read of a running game: immutable views, taken once per state.

A front-end (the Discord cogs, a web page) never holds the live ``engine.base.Game``: it asks
``tables.queries`` for one of these and draws from it. Each is a frozen value of one moment
of the table (one game version), safe to keep, compare and draw from later, and shows only
what its reader may see: ``PublicView`` what the whole table sees, ``HandView`` what one seat
sees of its own hand and may do.

The observations are the engine's own (fresh on every call, never shared with the game),
behind a read-only mapping (typed as the engine's ``Observation``, which renderers read).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import Action
from engine.events import Observation, Outcome


@dataclass(frozen=True, slots=True)
class PublicView:
    """The table's public picture of itself: what everyone watching may see."""

    table_id: int
    #: ``id`` of the game object and its version: a game rebuilt from its log (after a
    #: failed commit) is a new state even at the same version
    state: tuple[int, int]
    #: the table's status when the view was taken (``lobby``, ``running``, ``finished``...)
    status: str
    #: ``game.observation(None)``: nothing from any hand
    observation: Observation
    #: the seats play waits on, in order (empty unless the table is running)
    waiting: tuple[str, ...]
    #: whose turn it is, if the game names one seat
    current: str | None
    #: whether the match is over, and its outcome then (places, winners)
    over: bool
    outcome: Outcome | None

    @property
    def version(self) -> int:
        return self.state[1]


@dataclass(frozen=True, slots=True)
class HandView:
    """One seat's own view of the game: its observation, what it may do and its token."""

    table_id: int
    seat: str
    state: tuple[int, int]
    status: str
    #: ``game.observation(seat)``: its own hand, the public rest
    observation: Observation
    #: the seat's legal actions now (none unless the table is running)
    legal: tuple[Action, ...]
    #: the seat's validity token (``Table.token``): its buttons carry it
    token: str
    #: whose turn it is, if the game names one seat
    current: str | None

    @property
    def version(self) -> int:
        return self.state[1]

    @property
    def running(self) -> bool:
        return self.status == "running"
