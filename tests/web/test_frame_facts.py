"""The page tells what Discord tells: in its facts what the table message says, the turns a
seat will lose to a stack of 4s (MACAO-9) and, while the match runs, how it is won and who
leads it; above a seated player's cards what their hand DM says, the hint after a draw."""

from __future__ import annotations

import random

from engine import new_game
from engine.standing import describe_standing
from engine.words import show_card
from tables.model import Table
from tests.running_table import running_table
from web.frames import frame

KEYS = ["1000", "1001", "1002", "1003"]


def macao_table(until, drew: bool = False) -> Table:
    """A Macao table played at random until ``until(view)`` holds (or, with ``drew``, until
    the seat on turn has just drawn a card)."""
    for seed in range(400):
        game = new_game("macao", KEYS, seed=seed)
        rng = random.Random(seed)
        for _ in range(200):
            seat = game.current_player()
            if game.is_over or seat is None:
                break
            game.apply(seat, rng.choice(game.legal_actions(seat)))
            turn = game.current_player()
            drawn = drew and turn is not None and game.observation(turn).get("drawn")
            if drawn or until(game.observation(None)):
                return running_table(game)
    raise AssertionError("no such Macao position in 400 games")


def test_macao_9_the_page_tells_the_turns_a_seat_will_lose():
    table = macao_table(lambda view: bool(view.get("lost_turns")))
    assert table.game is not None
    [(key, lost)] = list(table.game.observation(None)["lost_turns"].items())[:1]
    name = table.names()[key]
    turns = f"{lost} turn" if lost == 1 else f"{lost} turns"
    assert f"{name} will lose {turns}" in frame(table, None)["facts"]


def test_macao_4_after_a_draw_the_page_says_what_the_card_drawn_may_do():
    table = macao_table(lambda view: False, drew=True)
    assert table.game is not None
    seat = table.game.current_player()
    assert seat is not None
    drawn = table.game.observation(seat)["drawn"]
    said = frame(table, seat)["prompt"]
    assert said[0].startswith(f"You drew {show_card(drawn)}") and said[-1] == "**Your turn.**"


def test_the_page_tells_how_the_match_is_won_and_who_leads():
    table = macao_table(lambda view: any(view.get("scores", {}).values()))
    assert table.game is not None
    scores = table.game.observation(None)["scores"]
    names = table.names()
    standing = describe_standing(
        table.game_class, table.options, scores, lambda key: names.get(key, str(key))
    )
    assert standing and all(line in frame(table, None)["facts"] for line in standing)


def test_mao_12_a_page_out_of_turn_names_whose_turn_it_is_not_every_card():
    """At Mao every card held is offered whoever's turn it is (MAO-12): the page's line
    names whose turn it is, as the Mao hand does, not a list of every card."""
    game = new_game("mao", KEYS, seed=1)
    table = running_table(game)
    turn = game.current_player()
    other = next(k for k in KEYS if k != turn)
    assert frame(table, other)["prompt"] == [f"Turn: {table.names()[turn]}."]
    assert frame(table, turn)["prompt"] == ["**Your turn.**"]


def finished_macao(status: str) -> Table:
    """A one-round Macao match played to its end, its table ``status``."""
    game = new_game("macao", KEYS, seed=3, options={"rounds": 1})
    rng = random.Random(3)
    while not game.is_over:
        seat = game.current_player()
        assert seat is not None
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    table = running_table(game)
    table.status = status
    return table


def test_a_finished_match_is_told_by_its_winner_and_places_as_on_discord():
    from cogs.render import finished_line

    table = finished_macao("finished")
    facts = frame(table, None)["facts"]
    assert finished_line(table) in facts
    assert any(fact.startswith("**Match over.** Winner: **") for fact in facts)


def test_a_table_that_ended_early_says_why_as_on_discord():
    table = finished_macao("ended")
    table.end_reason = "ended by the host"
    assert "Table ended (ended by the host)." in frame(table, None)["facts"]
