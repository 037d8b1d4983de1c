"""The rules of a tournament, as plain functions: Swiss pairing, arena points, standings.

Nothing here reads storage or a clock: a tournament is described by its players (in the
order they joined) and its games so far (``Played``: who sat at a table, in which round, and
the place each of them took), and every answer is computed from that. The same inputs always
give the same pairing, so a pairing made again after a restart is the one made before.

**Swiss** (a fixed number of rounds). Points per table: a table of ``n`` seats (a bot's seat
counts: places are among everyone who played, so losing to a bot is losing) gives the player
in place ``p`` ``(n - p) / (n - 1)`` points (1 for a win, 0 for last place; shared
places share their average). A bye is worth a win. A table that ends with no result (ended
early, left by everyone) is place 0 for everyone at it: a loss, worth no points, and no
meeting (they may be seated together again, and it adds nothing to anyone's tie-break). A
player removed from the event has place 0 at the table they were taken from. Players are
seated by score (then by the tie-break below), each table filled with the best-placed player
still free and then the next players they have met least often, so a repeat meeting happens
only when nothing else is left. With an odd number of players at two-seat tables, the
lowest-placed player who has not had a bye gets it (unless the organiser lets a bot fill the
seat).

**Arena** (a fixed length of time). A player who finishes a table is seated again as soon as
enough players are free. First place scores 2 points, second place at a table of three or
more seats (bots' included) scores 1. After two wins in a row a player is on a streak:
every further win counts double until they fail to win.

**Ties** (stated to the players, ``TIE_BREAK``): Swiss ranks by points, then the sum of the
points of everyone they met (Buchholz), then wins, then who joined first; arena by points,
then wins, then fewer tables played, then who joined first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from i18n import N_

FORMATS = ("swiss", "arena")

#: how ties are broken, as players are told (``TIE_BREAK[format]``)
TIE_BREAK = {
    "swiss": N_("Ties are broken by the points of everyone met, then wins, then who joined first."),
    "arena": N_("Ties are broken by wins, then fewer tables played, then who joined first."),
}

ARENA_WIN = 2
ARENA_SECOND = 1
STREAK_AFTER = 2


@dataclass(frozen=True)
class Played:
    """One table of a tournament (or a bye: a single player, no table)."""

    round: int
    #: user id -> place (1 is best; 0: no result); players still playing have no entry yet
    places: Mapping[int, int]
    players: tuple[int, ...]
    bye: bool = False
    #: the table's seats, bots' included (0: unknown, taken as its players); places count
    #: among all of them, so losing to a bot is losing
    seats: int = 0
    #: the places its bots took: a person tied with a bot shares that place with it
    bot_places: tuple[int, ...] = ()

    @property
    def size(self) -> int:
        return max(self.seats, len(self.players))

    @property
    def done(self) -> bool:
        return self.bye or all(p in self.places for p in self.players)


@dataclass
class Standing:
    user_id: int
    points: float = 0.0
    wins: int = 0
    played: int = 0
    buchholz: float = 0.0
    streak: int = 0
    byes: int = 0
    order: int = 0
    met: Counter[int] = field(default_factory=Counter)

    @property
    def on_fire(self) -> bool:
        return self.streak >= STREAK_AFTER


def swiss_points(
    place: int, places: Mapping[int, int], seats: int = 0, bot_places: Iterable[int] = ()
) -> float:
    """Points for ``place`` at a table of ``seats`` (bots' included; 0: as many as
    ``places``) whose people's places are ``places`` and bots' ``bot_places`` (shared places
    share, a bot's too); place 0 (no result) scores nothing."""
    if place < 1:
        return 0.0
    n = max(seats, len(places))
    if n < 2:
        return 1.0
    sharing = [p for p in (*places.values(), *bot_places) if p == place]
    # the places a tie covers are place .. place + k - 1; their points are averaged
    span = range(place, place + len(sharing))
    return sum((n - p) / (n - 1) for p in span) / len(span)


def arena_points(place: int, seats: int, on_fire: bool) -> int:
    """Points for one arena table: 2 for a win (4 on a streak), 1 for second of three or more."""
    if place == 1:
        return ARENA_WIN * (2 if on_fire else 1)
    if place == 2 and seats >= 3:
        return ARENA_SECOND
    return 0


def standings(fmt: str, players: Sequence[int], games: Iterable[Played]) -> list[Standing]:
    """Everyone's standing, best first, ties broken as ``TIE_BREAK`` states.

    ``players`` is in joining order; a player not in it (removed) is left out of the table
    but still counts as an opponent met.
    """
    table = {user: Standing(user, order=i) for i, user in enumerate(players)}
    seen: dict[int, Standing] = dict(table)
    for game in games:
        if not game.done:
            continue
        for user in game.players:
            if user not in seen:
                seen[user] = Standing(user, order=len(seen))
            mine = seen[user]
            mine.played += 1
            if game.bye:
                mine.byes += 1
                mine.points += 1.0 if fmt == "swiss" else 0
                continue
            place = game.places[user]
            if place < 1:  # no result: a loss that meets nobody
                mine.streak = 0
                continue
            for other in game.players:
                if other != user:
                    mine.met[other] += 1
            if fmt == "swiss":
                mine.points += swiss_points(place, game.places, game.size, game.bot_places)
            else:
                mine.points += arena_points(place, game.size, mine.on_fire)
            mine.wins += place == 1
            mine.streak = mine.streak + 1 if place == 1 else 0
    if fmt == "swiss":
        for mine in table.values():
            mine.buchholz = sum(seen[o].points * n for o, n in mine.met.items() if o in seen)
    return sorted(table.values(), key=lambda s: rank_key(fmt, s))


def rank_key(fmt: str, s: Standing) -> tuple[float, ...]:
    if fmt == "swiss":
        return (-s.points, -s.buchholz, -s.wins, s.order)
    return (-s.points, -s.wins, s.played, s.order)


@dataclass(frozen=True)
class Pairing:
    """The tables to open (a table short of seats is topped up with bots when allowed)."""

    tables: list[tuple[int, ...]]
    bye: int | None = None


def swiss_pairing(
    ranked: Sequence[Standing], seats: int = 2, bots_allowed: bool = False
) -> Pairing:
    """Seat the next Swiss round: tables of ``seats`` players by score, fewest repeats.

    ``ranked`` is the standings best first (removed players already left out). Players who
    cannot fill a table are seated at a smaller one; at two-seat tables an odd player out
    gets a bye (the lowest-placed with fewest byes), or sits with a bot if allowed.
    """
    order = [s.user_id for s in ranked]
    by_user = {s.user_id: s for s in ranked}
    bye: int | None = None
    # at tables of three or more a short table just seats fewer; at two seats one is left
    if len(order) % 2 == 1 and seats == 2 and not bots_allowed:
        byes = min(s.byes for s in ranked)
        bye = next(u for u in reversed(order) if by_user[u].byes == byes)
        order.remove(bye)
    tables = _without_repeats(order, seats, by_user) or _greedy(order, seats, by_user)
    return Pairing(tables, bye)


#: how many partial seatings the search for a round without repeats may try
SEARCH_BUDGET = 20_000


def _without_repeats(
    order: list[int], seats: int, by_user: Mapping[int, Standing]
) -> list[tuple[int, ...]] | None:
    """Tables in which nobody meets anyone again, as close to score order as possible."""
    budget = [SEARCH_BUDGET]

    def seat(free: list[int]) -> list[tuple[int, ...]] | None:
        if not free:
            return []
        size = min(seats, len(free))
        if len(free) - size == 1 and size > 2:
            size -= 1  # never leave one player alone at the last table

        def grow(group: list[int], rest: list[int]) -> list[tuple[int, ...]] | None:
            budget[0] -= 1
            if budget[0] < 0:
                return None
            if len(group) == size:
                after = seat(rest)
                return None if after is None else [tuple(group), *after]
            for i, user in enumerate(rest):
                if any(by_user[user].met[g] for g in group):
                    continue
                found = grow([*group, user], rest[:i] + rest[i + 1 :])
                if found is not None:
                    return found
            return None

        return grow([free[0]], free[1:])

    return seat(list(order))


def _greedy(order: list[int], seats: int, by_user: Mapping[int, Standing]) -> list[tuple[int, ...]]:
    """Each table: the best-placed free player, then those the table has met least."""
    free = list(order)
    tables: list[tuple[int, ...]] = []
    while free:
        size = min(seats, len(free))
        if len(free) - size == 1 and size > 2:
            size -= 1
        group = [free.pop(0)]
        while len(group) < size:
            best = min(free, key=lambda u: (sum(by_user[u].met[g] for g in group), free.index(u)))
            free.remove(best)
            group.append(best)
        tables.append(tuple(group))
    return tables


def arena_tables(
    waiting: Sequence[int], seats: int, others_playing: bool, bots_allowed: bool
) -> Pairing:
    """Seat free arena players at once: full tables in the order they became free.

    A smaller group waits for others to finish while any table is still playing; when none
    is, two or more sit together, and one alone plays bots if the organiser allows it.
    """
    free = list(waiting)
    tables: list[tuple[int, ...]] = []
    while len(free) >= seats:
        tables.append(tuple(free[:seats]))
        free = free[seats:]
    if free and not others_playing and (len(free) >= 2 or bots_allowed):
        tables.append(tuple(free))
    return Pairing(tables)
