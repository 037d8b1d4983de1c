"""Matches played to the end by the table service leave results, and ratings only when two
or more people played (bots never rated; a seat the AFK bot finished is still its human's)."""

from __future__ import annotations

from data.leaderboard import leaderboard
from tests.e2e.results_bot import start

ONE_ROUND = {"rounds": 1}


async def play_to_the_end(fake, bot, host, *, seat_host: bool, joiners=(), bots: int) -> int:
    tables = bot.tables
    table = await tables.open_table(
        game="macao",
        host_id=host.id,
        host_name=host.name,
        guild_id=fake.guild_id,
        channel_id=fake.general_id,
        options=ONE_ROUND,
        bots=bots,
        seat_host=seat_host,
    )
    for user in joiners:
        await tables.join(table.id, user.id, user.name)
    await tables.start(table.id, host.id)
    await fake.wait_for(
        lambda: bot.db.execute(
            "SELECT 1 FROM matches WHERE table_id = ?", [str(table.id)]
        ).fetchone(),
        timeout=20,
        what="the match to be recorded",
    )
    return table.id


def rows(db, sql, *params):
    return [tuple(r) for r in db.execute(sql, params).fetchall()]


async def test_bot_only_one_human_and_two_human_matches_only_the_last_rated(fake_discord, tmp_path):
    fake = fake_discord
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    bot = await start(fake, tmp_path)
    db = bot.db

    bots_only = await play_to_the_end(fake, bot, ana, seat_host=False, bots=3)
    assert rows(db, "SELECT rated, seat_count, human_count FROM matches") == [(0, 3, 0)]
    kinds = rows(db, "SELECT bot, user_id, rated FROM results ORDER BY seat_index")
    assert kinds == [("heuristic", None, 0)] * 3

    one_human = await play_to_the_end(fake, bot, ana, seat_host=True, bots=2)
    assert rows(db, "SELECT rated FROM matches WHERE table_id = ?", str(one_human)) == [(0,)]

    two_humans = await play_to_the_end(fake, bot, ana, seat_host=True, joiners=[bo], bots=1)
    assert rows(db, "SELECT rated FROM matches WHERE table_id = ?", str(two_humans)) == [(1,)]

    # Nobody pressed a button: the AFK bot finished both humans' seats, and they still count.
    humans = rows(
        db,
        "SELECT r.user_id, r.afk_played, r.rated FROM results r JOIN matches m"
        " ON m.id = r.match_id WHERE m.table_id = ? AND r.user_id IS NOT NULL ORDER BY r.user_id",
        str(two_humans),
    )
    assert humans == sorted([(ana.id, 1, 1), (bo.id, 1, 1)])
    assert rows(db, "SELECT COUNT(*) FROM ratings") == [(2,)]
    assert rows(db, "SELECT COUNT(*) FROM rating_history") == [(2,)]
    assert sorted(r[0] for r in rows(db, "SELECT user_id FROM ratings")) == sorted([ana.id, bo.id])
    assert rows(db, "SELECT COUNT(*) FROM results") == [(9,)]
    assert bots_only != one_human

    board = leaderboard(db, fake.guild_id, "macao", user_id=ana.id)
    assert board.total == 2 and board.me is not None and board.me.games == 1

    i = await fake.slash(ana, "leaderboard", fake.general_id, game="macao")
    await i.wait_answered()
    assert f"<@{ana.id}>" in i.text() and f"<@{bo.id}>" in i.text()
