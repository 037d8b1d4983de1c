"""Redraw ``docs/live-table.svg``, the README's picture of the live table (Textual's own
screenshot of a headless Mao round, seed 3, the human's moves chosen by the heuristic bot).

Run: ``.venv/bin/python docs/screenshot.py``.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from textual.widgets import Input  # noqa: E402

from engine.actions import Play, Say  # noqa: E402
from engine.bots import make_bot  # noqa: E402
from terminal.live import LiveTable  # noqa: E402
from terminal.practice import HUMAN  # noqa: E402


class Clock:
    t = 0.0

    def __call__(self) -> float:
        return self.t


def typed(action: object) -> str:
    if isinstance(action, Say):
        return " ".join([*(f"@{seat}" for seat in action.mentions), action.text])
    if isinstance(action, Play):
        return (
            "play "
            + " ".join(map(str, action.cards))
            + (f" suit={action.suit}" * bool(action.suit))
        )
    return str(action)


async def main() -> None:
    clock = Clock()
    app = LiveTable("mao", bots=3, seed=3, pace=0, clock=clock)
    me = make_bot("heuristic", "mao", 1)
    async with app.run_test(size=(110, 34)) as pilot:
        for _ in range(9):
            clock.t += 1.0
            app.on_tick()
            legal = app.game.legal_actions(HUMAN)
            if app.game.current_player() == HUMAN and legal:
                app.query_one("#chat", Input).value = typed(me.choose(app.observation, legal))
                await pilot.press("f3", "enter")
        clock.t += 1.5
        app.on_tick()
        # ``t`` opens the chat line (the menu has the focus, so a digit always picks a move)
        await pilot.press("t", *"@ada talking")
        await pilot.pause()
        app.save_screenshot("live-table.svg", str(ROOT / "docs"))


if __name__ == "__main__":
    asyncio.run(main())
