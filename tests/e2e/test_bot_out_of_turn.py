"""Bots act out of turn at a Discord table: a table of bots only, opened with /play and
watched, plays a Mau-Mau hand or a Last Card game to its end, every bot saying "Mau" or
"last card" in time (MAU-5, LAST-8), so nobody is penalised for a missed call."""

from __future__ import annotations

import pytest

from data import store
from tables.service import TableListener
from tests.e2e.chairman import click, lobby_id, open_table, settled, start_bot


class Heard(TableListener):
    def __init__(self) -> None:
        self.events: list[dict] = []

    async def game_changed(self, table, events) -> None:
        self.events.extend(events)


@pytest.mark.parametrize(("game", "options"), [("maumau", "rounds=1"), ("lastcard", "games=1")])
async def test_a_bot_only_table_finishes_with_every_call_made(
    fake_discord, tmp_path, game, options
):
    fake = fake_discord
    ana = fake.add_member("ana")
    bot = await start_bot(fake, tmp_path)
    heard = Heard()
    bot.tables.add_listener(heard)
    table, _, message = await open_table(
        fake, bot, ana, game=game, bots=4, watch=True, options=options
    )
    await click(fake, ana, message, lobby_id(message, "start"))
    await fake.wait_for(lambda: table.status == "finished", timeout=60, what="the match end")
    await settled(bot)  # the last table edit has landed, however long the machine took
    assert "Match over" in fake.message(message.id).text(), fake.message(message.id).text()
    rows = store.get_actions(bot.db, table.id)
    said = [r for r in rows if r["action"]["kind"] == "announce"]
    assert said and all(r["by"] == "bot" for r in said)
    assert [e for e in heard.events if e.get("type") == "announce"]
    assert not [e for e in heard.events if e.get("type") == "penalty"]
    assert not fake.dms(ana)  # a watcher holds no hand
