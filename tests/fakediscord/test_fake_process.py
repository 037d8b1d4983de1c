"""A bot script run unchanged in its own process through the launcher, killed with SIGKILL and
started again: the second process identifies afresh and serves the first one's buttons."""

from __future__ import annotations

import textwrap

SCRIPT = """
import os
import sys

import discord
from discord import ui

from tests.fakediscord.helpers import ThrowawayBot


class Persistent(ui.View):
    def __init__(self):
        super().__init__(timeout=None)

    @ui.button(label="Go", custom_id="persist:go")
    async def go(self, interaction, button):
        await interaction.response.send_message(f"served by {os.getpid()}", ephemeral=True)


async def setup(bot):
    bot.add_view(Persistent())

    @bot.tree.command(name="post", description="Post the button")
    async def post(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("press", view=Persistent())


print("starting with", sys.argv[1:], flush=True)
ThrowawayBot(setup=setup).run(os.environ["DISCORD_TOKEN"])
"""


async def test_launcher_runs_a_script_that_survives_sigkill(fake_discord, tmp_path):
    fake = fake_discord
    ana = fake.add_member("ana")
    script = tmp_path / "persist_bot.py"
    script.write_text(textwrap.dedent(SCRIPT))

    first = await fake.spawn_bot(str(script), "--flag")
    await fake.wait_connected(identifies=1)
    await fake.wait_for(lambda: fake.commands(), what="command sync")
    post = await fake.slash(ana, "post", fake.general_id)
    await post.wait_answered()
    message = post.original
    press = await fake.click(ana, message, "persist:go")
    first_answer = (await press.wait_answered())["content"]

    first.kill()
    assert await first.wait() != 0
    assert "starting with ['--flag']" in first.output

    await fake.spawn_bot(str(script))
    await fake.wait_connected(identifies=2)
    press = await fake.click(ana, message, "persist:go")
    second_answer = (await press.wait_answered())["content"]
    assert first_answer.startswith("served by ") and second_answer.startswith("served by ")
    assert first_answer != second_answer


HOOK = """
import asyncio


async def settled(client):
    await asyncio.sleep(0.2)  # work the bot still owes, say
    print("caught up:", type(client).__name__, client.is_ready(), flush=True)
"""


async def test_a_process_says_when_it_has_settled_once_its_hook_returned(fake_discord, tmp_path):
    fake = fake_discord
    script = tmp_path / "persist_bot.py"
    script.write_text(textwrap.dedent(SCRIPT))
    (tmp_path / "settle_hook.py").write_text(textwrap.dedent(HOOK))
    proc = await fake.spawn_bot(str(script), settle="settle_hook:settled")
    await fake.wait_connected(identifies=1)
    await proc.settled()
    await proc.settled()
    lines = [line for line in proc.lines if "caught up" in line or "settled" in line]
    assert lines == [
        "caught up: ThrowawayBot True",
        "fakediscord: settled 1",
        "caught up: ThrowawayBot True",
        "fakediscord: settled 2",
    ]
