"""The Discord Activity against a stand-in for Discord's side: a parent page plays Discord's
client (the SDK's handshake, AUTHORIZE, AUTHENTICATE) around the Activity's frame, and the
fake Discord answers the OAuth2 code exchange and ``/users/@me``. The user is identified,
seated as on Discord, and plays from the frame."""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
from aiohttp import web

import i18n
from tests.e2e.chairman import open_table, settled, start_bot, started_table
from tests.fakediscord.oauth import CLIENT_SECRET
from tests.web.browser import free_port
from tests.web.test_browser import links, open_page
from web.activity import NOT_SIGNED_IN, UNREACHABLE

#: Discord's client around the Activity: answers the frame's SDK messages
DISCORD_CLIENT = """<!doctype html><html><body>
<iframe id="activity" src="{src}" style="width:900px;height:700px"></iframe>
<script>
window.seen = [];
const frame = document.getElementById("activity");
window.addEventListener("message", (event) => {{
  const [opcode, payload] = event.data;
  window.seen.push([opcode, payload]);
  const reply = (data) => frame.contentWindow.postMessage([1, data], "*");
  if (opcode === 0) reply({{cmd: "DISPATCH", evt: "READY", data: {{v: 1}}}});
  else if (payload.cmd === "AUTHORIZE")
    reply({{cmd: "AUTHORIZE", nonce: payload.nonce, data: {{code: {code}}}}});
  else if (payload.cmd === "AUTHENTICATE")
    reply({{cmd: "AUTHENTICATE", nonce: payload.nonce, data: {{user: {{}}}}}});
}});
</script></body></html>"""


@contextlib.asynccontextmanager
async def discord_client(html: str) -> AsyncIterator[str]:
    """Serve Discord's client page on loopback, on another origin than the Activity's."""

    async def page(request: web.Request) -> web.Response:
        return web.Response(text=html, content_type="text/html")

    app = web.Application()
    app.add_routes([web.get("/", page)])
    runner = web.AppRunner(app)
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    try:
        yield f"http://localhost:{port}/"
    finally:
        await runner.cleanup()


async def test_the_activity_seats_its_user_and_plays_for_them(fake_discord, tmp_path, browser):
    fake = fake_discord
    ana = fake.add_member("ana")
    port = free_port()
    bot = await start_bot(fake, tmp_path, web_port=port, discord_client_secret=CLIENT_SECRET)
    table, thread_id, _ = await started_table(fake, bot, ana, game="macao", bots=1)
    seat = table.seat_of_user(ana.id)
    assert seat is not None
    await fake.wait_for(lambda: table.waits_on(seat.seat), what="ana's turn")
    await settled(bot)
    src = f"http://127.0.0.1:{port}/?frame_id=f1&instance_id=i1&channel_id={thread_id}"
    page = await browser.new_page()
    html = DISCORD_CLIENT.format(src=src, code=json.dumps(fake.authorize(ana)))
    async with discord_client(html) as client_url:
        await page.goto(client_url)
        activity = page.frame_locator("#activity")
        await activity.locator("#hand .card").first.wait_for()
    seen = await page.evaluate("window.seen")
    handshake = next(payload for opcode, payload in seen if opcode == 0)
    assert handshake == {
        "v": 1,
        "encoding": "json",
        "client_id": str(bot.application_id),
        "frame_id": "f1",
    }
    assert [p["cmd"] for op, p in seen if op == 1] == ["AUTHORIZE", "AUTHENTICATE"]
    moves = table.acted.get(seat.seat, 0)
    legal = activity.locator("#hand button.legal")
    if await legal.count():
        await legal.first.click()
        picker = activity.locator("#picker button")
        if await picker.count():
            await picker.first.click()
    else:
        await activity.locator("#controls button").first.click()
    await fake.wait_for(lambda: table.acted.get(seat.seat, 0) > moves, what="ana's move")


async def test_a_code_discord_did_not_give_is_refused(fake_discord, tmp_path):
    fake = fake_discord
    port = free_port()
    await start_bot(fake, tmp_path, web_port=port, discord_client_secret=CLIENT_SECRET)
    async with (
        aiohttp.ClientSession() as http,
        http.post(
            f"http://127.0.0.1:{port}/api/activity/token", json={"code": "made-up"}
        ) as response,
    ):
        assert response.status == 400
        assert "did not confirm who you are" in (await response.json())["error"]


async def test_a_refusal_before_sign_in_is_said_in_the_browsers_language(fake_discord, tmp_path):
    """Before Discord says who the user is, the page names the browser's language."""
    fake = fake_discord
    port = free_port()
    await start_bot(fake, tmp_path, web_port=port, discord_client_secret=CLIENT_SECRET)
    base = f"http://127.0.0.1:{port}/api/activity"
    async with aiohttp.ClientSession() as http:
        body = {"code": "made-up", "locale": "de-DE"}
        async with http.post(f"{base}/token", json=body) as response:
            assert response.status == 400
            refusal = (await response.json())["error"]
        async with http.get(f"{base}/config", params={"locale": "de-DE"}) as response:
            words = (await response.json())["words"]
    assert refusal == i18n.get("de")._(NOT_SIGNED_IN) != NOT_SIGNED_IN
    assert words["unreachable"] == i18n.get("de")._(UNREACHABLE) != UNREACHABLE


async def test_a_token_discord_did_not_give_identifies_nobody(fake_discord, tmp_path):
    fake = fake_discord
    port = free_port()
    await start_bot(fake, tmp_path, web_port=port, discord_client_secret=CLIENT_SECRET)
    body = {"access_token": "made-up", "channel_id": str(fake.general_id)}
    async with (
        aiohttp.ClientSession() as http,
        http.post(f"http://127.0.0.1:{port}/api/activity/session", json=body) as response,
    ):
        assert response.status == 400


async def test_table_web_opens_the_activity_where_the_app_has_one(fake_discord, tmp_path):
    fake = fake_discord
    fake.activity = True
    ana = fake.add_member("ana")
    port = free_port()
    bot = await start_bot(fake, tmp_path, web_port=port, discord_client_secret=CLIENT_SECRET)
    _table, thread_id, _ = await started_table(fake, bot, ana, game="macao", bots=1)
    i = await fake.slash(ana, "table web", thread_id)
    await i.wait_finished()
    answer = i.original
    assert answer is not None and answer.ephemeral
    (button,) = [
        c
        for c in answer.components_flat()
        if c.get("custom_id", "").startswith("chairman:activity:")
    ]
    assert button["label"] == "Open here in Discord"
    pressed = await fake.click(ana, answer, button["custom_id"])
    response = await pressed.wait_finished()
    assert response["name"] == "launch activity"
    assert pressed.activity_channel_id == thread_id


async def test_table_web_offers_no_activity_where_the_app_has_none(fake_discord, tmp_path):
    fake = fake_discord
    ana = fake.add_member("ana")
    bot = await start_bot(fake, tmp_path, web_port=free_port(), discord_client_secret=CLIENT_SECRET)
    _table, thread_id, _ = await started_table(fake, bot, ana, game="macao", bots=1)
    i = await fake.slash(ana, "table web", thread_id)
    await i.wait_finished()
    assert i.original is not None
    assert not [c for c in i.original.components_flat() if "activity" in c.get("custom_id", "")]


async def launch(
    fake, browser, port: int, channel_id: int, user, stack, locale: str | None = None
) -> Any:
    """``user`` launches the Activity in ``channel_id`` (in a browser speaking ``locale``, if
    given) and is signed in: its frame."""
    src = f"http://127.0.0.1:{port}/?frame_id=f1&instance_id=i1&channel_id={channel_id}"
    html = DISCORD_CLIENT.format(src=src, code=json.dumps(fake.authorize(user)))
    client_url = await stack.enter_async_context(discord_client(html))
    page = await (browser.new_page(locale=locale) if locale else browser.new_page())
    await page.goto(client_url)
    return page.frame_locator("#activity")


async def open_activity(fake, browser, port: int, thread_id: int, user, stack) -> Any:
    """``user`` opens the Activity in the table's thread: its frame, the table drawn."""
    activity = await launch(fake, browser, port, thread_id, user, stack)
    await activity.locator("#seats li").first.wait_for()
    return activity


async def test_a_user_in_the_channel_takes_a_seat_from_the_activity_and_the_host_starts(
    fake_discord, tmp_path, browser
):
    """bo, not seated, opens the Activity on ana's table in its lobby: it offers him a seat,
    which he takes under his Discord name, as Join on the lobby message does; ana, the host,
    starts the game from her Activity, and bo's page shows his hand."""
    fake = fake_discord
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    port = free_port()
    bot = await start_bot(fake, tmp_path, web_port=port, discord_client_secret=CLIENT_SECRET)
    table, thread_id, message = await open_table(fake, bot, ana, game="macao")
    async with contextlib.AsyncExitStack() as stack:
        his = await open_activity(fake, browser, port, thread_id, bo, stack)
        # the lobby's page says what its message says: who hosts, how many the game seats
        facts = await his.locator("#facts p").all_inner_texts()
        assert facts == ["Host: ana", "Macao is played by 2 to 6 players"]
        await his.locator('#lobby button[data-verb="join"]').click()
        await fake.wait_for(lambda: table.seat_of_user(bo.id) is not None, what="bo seated")
        await settled(bot)
        assert "bo" in fake.message(message.id).text()  # the lobby message lists him
        await his.locator('#lobby button[data-verb="leave"]').wait_for()
        assert await his.locator('#lobby button[data-verb="start"]').count() == 0
        hers = await open_activity(fake, browser, port, thread_id, ana, stack)
        assert await hers.locator('#lobby button[data-verb="join"]').count() == 0
        await hers.locator('#lobby button[data-verb="start"]').click()
        await fake.wait_for(lambda: table.is_running, what="the game started")
        await his.locator("#hand .card").first.wait_for()
        assert await his.locator("#lobby").is_hidden()


async def test_a_spectators_link_offers_no_seat_and_its_join_is_refused(
    fake_discord, tmp_path, browser
):
    fake = fake_discord
    ana = fake.add_member("ana")
    port = free_port()
    bot = await start_bot(fake, tmp_path, web_port=port)
    table, thread_id, _ = await open_table(fake, bot, ana, game="macao")
    _, spectator = await links(fake, ana, thread_id)
    page = await open_page(browser, spectator)
    assert await page.locator("#lobby").is_hidden()
    seats = len(table.seats)
    await page.evaluate("send({ type: 'join' })")
    notice = page.locator("#notice")
    await notice.wait_for()
    assert "Spectators watch the table" in await notice.inner_text()
    assert len(table.seats) == seats


async def restarted_under_bos_activity(fake, tmp_path, browser, stack) -> tuple[Any, ...]:
    """bo opens the Activity on ana's lobby table, then the bot restarts and his page
    reconnects: (the restarted bot, the resumed table, bo, his Activity's frame)."""
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    port = free_port()
    bot = await start_bot(fake, tmp_path, web_port=port, discord_client_secret=CLIENT_SECRET)
    table, thread_id, _ = await open_table(fake, bot, ana, game="macao")
    his = await open_activity(fake, browser, port, thread_id, bo, stack)
    await his.locator('#lobby button[data-verb="join"]').wait_for()
    await bot.close()
    bot = await start_bot(fake, tmp_path, web_port=port, discord_client_secret=CLIENT_SECRET)
    await his.locator("#notice").wait_for(state="hidden")
    return bot, bot.tables.get(table.id), bo, his


async def test_a_user_who_opened_the_activity_joins_after_the_bot_restarts(
    fake_discord, tmp_path, browser
):
    """Join seats bo under his Discord name after a restart: his page shows it with the
    proof the Activity's session gave it (the restarted bot never saw him)."""
    fake = fake_discord
    async with contextlib.AsyncExitStack() as stack:
        bot, resumed, bo, his = await restarted_under_bos_activity(fake, tmp_path, browser, stack)
        await his.locator('#lobby button[data-verb="join"]').click()
        await fake.wait_for(lambda: resumed.seat_of_user(bo.id) is not None, what="bo seated")
        seat = resumed.seat_of_user(bo.id)
        assert seat is not None and seat.name == "bo"
        await settled(bot)


async def test_a_name_the_activity_did_not_sign_takes_no_seat(fake_discord, tmp_path, browser):
    """A page that shows a name with a proof it made up is refused, as one with no name."""
    fake = fake_discord
    async with contextlib.AsyncExitStack() as stack:
        bot, resumed, bo, his = await restarted_under_bos_activity(fake, tmp_path, browser, stack)
        forged = {"name": "ana", "proof": "0" * 32}
        await his.locator("body").evaluate(
            f"() => send({{type: 'join', name: {json.dumps(forged)}}})"
        )
        await his.locator("#notice").wait_for()
        assert "Open the table from Discord again" in await his.locator("#notice").inner_text()
        assert resumed.seat_of_user(bo.id) is None
        await settled(bot)
