"""A practice table's opening line names the game by its title and the bots' level in the
table's language ("Antrenament de Ultima carte: tu contra 3 boți de nivel intermediar"), never
the command line's ``lastcard`` and ``heuristic``; in English "Practice Last Card", as the
table's header names it."""

from __future__ import annotations

import io

import pytest

from terminal.opening import start


def opening(game: str, lang: str, level: str = "heuristic") -> str:
    out = io.StringIO()
    start(game, seed=4, level=level, stdin=io.StringIO("quit\n"), stdout=out, lang=lang)
    return out.getvalue().splitlines()[0]


@pytest.mark.parametrize(
    ("lang", "level", "start_of_line"),
    [
        ("ro", "heuristic", "Antrenament de Ultima carte: tu contra 3 boți de nivel intermediar ("),
        ("ro", "random", "Antrenament de Ultima carte: tu contra 3 boți de nivel începător ("),
        (
            "pt-BR",
            "heuristic",
            "Treino de Última Carta: você contra 3 bots de nível intermediário (",
        ),
        ("en", "random", "Practice Last Card: you against 3 random bots ("),
    ],
)
def test_the_opening_line_names_game_and_level_in_the_tables_language(lang, level, start_of_line):
    assert opening("lastcard", lang, level).startswith(start_of_line)
