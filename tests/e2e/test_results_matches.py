"""Matches opened with /play and played to the end leave results, and ratings only when two
or more people played (bots never rated; a seat the AFK bot finished is still its human's)."""

from __future__ import annotations

from data.leaderboard import leaderboard
from tests.e2e.chairman import click, lobby_id, open_table
from tests.e2e.results_bot import start


async def play_to_the_end(fake, bot, host, joiners=(), **play) -> int:
    """/play, the joiners join, the host starts; nobody moves, so bots play every seat."""
    table, _, message = await open_table(fake, bot, host, game="macao", options="rounds=1", **play)
    for user in joiners:
        await click(fake, user, message, lobby_id(message, "join"))
    await click(fake, host, message, lobby_id(message, "start"))
    await fake.wait_for(lambda: table.status == "finished", what="the match end")
    return table.id


def rows(db, sql, *params):
    return [tuple(r) for r in db.execute(sql, params).fetchall()]


async def test_bot_only_one_human_and_two_human_matches_only_the_last_rated(fake_discord, tmp_path):
    fake = fake_discord
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    bot = await start(fake, tmp_path, turn_timeout=0.05)
    db = bot.db

    bots_only = await play_to_the_end(fake, bot, ana, bots=2, watch=True)
    assert rows(db, "SELECT table_id, rated, seat_count, human_count FROM matches") == [
        (str(bots_only), 0, 2, 0)
    ]
    kinds = rows(db, "SELECT bot, user_id, rated FROM results ORDER BY seat_index")
    assert kinds == [("heuristic", None, 0)] * 2

    one_human = await play_to_the_end(fake, bot, ana, bots=1)
    assert rows(db, "SELECT rated FROM matches WHERE table_id = ?", str(one_human)) == [(0,)]
    assert rows(db, "SELECT COUNT(*) FROM ratings") == [(0,)]

    two_humans = await play_to_the_end(fake, bot, ana, joiners=[bo], bots=1)
    assert rows(db, "SELECT rated FROM matches WHERE table_id = ?", str(two_humans)) == [(1,)]

    # Nobody pressed a card: the AFK bot finished both humans' seats, and they still count.
    humans = rows(
        db,
        "SELECT r.user_id, r.afk_played, r.rated FROM results r JOIN matches m"
        " ON m.id = r.match_id WHERE m.table_id = ? AND r.user_id IS NOT NULL ORDER BY r.user_id",
        str(two_humans),
    )
    assert humans == sorted([(ana.id, 1, 1), (bo.id, 1, 1)])
    assert sorted(r[0] for r in rows(db, "SELECT user_id FROM ratings")) == sorted([ana.id, bo.id])
    assert rows(db, "SELECT COUNT(*) FROM rating_history") == [(2,)]
    assert rows(db, "SELECT COUNT(*) FROM results") == [(7,)]

    board = leaderboard(db, fake.guild_id, "macao", user_id=ana.id)
    assert board.total == 2 and board.me is not None and board.me.games == 1
    i = await fake.slash(bo, "leaderboard", fake.general_id, game="macao")
    await i.wait_finished()
    assert f"<@{ana.id}>" in i.text() and f"<@{bo.id}>" in i.text()


async def test_play_starts_tables_with_the_servers_defaults_in_allowed_channels(
    fake_discord, tmp_path
):
    fake = fake_discord
    boss = fake.add_member("boss", admin=True)
    games = fake.add_channel("card-games")
    bot = await start(fake, tmp_path)
    i = await fake.slash(boss, "settings option", fake.general_id, game="macao", option="target",
                         value="250")  # fmt: skip
    await i.wait_finished()
    i = await fake.slash(boss, "settings allow-channel", fake.general_id, channel=games)
    await i.wait_finished()

    refused = await fake.slash(boss, "play", fake.general_id, game="macao", bots=1)
    await refused.wait_finished()
    assert refused.ephemeral and f"<#{games}>" in refused.text()

    opened = await fake.slash(boss, "play", games, game="macao", bots=1)
    await opened.wait_finished()
    assert not opened.ephemeral
    (table,) = bot.tables.open_tables()
    assert table.options["target"] == 250
