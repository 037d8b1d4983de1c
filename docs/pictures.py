"""Redraw the README's pictures of a real table on Discord: ``docs/discord-lobby.png``,
``docs/discord-table.png``, ``docs/discord-hand.png`` and ``docs/discord-mao-thread.png``.

Nothing here is mocked up: the real bot plays real tables against the loopback fake Discord
of the tests (``tests/fakediscord``), and what it posted (content, embeds, buttons, attached
pictures) is drawn the way Discord's dark theme shows it, with Pillow and the project's own
font and suit shapes (``pictures.faces``). So the pictures change when the bot's messages do.

Run: ``.venv/bin/python docs/pictures.py`` (a few seconds; no network, no token). The
terminal's picture is ``docs/screenshot.py``'s.
"""

from __future__ import annotations

import asyncio
import random
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from docs.discord_look import Shown, render  # noqa: E402
from tests.e2e.chairman import (  # noqa: E402
    click,
    hand_message,
    lobby_id,
    open_table,
    play_one,
    settled,
    start_bot,
)
from tests.e2e.maotable import mao_table  # noqa: E402
from tests.fakediscord import FakeDiscord, FakeMessage  # noqa: E402

OUT = ROOT / "docs"


def shown(fake: FakeDiscord, message: FakeMessage) -> Shown:
    author = fake.world.user(message.author_id)
    return Shown(
        author=author.name,
        bot=message.author_id == fake.bot_user.id,
        content=readable(fake, message.content),
        embeds=[
            {**e, "description": readable(fake, e.get("description") or "")} for e in message.embeds
        ],
        components=message.components,
        files={a.filename: a.data for a in message.attachments},
    )


def readable(fake: FakeDiscord, text: str) -> str:
    """Discord's markup as the client renders it: mentions by name, a channel by its name,
    a timestamp as words."""

    def user(match: re.Match[str]) -> str:
        return "\x01@" + fake.world.user(int(match[1])).name + "\x02"

    def channel(match: re.Match[str]) -> str:
        found = fake.world.channel(int(match[1]))
        return "\x01#" + (found.name if found else "channel") + "\x02"

    text = re.sub(r"<@!?(\d+)>", user, text)
    text = re.sub(r"<#(\d+)>", channel, text)
    return re.sub(r"<t:\d+:R>", "in a few seconds", text)


# --- the tables ------------------------------------------------------------------------------
async def macao(fake: FakeDiscord, tmp: Path) -> None:
    """A Macao table of two people and two bots: its lobby, the table a few turns in, and
    one player's hand DM."""
    ana, bruno = fake.add_member("Ana"), fake.add_member("Bruno")
    bot = await start_bot(fake, tmp / "macao", seed=5)
    _, _, lobby = await open_table(fake, bot, ana, game="macao", bots=2)
    await click(fake, bruno, lobby, lobby_id(lobby, "join"))
    render([shown(fake, fake.message(lobby.id))], OUT / "discord-lobby.png")
    await click(fake, ana, lobby, lobby_id(lobby, "start"))
    await bot.publisher.settled()
    rng = random.Random(3)
    people = (ana, bruno)
    for _ in range(40):  # the people play what their DMs offer; the bots play on their own
        # a bot's move is a timer the bot's catching up does not wait for: wait for a person
        await fake.wait_for(
            lambda: any("Your turn" in hand_message(fake, u).content for u in people),
            what="a person's turn",
        )
        await settled(bot)
        dm = hand_message(fake, ana)
        if "Your turn" in dm.content and turns_played(dm) >= 4 and card_buttons(dm) >= 3:
            break  # a hand with a choice to show
        for user in people:
            dm = hand_message(fake, user)
            if "Your turn" in dm.content:
                await play_one(fake, user, dm, rng)
                await settled(bot)
    render([shown(fake, fake.message(lobby.id))], OUT / "discord-table.png")
    render([shown(fake, hand_message(fake, ana))], OUT / "discord-hand.png")
    await fake.close_bots()


def card_buttons(message: FakeMessage) -> int:
    """How many cards a hand DM offers as buttons of their own."""
    return sum(
        1
        for c in message.components_flat()
        if c.get("type") == 2 and ":play " in c.get("custom_id", "")
    )


def turns_played(message: FakeMessage) -> int:
    return len(message.edits)


async def mao(fake: FakeDiscord, tmp: Path) -> None:
    """A Mao thread: a card that went back, chatter called, the Chairman's rulings."""
    mt = await mao_table(
        fake,
        tmp / "mao",
        ("Ana", "Bruno", "Chen"),
        hands={"Ana": "9C 5C 3D", "Bruno": "4C 8D QH", "Chen": "KS 2H 7C"},
        turn_seconds=0,
    )
    await mt.press("Ana", "play 9C")
    chatter = await mt.say("Bruno", "ha, nice try")
    await mt.say("Ana", "Talking", reply_to=chatter)
    await mt.press("Ana", "play 5C")
    await mt.advance(11.0)
    thread = [shown(fake, m) for m in fake.messages(mt.thread_id)]
    render(thread, OUT / "discord-mao-thread.png")


async def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for scene in (macao, mao):
            fake = FakeDiscord()
            await fake.start()
            patch = fake.patch_client()
            patch.apply()
            try:
                (Path(tmp) / scene.__name__).mkdir()
                await scene(fake, Path(tmp))
            finally:
                await fake.stop()
                patch.undo()


if __name__ == "__main__":
    asyncio.run(main())
