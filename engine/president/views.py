"""What President shows: observations and the saved form. One part of
``engine.president.game.President``; it is handed the game."""

from __future__ import annotations

from typing import Any

from engine.base import RECENT_EVENTS
from engine.cards import Card
from engine.president.rounds import PresidentRounds
from engine.president.sets import A_HOLE, CARD_TEXT, ORDER_KEY, PRESIDENT, VICE_PRESIDENT
from engine.president.shapes import PresidentObservation
from engine.president.state import PresidentState, run, top_set
from engine.president.state import places as seat_places
from engine.saved_core import core_saved, restore_core

#: PRES-9's titles by place, but the last place's (``title_for``)
TITLES: dict[int, str | None] = {1: PRESIDENT, 2: VICE_PRESIDENT}

TEXT, ORDER = CARD_TEXT.__getitem__, ORDER_KEY.__getitem__


class PresidentViews:
    """Observations and the saved form of the game it is handed; the titles it shows are
    ``rounds``'."""

    def __init__(self, rounds: PresidentRounds) -> None:
        self.rounds = rounds

    # --- what seats may see ---------------------------------------------------------------
    def observation(self, game: PresidentState, seat: str | None) -> PresidentObservation:
        """What ``seat`` may see; ``None`` gives the spectators' (public) view."""
        k = None if seat is None else game.seat_index(seat)
        seats = game.seats
        n = len(seats)
        out = {}
        for j, place in enumerate(seat_places(game)):
            if place:
                out[seats[j]] = {
                    "place": place,
                    "title": A_HOLE if place == n else TITLES.get(place),
                }
        return {
            "game": game.name,
            "seat": seat,
            "seats": list(seats),
            "hand": [] if k is None else [*map(TEXT, sorted(game.hands[k], key=ORDER))],
            "phase": game.phase,
            "turn": game.current_player(),
            "dealer": game.seats[game.dealer],
            "top": [*map(TEXT, top_set(game))] or None,
            "top_seat": None if game.last_player is None else game.seats[game.last_player],
            "run": run(game),
            "pile": len(game.pile),
            "passes": [*map(seats.__getitem__, game.passes)],
            "first_lead": game.first_lead,
            "counts": dict(zip(seats, map(len, game.hands), strict=True)),
            "out": out,
            "titles": self.rounds.titles(game),
            "exchange": self.exchange_view(game, k),
            "scores": dict(zip(game.seats, game.scores, strict=True)),
            "target": game.options["target"],
            "round": game.round,
            "over": game.over,
            "options": dict(game.options),
            "events": game.events[-RECENT_EVENTS:],
            # the contract's shedding fields, constant here (there is no stock at all)
            "suit": None,
            "direction": "clockwise",
            "pending": None,
        }

    def exchange_view(self, game: PresidentState, k: int | None) -> dict[str, Any] | None:
        """The exchange as everyone sees it, plus the cards for the two seats in it."""
        exchange = game.exchange
        if exchange is None:
            return None
        a_hole, president = exchange["a_hole"], exchange["president"]
        view: dict[str, Any] = {
            "a_hole": game.seats[a_hole],
            "president": game.seats[president],
            "done": exchange["to_a_hole"] is not None,
        }
        if k == a_hole:
            view["gave"], view["received"] = exchange["to_president"], exchange["to_a_hole"]
        elif k == president:
            view["gave"], view["received"] = exchange["to_a_hole"], exchange["to_president"]
        return view

    # --- serialisation --------------------------------------------------------------------
    def to_dict(self, game: PresidentState) -> dict[str, Any]:
        return {
            **core_saved(game),
            "pile": [str(c) for c in game.pile],
            "top_size": game.top_size,
            "last_player": game.last_player,
            "passes": list(game.passes),
            "cleared": [str(c) for c in game.cleared],
            "turn": game.turn,
            "phase": game.phase,
            "exchange": None if game.exchange is None else dict(game.exchange),
            "dealer": game.dealer,
            "first_lead": game.first_lead,
            "went_out": list(game.went_out),
            "stuck": list(game.stuck),
            "last_places": None if game.last_places is None else list(game.last_places),
            "presidencies": list(game.presidencies),
            "vice_presidencies": list(game.vice_presidencies),
            "a_hole_rounds": list(game.a_hole_rounds),
        }

    def load(self, game: PresidentState, data: dict[str, Any]) -> None:
        """Fill a blank ``game`` with the state ``to_dict`` saved."""
        restore_core(game, data)
        parse = Card.parse
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
        game.presidencies = list(data["presidencies"])
        game.vice_presidencies = list(data["vice_presidencies"])
        game.a_hole_rounds = list(data["a_hole_rounds"])
