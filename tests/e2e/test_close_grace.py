"""The stop's grace periods are settings (``CLOSE_GRACE_MOVES``, ``CLOSE_GRACE_DISCORD``), read
with the others (``tables.settings``) and given to the table service's timers and to the
publisher of the bot they start; their defaults are the 5 s the stop always had.

What a stop does within them is ``test_clean_close``'s business.
"""

from __future__ import annotations

from cogs import publish
from tables import scheduler
from tables.settings import Settings
from tests.e2e.chairman import start_bot


def test_the_grace_periods_default_to_five_seconds(tmp_path):
    settings = Settings.from_env({}, dotenv_path=tmp_path / "none")
    assert settings.close_grace_moves == scheduler.CLOSE_GRACE == 5.0
    assert settings.close_grace_discord == publish.CLOSE_GRACE == 5.0


async def test_the_grace_settings_reach_the_timers_and_the_publisher(fake_discord, tmp_path):
    env = {"CLOSE_GRACE_MOVES": "0.25", "CLOSE_GRACE_DISCORD": "12"}
    read = Settings.from_env(env, dotenv_path=tmp_path / "none")
    bot = await start_bot(
        fake_discord,
        tmp_path,
        close_grace_moves=read.close_grace_moves,
        close_grace_discord=read.close_grace_discord,
    )
    assert bot.tables.scheduler.grace == 0.25
    assert bot.publisher.close_grace == 12.0
