"""Long-lived tables: Discord archives a thread after a day without messages; the table in it
unarchives it when it next has something to show, and play goes on there."""

from __future__ import annotations

from tests.e2e.chairman import choices, start_bot, started_table


async def test_an_archived_table_thread_is_reopened_when_the_table_moves(fake_discord, tmp_path):
    fake = fake_discord
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    bot = await start_bot(fake, tmp_path)
    table, thread_id, message = await started_table(fake, bot, ana, bo, game="maumau")
    on_turn = ana if str(ana.id) == table.game.current_player() else bo
    hand = fake.dms(on_turn)[-1]
    shown = fake.message(message.id).text()

    fake.archive_thread(thread_id)  # a quiet day later
    cid, value = choices(hand)[-1]
    i = await (
        fake.click(on_turn, hand, cid)
        if value is None
        else fake.select(on_turn, hand, cid, [value])
    )
    response = await i.wait_finished()
    assert not response["ephemeral"], response["content"]
    await bot.publisher.settled()
    assert not fake.channel(thread_id).archived
    assert fake.message(message.id).text() != shown  # the table message shows the move
