"""Determinization: whole game states consistent with what one seat has seen.

A search that cannot cheat needs states to search in that it built itself, from a seat's
observation and its memory (``engine.memory``) alone: the seat's own hand and everything
public are copied; the cards it cannot see (other hands, the stock, the pile under what it
remembers, President's cleared cards) are dealt at random from the cards it has not seen,
respecting every seat's count and what each seat is known not to hold.

``Game.determinizer(observation, memory)`` does the reading once and returns a sampler;
calling it with a ``random.Random`` gives one fresh game, which holds that same
``random.Random`` for its own shuffles. The game modules declare which fields they add; this
module holds the dealing and the shedding games' shared part. It never sees a real state.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from engine.cards import Card, pack, shuffle
from engine.memory import Memory, Void

Observation = Mapping[str, Any]
Sampler = Callable[[random.Random], Any]


def unseen(decks: int, seen: Iterable[Card]) -> list[Card] | None:
    """The decks' cards less ``seen`` (a multiset); None if ``seen`` is not in the decks."""
    left = Counter(pack(decks))
    for card in seen:
        if left[card] <= 0:
            return None
        left[card] -= 1
    return [c for c in pack(1) for _ in range(left[c])]


def clone(game: Any, rng: random.Random) -> Any:
    """A copy of a sampled ``game`` that playing on cannot change, holding ``rng``: its lists
    and dicts are copied one level down (the hands, a pending stack), the rest shared (seat
    names, options and cards are never changed in place). Much cheaper than sampling again,
    so every action weighed on one sample starts from the same deal (common random numbers)."""
    twin = object.__new__(type(game))
    fields = fields_of(game)
    for key, value in fields.items():
        kind = type(value)
        if kind is list:
            fields[key] = [
                item.copy() if type(item) is list or type(item) is dict else item for item in value
            ]
        elif kind is dict:
            fields[key] = value.copy()
    fields["rng"] = rng
    for key, value in fields.items():
        setattr(twin, key, value)
    twin.forget_derived()
    return twin


def fields_of(game: Any) -> dict[str, Any]:
    """Every instance field of ``game``: those in its ``__dict__`` and in its classes' slots."""
    fields = dict(getattr(game, "__dict__", {}))
    for cls in type(game).__mro__:
        for name in cls.__dict__.get("__slots__", ()):
            if hasattr(game, name):
                fields[name] = getattr(game, name)
    return fields


def parse_all(texts: Iterable[str]) -> list[Card]:
    return [Card.parse(t) for t in texts]


def take_avoiding(cards: list[Card], excluded: frozenset[Card]) -> Card | None:
    """Remove and return the first card of ``cards`` not in ``excluded``; None if none."""
    for k, card in enumerate(cards):
        if card not in excluded:
            return cards.pop(k)
    return None


def deal_hidden(
    pool: list[Card],
    sizes: dict[int, int],
    voids: dict[int, list[tuple[frozenset[Card], int]]],
    holds: dict[int, list[Card]],
    rng: random.Random,
) -> tuple[dict[int, list[Card]], list[Card]]:
    """Deal ``sizes[k]`` cards to each seat ``k`` from a shuffled ``pool``; the rest is left.

    Cards a seat is known to hold go to it first, then each seat with voids gets, for its
    ``j``-th card, one that none of the voids covering ``j`` excludes (a void ``(cards, n)``
    covers the seat's first ``n`` cards). Should the pool run out of allowed cards, that
    seat's voids are dropped: a consistent deal matters more than every inference.
    """
    cards = list(pool)
    shuffle(cards, rng)
    hands: dict[int, list[Card]] = {k: [] for k in sizes}
    for k, held in holds.items():
        for card in held:
            if len(hands[k]) < sizes[k] and card in cards:
                cards.remove(card)
                hands[k].append(card)
    for k, seat_voids in voids.items():
        for j in range(len(hands[k]), sizes[k]):
            excluded = frozenset().union(*(ex for ex, n in seat_voids if n > j))
            pick = take_avoiding(cards, excluded) if excluded else cards.pop()
            hands[k].append(cards.pop() if pick is None else pick)
    for k, size in sizes.items():
        need = size - len(hands[k])
        if need > 0:
            hands[k].extend(cards[-need:])
            del cards[-need:]
    return hands, cards


def seat_voids(
    memory: Memory, seats: list[str], me: str
) -> dict[int, list[tuple[frozenset[Card], int]]]:
    """The memory's voids by seat index, cards parsed, for every seat but ``me``."""
    out: dict[int, list[tuple[frozenset[Card], int]]] = {}
    for k, seat in enumerate(seats):
        if seat == me:
            continue
        found: list[Void] = memory.voids_of(seat)
        if found:
            out[k] = [(frozenset(parse_all(ex)), n) for ex, n in found]
    return out


def known_pile(memory: Memory, top: str | None, size: int) -> list[str]:
    """The pile cards the memory vouches for (bottom first), at least the top when seen."""
    pile = list(memory.pile)
    if top is None:
        return []
    if not pile or pile[-1] != top or len(pile) > size:
        return [top]
    return pile


def shedding_sampler(cls: Any, observation: Observation, memory: Memory) -> Sampler:
    """The sampler for a ``SheddingGame`` subclass; its ``extra_from_observation`` adds the
    game's own fields."""
    obs = observation
    me = obs["seat"]
    if me is None:
        raise ValueError("a determinization is for a seat, not for spectators")
    seats: list[str] = list(obs["seats"])
    index = {s: k for k, s in enumerate(seats)}
    shell = cls()
    shell.seats = seats
    decks = shell.deck_count()
    hand = parse_all(obs["hand"])
    pile_size = int(obs["pile"])
    known = parse_all(known_pile(memory, obs["top"], pile_size))
    pool = unseen(decks, [*hand, *known])
    if pool is None:  # the memory disagrees with the view: trust the view alone
        known = parse_all([obs["top"]] if obs["top"] else [])
        pool = unseen(decks, [*hand, *known])
        if pool is None:
            raise ValueError("the observation is not of these decks")
    counts = obs["counts"]
    sizes = {index[s]: n for s, n in counts.items() if s != me}
    fill = pile_size - len(known)
    if len(pool) != fill + sum(sizes.values()) + int(obs["stock"]):
        raise ValueError("the observation's counts do not add up to the decks")
    voids = seat_voids(memory, seats, me)
    pending = obs["pending"]
    if pending is not None:
        pending = {**pending, "target": index[pending["target"]]}
    lost = obs.get("lost_turns") or {}
    fixed: dict[str, Any] = {
        "seats": seats,
        "index": index,
        "options": dict(obs["options"]),
        "suit": obs["suit"],
        "direction": 1 if obs["direction"] == "clockwise" else -1,
        "turn": cls.turn_from_observation(obs, index),
        "lost_turns": [lost.get(s, 0) for s in seats],
        "drawn": Card.parse(obs["drawn"]) if obs.get("drawn") else None,
        "scores": [obs["scores"][s] for s in seats],
        "round": obs["round"],
        "turns": obs["turns"],
        "over": obs["over"],
    }
    extra = cls.extra_from_observation(obs, memory, index)
    mine = index[me]

    def sample(rng: random.Random) -> Any:
        hands, rest = deal_hidden(pool, sizes, voids, {}, rng)
        game = cls()
        game.__dict__.update(fixed)
        game.seats = list(seats)
        game.lost_turns = list(fixed["lost_turns"])
        game.scores = list(fixed["scores"])
        game.rng = rng
        game.round_first = extra.get("round_first", 0)
        game.pending = None if pending is None else dict(pending)
        game.hands = [hands[k] if k != mine else list(hand) for k in range(len(seats))]
        game.pile = rest[:fill] + known
        game.stock = rest[fill:]
        game.events = []
        game.extra_from_dict(extra)
        return game

    return sample


def president_sampler(cls: Any, observation: Observation, memory: Memory) -> Sampler:
    """The sampler for President: no stock, every card dealt; the hidden ones are the other
    hands, the pile under the top set and the cards cleared this round, less what the
    memory saw played."""
    obs = observation
    me = obs["seat"]
    if me is None:
        raise ValueError("a determinization is for a seat, not for spectators")
    seats: list[str] = list(obs["seats"])
    index = {s: k for k, s in enumerate(seats)}
    n = len(seats)
    decks = 1 if n <= 7 else 2
    hand = parse_all(obs["hand"])
    counts = obs["counts"]
    top = list(obs["top"] or [])
    pile_size = int(obs["pile"])
    cleared_size = 52 * decks - sum(counts.values()) - pile_size
    pile = list(memory.pile)
    if pile[-len(top) :] != top or len(pile) > pile_size or (not top and pile):
        pile = top
    cleared = list(memory.cleared) if len(memory.cleared) <= cleared_size else []
    known_pile, known_cleared = parse_all(pile), parse_all(cleared)
    pool = unseen(decks, [*hand, *known_pile, *known_cleared])
    if pool is None:
        known_pile, known_cleared = parse_all(top), []
        pool = unseen(decks, [*hand, *known_pile])
        if pool is None:
            raise ValueError("the observation is not of these decks")
    sizes = {index[s]: c for s, c in counts.items() if s != me}
    pile_fill = pile_size - len(known_pile)
    cleared_fill = cleared_size - len(known_cleared)
    exchange = obs["exchange"]
    holds: dict[int, list[Card]] = {}
    state_exchange = None
    if exchange is not None:
        a_hole, president = index[exchange["a_hole"]], index[exchange["president"]]
        gave = exchange.get("gave")
        given = exchange["done"] or (obs["phase"] == "exchange" and obs["turn"] == seats[president])
        mine_in = {a_hole: "gave", president: "received"}.get(index[me])
        theirs_in = {a_hole: "received", president: "gave"}.get(index[me])
        state_exchange = {
            "a_hole": a_hole,
            "president": president,
            # a placeholder where this seat did not see the card: only ``None`` matters
            "to_president": (exchange.get(mine_in or "") or "?") if given else None,
            "to_a_hole": (exchange.get(theirs_in or "") or "?") if exchange["done"] else None,
        }
        # the card this seat gave is still held by whoever took it, unless seen played
        played = Counter([*pile, *cleared])
        if gave and index[me] in (a_hole, president) and not played[gave]:
            taker = president if index[me] == a_hole else a_hole
            holds[taker] = [Card.parse(gave)]
    out = obs["out"]
    placed = sorted((info["place"], index[s]) for s, info in out.items())
    went_out: list[int] = []
    for place, k in placed:
        if place == len(went_out) + 1:  # places 1, 2, ... went out; the rest are stuck
            went_out.append(k)
    stuck = [k for _, k in sorted(placed, reverse=True) if k not in went_out]
    last_places = president_last_places(obs, memory, seats)
    top_seat = obs["top_seat"]
    fixed: dict[str, Any] = {
        "seats": seats,
        "index": index,
        "options": dict(obs["options"]),
        "top_size": len(top),
        "last_player": None if top_seat is None else index[top_seat],
        "turn": None if obs["turn"] is None else index[obs["turn"]],
        "phase": obs["phase"],
        "dealer": index[obs["dealer"]],
        "first_lead": obs["first_lead"],
        "round": obs["round"],
        "over": obs["over"],
    }
    mine = index[me]

    def sample(rng: random.Random) -> Any:
        hands, rest = deal_hidden(pool, sizes, {}, holds, rng)
        game = cls()
        for key, value in fixed.items():
            setattr(game, key, value)
        game.rng = rng
        game.hands = [hands[k] if k != mine else list(hand) for k in range(n)]
        game.pile = rest[:pile_fill] + known_pile
        game.cleared = known_cleared + rest[pile_fill : pile_fill + cleared_fill]
        game.passes = [index[s] for s in obs["passes"]]
        game.exchange = None if state_exchange is None else dict(state_exchange)
        game.went_out = list(went_out)
        game.stuck = list(stuck)
        game.last_places = None if last_places is None else list(last_places)
        game.scores = [obs["scores"][s] for s in seats]
        game.presidencies = [0] * n
        game.vice_presidencies = [0] * n
        game.a_hole_rounds = [0] * n
        game.events = []
        return game

    return sample


def president_last_places(obs: Observation, memory: Memory, seats: list[str]) -> list[int] | None:
    """Last round's places: remembered, else what the titles show (the rest in seat order)."""
    if obs["round"] <= 1:
        return None
    remembered = memory.last_places
    if remembered is not None and set(remembered) == set(seats):
        return [remembered[s] for s in seats]
    n = len(seats)
    by_title = {"President": 1, "Vice-President": 2, "A-hole": n}
    places = [by_title.get(obs["titles"].get(s, ""), 0) for s in seats]
    free = iter(p for p in range(1, n + 1) if p not in places)
    return [p or next(free) for p in places]
