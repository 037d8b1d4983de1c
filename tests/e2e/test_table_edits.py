"""The table message is edited at most once per TABLE_EDIT_INTERVAL: changes that come
sooner are drawn together when the interval is up, the latest state winning."""

from __future__ import annotations

from tables.clock import FakeClock
from tests.e2e.chairman import open_table, start_bot

INTERVAL = 10.0


async def test_changes_within_the_interval_make_one_edit_showing_the_latest(fake_discord, tmp_path):
    fake = fake_discord
    ana = fake.add_member("ana")
    clock = FakeClock()
    bot = await start_bot(fake, tmp_path, clock=clock, table_edit_interval=INTERVAL)
    table, _thread, message = await open_table(fake, bot, ana, game="macao")
    publisher = bot.publisher

    def edits() -> int:
        return len(fake.message(message.id).edits)

    def quiet() -> bool:
        return not publisher.flushers

    first = edits()
    await bot.tables.add_bot(table.id, ana.id)  # the first change in a while: drawn at once
    await fake.wait_for(lambda: edits() > first, what="the first edit")
    drawn = edits()
    assert "Ada" in fake.message(message.id).text()

    await bot.tables.add_bot(table.id, ana.id)
    await bot.tables.add_bot(table.id, ana.id)
    await fake.wait_for(lambda: quiet() and table.id in publisher.table_message.due, what="a wait")
    assert edits() == drawn  # both changes wait for the interval
    assert "Curie" not in fake.message(message.id).text()

    await clock.advance(INTERVAL)
    await fake.wait_for(lambda: edits() > drawn, what="the coalesced edit")
    await publisher.settled()
    assert edits() == drawn + 1  # two changes, one edit
    assert "Babbage" in fake.message(message.id).text()
    assert "Curie" in fake.message(message.id).text()  # the latest state won


async def test_a_change_after_a_quiet_interval_is_drawn_at_once(fake_discord, tmp_path):
    fake = fake_discord
    ana = fake.add_member("ana")
    clock = FakeClock()
    bot = await start_bot(fake, tmp_path, clock=clock, table_edit_interval=INTERVAL)
    table, _thread, message = await open_table(fake, bot, ana, game="macao")
    await bot.tables.add_bot(table.id, ana.id)
    await fake.wait_for(lambda: "Ada" in fake.message(message.id).text(), what="Ada")
    await bot.publisher.settled()
    await clock.advance(INTERVAL)
    await bot.tables.add_bot(table.id, ana.id)
    await fake.wait_for(lambda: "Babbage" in fake.message(message.id).text(), what="Babbage")
