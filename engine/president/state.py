"""What President's parts may read and change of a game: its fields, the few steps of the
game they call (a protocol, so the parts need not import the game), and what the fields say
about the seats and the pile.

The game (``engine.president.game.President``) holds all of it as plain fields (slots), one
flat record that is copied, saved and sampled as a whole; each part (the derived fields,
the rounds, the play, the refusals, the views) is a stateless object handed the game.
"""

from __future__ import annotations

from typing import Any, Protocol

from engine.actions import Action
from engine.cards import Card
from engine.president.sets import RANK_STRENGTH
from engine.saved_core import NamedCore

#: no seat (``President.holders`` when nobody can complete four: a tuple, as holders is
#: only ever replaced whole, so most moves make no new one)
NOBODY: tuple[int, ...] = ()
#: by count, the counts below it: a rank's counts by seat, stripped of them, are left empty
#: exactly when no seat holds that many (one C call, where ``max`` costs two and a half)
BELOW: tuple[bytes, ...] = tuple(bytes(range(need)) for need in range(5))


class PresidentState(NamedCore, Protocol):
    """A President game as its parts see it (``engine.president.game.President``, whose
    ``__init__`` says what each field holds)."""

    pile: list[Card]
    top_size: int
    last_player: int | None
    passes: list[int]
    cleared: list[Card]
    turn: int | None
    phase: str
    exchange: dict[str, Any] | None
    dealer: int
    first_lead: bool
    went_out: list[int]
    stuck: list[int]
    last_places: list[int] | None
    presidencies: list[int]
    vice_presidencies: list[int]
    a_hole_rounds: list[int]
    derived: bool
    playing: bool
    codes: list[bytearray]
    keys: list[bytearray]
    plays: list[list[Action]]
    least: int
    run_size: int
    top_index: int
    need: int
    nexts: tuple[int, ...]
    counts: list[bytearray]
    holders: tuple[int, ...]

    def seat_index(self, seat: str) -> int: ...
    def current_player(self) -> str | None: ...
    def legal_actions(self, seat: str) -> list[Action]: ...
    def seats_that_may_act(self) -> list[str]: ...


# --- what the fields say about the seats --------------------------------------------------
def still_in(game: PresidentState, k: int) -> bool:
    return k not in game.went_out and k not in game.stuck


def in_count(game: PresidentState) -> int:
    return len(game.seats) - len(game.went_out) - len(game.stuck)


def next_in(game: PresidentState, k: int) -> int:
    """The next seat after ``k`` that is still in the round."""
    n = len(game.seats)
    for step in range(1, n + 1):
        j = (k + step) % n
        if still_in(game, j):
            return j
    raise AssertionError("nobody is left in the round")


def places(game: PresidentState) -> list[int]:
    """Every seat's place this round, 0 for a seat still in."""
    n = len(game.seats)
    placed = [0] * n
    for j, k in enumerate(game.stuck):
        placed[k] = n - j
    for j, k in enumerate(game.went_out, start=1):
        placed[k] = j
    return placed


# --- what they say about the pile ---------------------------------------------------------
def top_set(game: PresidentState) -> list[Card]:
    return game.pile[-game.top_size :] if game.top_size else []


def top_rank(game: PresidentState) -> str | None:
    return game.pile[-1].rank if game.pile else None


def run(game: PresidentState) -> int:
    """PRES-6: how many cards of the top rank lie together on top of the pile."""
    if not game.pile:
        return 0
    rank = game.pile[-1].rank
    count = 0
    for card in reversed(game.pile):
        if card.rank != rank:
            break
        count += 1
    return count


def beats_or_equals(game: PresidentState, rank: str, size: int) -> bool:
    """PRES-3: whether a set of ``size`` cards of ``rank`` may go on the top set."""
    if not game.top_size:
        return True
    if size != game.top_size:
        return size > game.top_size
    top = top_rank(game)
    assert top is not None
    return RANK_STRENGTH[rank] >= RANK_STRENGTH[top]


def completing_count(game: PresidentState) -> int:
    """Cards of the top rank that would complete four on the pile; 0 if none can."""
    on_top = run(game)
    return 4 - on_top if 0 < on_top < 4 else 0


def holding(counts: bytearray, need: int) -> tuple[int, ...]:
    """The seats whose ``counts`` (of one rank, by seat) are at least ``need``."""
    return tuple([k for k, held in enumerate(counts) if held >= need])
