"""Stopping ``python bot.py`` with a signal: SIGINT, the signal the Docker image and
compose.yaml stop it with (Ctrl+C's), and SIGTERM, the one most supervisors send. Either way
the bot closes the ordinary way and exits with status 0, no traceback, even when it was
started with SIGINT ignored, as a script's background job is."""

from __future__ import annotations

import signal

import pytest


async def stopped_by(fake, tmp_path, number: signal.Signals, ignoring=()) -> int:
    env = {"DATABASE_PATH": str(tmp_path / "chairman.sqlite3"), "LOG_LEVEL": "INFO"}
    syncs = fake.sync_count
    proc = await fake.spawn_bot("bot.py", env=env, ignoring=ignoring)
    await fake.wait_for(lambda: fake.connected and fake.sync_count > syncs, what="the bot ready")
    assert proc.proc is not None
    proc.proc.send_signal(number)
    code = await proc.wait()
    assert not any("Traceback" in line for line in proc.lines), proc.lines
    # closed in order, down to the database: its write-ahead log folded into the file
    assert (tmp_path / "chairman.sqlite3").exists()
    assert not (tmp_path / "chairman.sqlite3-wal").exists()
    return code


@pytest.mark.parametrize("number", [signal.SIGINT, signal.SIGTERM], ids=["sigint", "sigterm"])
async def test_a_stop_signal_stops_the_bot_the_ordinary_way(fake_discord, tmp_path, number):
    assert await stopped_by(fake_discord, tmp_path, number) == 0
    assert not fake_discord.connected


async def test_sigint_stops_a_bot_started_with_it_ignored(fake_discord, tmp_path):
    code = await stopped_by(fake_discord, tmp_path, signal.SIGINT, ignoring=(signal.SIGINT,))
    assert code == 0
    assert not fake_discord.connected
