"""A match's result on Discord is in the reader's words: a bot's level as a practice table
names it, and the options as the table's options line writes them."""

from __future__ import annotations

import i18n
from cogs.results_render import result_embed, seat_label
from data.match_reads import MatchResult, SeatResult

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
