"""The shedding games' determinization (``SheddingGame.determinizer``): whole states of a
shedding game consistent with what one seat has seen, its own hand and everything public kept,
the cards it cannot see dealt at random (``engine.determinize``) within every count and every
void its memory holds. A game adds its own fields through ``extra_from_observation``."""

from __future__ import annotations

import random
from typing import Any

from engine.cards import Card
from engine.determinize import (
    Observation,
    Sampler,
    deal_hidden,
    parse_all,
    seat_voids,
    seated,
    unseen,
)
from engine.memory import Memory


def known_pile(memory: Memory, top: str | None, size: int) -> list[str]:
    """The pile cards the memory vouches for (bottom first), at least the top when seen."""
    pile = list(memory.pile)
    if top is None:
        return []
    if not pile or pile[-1] != top or len(pile) > size:
        return [top]
    return pile


def sampler(cls: Any, observation: Observation, memory: Memory) -> Sampler:
    """The sampler for a ``SheddingGame`` subclass; its ``extra_from_observation`` adds the
    game's own fields."""
    obs = observation
    me, seats, index = seated(obs)
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
