"""Waiting, in pilot tests, for what a key does rather than for the pilot to look done.

Textual's ``pilot.press`` and ``pilot.pause`` return once the process *looks* idle: they
compare process time with wall time, and on a loaded machine a process waiting for a core
looks idle too. A key can then still be on its way from the app to the focused widget and
back to a binding when ``press`` returns. A test therefore waits for the key's effect (the
line sent, the screen opened, the move made), with a long patience that only bounds a hang.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

#: seconds of wall time before a wait gives up: a bound against a hang, never a guess at how
#: long a key takes (an idle machine needs milliseconds)
PATIENCE = 60.0


async def until(pilot: Any, condition: Callable[[], object], what: str) -> None:
    """Let the app run until ``condition()`` holds, then once more so the layout is current."""
    give_up = time.monotonic() + PATIENCE
    while not condition():
        if time.monotonic() > give_up:
            raise AssertionError(f"still waiting after {PATIENCE:.0f} s for {what}")
        await pilot.pause()
    await pilot.pause()


async def type_line(pilot: Any, text: str) -> None:
    """Type ``text`` key by key into the chat line and send it, as a person would.

    Each step waits for the one before: the chat has the focus, then holds every character,
    then is emptied by the table taking the line in (the table clears it before it acts)."""
    chat = pilot.app.query_one("#chat")
    await pilot.press("f3")
    await until(pilot, lambda: pilot.app.focused is chat, "the chat line to take the focus")
    await pilot.press(*text)
    await until(pilot, lambda: chat.value == text, f"{text!r} typed in the chat line")
    await pilot.press("enter")
    await until(pilot, lambda: chat.value == "", f"the table to take in {text!r}")


async def send_line(pilot: Any, text: str) -> None:
    """Put ``text`` in the chat line and press Enter (quicker, for long playthroughs)."""
    chat = pilot.app.query_one("#chat")
    await pilot.press("f3")
    await until(pilot, lambda: pilot.app.focused is chat, "the chat line to take the focus")
    chat.value = text
    await pilot.press("enter")
    await until(pilot, lambda: chat.value == "", f"the table to take in {text!r}")


async def type_into(pilot: Any, selector: str, text: str) -> None:
    """Click the field ``selector`` on the current screen and type ``text`` into it."""
    field = pilot.app.screen.query_one(selector)
    await pilot.click(selector)
    await until(pilot, lambda: pilot.app.focused is field, f"{selector} to take the focus")
    await pilot.press(*text)
    await until(pilot, lambda: field.value == text, f"{text!r} typed in {selector}")
