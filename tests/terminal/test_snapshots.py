"""What the live table looks like (pytest-textual-snapshot): the SVGs in ``__snapshots__`` are
the reviewed pictures; ``pytest --snapshot-update`` redraws them after a deliberate change."""

from __future__ import annotations

from typing import Any

from terminal.games.mao.screens import NewRuleScreen
from terminal.live import LiveTable
from tests.terminal.waiting import type_line, until

SIZE = (110, 34)


def still() -> float:
    return 0.0


def test_macao_table_at_the_deal(snap_compare):
    assert snap_compare(LiveTable("macao", seed=5, pace=0, clock=still), terminal_size=SIZE)


def test_president_table_after_a_few_moves(snap_compare):
    async def play(pilot: Any) -> None:
        def moves() -> int:
            # the human's own moves ("you missed a turn" is the table's doing, not a key's)
            return sum(line.startswith(("you played", "you passed")) for line in pilot.app.lines)

        for made in range(1, 4):  # a key's move is in before the next key and the picture
            await pilot.press("1")
            await until(pilot, lambda: moves() == made, f"move {made}")  # noqa: B023

    app = LiveTable("president", seed=2, pace=0, clock=still)
    assert snap_compare(app, terminal_size=SIZE, run_before=play)


def test_mao_table_with_its_clock_and_chat_line(snap_compare):
    async def speak(pilot: Any) -> None:
        # the chat cursor blinks on wall time, every 0.5 s: a loaded machine could take the
        # picture in its dark half. A steady cursor is the lit half the picture shows.
        pilot.app.query_one("#chat").cursor_blink = False
        await type_line(pilot, "good day")

    app = LiveTable("mao", bots=2, seed=5, pace=0, clock=still)
    assert snap_compare(app, terminal_size=SIZE, run_before=speak)


def test_mao_new_rule_builder(snap_compare):
    async def open_builder(pilot: Any) -> None:
        pilot.app.push_screen(NewRuleScreen())
        await until(pilot, lambda: pilot.app.screen.is_mounted, "the builder")
        builder = pilot.app.screen
        builder.query_one("#trigger").value = "rank"
        builder.query_one("#effect").value = "draw"

        def asked() -> list[str | None]:
            return [f.id for f in builder.query(".detail") if f.display]

        await until(pilot, lambda: asked() == ["detail", "count"], "the details asked")

    app = LiveTable("mao", bots=2, seed=5, pace=0, clock=still)
    assert snap_compare(app, terminal_size=SIZE, run_before=open_builder)
