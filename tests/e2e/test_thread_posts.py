"""One thread announcer for every game (``cogs.announcer``): the Chairman's posts and the
table's own notices reach the thread in the order they were said, a ruling's post carries its
Review button, and a thread Discord archived and locked is reopened for the Chairman too."""

from __future__ import annotations

from cogs import render
from tests.e2e.maotable import mao_table

QUIET = {"turn_seconds": 0}


async def test_the_chairman_reopens_an_archived_and_locked_thread_to_give_a_ruling(
    fake_discord, tmp_path
):
    mt = await mao_table(fake_discord, tmp_path, hands={"ana": "9C 3D", "bo": "4C 8D"}, **QUIET)
    await mt.say("ana", "Bad card", mentions=("bo",))  # nothing to call: held, then judged
    thread = fake_discord.archive_thread(mt.thread_id)
    thread.locked = True  # a post alone would not reopen it
    await mt.advance(11.0)
    assert mt.posts() == [mt.penalty("Bad adjudication", "ana")]
    assert not fake_discord.channel(mt.thread_id).archived
    [post] = [m for m in fake_discord.messages(mt.thread_id) if m.content == mt.posts()[0]]
    assert [c.get("label") for c in post.components_flat()] == ["Review #1"]


async def test_the_chairmans_last_words_come_before_the_end_of_the_table(fake_discord, tmp_path):
    mt = await mao_table(
        fake_discord, tmp_path, ("ana", "bo"), hands={"ana": "9H", "bo": "4C"}, options="rounds=1"
    )
    await mt.say("ana", "Mao!")
    await mt.press("ana", "play 9H")
    await mt.advance(6.0)
    assert mt.table.status == "finished"
    assert mt.posts() == [
        f"{mt.mention('ana')} is out.\nRound 1 is over. Out: ana.",
        render.finished_line(mt.table),
    ]
