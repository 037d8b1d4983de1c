"""Stopping ``python bot.py`` with SIGINT, the signal the Docker image and compose.yaml stop it
with (Ctrl+C's): the bot closes the ordinary way and exits with status 0, no traceback."""

from __future__ import annotations

import signal


async def test_sigint_stops_the_bot_the_ordinary_way(fake_discord, tmp_path):
    fake = fake_discord
    env = {"DATABASE_PATH": str(tmp_path / "chairman.sqlite3"), "LOG_LEVEL": "INFO"}
    syncs = fake.sync_count
    proc = await fake.spawn_bot("bot.py", env=env)
    await fake.wait_for(lambda: fake.connected and fake.sync_count > syncs, what="the bot ready")
    assert proc.proc is not None
    proc.proc.send_signal(signal.SIGINT)
    assert await proc.wait() == 0
    assert not fake.connected
