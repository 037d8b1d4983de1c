"""Refusals said before any table or event is known are in the reader's language, the one
their browser asks for (``Accept-Language``: ``web.reader``), in a real browser; once a table
is known, its own language is used, whatever the browser reads."""

from __future__ import annotations

from collections.abc import AsyncIterator

import aiohttp
import pytest
from playwright.async_api import Browser, Page

import i18n
from data.db import open_database
from tables.clock import FakeClock
from tables.service import TableService
from tests.e2e.chairman import start_bot
from tests.fakediscord.oauth import CLIENT_SECRET
from tests.web.browser import free_port
from tests.web.test_socket_checks import ana_key, macao_table
from web.activity import NOT_SIGNED_IN
from web.links import NOT_OURS, Signer, secret_from
from web.server import NO_TABLE, WebServer
from web.tournament_page import NO_EVENT

GERMAN = i18n.get("de")
#: what the replay of a table storage never held says (``tables.replays.stored_table``)
NO_SUCH = "That table does not exist."


@pytest.fixture
async def server(tmp_path) -> AsyncIterator[WebServer]:
    """The web table with no table open and no event."""
    svc = TableService(open_database(tmp_path / "t.db"), clock=FakeClock(), seeds=lambda: 7)
    port = free_port()
    served = WebServer(svc, Signer(secret_from("token")), port=port, host="127.0.0.1")
    await served.start()
    try:
        yield served
    finally:
        await served.close()
        await svc.close()


async def german_page(browser: Browser, link: str) -> Page:
    """``link`` opened by a browser set to German (it asks for ``de-DE`` first), once the
    page says why it opens nothing."""
    context = await browser.new_context(locale="de-DE")
    page = await context.new_page()
    await page.goto(link)
    await page.locator("#notice").wait_for(state="visible")
    return page


async def test_a_link_to_no_tournament_is_refused_in_the_browsers_language(server, browser):
    # a key the bot signed, for an event it never held
    page = await german_page(browser, server.tournament_link(7))
    assert await page.locator("#notice").inner_text() == GERMAN._(NO_EVENT) != NO_EVENT
    # the page is marked as German, so a screen reader reads the refusal in a German voice
    assert await page.evaluate("document.documentElement.lang") == "de"


async def test_a_tournament_link_whose_key_is_not_the_bots_is_refused_in_the_browsers_language(
    server, browser
):
    page = await german_page(browser, f"http://127.0.0.1:{server.port}/tournament/7?key=1.2.3")
    assert await page.locator("#notice").inner_text() == GERMAN._(NOT_OURS) != NOT_OURS


async def test_a_link_to_no_table_is_refused_in_the_browsers_language(server, browser):
    page = await german_page(browser, f"http://127.0.0.1:{server.port}/table/12?key=1.2.3")
    assert await page.locator("#notice").inner_text() == GERMAN._(NO_TABLE) != NO_TABLE
    assert await page.evaluate("document.documentElement.lang") == "de"
    assert await page.locator("#seats li").count() == 0


async def test_a_replay_of_no_table_is_refused_in_the_browsers_language(server):
    base = f"http://127.0.0.1:{server.port}"
    headers = {"Accept-Language": "it-IT, de;q=0.8, en;q=0.5"}  # no Italian: German next
    key = server.signer.spectator(12)
    async with (
        aiohttp.ClientSession(headers=headers) as http,
        http.get(f"{base}/api/replay/12", params={"key": key}) as response,
    ):
        said = (await response.json())["error"]
    assert response.status == 409
    assert said == GERMAN._(NO_SUCH) != NO_SUCH


async def test_a_browser_asking_for_no_language_the_bot_speaks_is_answered_in_english(
    server, browser
):
    context = await browser.new_context(locale="it-IT")
    page = await context.new_page()
    await page.goto(server.tournament_link(7))
    await page.locator("#notice").wait_for(state="visible")
    assert await page.locator("#notice").inner_text() == NO_EVENT
    assert await page.evaluate("document.documentElement.lang") == "en"


async def test_a_bad_key_to_a_known_table_is_refused_in_the_tables_language(
    fake_discord, tmp_path, browser
):
    _bot, table, server = await macao_table(fake_discord, tmp_path, language="fr")
    key = ana_key(server, table)
    forged = key[:-1] + ("1" if key.endswith("0") else "0")  # its signature changed
    page = await german_page(
        browser, f"http://127.0.0.1:{server.port}/table/{table.id}?key={forged}"
    )
    french = i18n.get("fr")._(NOT_OURS)
    assert await page.locator("#notice").inner_text() == french != NOT_OURS


async def test_the_activitys_sign_in_refused_is_said_in_the_browsers_language(
    fake_discord, tmp_path
):
    """A page that names no language of its own is answered in the one its browser asks
    for."""
    port = free_port()
    await start_bot(fake_discord, tmp_path, web_port=port, discord_client_secret=CLIENT_SECRET)
    headers = {"Accept-Language": "de-CH, de;q=0.9"}
    async with aiohttp.ClientSession(headers=headers) as http:
        url = f"http://127.0.0.1:{port}/api/activity/token"
        async with http.post(url, json={"code": "made-up"}) as response:
            assert response.status == 400
            assert (await response.json())["error"] == GERMAN._(NOT_SIGNED_IN) != NOT_SIGNED_IN
