"""A seat's public facts read alike on every surface (``engine.seat_facts``): at President a
seat that went out says its place, and a seat holding a title (PRES-9) says it, on the
Discord table message, at the terminal and on the web page, in the table's language."""

from __future__ import annotations

from typing import Any

import pytest

import engine.seat_facts
from cogs import presentation
from engine import new_game
from engine.base import Game
from engine.bots import make_bot
from terminal.render import table_lines
from tests.examples import assert_examples_hold
from tests.running_table import running_table
from web.frames import frame

SEATS = ["ana", "bo", "cy", "di"]


def test_the_module_examples_hold():
    assert_examples_hold(engine.seat_facts)


def president_with_titles_and_one_out() -> Game:
    """A President match of heuristic bots, in a round after the first, once a seat is out."""
    game = new_game("president", SEATS, seed=1)
    bots = {s: make_bot("heuristic", "president", k) for k, s in enumerate(SEATS)}
    for _ in range(2000):
        seat = game.current_player()
        assert seat is not None
        game.apply(seat, bots[seat].choose(game.observation(seat), game.legal_actions(seat)))
        view = game.observation(None)
        if view["titles"] and view["out"]:
            return game
    raise AssertionError("no round with titles and a seat out")


def facts(game: Game) -> tuple[str, str, str]:
    """A seat that went out, its place, and a seat holding the President's title."""
    view = game.observation(None)
    gone: Any = view["out"]  # President's: each seat out with its place
    out, place = next((s, o["place"]) for s, o in gone.items())
    president = next(s for s, t in view["titles"].items() if t == "President")
    return out, place, president


@pytest.mark.parametrize(
    ("lang", "out_words", "title"),
    [
        ("en", "out in place {place}", "President"),
        ("pt-BR", "saiu em {place}º lugar", "Presidente"),
    ],
)
def test_pres_9_the_discord_table_message_says_places_out_and_titles(lang, out_words, title):
    game = president_with_titles_and_one_out()
    out, place, president = facts(game)
    embed = presentation.table_embed(running_table(game, lang))
    lines = "\n".join(f.value for f in embed.fields).split("\n")
    assert any(out.capitalize() in line and out_words.format(place=place) in line for line in lines)
    assert any(president.capitalize() in line and f"· {title}" in line for line in lines)


def test_pres_9_the_terminal_says_places_out_and_titles():
    game = president_with_titles_and_one_out()
    out, place, president = facts(game)
    text = "\n".join(table_lines(game.observation(None)))
    assert f"{out} (out in place {place}" in text
    assert any(president in part and "President" in part for part in text.split("|"))


def test_pres_9_the_web_page_says_places_out_and_titles():
    game = president_with_titles_and_one_out()
    out, place, president = facts(game)
    seats = {s["key"]: s for s in frame(running_table(game), None)["seats"]}
    assert seats[out]["count"] == f"out in place {place}"
    assert seats[president]["title"] == "President"


def test_mao_17_every_surface_says_each_seats_rounds_won_zero_included():
    game = new_game("mao", SEATS, seed=2)
    embed = presentation.table_embed(running_table(game))
    discord_lines = "\n".join(f.value for f in embed.fields).split("\n")
    terminal = "\n".join(table_lines(game.observation(None)))
    page = frame(running_table(game), None)["seats"]
    for seat in SEATS:
        assert any(
            f"{seat.capitalize()}" in line and "0 rounds won" in line for line in discord_lines
        )
        assert f"{seat} (5 cards, 0 rounds won)" in terminal
    assert all(s["score"] == "0 rounds won" for s in page)


def mao_with_a_seat_away() -> tuple[Game, str]:
    """A Mao game whose seat on turn let its turn run out three times in a row (MAO-14)."""
    game = new_game("mao", SEATS, seed=2)
    for _ in range(60):
        gone = game.observation(None)["away"]
        if gone:
            return game, gone[0]
        deadline = game.next_deadline()
        assert deadline is not None
        game.tick(deadline)
    raise AssertionError("no seat marked away")


def test_mao_14_every_surface_marks_a_seat_its_game_marked_away():
    game, away = mao_with_a_seat_away()
    embed = presentation.table_embed(running_table(game))
    discord_lines = "\n".join(f.value for f in embed.fields).split("\n")
    seat_lines = [line for line in discord_lines if " · " in line]
    (line,) = [line for line in seat_lines if line.startswith(away.capitalize())]
    assert line.startswith(f"{away.capitalize()} (away, bot playing) · ")
    assert "away" not in line.split(" · ", 1)[1]  # said once, not again beside its cards
    page = {s["key"]: s["name"] for s in frame(running_table(game), None)["seats"]}
    assert page[away] == f"{away.capitalize()} (away, bot playing)"
    assert all(name == s.capitalize() for s, name in page.items() if s != away)
    terminal = "\n".join(table_lines(game.observation(None)))
    assert f"{away} (" in terminal and "away, bot playing" in terminal
