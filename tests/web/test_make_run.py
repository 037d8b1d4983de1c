"""``make run`` (``python bot.py``) serves the web table when ``WEB_PORT`` is set: the bot
started as it is in production, in its own process against the fake Discord, answers the
table page on that port, and a ``/play`` table's page opens there; stopping the bot closes
the open pages first."""

from __future__ import annotations

import re
import signal

import aiohttp

from tests.web.browser import free_port
from web.hub import GOING_AWAY


async def test_bot_py_serves_the_page_when_web_port_is_set(fake_discord, tmp_path, browser):
    fake = fake_discord
    ana = fake.add_member("ana")
    port = free_port()
    env = {"DATABASE_PATH": str(tmp_path / "chairman.sqlite3"), "WEB_PORT": str(port)}
    syncs = fake.sync_count
    proc = await fake.spawn_bot("bot.py", env=env)
    await fake.wait_for(lambda: fake.connected and fake.sync_count > syncs, what="the bot ready")
    i = await fake.slash(ana, "play", fake.general_id, game="macao", bots=1)
    assert not (await i.wait_finished())["ephemeral"]
    thread = fake.threads()[-1]
    web = await fake.slash(ana, "table web", thread.id)
    answer = await web.wait_finished()
    link = re.findall(rf"http://localhost:{port}/table/\d+\?key=\S+", answer["content"])[0]
    async with aiohttp.ClientSession() as http, http.get(link) as response:
        assert response.status == 200
        assert "text/html" in response.headers["Content-Type"]
    page = await browser.new_page()
    await page.goto(link)
    await page.wait_for_selector("#seats li")  # the page is drawn from the bot's socket
    await page.evaluate("socket.addEventListener('close', (e) => { window.closedWith = e.code; })")
    # the bot stops: an open page is told the server is going away (WebSocket's 1001), not
    # waited for until aiohttp's shutdown timeout cuts it off
    assert proc.proc is not None
    proc.proc.send_signal(signal.SIGINT)
    assert await proc.wait() == 0
    assert await page.evaluate("window.closedWith") == GOING_AWAY
