"""``/table leave`` during a game: a bot plays the seat of a player who leaves while others
play on, and the last person playing is told the game ended with them."""

from __future__ import annotations

from tests.e2e.chairman import settled, start_bot, started_table


async def test_a_player_who_leaves_while_another_plays_on_is_told_a_bot_plays_their_seat(
    fake_discord, tmp_path
):
    fake = fake_discord
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    bot = await start_bot(fake, tmp_path)
    table, thread_id, _ = await started_table(fake, bot, ana, bo, game="macao")
    shown = await (await fake.slash(ana, "table leave", thread_id)).wait_finished()
    await settled(bot)
    assert shown["content"].endswith(". A bot plays your seat to the end.")
    assert table.is_running and table.seat_of_user(ana.id).left_game


async def test_the_last_person_playing_who_leaves_is_told_the_game_ended(fake_discord, tmp_path):
    fake = fake_discord
    ana = fake.add_member("ana")
    bot = await start_bot(fake, tmp_path)
    table, thread_id, _ = await started_table(fake, bot, ana, game="macao", bots=1)
    shown = await (await fake.slash(ana, "table leave", thread_id)).wait_finished()
    await settled(bot)
    assert shown["content"].endswith(". Nobody else was playing: the game ended.")
    assert "A bot plays your seat" not in shown["content"]
    assert not table.is_open and table.status == "ended"
