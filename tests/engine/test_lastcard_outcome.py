"""Last Card's outcome (LAST-9): most games won first, then the fewest places summed; equals
share a place; places are listed best first, winners in seat order."""

from __future__ import annotations

import pytest

from engine import new_game
from engine.turns import BotTable
from terminal.simulate import SeatBots, seat_kinds


def finished_match(players: int, seed: int):
    seat_bots = SeatBots("lastcard", seat_kinds("random", players, "lastcard"))
    options = {"games": 1 + seed % 4, "max_turns": (0, 30, 60)[seed % 3]}
    game = new_game("lastcard", list(seat_bots.kept), seed=seed, options=options)
    table = BotTable(seat_bots.for_game(seed))
    while table.step(game) is not None:
        pass
    assert game.is_over
    return game


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_outcome_ranks_games_won_then_places_summed_and_equals_share(players):
    ties = 0
    for seed in range(40):
        game = finished_match(players, seed)
        out = game.outcome()
        seats = game.seats
        won = dict(zip(seats, game.scores, strict=True))
        summed = {s: sum(r["places"][s] for r in game.results) for s in seats}
        rank = {s: (-won[s], summed[s]) for s in seats}
        for s in seats:
            assert out["places"][s] == 1 + sum(rank[o] < rank[s] for o in seats)
        assert list(out["places"].values()) == sorted(out["places"].values())
        assert out["winners"] == [s for s in seats if out["places"][s] == 1]
        assert out["draw"] == (len(out["winners"]) > 1)
        assert out["scores"] == won
        ties += len(set(out["places"].values())) < players
    assert ties  # some matches had seats sharing a place
