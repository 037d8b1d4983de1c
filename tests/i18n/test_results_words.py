"""A match's result on Discord is in the reader's words: a bot's level as a practice table
names it, the options as the table's options line writes them, and every figure a game's
results keep by its label."""

from __future__ import annotations

import pytest

import i18n
from cogs.results_render import FIGURE_LABELS, figure_label, result_embed, seat_label
from data.match_reads import MatchResult, SeatResult
from data.results import seat_figures
from engine import GAMES
from terminal.simulate import play_one

PT, RO, EN = i18n.get("pt-BR"), i18n.get("ro"), i18n.get("en")


def test_a_bots_level_is_said_in_the_language():
    assert seat_label(None, "heuristic", "Ada", False, PT) == "🤖 Ada (bot intermediário)"
    assert seat_label(None, "random", "Ada", False, RO) == "🤖 Ada (bot începător)"
    assert seat_label(None, "heuristic", "Ada", False, EN) == "🤖 Ada (heuristic bot)"


def test_a_results_options_are_written_as_players_type_them():
    seat = SeatResult("p0", "Ada", None, "expert", False, 1, 120.0, True, {})
    match = MatchResult(
        7, "t", None, "macao", {"target": 300, "max_turns": 200}, 0.0, 1.0, True, [seat]
    )
    fields = {f.name: f.value for f in result_embed(match, PT).fields}
    assert fields["Opções"] == "max_vezes=200 alvo=300"
    assert "bot avançado" in fields["Resultado"]
    assert {f.name: f.value for f in result_embed(match, EN).fields}["Options"] == (
        "max_turns=200 target=300"
    )


@pytest.mark.parametrize(
    ("game", "score", "said"),
    [("macao", 120.0, "120 pts"), ("macao", 1.0, "1 pt"), ("mao", 1.0, "1 round won")],
)
def test_a_results_score_is_said_as_its_game_counts_it(game, score, said):
    """A Mao round's result scores its winner 1: one round won, not one point (MAO-17)."""
    seat = SeatResult("p0", "Ada", None, "expert", False, 1, score, True, {})
    match = MatchResult(7, "t", None, game, {}, 0.0, 1.0, True, [seat])
    fields = {f.name: f.value for f in result_embed(match, EN).fields}
    assert f" · {said} 🏆" in fields["Result"]


@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_every_figure_a_games_results_keep_has_a_label_players_read(game_name):
    """/stats shows a seat's figures by their labels: the game's own (``figure_labels``) or
    the shared ones, never an engine key such as ``a_hole_rounds``."""
    labels = {**FIGURE_LABELS, **GAMES[game_name].figure_labels}
    cls = GAMES[game_name]
    kinds = ["heuristic"] * max(cls.min_seats, 4)
    # a short match (one round where the game counts rounds), played to its end
    options = {"rounds": 1} if "rounds" in cls.defaults else {}
    played = play_one(game_name, kinds, 11, options)
    assert played["finished"]
    seats = [f"p{k}" for k in range(len(kinds))]
    for seat in seats:
        for key in seat_figures(game_name, played["outcome"], seat, seats):
            assert key.partition(": ")[0] in labels, key


def test_a_figure_is_said_in_the_readers_language_by_its_games_label():
    assert figure_label("a_hole_rounds", EN, "president") == "rounds as A-hole"
    assert figure_label("a_hole_rounds", PT, "president") == "rodadas como Cu"
    assert figure_label("penalties: talking", EN, "mao") == "penalties (talking)"
    assert figure_label("rounds", EN, "crazyeights") == "rounds played"
