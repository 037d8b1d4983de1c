"""Sharded processes: SHARD_COUNT/SHARD_IDS run the bot as AutoShardedBot over those shards,
each process sees only its shards' guilds and recovers only their tables, and a process on
some shards over SQLite is refused."""

from __future__ import annotations

import random

import pytest

import bot
from cogs.client import ChairmanBot, ShardedChairmanBot, make_bot
from data import store
from data.db import open_database
from data.errors import StorageRefused
from tables.settings import Settings, shard_of
from tests.e2e.chairman import choices, click, lobby_id
from tests.e2e.test_bot_restart import hand
from tests.fakediscord import FakeDiscord
from tests.fakediscord.interactions import DEFERRED_UPDATE

# Tests with both take ``pg_url`` first: fixtures are torn down in reverse, so the database
# outlives the bots, whose last DM redraws may still be writing to it when the test ends.


def shard_settings(fake: FakeDiscord, pg_url: str, shard: int, **extra) -> Settings:
    return Settings(
        discord_token=fake.token,
        database_url=pg_url,
        shard_count=2,
        shard_ids=(shard,),
        bot_delay=0.0,
        turn_timeout=600.0,
        **extra,
    )


async def start_shard(fake: FakeDiscord, pg_url: str, shard: int) -> ChairmanBot:
    chairman = make_bot(
        shard_settings(fake, pg_url, shard), seeds=lambda: 11, guild_ready_timeout=0.01
    )
    await fake.run_bot(chairman)
    return chairman


async def open_lobby(fake: FakeDiscord, host, guild_id: int):
    before = {t.id for t in fake.threads()}
    i = await fake.slash(host, "play", fake.world.general_of(guild_id), game="macao")
    response = await i.wait_finished()
    assert not response["ephemeral"], response["content"]
    thread = next(t for t in fake.threads() if t.id not in before)
    return thread, fake.messages(thread.id)[0]


def pressable(fake, users):
    """(user, hand DM) of a player offered an action now, or None."""
    for user in users:
        message = hand(fake, user)
        if message is not None and choices(message):
            return user, message
    return None


def test_without_shard_settings_the_bot_is_unsharded(tmp_path):
    plain = make_bot(Settings(database_path=str(tmp_path / "x.sqlite3")))
    assert type(plain) is ChairmanBot


def test_shard_settings_make_an_auto_sharded_bot_over_those_shards(tmp_path, pg_url):
    sharded = make_bot(Settings(database_url=pg_url, shard_count=4, shard_ids=(2, 3)))
    assert isinstance(sharded, ShardedChairmanBot)
    assert (sharded.shard_count, sharded.shard_ids) == (4, [2, 3])


def test_a_table_belongs_to_the_shard_of_its_guild():
    settings = Settings(database_url="postgresql://x", shard_count=2, shard_ids=(1,))
    guild_on_1 = (5 << 22) | 77
    assert shard_of(guild_on_1, 2) == 1
    assert settings.owns(guild_on_1) and not settings.owns(guild_on_1 + (1 << 22))
    assert not settings.owns(None)  # tables outside a server go with DMs, to shard 0


def test_some_shards_over_sqlite_are_refused_with_the_fix(tmp_path):
    settings = Settings(database_path=str(tmp_path / "x.sqlite3"), shard_count=2, shard_ids=(1,))
    with pytest.raises(StorageRefused, match="DATABASE_URL"):
        make_bot(settings)


def test_every_shard_in_one_process_may_use_sqlite(tmp_path):
    settings = Settings(database_path=str(tmp_path / "x.sqlite3"), shard_count=2)
    assert isinstance(make_bot(settings), ShardedChairmanBot)


def test_bot_py_refuses_to_start_some_shards_over_sqlite(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    for name, value in {"DISCORD_TOKEN": "x", "SHARD_COUNT": "2", "SHARD_IDS": "1"}.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert bot.main([]) == 2
    out = capsys.readouterr().out
    assert "Cannot start" in out and "PostgreSQL" in out


async def test_each_process_sees_only_the_guilds_of_its_shards(pg_url, fake_discord):
    fake = fake_discord
    first = fake.add_guild("zero", shard=0, shard_count=2)
    second = fake.add_guild("one", shard=1, shard_count=2)
    zero = await start_shard(fake, pg_url, 0)
    one = await start_shard(fake, pg_url, 1)
    assert first in {g.id for g in zero.guilds} and second not in {g.id for g in zero.guilds}
    assert second in {g.id for g in one.guilds} and first not in {g.id for g in one.guilds}
    shards = [s.shard for s in fake.gateway.sessions.values()]
    assert sorted(shards) == [(0, 2), (1, 2)]


async def test_each_process_recovers_only_the_tables_of_its_shards(pg_url, fake_discord):
    fake = fake_discord
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    guilds = [fake.add_guild(f"g{n}", shard=n, shard_count=2) for n in (0, 1)]
    bots = [await start_shard(fake, pg_url, n) for n in (0, 1)]
    for guild, owner in zip(guilds, bots, strict=True):
        thread, message = await open_lobby(fake, ana, guild)
        assert owner.tables.in_channel(thread.id) is not None  # opened by the guild's process
        await click(fake, bo, message, lobby_id(message, "join"))
        await click(fake, ana, message, lobby_id(message, "start"))
    db = open_database(pg_url)
    rows = {row["guild_id"]: row["id"] for row in store.unfinished_tables(db)}
    db.close()
    assert set(rows) == set(guilds)
    await fake.close_bots()

    again = [await start_shard(fake, pg_url, n) for n in (0, 1)]
    for guild, process in zip(guilds, again, strict=True):
        assert [t.id for t in process.tables.open_tables()] == [rows[guild]]
        assert process.tables.open_tables()[0].is_running


async def test_a_dm_press_for_another_process_table_is_handed_over_and_applied_once(
    pg_url, fake_discord
):
    fake = fake_discord
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    guild = fake.add_guild("one", shard=1, shard_count=2)
    zero = await start_shard(fake, pg_url, 0)
    one = await start_shard(fake, pg_url, 1)
    thread, message = await open_lobby(fake, ana, guild)
    await click(fake, bo, message, lobby_id(message, "join"))
    await click(fake, ana, message, lobby_id(message, "start"))
    table = one.tables.in_channel(thread.id)
    assert table is not None and table.id not in zero.tables.tables
    rng = random.Random(5)
    for presses in range(1, 7):
        await fake.wait_for(lambda: pressable(fake, (ana, bo)), what="a turn")
        user, dm = pressable(fake, (ana, bo))
        seq = table.seq
        offered = choices(dm)
        cid, value = offered[int(rng.random() * len(offered))]
        i = await (
            fake.click(user, dm, cid) if value is None else fake.select(user, dm, cid, [value])
        )
        await i.wait_answered()
        assert i.response["type"] == DEFERRED_UPDATE  # acknowledged by shard 0 at once
        shown = await i.wait_finished()  # the owner redrew the hand through the token
        assert not shown["ephemeral"], shown["content"]
        assert table.seq > seq
        # every DM the move changed is redrawn before the next press is chosen: a hand still
        # showing the last turn's buttons would be pressed and (rightly) refused. A pause of
        # silence on the wire is no proof of that on a loaded machine; the owner's flush is
        await one.publisher.settled()
        assert zero.forwarder.handed_over == one.forwarder.applied == presses
    db = open_database(pg_url)
    try:
        assert store.count_actions(db, table.id) == table.seq  # each press applied once
    finally:
        db.close()


async def test_hand_in_a_dm_reaches_the_process_running_the_players_table(pg_url, fake_discord):
    fake = fake_discord
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    guild = fake.add_guild("one", shard=1, shard_count=2)
    zero = await start_shard(fake, pg_url, 0)
    one = await start_shard(fake, pg_url, 1)
    thread, message = await open_lobby(fake, ana, guild)
    await click(fake, bo, message, lobby_id(message, "join"))
    await click(fake, ana, message, lobby_id(message, "start"))
    table = one.tables.in_channel(thread.id)
    i = await fake.slash(ana, "hand", fake.dm_channel_id(ana))
    answer = await i.wait_finished()
    hand_cards = table.game.observation(table.seat_of_user(ana.id).seat)["hand"]
    assert answer["ephemeral"] and hand_cards
    assert one.forwarder.applied == 1 and zero.forwarder.handed_over == 1
    assert "not seated" not in answer["content"].lower()
    assert answer["content"] == one.publisher.layout(table, table.seat_of_user(ana.id)).content


def new_rule_shown(message) -> bool:
    return any(c.get("label") == "New rule" for c in message.components_flat())


async def mao_on_shard_1(fake, pg_url):
    """Both processes of a bot of two shards, and ana and bo's Mao table, started in a server
    of shard 1: (shard 0's bot, shard 1's, the table, its thread, ana)."""
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    guild = fake.add_guild("one", shard=1, shard_count=2)
    zero = await start_shard(fake, pg_url, 0)
    one = await start_shard(fake, pg_url, 1)
    table, thread = await started_mao(fake, ana, bo, guild, one)
    assert table.id not in zero.tables.tables
    return zero, one, table, thread, ana


async def started_mao(fake, ana, bo, guild: int, owner: ChairmanBot):
    """ana and bo's Mao table in ``guild``, started (its process is ``owner``): (table, thread)."""
    before = {t.id for t in fake.threads()}
    i = await fake.slash(ana, "play", fake.world.general_of(guild), game="mao")
    assert not (await i.wait_finished())["ephemeral"]
    thread = next(t for t in fake.threads() if t.id not in before)
    message = fake.messages(thread.id)[0]
    await click(fake, bo, message, lobby_id(message, "join"))
    await click(fake, ana, message, lobby_id(message, "start"))
    table = owner.tables.in_channel(thread.id)
    assert table is not None
    await fake.wait_for(lambda: hand(fake, ana) is not None, what="ana's hand DM")
    return table, thread


async def test_say_on_a_dm_hand_opens_its_form_and_is_heard_by_the_owning_process(
    pg_url, fake_discord
):
    """Mao's Say on a hand DM (every DM press reaches shard 0) for a table shard 1 runs: shard
    0 answers with the form, read from the stored table, and what is sent is handed over; the
    owner's Chairman hears it and shows it in the thread."""
    fake = fake_discord
    zero, one, table, thread, ana = await mao_on_shard_1(fake, pg_url)
    dm = hand(fake, ana)
    opened = await fake.click(ana, dm, dm.button("Say"))
    form = (await opened.wait_finished())["modal"]  # the first answer, from shard 0
    assert form["custom_id"].startswith(f"chairman:sayform:{table.id}:")
    version = table.game.version
    sent = await fake.submit_modal(ana, form["custom_id"], {"say:words": "lovely weather"})
    await sent.wait_answered()
    assert sent.response["type"] == DEFERRED_UPDATE  # acknowledged by shard 0 at once
    assert not (await sent.wait_finished())["ephemeral"]  # the owner redrew her hand
    await fake.wait_for(lambda: table.game.version > version, what="the Chairman heard it")
    await one.publisher.settled()
    assert any("**ana**: lovely weather" in m.content for m in fake.messages(thread.id))
    assert zero.forwarder.handed_over == one.forwarder.applied == 1


async def test_a_new_rules_details_form_opens_from_a_dm_for_a_table_another_process_runs(
    pg_url, fake_discord
):
    """A round's winner builds a rule from their hand DM: the builder's presses are handed
    over; Next, which opens the details form, is answered by shard 0 with it, read from the
    stored table; the owner checks the win and makes the rule when it is sent."""
    fake = fake_discord
    zero, one, table, thread, ana = await mao_on_shard_1(fake, pg_url)
    async with table.lock:  # ana has won a round: a rule to make (as MAO-16 credits her)
        won = type(table.game).from_dict(table.game.to_dict())  # a new state: drawn anew
        won.credits[won.seats.index(str(ana.id))] += 1
        table.game = won
        one.tables._arm(table)  # its clocks go on from the new state, as after any change
    one.publisher.touch(table)
    await fake.wait_for(lambda: new_rule_shown(hand(fake, ana)), what="New rule on her DM")
    dm = hand(fake, ana)
    opened = await fake.click(ana, dm, dm.button("New rule"))
    await opened.wait_finished()
    # the owner's builder, a follow-up through the interaction's webhook
    await fake.wait_for(lambda: opened.followups, what="the builder")
    builder = opened.followups[-1]
    for prefix, value in (("chairman:mrtrig:", "rank"), ("chairman:mreff:", "say")):
        pick = next(c for c in builder.custom_ids() if c.startswith(prefix))
        await (await fake.select(ana, builder, pick, [value])).wait_finished()
    nxt = next(c for c in builder.custom_ids() if c.startswith("chairman:mrnext:"))
    form = (await (await fake.click(ana, builder, nxt)).wait_finished())["modal"]
    answers = {"mrule:detail": "seven", "mrule:phrase": "Lovely weather!", "mrule:name": ""}
    sent = await fake.submit_modal(ana, form["custom_id"], answers)
    await sent.wait_finished()
    await fake.wait_for(lambda: table.game.rules, what="the rule made")
    assert "Your new rule is in force" in builder.text()
    await one.publisher.settled()
    assert any("ana has made a new rule." in m.content for m in fake.messages(thread.id))
    # the press on New rule, the two choices and the form sent: handed over; Next: answered
    assert zero.forwarder.handed_over == one.forwarder.applied == 4


async def test_hand_in_a_dm_of_a_player_at_tables_of_two_processes_says_use_the_thread(
    pg_url, fake_discord
):
    """ana sits at a table of each process: /hand in her DM, answered by shard 0, counts the
    one shard 1 runs too, as one process counts a player's several tables."""
    fake = fake_discord
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    guilds = [fake.add_guild(f"g{n}", shard=n, shard_count=2) for n in (0, 1)]
    zero = await start_shard(fake, pg_url, 0)
    one = await start_shard(fake, pg_url, 1)
    for guild, owner in zip(guilds, (zero, one), strict=True):
        thread, message = await open_lobby(fake, ana, guild)
        await click(fake, bo, message, lobby_id(message, "join"))
        assert owner.tables.in_channel(thread.id) is not None
    assert len(zero.tables.tables_of_user(ana.id)) == 1  # the other is shard 1's
    i = await fake.slash(ana, "hand", fake.dm_channel_id(ana))
    answer = await i.wait_finished()
    assert answer["ephemeral"]
    assert answer["content"] == "You sit at several tables: use this in the table's thread."
    assert zero.forwarder.handed_over == 0
