"""Where the fake is as strict as Discord: the 3-second deadline, one answer per interaction,
the network guard, unknown routes, bad tokens, privileged intents, and gateway resumes."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import textwrap

import aiohttp
import discord
import pytest

from tests.fakediscord import FakeDiscord, NetworkGuardError
from tests.fakediscord.driver import REPO_ROOT
from tests.fakediscord.guard import (
    VIOLATIONS,
    ClientPatch,
    install_network_guard,
    uninstall_network_guard,
)
from tests.fakediscord.helpers import ThrowawayBot, intents_for_tests


def slow_bot(delay: float) -> ThrowawayBot:
    async def setup(bot: ThrowawayBot) -> None:
        @bot.tree.command(name="slow", description="Answers late")
        async def slow(interaction: discord.Interaction) -> None:
            await asyncio.sleep(delay)
            await interaction.response.send_message("too late")

        @bot.tree.command(name="quick", description="Answers at once")
        async def quick(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("in time")

    return ThrowawayBot(setup=setup)


async def test_an_answer_after_the_deadline_gets_unknown_interaction(fake_discord):
    fake = fake_discord
    fake.interaction_deadline = 0.05  # Discord's is 3 s; shortened so the test stays fast
    await fake.judge_on_wall_time()  # 0.05 s is less than load could take
    fake.ignore_errors.append("Unknown interaction")
    fake.allow_unanswered = True
    ana = fake.add_member("ana")
    await fake.run_bot(slow_bot(0.1))
    i = await fake.slash(ana, "slow", fake.general_id)
    await fake.wait_for(lambda: i.answers)
    assert i.answers[0]["status"] == 404 and i.answers[0]["code"] == 10062
    assert i.response is None and fake.unanswered() == [i]


async def test_a_second_initial_answer_gets_40060(fake_discord):
    fake = fake_discord
    ana = fake.add_member("ana")
    await fake.run_bot(slow_bot(0))
    i = await fake.slash(ana, "quick", fake.general_id)
    await i.wait_answered()
    url = f"{fake.api_base}/interactions/{i.id}/{i.token}/callback?with_response=1"
    body = {"type": 4, "data": {"content": "again"}}
    async with aiohttp.ClientSession() as session, session.post(url, json=body) as resp:
        assert resp.status == 400
        assert resp.headers["Content-Type"] == "application/json"
        assert (await resp.json())["code"] == 40060
    assert [a["status"] for a in i.answers] == [200, 400]
    assert i.response["content"] == "in time"


def deferring_bot() -> ThrowawayBot:
    async def setup(bot: ThrowawayBot) -> None:
        @bot.tree.command(name="later", description="Thinks, says nothing")
        async def later(interaction: discord.Interaction) -> None:
            await interaction.response.defer(thinking=True)

    return ThrowawayBot(setup=setup)


async def test_the_token_edits_and_follows_up_only_within_its_lifetime(fake_discord):
    fake = fake_discord
    ana = fake.add_member("ana")
    await fake.run_bot(deferring_bot())
    i = await fake.slash(ana, "later", fake.general_id)
    await i.wait_answered()
    url = f"{fake.api_base}/webhooks/{fake.world.application_id}/{i.token}"
    async with aiohttp.ClientSession() as session:
        body = {"content": "in time"}
        async with session.patch(f"{url}/messages/@original", json=body) as resp:
            assert resp.status == 200
        fake.token_lifetime = 0.0  # Discord's is 15 minutes; expired here at once
        async with session.post(f"{url}?wait=1", json={"content": "too late"}) as resp:
            assert resp.status == 401 and (await resp.json())["code"] == 50027
    assert i.original.content == "in time" and "too late" not in i.text()


FOREVER_THINKING = """
from tests.fakediscord.test_fake_strictness import deferring_bot


async def test_left_thinking(monkeypatch, fake_discord):
    monkeypatch.setattr("tests.fakediscord.fixtures.THINKING_GRACE", 0.05)
    ana = fake_discord.add_member("ana")
    await fake_discord.run_bot(deferring_bot())
    i = await fake_discord.slash(ana, "later", fake_discord.general_id)
    await i.wait_answered()
"""


def test_the_fixture_fails_a_test_that_leaves_an_interaction_thinking(tmp_path):
    result = _run_failing(tmp_path, FOREVER_THINKING)
    assert result.returncode == 1, result.out
    assert "left thinking" in result.out


async def test_a_route_the_fake_lacks_is_recorded(fake_discord):
    fake = fake_discord
    bot = await fake.run_bot(ThrowawayBot())
    with pytest.raises(discord.NotFound):
        await bot.get_guild(fake.guild_id).fetch_emojis()
    assert fake.unsupported == [f"GET /api/v10/guilds/{fake.guild_id}/emojis"]
    fake.unsupported.clear()  # the fixture would fail the test otherwise


async def test_the_guard_refuses_real_hosts_and_a_missed_redirect_fails_at_login():
    fake = FakeDiscord()
    await fake.start()
    before = len(VIOLATIONS)
    install_network_guard()
    bot = ThrowawayBot()
    try:
        with pytest.raises(NetworkGuardError):
            async with aiohttp.ClientSession() as session:
                await session.get("https://discord.com/api/v10/gateway")
        with pytest.raises(NetworkGuardError):
            await bot.login(fake.token)  # Route.BASE still points at discord.com
    finally:
        await bot.close()
        uninstall_network_guard()
        await fake.stop()
    assert len(VIOLATIONS) == before + 2
    del VIOLATIONS[before:]


async def test_a_wrong_token_is_a_login_failure():
    fake = FakeDiscord()
    await fake.start()
    bot = ThrowawayBot()
    try:
        with ClientPatch(fake.api_base, fake.gateway_url), pytest.raises(discord.LoginFailure):
            await bot.login("not-the-token")
    finally:
        await bot.close()
        await fake.stop()


async def test_privileged_intents_must_be_enabled_for_the_application():
    fake = FakeDiscord(privileged_intents=())
    await fake.start()
    try:
        with (
            ClientPatch(fake.api_base, fake.gateway_url),
            pytest.raises(discord.PrivilegedIntentsRequired),
        ):
            await fake.run_bot(ThrowawayBot(intents=intents_for_tests(message_content=True)))
    finally:
        await fake.stop()


async def test_the_application_flags_say_which_privileged_intents_are_granted(fake_discord):
    bot = await fake_discord.run_bot(ThrowawayBot(intents=intents_for_tests(message_content=True)))
    granted = (await bot.application_info()).flags
    assert granted.gateway_message_content_limited and granted.gateway_guild_members_limited
    fake_discord.privileged_intents.discard("message_content")
    refused = (await bot.application_info()).flags
    assert not refused.gateway_message_content_limited and not refused.gateway_message_content


async def test_a_dropped_connection_resumes_and_replays_missed_events(fake_discord):
    fake = fake_discord
    ana = fake.add_member("ana")
    bot = await fake.run_bot(ThrowawayBot())
    await fake.drop_connections()
    said = await fake.user_says(ana, fake.general_id, "while you were away")
    await fake.wait_for(lambda: fake.gateway.resume_count == 1, what="RESUME")
    await fake.wait_for(lambda: any(m.id == said.id for m in bot.seen_messages), what="replay")
    assert fake.gateway.identify_count == 1


FAILING_TESTS = """
import discord

from tests.fakediscord.helpers import ThrowawayBot


def broken_bot():
    async def setup(bot):
        @bot.tree.command(name="boom", description="Raises")
        async def boom(interaction: discord.Interaction) -> None:
            raise RuntimeError("handler exploded")

    return ThrowawayBot(setup=setup)


async def test_handler_exception(fake_discord, caplog):
    fake_discord.interaction_deadline = 0.05
    await fake_discord.judge_on_wall_time()
    ana = fake_discord.add_member("ana")
    await fake_discord.run_bot(broken_bot())
    i = await fake_discord.slash(ana, "boom", fake_discord.general_id)
    # the handler has run (a loaded machine may not have got to it in a fixed 0.1 s)
    await fake_discord.wait_for(lambda: "handler exploded" in caplog.text, what="the handler")
"""


class _Run:
    def __init__(self, returncode: int, out: str) -> None:
        self.returncode = returncode
        self.out = out


def _run_failing(tmp_path, source: str) -> _Run:
    """Run ``source``'s tests in a pytest of their own, with only the fake's fixture."""
    path = tmp_path / "test_failing.py"
    path.write_text(textwrap.dedent(source))
    # Only the two plugins needed: autoloading every installed plugin costs seconds.
    plugins = ["-p", "pytest_asyncio.plugin", "-p", "tests.fakediscord.fixtures"]
    options = [
        "-q",
        "-p",
        "no:cacheprovider",
        "--rootdir",
        str(tmp_path),
        "-o",
        "asyncio_mode=auto",
    ]
    result = subprocess.run(
        [sys.executable, "-m", "pytest", str(path), *plugins, *options],
        cwd=REPO_ROOT,
        env={**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    return _Run(result.returncode, result.stdout + result.stderr)


def test_the_fixture_fails_tests_on_logged_errors_and_unanswered_interactions(tmp_path):
    result = _run_failing(tmp_path, FAILING_TESTS)
    out = result.out
    assert result.returncode == 1, out
    # the fixture's own report line: pytest's captured log would show the text without it
    assert "ERROR from discord.app_commands.tree: Ignoring exception in command 'boom'" in out
    assert "handler exploded" in out
    assert "interaction never answered" in out
