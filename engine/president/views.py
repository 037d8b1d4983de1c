"""What President shows: observations, determinization and the saved form."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.base import RECENT_EVENTS, Game, rng_from_json, rng_to_json
from engine.cards import Card
from engine.determinize import Sampler, president_sampler
from engine.events import Observation, events_from_json
from engine.memory import Memory
from engine.president.rounds import Rounds
from engine.president.sets import A_HOLE, CARD_TEXT, ORDER_KEY, PRESIDENT, VICE_PRESIDENT

#: PRES-9's titles by place, but the last place's (``title_for``)
TITLES: dict[int, str | None] = {1: PRESIDENT, 2: VICE_PRESIDENT}

TEXT, ORDER = CARD_TEXT.__getitem__, ORDER_KEY.__getitem__


class Views(Rounds):
    """Observations, the sampler the expert bot searches with, and serialisation."""

    # --- what seats may see ---------------------------------------------------------------
    def observation(self, seat: str | None) -> Observation:
        """What ``seat`` may see; ``None`` gives the spectators' (public) view."""
        k = None if seat is None else self.seat_index(seat)
        seats = self.seats
        n = len(seats)
        out = {}
        for j, place in enumerate(self.places()):
            if place:
                out[seats[j]] = {
                    "place": place,
                    "title": A_HOLE if place == n else TITLES.get(place),
                }
        return {
            "game": self.name,
            "seat": seat,
            "seats": list(seats),
            "hand": [] if k is None else [*map(TEXT, sorted(self.hands[k], key=ORDER))],
            "phase": self.phase,
            "turn": self.current_player(),
            "dealer": self.seats[self.dealer],
            "top": [*map(TEXT, self.top_set)] or None,
            "top_seat": None if self.last_player is None else self.seats[self.last_player],
            "run": self.run(),
            "pile": len(self.pile),
            "passes": [*map(seats.__getitem__, self.passes)],
            "first_lead": self.first_lead,
            "counts": dict(zip(seats, map(len, self.hands), strict=True)),
            "out": out,
            "titles": self.titles(),
            "exchange": self.exchange_view(k),
            "scores": dict(zip(self.seats, self.scores, strict=True)),
            "target": self.options["target"],
            "round": self.round,
            "over": self.over,
            "options": dict(self.options),
            "events": self.events[-RECENT_EVENTS:],
            # the contract's shedding fields, constant here (there is no stock at all)
            "suit": None,
            "direction": "clockwise",
            "pending": None,
        }

    def exchange_view(self, k: int | None) -> dict[str, Any] | None:
        """The exchange as everyone sees it, plus the cards for the two seats in it."""
        exchange = self.exchange
        if exchange is None:
            return None
        a_hole, president = exchange["a_hole"], exchange["president"]
        view: dict[str, Any] = {
            "a_hole": self.seats[a_hole],
            "president": self.seats[president],
            "done": exchange["to_a_hole"] is not None,
        }
        if k == a_hole:
            view["gave"], view["received"] = exchange["to_president"], exchange["to_a_hole"]
        elif k == president:
            view["gave"], view["received"] = exchange["to_a_hole"], exchange["to_president"]
        return view

    # --- determinization (engine.determinize) ---------------------------------------------
    @classmethod
    def determinizer(cls, observation: Mapping[str, Any], memory: Memory) -> Sampler:
        return president_sampler(cls, observation, memory)

    # --- serialisation --------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.name,
            "seats": list(self.seats),
            "options": dict(self.options),
            "seed": self.seed,
            "rng": rng_to_json(self.rng),
            "hands": [[str(c) for c in h] for h in self.hands],
            "pile": [str(c) for c in self.pile],
            "top_size": self.top_size,
            "last_player": self.last_player,
            "passes": list(self.passes),
            "cleared": [str(c) for c in self.cleared],
            "turn": self.turn,
            "phase": self.phase,
            "exchange": None if self.exchange is None else dict(self.exchange),
            "dealer": self.dealer,
            "first_lead": self.first_lead,
            "went_out": list(self.went_out),
            "stuck": list(self.stuck),
            "last_places": None if self.last_places is None else list(self.last_places),
            "scores": list(self.scores),
            "presidencies": list(self.presidencies),
            "vice_presidencies": list(self.vice_presidencies),
            "a_hole_rounds": list(self.a_hole_rounds),
            "round": self.round,
            "over": self.over,
            "events": [dict(e) for e in self.events],
            "version": self.version,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        parse = Card.parse
        game = cls()
        game.seats = list(data["seats"])
        game.index = {s: k for k, s in enumerate(game.seats)}
        game.options = dict(data["options"])
        game.seed = data["seed"]
        game.rng = rng_from_json(data["rng"])
        game.hands = [[parse(c) for c in h] for h in data["hands"]]
        game.pile = [parse(c) for c in data["pile"]]
        game.top_size = data["top_size"]
        game.last_player = data["last_player"]
        game.passes = list(data["passes"])
        game.cleared = [parse(c) for c in data["cleared"]]
        game.turn = data["turn"]
        game.phase = data["phase"]
        game.exchange = None if data["exchange"] is None else dict(data["exchange"])
        game.dealer = data["dealer"]
        game.first_lead = data["first_lead"]
        game.went_out = list(data["went_out"])
        game.stuck = list(data["stuck"])
        game.last_places = None if data["last_places"] is None else list(data["last_places"])
        game.scores = list(data["scores"])
        game.presidencies = list(data["presidencies"])
        game.vice_presidencies = list(data["vice_presidencies"])
        game.a_hole_rounds = list(data["a_hole_rounds"])
        game.round = data["round"]
        game.over = data["over"]
        game.events = events_from_json(data["events"])
        game.version = data["version"]
        return game
