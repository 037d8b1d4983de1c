"""The standings picture: one line a player, cut to a bounded size, a small PNG."""

from __future__ import annotations

import io

from PIL import Image

from pictures.standings import MOST, standings_picture, standings_png


def test_one_line_a_player_and_never_more_than_the_most() -> None:
    few = standings_picture("Standings", [("1.", "ana", "4"), ("2.", "bo", "2")])
    many = standings_picture("Standings", [(f"{n}.", f"p{n}", "0") for n in range(50)])
    full = standings_picture("Standings", [(f"{n}.", f"p{n}", "0") for n in range(MOST)])
    assert few.height < many.height
    assert many.height == full.height


def test_the_png_is_small_and_reads_back() -> None:
    data = standings_png("Swiss · Final standings", [("1.", "ana 🔥", "4,5")] * 20)
    assert len(data) < 100 * 1024
    assert Image.open(io.BytesIO(data)).size[0] == 560


def test_a_name_the_font_cannot_write_is_written_as_a_numbered_player() -> None:
    from pictures import text

    assert text.drawable_name("张伟", "Player 2") == "Player 2"
    assert text.drawable_name("🎲🎲", "Spieler 1") == "Spieler 1"
    assert text.drawable_name("ana 🔥", "Player 1") == "ana"
    lines = [("1.", "张伟", "4"), ("2.", "ana", "2")]
    nameless = standings_picture("Standings", lines, "Player {n}")
    named = standings_picture("Standings", [("1.", "Player 1", "4"), ("2.", "ana", "2")])
    assert nameless.tobytes() == named.tobytes()
