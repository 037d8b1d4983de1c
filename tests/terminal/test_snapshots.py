"""What the live table looks like (pytest-textual-snapshot): the SVGs in ``__snapshots__`` are
the reviewed pictures; ``pytest --snapshot-update`` redraws them after a deliberate change."""

from __future__ import annotations

from typing import Any

from terminal.live import LiveTable
from terminal.live_screens import NewRuleScreen

SIZE = (110, 34)


def still() -> float:
    return 0.0


def test_macao_table_at_the_deal(snap_compare):
    assert snap_compare(LiveTable("macao", seed=5, pace=0, clock=still), terminal_size=SIZE)


def test_president_table_after_a_few_moves(snap_compare):
    async def play(pilot: Any) -> None:
        await pilot.press("1", "1", "1")

    app = LiveTable("president", seed=2, pace=0, clock=still)
    assert snap_compare(app, terminal_size=SIZE, run_before=play)


def test_mao_table_with_its_clock_and_chat_line(snap_compare):
    async def speak(pilot: Any) -> None:
        await pilot.press(*"good day", "enter")

    app = LiveTable("mao", bots=2, seed=5, pace=0, clock=still)
    assert snap_compare(app, terminal_size=SIZE, run_before=speak)


def test_mao_new_rule_builder(snap_compare):
    async def open_builder(pilot: Any) -> None:
        pilot.app.push_screen(NewRuleScreen())
        await pilot.pause()
        pilot.app.screen.query_one("#trigger").value = "rank"
        pilot.app.screen.query_one("#effect").value = "draw"
        await pilot.pause()

    app = LiveTable("mao", bots=2, seed=5, pace=0, clock=still)
    assert snap_compare(app, terminal_size=SIZE, run_before=open_builder)
