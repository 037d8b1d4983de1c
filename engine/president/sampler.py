"""President's determinization (see ``engine.determinize``): whole President states
consistent with what one seat has seen, its own hand and everything public copied, the other
hands, the pile under the top set and the cards cleared this round dealt at random. One part
of ``engine.president.game.President``, whose ``determinizer`` returns this sampler."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from engine.cards import Card
from engine.determinize import Observation, Sampler, deal_hidden, parse_all, seated, unseen
from engine.memory import Memory
from engine.president.sets import GIVE_STRENGTH


def president_sampler(cls: Any, observation: Observation, memory: Memory) -> Sampler:
    """The sampler for President: no stock, every card dealt; the hidden ones are the other
    hands, the pile under the top set and the cards cleared this round, less what the
    memory saw played."""
    obs = observation
    me, seats, index = seated(obs)
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
    voids: dict[int, list[tuple[frozenset[Card], int]]] = {}
    received = None if exchange is None else exchange.get("received")
    if exchange is not None and received and me == exchange["president"]:
        # PRES-10: the A-hole gave its highest card, so it holds none higher now but the
        # one this seat gave back
        a_hole = index[exchange["a_hole"]]
        limit = GIVE_STRENGTH[Card.parse(received).rank]
        gave_back = holds.get(a_hole, [])
        higher = frozenset(c for c in pool if GIVE_STRENGTH[c.rank] > limit and c not in gave_back)
        if higher and a_hole in sizes:
            voids[a_hole] = [(higher, sizes[a_hole])]
    return PresidentSampler(
        cls,
        fixed,
        index[me],
        hand,
        pool,
        sizes,
        holds,
        voids,
        (pile_fill, cleared_fill),
        (known_pile, known_cleared),
        obs,
        (went_out, stuck, last_places, state_exchange),
    )


class PresidentSampler:
    """A sampler of President states (``engine.determinize.Sampler``): called with a
    ``random.Random`` it deals the hidden cards at random (``deal``) and builds the state
    (``build``); the two halves are apart so that a bot that weighs deals by what the
    rivals did can move cards between the hidden hands before building."""

    def __init__(
        self,
        cls: Any,
        fixed: dict[str, Any],
        mine: int,
        hand: list[Card],
        pool: list[Card],
        sizes: dict[int, int],
        holds: dict[int, list[Card]],
        voids: dict[int, list[tuple[frozenset[Card], int]]],
        fills: tuple[int, int],
        known: tuple[list[Card], list[Card]],
        obs: Observation,
        places: tuple[list[int], list[int], list[int] | None, dict[str, Any] | None],
    ) -> None:
        self.cls = cls
        self.fixed = fixed
        #: this seat's index and hand
        self.mine = mine
        self.hand = hand
        #: the cards this seat has not seen, and how many each other seat holds
        self.pool = pool
        self.sizes = sizes
        #: cards a seat is known to hold (the card this seat gave in the exchange)
        self.holds = holds
        #: cards a seat is known not to hold, as ``engine.determinize.deal_hidden`` reads them
        self.voids = voids
        self.pile_fill, self.cleared_fill = fills
        self.known_pile, self.known_cleared = known
        seats = fixed["seats"]
        self.passes = [fixed["index"][s] for s in obs["passes"]]
        self.scores = [obs["scores"][s] for s in seats]
        self.went_out, self.stuck, self.last_places, self.exchange = places

    def __call__(self, rng: random.Random) -> Any:
        hands, rest = self.deal(rng)
        return self.build(hands, rest, rng)

    def deal(self, rng: random.Random) -> tuple[dict[int, list[Card]], list[Card]]:
        """The other seats' hands, by seat, and the hidden cards left (the pile under the
        top set, then the cards cleared), dealt at random."""
        return deal_hidden(self.pool, self.sizes, self.voids, self.holds, rng)

    def build(self, hands: dict[int, list[Card]], rest: list[Card], rng: random.Random) -> Any:
        """The state with these hidden hands and cards (``deal``'s form), holding ``rng``."""
        n = len(self.fixed["seats"])
        mine = self.mine
        game = self.cls()
        for key, value in self.fixed.items():
            setattr(game, key, value)
        game.rng = rng
        game.hands = [list(hands[k]) if k != mine else list(self.hand) for k in range(n)]
        pile_fill = self.pile_fill
        game.pile = rest[:pile_fill] + self.known_pile
        game.cleared = self.known_cleared + rest[pile_fill : pile_fill + self.cleared_fill]
        game.passes = list(self.passes)
        game.exchange = None if self.exchange is None else dict(self.exchange)
        game.went_out = list(self.went_out)
        game.stuck = list(self.stuck)
        game.last_places = None if self.last_places is None else list(self.last_places)
        game.scores = list(self.scores)
        game.presidencies = [0] * n
        game.vice_presidencies = [0] * n
        game.a_hole_rounds = [0] * n
        game.events = []
        return game


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
