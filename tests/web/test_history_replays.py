"""``/history`` links each match to its replay page when the web table is on, and the link
opens the match stepped through from its log; with the web off the listing has no links."""

from __future__ import annotations

import re

from tests.e2e.chairman import click, lobby_id, open_table, start_bot
from tests.web.browser import free_port

REPLAY = re.compile(r"\[Replay\]\((\S+)\)")


async def finished_match(fake, tmp_path, **settings):
    """A Macao match of two bots watched by ana, played to its end, and then counted as
    ana's (her seat is the first), as a match she played is."""
    ana = fake.add_member("ana")
    bot = await start_bot(fake, tmp_path, **settings)
    table, _thread_id, message = await open_table(
        fake, bot, ana, game="macao", bots=2, watch=True, options="rounds=1"
    )
    await click(fake, ana, message, lobby_id(message, "start"))
    await fake.wait_for(lambda: table.status == "finished", what="the match end")
    await bot.publisher.settled()
    (match,) = bot.db.execute("SELECT id FROM matches WHERE table_id = ?", [str(table.id)])
    bot.db.execute(
        "UPDATE results SET user_id = ?, bot = NULL WHERE match_id = ? AND seat_index = 0",
        [ana.id, match[0]],
    )
    return bot, ana, table


async def test_history_links_each_match_to_its_replay(fake_discord, tmp_path, browser):
    fake = fake_discord
    port = free_port()
    _bot, ana, table = await finished_match(fake, tmp_path, web_port=port)
    i = await fake.slash(ana, "history", fake.general_id)
    await i.wait_finished()
    (link,) = REPLAY.findall(i.original.text())
    assert link.startswith(f"http://localhost:{port}/replay/{table.id}?key=")
    page = await browser.new_page()
    await page.goto(link.replace("localhost", "127.0.0.1"))
    await page.wait_for_selector("#seats li .hand")
    assert await page.evaluate("steps.length") == table.seq + 1


async def test_history_has_no_replay_links_when_the_web_is_off(fake_discord, tmp_path):
    fake = fake_discord
    _bot, ana, _table = await finished_match(fake, tmp_path)
    i = await fake.slash(ana, "history", fake.general_id)
    await i.wait_finished()
    text = i.original.text()
    assert "1st" in text or "won" in text or "of 2" in text
    assert not REPLAY.findall(text)
