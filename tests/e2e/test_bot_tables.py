"""Tables through the fake Discord: two humans by DM buttons, the closed-DM fallback, every
refusal, a 30-card hand, and removing a player."""

from __future__ import annotations

import random

from data import store
from tests.e2e.chairman import (
    assert_no_leaks,
    choices,
    click,
    hand_message,
    lobby_id,
    one_id,
    open_table,
    play_one,
    settled,
    start_bot,
    started_table,
)


async def two_human_table(fake, tmp_path, **options):
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    bot = await start_bot(fake, tmp_path)
    table, thread_id, message = await started_table(fake, bot, ana, bo, game="macao", **options)
    return bot, table, thread_id, message, ana, bo


def user_of(table, users):
    return users[table.game.current_player()]


async def test_two_humans_play_macao_to_the_end_by_dm_buttons(fake_discord, tmp_path):
    fake = fake_discord
    bot, table, _, message, ana, bo = await two_human_table(fake, tmp_path, options="target=60")
    users = {str(ana.id): ana, str(bo.id): bo}
    rng = random.Random(5)
    presses = 0
    while table.status == "running":
        await settled(bot)
        assert_no_leaks(fake, table, users)
        user = user_of(table, users)
        await play_one(fake, user, hand_message(fake, user), rng)
        presses += 1
        assert presses < 2000
    await settled(bot)
    assert table.status == "finished"
    assert "Match over" in fake.message(message.id).text()
    # each hand is one DM, edited in place
    assert len(fake.dms(ana)) == 1 and len(fake.dms(bo)) == 1
    assert len(fake.dms(ana)[0].edits) > 3
    assert "Test Server" in fake.dms(ana)[0].text()


async def test_a_turn_costs_at_most_one_table_edit(fake_discord, tmp_path):
    fake = fake_discord
    bot, table, _thread_id, message, ana, bo = await two_human_table(fake, tmp_path)
    users = {str(ana.id): ana, str(bo.id): bo}
    rng = random.Random(1)
    for _ in range(10):
        await settled(bot)
        edits_before = len(fake.message(message.id).edits)
        user = user_of(table, users)
        version = table.version
        await play_one(fake, user, hand_message(fake, user), rng)
        await settled(bot)
        turns = table.version - version
        assert len(fake.message(message.id).edits) - edits_before <= max(turns, 1)
        if table.status != "running":
            break


async def test_closed_dms_are_told_once_and_my_hand_answers_ephemerally(fake_discord, tmp_path):
    fake = fake_discord
    ana = fake.add_member("ana", dms_open=False)
    bot = await start_bot(fake, tmp_path)
    table, thread_id, message = await open_table(fake, bot, ana, game="macao", bots=1)
    await click(fake, ana, message, lobby_id(message, "start"))
    rng = random.Random(2)
    answered = 0
    for _ in range(4):
        await settled(bot)
        if table.status != "running":
            break
        await fake.wait_for(lambda: table.game.current_player() == str(ana.id))
        # the bot's move is in memory before its commit ends, and a hand is drawn from the
        # last committed state: wait for the commit, or her hand may offer nothing yet
        await settled(bot)
        i = await fake.click(ana, fake.message(message.id), one_id(message, "chairman:hand:"))
        response = await i.wait_finished()
        assert response["ephemeral"] and "Your hand" in response["content"]
        played = await play_one(fake, ana, i.original, rng)
        assert not played["ephemeral"], played["content"]
        answered += 1
    await settled(bot)
    assert answered == 4  # the seeded game lasts her four turns, each played from My hand
    notices = [m for m in fake.messages(thread_id) if "direct messages" in m.content]
    assert len(notices) == 1 and f"<@{ana.id}>" in notices[0].content
    assert not fake.dms(ana)
    assert table.seat(str(ana.id)).dm_closed


# --- refusals: one clear ephemeral sentence, nothing changes -------------------------------------
async def refused(fake, user, message, custom_id) -> str:
    i = await fake.click(user, message, custom_id)
    response = await i.wait_finished()
    assert response["ephemeral"], response
    return response["content"]


async def test_refused_not_seated(fake_discord, tmp_path):
    fake = fake_discord
    _bot, table, _, message, _ana, _bo = await two_human_table(fake, tmp_path)
    cy = fake.add_member("cy")
    version = table.version
    text = await refused(fake, cy, fake.message(message.id), one_id(message, "chairman:hand:"))
    assert text == "You are not seated at this table."
    assert table.version == version


async def my_hand(fake, user, message):
    i = await fake.click(user, fake.message(message.id), one_id(message, "chairman:hand:"))
    await i.wait_finished()
    return i.original


async def finish_turn_by_dm(fake, bot, table, user, rng):
    """Play ``user``'s DM buttons until it is no longer their turn."""
    while table.status == "running" and table.game.current_player() == str(user.id):
        await settled(bot)
        await play_one(fake, user, hand_message(fake, user), rng)
    await settled(bot)


async def test_refused_not_your_turn(fake_discord, tmp_path):
    fake = fake_discord
    bot, table, _, message, ana, bo = await two_human_table(fake, tmp_path)
    users = {str(ana.id): ana, str(bo.id): bo}
    first = user_of(table, users)
    old = await my_hand(fake, first, message)
    await finish_turn_by_dm(fake, bot, table, first, random.Random(1))
    version = table.version
    text = await refused(fake, first, old, choices(old)[-1][0])
    assert text.startswith("It is not your turn.")
    assert table.version == version


async def test_refused_not_your_turn_comes_with_the_current_hand(fake_discord, tmp_path):
    fake = fake_discord
    bot, table, _, message, ana, bo = await two_human_table(fake, tmp_path)
    users = {str(ana.id): ana, str(bo.id): bo}
    first = user_of(table, users)
    old = await my_hand(fake, first, message)
    await finish_turn_by_dm(fake, bot, table, first, random.Random(1))
    text = await refused(fake, first, old, choices(old)[-1][0])
    now = bot.publisher.layout(table, table.seat_of_user(first.id)).content
    whose = table.names()[table.game.current_player()]
    assert text == f"It is not your turn. It is {whose}'s turn.\n\n{now}"


async def test_refused_stale_button_comes_with_the_current_hand(fake_discord, tmp_path):
    fake = fake_discord
    bot, table, _, message, ana, bo = await two_human_table(fake, tmp_path)
    users = {str(ana.id): ana, str(bo.id): bo}
    first = user_of(table, users)
    second = bo if first is ana else ana
    old = await my_hand(fake, first, message)
    draw = next(cid for cid, _ in choices(old) if cid.endswith(":draw"))
    await finish_turn_by_dm(fake, bot, table, first, random.Random(1))
    await finish_turn_by_dm(fake, bot, table, second, random.Random(2))
    assert table.game.current_player() == str(first.id)
    version = table.version
    i = await fake.click(first, old, draw)
    response = await i.wait_finished()
    assert response["ephemeral"] and "out of date" in response["content"]
    assert "Your hand" in response["content"] and response["components"]
    assert table.version == version


async def test_refused_card_no_longer_held(fake_discord, tmp_path):
    fake = fake_discord
    bot, table, _, message, ana, bo = await two_human_table(fake, tmp_path)
    users = {str(ana.id): ana, str(bo.id): bo}
    for _ in range(20):
        first = user_of(table, users)
        cards = [cid for cid, _ in choices(hand_message(fake, first)) if ":play " in cid]
        if cards:
            break
        await finish_turn_by_dm(fake, bot, table, first, random.Random(0))
    second = bo if first is ana else ana
    old = await my_hand(fake, first, message)
    card_button = next(cid for cid, _ in choices(old) if ":play " in cid)
    played = card_button.rsplit(":", 1)[1]
    await click(fake, first, hand_message(fake, first), card_button)
    await finish_turn_by_dm(fake, bot, table, first, random.Random(1))
    await finish_turn_by_dm(fake, bot, table, second, random.Random(2))
    # the seeded deal brings the turn back round with the round still on
    assert table.status == "running" and table.game.current_player() == str(first.id)
    version = table.version
    text = await refused(fake, first, old, card_button)
    assert "no longer hold" in text and played.split()[1][:-1] in text
    assert table.version == version


async def test_refused_double_click(fake_discord, tmp_path):
    fake = fake_discord
    bot, table, _, _message, ana, bo = await two_human_table(fake, tmp_path)
    users = {str(ana.id): ana, str(bo.id): bo}
    first = user_of(table, users)
    hand = hand_message(fake, first)
    draw = next(cid for cid, _ in choices(hand) if cid.endswith(":draw"))
    one = await fake.click(first, hand, draw)
    two = await fake.click(first, hand, draw)
    await one.wait_finished()
    second = await two.wait_finished()
    assert second["ephemeral"]
    assert store.count_actions(bot.db, table.id) == 1


async def test_refused_a_table_that_ended(fake_discord, tmp_path):
    fake = fake_discord
    bot, table, thread_id, message, ana, bo = await two_human_table(fake, tmp_path)
    users = {str(ana.id): ana, str(bo.id): bo}
    first = user_of(table, users)
    old = await my_hand(fake, first, message)
    i = await fake.slash(ana, "table end", thread_id)
    assert (await i.wait_finished())["ephemeral"]
    await settled(bot)
    text = await refused(fake, first, old, choices(old)[0][0])
    assert text == "That table has ended."
    assert not choices(hand_message(fake, first))
    assert "has ended" in fake.messages(thread_id)[-1].content


async def test_refused_a_lobby_action_on_a_running_table(fake_discord, tmp_path):
    fake = fake_discord
    ana, cy = fake.add_member("ana"), fake.add_member("cy")
    bot = await start_bot(fake, tmp_path)
    table, _, message = await open_table(fake, bot, ana, game="macao", bots=1)
    start = await fake.click(ana, message, lobby_id(message, "start"))
    join = await fake.click(cy, message, lobby_id(message, "join"))
    await start.wait_finished()
    response = await join.wait_finished()
    assert response["ephemeral"] and response["content"] == "The game has already started."
    assert table.seat_of_user(cy.id) is None


async def test_refused_a_malformed_option(fake_discord, tmp_path):
    fake = fake_discord
    ana = fake.add_member("ana")
    await start_bot(fake, tmp_path)
    for options in ("target", "colour=red"):
        i = await fake.slash(ana, "play", fake.general_id, game="macao", options=options)
        response = await i.wait_finished()
        assert response["ephemeral"] and "target=500" in response["content"]
    assert not fake.threads()


async def test_a_hand_of_thirty_cards_fits_discord_and_plays(fake_discord, tmp_path):
    fake = fake_discord
    ana = fake.add_member("ana")
    bot = await start_bot(fake, tmp_path)
    table, _, _ = await started_table(fake, bot, ana, game="macao", bots=1)
    await settled(bot)
    await fake.wait_for(lambda: table.game.current_player() == str(ana.id))
    # Deal 25 more cards to ana straight from the stock: a hand no short test reaches.
    game = table.game
    hand = game.hands[game.index[str(ana.id)]]
    hand.extend(game.stock[-25:])
    del game.stock[-25:]
    game.version += 1
    bot.publisher.touch(table)
    await settled(bot)
    dm = hand_message(fake, ana)
    assert "Your hand (30 cards)" in dm.content
    assert len(dm.custom_ids()) <= 25
    rows = dm.components
    assert len(rows) <= 5 and all(len(r.get("components", [])) <= 5 for r in rows)
    await play_one(fake, ana, dm, random.Random(4))
    assert store.count_actions(bot.db, table.id) >= 1


async def test_the_host_kicks_a_player_and_a_bot_takes_the_seat(fake_discord, tmp_path):
    fake = fake_discord
    bot, table, thread_id, _message, ana, bo = await two_human_table(fake, tmp_path)
    i = await fake.slash(ana, "table kick", thread_id, user=bo)
    response = await i.wait_finished()
    assert "bo was removed" in response["content"]
    assert table.seat(str(bo.id)).left_game

    # bo's seat moves without bo: ana plays her turns until it has had one
    def bo_moved() -> bool:
        return any(a["seat"] == str(bo.id) for a in store.get_actions(bot.db, table.id))

    def ana_on_or_over() -> bool:
        return table.status != "running" or table.game.current_player() == str(ana.id)

    rng = random.Random(3)
    for _ in range(20):
        await fake.wait_for(ana_on_or_over, what="bo's seat played by a bot")
        await settled(bot)
        if bo_moved() or table.status != "running":
            break
        await finish_turn_by_dm(fake, bot, table, ana, rng)
    assert bo_moved()
    i = await fake.slash(bo, "table kick", thread_id, user=ana)
    assert (await i.wait_finished())["content"].startswith("Only the host")


async def test_play_acknowledges_at_once_then_opens_the_thread(fake_discord, tmp_path):
    # making the thread and the lobby message are two Discord calls: /play defers first so
    # they never count against the 3-second answer window
    fake = fake_discord
    ana = fake.add_member("ana")
    await start_bot(fake, tmp_path)
    i = await fake.slash(ana, "play", fake.general_id, game="macao", bots=1)
    answer = await i.wait_finished()
    assert i.response["type"] == 5
    assert "table #" in answer["content"] and "is open" in answer["content"]
    assert not answer["ephemeral"] and len(fake.threads()) == 1
