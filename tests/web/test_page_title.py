"""The page's title is the table's, in its language, as its Discord message heads it: a
Brazilian table's page reads "Presidente · mesa nº 1", not the engine's English name."""

from __future__ import annotations

import pytest

from engine import new_game
from tests.running_table import running_table
from web.frames import frame

KEYS = ["1000", "1001", "1002", "1003"]


@pytest.mark.parametrize(
    ("language", "title"),
    [("en", "President · table #1"), ("pt-BR", "Presidente · mesa nº 1")],
)
def test_the_pages_title_is_the_tables_in_its_language(language, title):
    game = new_game("president", KEYS, seed=3)
    table = running_table(game, language)
    assert frame(table, None)["title"] == title
