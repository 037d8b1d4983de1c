"""Discord's global request budget: what a player looks at is edited through the freshest
interaction token that can edit it (Start for the table message, a press for a hand DM),
which Discord does not count against the bot's global limit; a token near the end of its
15 minutes is not used, and the bot edits with its own token instead. Near the process's
share of the global limit the bots move more slowly, while a person's press is answered
as ever. ``/play`` in a thread answers with the table message itself, whose token edits
it, in one request."""

from __future__ import annotations

import random
import time

from cogs.budget import SLOWEST
from cogs.table_message import BOTS_ONLY_INTERVAL, BOTS_ONLY_RUN
from cogs.tokens import LIFE
from tables.clock import FakeClock
from tests.e2e.chairman import (
    choices,
    hand_message,
    lobby_id,
    open_table,
    play_one,
    settled,
    start_bot,
    started_table,
)
from tests.fakediscord import posting

DELAY = 1.0


async def _bot_turn(fake, bot, clock, table) -> None:
    """Let the next bot move (one bot delay on the table's clock) and everything it shows."""
    version = table.version
    await clock.advance(DELAY)
    await fake.wait_for(lambda: table.version > version, what="a bot's move")
    await settled(bot)


async def test_a_bot_turn_with_a_fresh_token_makes_no_global_request(fake_discord, tmp_path):
    fake = fake_discord
    ana = fake.add_member("ana")
    clock = FakeClock()
    bot = await start_bot(fake, tmp_path, clock=clock, bot_delay=DELAY)
    table, _thread, message = await started_table(fake, bot, ana, game="macao", bots=4, watch=True)
    await settled(bot)
    mark, edits = len(fake.rest_log), len(fake.message(message.id).edits)
    await _bot_turn(fake, bot, clock, table)
    assert len(fake.message(message.id).edits) > edits  # the move is shown
    assert fake.requests_by_bucket(since=mark) == {"global": 0, "interaction": 1}
    assert fake.requests_by_route(since=mark) == {
        "PATCH /webhooks/{}/{token}/messages/@original": 1
    }


async def test_a_token_near_the_end_of_its_life_is_not_used(fake_discord, tmp_path):
    fake = fake_discord
    ana = fake.add_member("ana")
    clock = FakeClock()
    bot = await start_bot(fake, tmp_path, clock=clock, bot_delay=DELAY)
    table, _thread, message = await started_table(fake, bot, ana, game="macao", bots=4, watch=True)
    await settled(bot)
    # Start's token is 14 minutes and a bit old: too near its 15 to be trusted
    bot.publisher.tokens.now = lambda: time.time() + LIFE - 50
    mark, edits = len(fake.rest_log), len(fake.message(message.id).edits)
    await _bot_turn(fake, bot, clock, table)
    assert len(fake.message(message.id).edits) > edits  # shown all the same
    assert fake.requests_by_bucket(since=mark) == {"global": 1, "interaction": 0}
    assert fake.requests_by_route(since=mark) == {"PATCH /channels/{}/messages/{}": 1}


async def test_bot_turns_after_a_persons_press_make_no_global_request(fake_discord, tmp_path):
    """The person's press answers them in place and its token then redraws their hand as
    the bots move; Start's token redraws the table message."""
    fake = fake_discord
    ana = fake.add_member("ana")
    clock = FakeClock()
    bot = await start_bot(fake, tmp_path, clock=clock, bot_delay=DELAY)
    table, _thread, _message = await started_table(fake, bot, ana, game="macao", bots=3)
    await settled(bot)
    seat = table.seat_of_user(ana.id)
    assert seat is not None
    rng = random.Random(3)
    pressed = came_back = False
    for _ in range(12):
        hand = hand_message(fake, ana)
        if table.game is not None and table.game.is_over:
            break
        mine = table.game is not None and seat.seat in table.game.seats_that_may_act()
        if choices(hand) and mine:
            if pressed:
                came_back = True  # the bots have gone round to ana again
                break
            await play_one(fake, ana, hand, rng)
            await settled(bot)
            pressed = True
            mark = len(fake.rest_log)
            continue
        await _bot_turn(fake, bot, clock, table)
    assert came_back
    assert fake.requests_by_bucket(since=mark)["global"] == 0
    # the table message once a bot move, and ana's hand when her choices changed
    assert fake.requests_by_route(since=mark)["PATCH /webhooks/{}/{token}/messages/@original"] > 3


async def test_near_the_limit_the_bots_slow_and_a_press_is_still_answered_at_once(
    fake_discord, tmp_path
):
    fake = fake_discord
    ana = fake.add_member("ana")
    clock = FakeClock()
    bot = await start_bot(fake, tmp_path, clock=clock, bot_delay=DELAY, requests_per_second=10)
    table, _thread, message = await open_table(fake, bot, ana, game="macao", bots=4, watch=True)
    # ten requests of the bot's own within the last second: its whole share of 10 a second
    held = time.monotonic()
    bot.requests.now = lambda: held
    for _ in range(10):
        await bot.fetch_user(ana.id)
    assert bot.requests.pace() > 1.0
    i = await fake.click(ana, message, lobby_id(message, "start"))
    answer = await i.wait_finished()
    assert answer["type"] == 7  # Start answered in place, as ever
    await settled(bot)
    version = table.version
    await clock.advance(DELAY)
    await settled(bot)
    assert table.version == version  # the first bot has not moved after its usual delay
    await clock.advance(DELAY * SLOWEST)
    await fake.wait_for(lambda: table.version > version, what="the slowed bot's move")


async def test_where_nobody_plays_in_person_a_run_of_bot_turns_is_one_edit(fake_discord, tmp_path):
    """Once no token can edit the table message, a bots-only table's edits (which count
    against the global limit) show a run of BOTS_ONLY_RUN moves each, not one a move."""
    fake = fake_discord
    ana = fake.add_member("ana")
    clock = FakeClock()
    # a share of the global limit far above what the test makes: the usual pace throughout
    bot = await start_bot(
        fake,
        tmp_path,
        clock=clock,
        bot_delay=DELAY,
        table_edit_interval=DELAY,
        requests_per_second=10000,
    )
    table, _thread, _message = await started_table(
        fake, bot, ana, game="macao", bots=4, watch=True, options="target=300"
    )
    await settled(bot)
    bot.publisher.tokens.now = lambda: time.time() + LIFE
    mark = len(fake.rest_log)
    turns = 3 * BOTS_ONLY_RUN
    publisher = bot.publisher

    def caught_up() -> bool:
        """The move is drawn: its edit made, or waiting for its run or its interval."""
        tid = table.id
        return not publisher.flushers and (
            tid in publisher.table_message.waiting or tid not in publisher.table_message.tasks
        )

    for _ in range(turns):
        version = table.version
        await clock.advance(DELAY)
        await fake.wait_for(lambda v=version: table.version > v, what="a bot's move")
        await fake.wait_for(caught_up, what="the move drawn")

    def edits() -> int:
        return fake.requests_by_route(since=mark).get("PATCH /channels/{}/messages/{}", 0)

    # an edit a run of moves (the first run may have begun before the mark, the last may be
    # still under way): not one a move, nor only one an interval, which the moves took
    runs = turns // BOTS_ONLY_RUN
    await fake.wait_for(lambda: edits() >= runs - 1, what="an edit a run")
    assert edits() <= runs + 2  # a round that ends is a change of its own
    assert turns * DELAY < 2 * BOTS_ONLY_INTERVAL


async def test_play_in_a_thread_answers_with_the_table_message_its_token_edits(
    fake_discord, tmp_path
):
    fake = fake_discord
    ana = fake.add_member("ana")
    bot = await start_bot(fake, tmp_path)
    general = fake.channel(fake.general_id)
    thread = posting.open_thread(fake, general, ana, {"name": "cards", "type": 11})
    await fake.wait_for(lambda: bot.get_channel(thread.id) is not None, what="the thread")
    mark = len(fake.rest_log)
    i = await fake.slash(ana, "play", thread.id, game="macao")
    await i.wait_finished()
    table = bot.tables.in_channel(thread.id)
    assert table is not None
    # the bot keeps the message its answer made once Discord's reply to the answer reaches it
    await fake.wait_for(lambda: table.message_id is not None, what="the table message kept")
    assert i.original is not None and i.original.id == table.message_id  # one message
    assert [m.id for m in fake.messages(thread.id)] == [table.message_id]
    await settled(bot)
    # the answer's reply (or a deferred answer's follow-up's) holds the message: no request
    # asks for it again
    asked = fake.requests_by_route(since=mark)
    assert asked["POST /interactions/{}/{token}/callback"] == 1
    assert "GET /webhooks/{}/{token}/messages/@original" not in asked, asked
    mark = len(fake.rest_log)
    await bot.tables.add_bot(table.id, ana.id)
    await fake.wait_for(lambda: "Ada" in fake.message(table.message_id).text(), what="the bot")
    await settled(bot)
    assert fake.requests_by_bucket(since=mark) == {"global": 0, "interaction": 1}
