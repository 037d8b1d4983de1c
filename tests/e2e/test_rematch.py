"""Play again: a closed table's message offers a rematch, a new lobby in the same thread opened
as the last table was, answered to the press and telling the other players."""

from __future__ import annotations

import asyncio

from cogs import answers
from tests.e2e.chairman import (
    hand_message,
    lobby_id,
    one_id,
    settled,
    start_bot,
    started_table,
)
from tests.fakediscord.interactions import DEFERRED_MESSAGE

AGAIN = "chairman:again:"


async def ended_table(fake, tmp_path, **options):
    """Ana and Bo at a Macao table with one bot, which Ana ends mid-game."""
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    bot = await start_bot(fake, tmp_path)
    table, thread_id, message = await started_table(
        fake, bot, ana, bo, game="macao", bots=1, options="target=200", **options
    )
    await settled(bot)
    i = await fake.slash(ana, "table end", thread_id)
    await i.wait_finished()
    await settled(bot)
    return bot, table, thread_id, fake.message(message.id), ana, bo


async def press_again(fake, user, message):
    i = await fake.click(user, message, one_id(message, AGAIN))
    return await i.wait_finished()


async def rematch(fake, bot, user, message, thread_id):
    """``user`` presses Play again on ``message``: the lobby it opened in the thread."""
    response = await press_again(fake, user, message)
    assert not response["ephemeral"], response["content"]
    new = bot.tables.in_channel(thread_id)
    assert new is not None
    return new


async def test_a_closed_tables_message_offers_play_again(fake_discord, tmp_path):
    _bot, _table, _thread, message, _ana, _bo = await ended_table(fake_discord, tmp_path)
    assert "Play again" in message.text()
    assert not [c for c in message.custom_ids() if c.startswith("chairman:hand:")]


async def test_the_closing_post_at_the_foot_of_the_thread_offers_play_again(fake_discord, tmp_path):
    fake = fake_discord
    bot, _old, thread_id, _message, _ana, bo = await ended_table(fake, tmp_path)
    closing = fake.messages(thread_id)[-1]
    assert "has ended (ended by the host)" in closing.text()
    response = await press_again(fake, bo, closing)
    assert not response["ephemeral"]
    assert bot.tables.in_channel(thread_id).host_id == bo.id


async def test_play_again_opens_a_lobby_in_the_thread_as_the_last_table_was(fake_discord, tmp_path):
    fake = fake_discord
    # a bot level that is not the default, so a rematch opened with the default shows
    bot, old, thread_id, message, ana, bo = await ended_table(fake, tmp_path, bot_level="expert")
    new = await rematch(fake, bot, bo, message, thread_id)
    assert new.id != old.id and new.status == "lobby"
    # opened as the last table was: game, options, bot level, as many bots
    assert (new.game_name, new.options) == (old.game_name, old.options)
    assert new.options["target"] == 200
    assert new.bot_level == old.bot_level == "expert"
    assert [s.bot_kind for s in new.seats if s.is_bot] == ["expert"]
    # whoever asked hosts it, seated; the other player is asked to join by a mention
    assert new.host_id == bo.id and new.seat_of_user(bo.id) is not None
    assert new.seat_of_user(ana.id) is None
    lobby = fake.messages(thread_id)[-1]
    await fake.wait_for(lambda: new.message_id == lobby.id, what="the lobby kept as its message")
    assert f"<@{ana.id}>" in lobby.content and f"<@{bo.id}>" not in lobby.content
    assert "join with the buttons" in lobby.content


async def test_play_again_answers_with_the_lobby_it_keeps_in_one_request(fake_discord, tmp_path):
    fake = fake_discord
    bot, _old, thread_id, message, _ana, bo = await ended_table(fake, tmp_path)
    mark = len(fake.rest_log)
    new = await rematch(fake, bot, bo, message, thread_id)
    await fake.wait_for(lambda: new.message_id is not None, what="the lobby kept")
    assert fake.messages(thread_id)[-1].id == new.message_id
    # Discord's reply to the answer holds the message: the bot does not ask for it again
    assert "GET /webhooks/{}/{token}/messages/@original" not in fake.requests_by_route(since=mark)


async def test_the_rematch_lobby_plays(fake_discord, tmp_path):
    fake = fake_discord
    bot, _old, thread_id, message, ana, bo = await ended_table(fake, tmp_path)
    await press_again(fake, bo, message)
    new = bot.tables.in_channel(thread_id)
    lobby = fake.messages(thread_id)[-1]
    await (await fake.click(ana, lobby, lobby_id(lobby, "join"))).wait_finished()
    await (await fake.click(bo, lobby, lobby_id(lobby, "start"))).wait_finished()
    await settled(bot)
    assert new.status == "running" and new.seat_of_user(ana.id) is not None
    # the new table's message is the lobby the press answered with, edited in place
    assert "My hand" in fake.message(lobby.id).text()


async def test_play_again_is_refused_while_the_thread_has_a_table(fake_discord, tmp_path):
    fake = fake_discord
    bot, _old, thread_id, message, ana, bo = await ended_table(fake, tmp_path)
    await press_again(fake, bo, message)
    posts = len(fake.messages(thread_id))
    response = await press_again(fake, ana, message)
    assert response["ephemeral"]
    assert response["content"] == "A table is already open here; finish it first."
    assert len(fake.messages(thread_id)) == posts
    assert bot.tables.in_channel(thread_id).host_id == bo.id


async def test_play_again_is_refused_to_someone_who_did_not_play(fake_discord, tmp_path):
    fake = fake_discord
    bot, _old, thread_id, message, _ana, _bo = await ended_table(fake, tmp_path)
    cy = fake.add_member("cy")
    response = await press_again(fake, cy, message)
    assert response["ephemeral"]
    assert response["content"] == "Only the players of that table can ask for a rematch."
    assert bot.tables.in_channel(thread_id) is None


async def test_play_again_works_after_a_restart(fake_discord, tmp_path):
    fake = fake_discord
    bot, _old, thread_id, message, ana, _bo = await ended_table(fake, tmp_path)
    await bot.close()
    again = await start_bot(fake, tmp_path)
    response = await press_again(fake, ana, message)
    assert not response["ephemeral"]
    new = again.tables.in_channel(thread_id)
    assert new is not None and new.host_id == ana.id


async def test_a_finished_match_offers_play_again_to_its_watching_host(fake_discord, tmp_path):
    fake = fake_discord
    ana = fake.add_member("ana")
    bot = await start_bot(fake, tmp_path)
    i = await fake.slash(ana, "play", fake.general_id, game="lastcard", bots=2, watch=True)
    await i.wait_finished()
    [thread] = fake.threads()
    table = bot.tables.in_channel(thread.id)
    lobby = fake.messages(thread.id)[0]
    await (await fake.click(ana, lobby, lobby_id(lobby, "start"))).wait_finished()
    await fake.wait_for(lambda: table.status == "finished", what="the bots' game ended")
    await settled(bot)
    message = fake.message(lobby.id)
    assert "Play again" in message.text()
    response = await press_again(fake, ana, message)
    assert not response["ephemeral"]
    new = bot.tables.in_channel(thread.id)
    # the host watched: they host again without a seat, and nobody else is pinged
    assert [s.is_bot for s in new.seats] == [True, True]
    assert "<@" not in fake.messages(thread.id)[-1].content


async def test_play_again_is_said_in_the_tables_language(fake_discord, tmp_path):
    _bot, _table, _thread, message, _ana, _bo = await ended_table(
        fake_discord, tmp_path, language="pt-BR"
    )
    assert "Jogar de novo" in message.text()


async def test_a_rematch_of_a_pt_br_table_is_a_pt_br_table(fake_discord, tmp_path):
    fake = fake_discord
    bot, _old, thread_id, message, _ana, bo = await ended_table(fake, tmp_path, language="pt-BR")
    new = await rematch(fake, bot, bo, message, thread_id)
    assert new.language == "pt-BR"


async def test_a_table_ended_before_its_start_offers_no_play_again(fake_discord, tmp_path):
    fake = fake_discord
    ana = fake.add_member("ana")
    bot = await start_bot(fake, tmp_path)
    i = await fake.slash(ana, "play", fake.general_id, game="macao", bots=1)
    await i.wait_finished()
    [thread] = fake.threads()
    end = await fake.slash(ana, "table end", thread.id)
    await end.wait_finished()
    await settled(bot)
    lobby = fake.messages(thread.id)[0]
    assert "has ended" in lobby.text()
    assert not [c for c in lobby.custom_ids() if c.startswith(AGAIN)]


async def test_two_players_pressing_play_again_at_once_open_one_table(fake_discord, tmp_path):
    fake = fake_discord
    bot, _old, thread_id, message, ana, bo = await ended_table(fake, tmp_path)
    presses = [await fake.click(u, message, one_id(message, AGAIN)) for u in (ana, bo)]
    answers = [await p.wait_finished() for p in presses]
    assert sorted(a["ephemeral"] for a in answers) == [False, True]
    await settled(bot)
    lobbies = [m for m in fake.messages(thread_id) if m.id != message.id and m.embeds]
    assert len(lobbies) == 1 and bot.tables.in_channel(thread_id) is not None


async def test_a_play_again_answered_late_thinks_then_shows_the_lobby(
    fake_discord, tmp_path, monkeypatch
):
    """A press deferred before its outcome is ready (at once here) shows "thinking" to all,
    then the lobby in its place, which stays the new table's message."""
    fake = fake_discord
    bot, _old, thread_id, message, ana, bo = await ended_table(fake, tmp_path)
    monkeypatch.setattr(answers, "ANSWER_WITHIN", 0.0)
    images = bot.publisher.table_message.images
    drawn = images.table_drawn

    async def slowly(table, background=False):  # the lobby takes a while to draw
        await asyncio.sleep(0.05)
        return await drawn(table, background)

    monkeypatch.setattr(images, "table_drawn", slowly)
    i = await fake.click(bo, message, one_id(message, AGAIN))
    shown = await i.wait_finished()
    assert i.response["type"] == DEFERRED_MESSAGE and not shown["ephemeral"]
    new = bot.tables.in_channel(thread_id)
    await fake.wait_for(lambda: new.message_id == i.original_id, what="the lobby kept")
    lobby = fake.message(new.message_id)
    await (await fake.click(ana, lobby, lobby_id(lobby, "join"))).wait_finished()
    await settled(bot)
    assert "ana" in fake.message(lobby.id).text()


async def test_play_again_on_a_hand_dm_posts_the_lobby_in_the_thread(fake_discord, tmp_path):
    fake = fake_discord
    bot, _old, thread_id, _message, ana, bo = await ended_table(fake, tmp_path)
    dm = hand_message(fake, ana)
    assert "Play again" in dm.text()
    response = await press_again(fake, ana, dm)
    assert response["ephemeral"]
    assert response["content"] == f"A new table is open in <#{thread_id}>."
    new = bot.tables.in_channel(thread_id)
    assert new is not None and new.host_id == ana.id
    lobby = fake.messages(thread_id)[-1]
    await fake.wait_for(lambda: new.message_id == lobby.id, what="the lobby kept as its message")
    assert f"<@{bo.id}>" in lobby.content
