"""A tournament's web page (``web.tournament_page``): in a real browser it shows a running
event's standings, redraws them as its tables end, and links each table's page; its frame
holds no card of any table; its key opens that event only; ``/tournament show`` and
``/history tournament:`` link it when the web is on."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator

import pytest

from data import tournaments as stored
from data.db import open_database
from tables.clock import FakeClock
from tables.service import TableService
from tests.e2e.chairman import start_bot
from tests.e2e.test_tournaments import announce
from tests.web.browser import free_port
from web.links import BadKey, Signer, secret_from
from web.server import WebServer

GUILD, CHANNEL, ORGANISER = 900, 901, 1
PLAYERS = (11, 12, 13, 14)
#: a card as the engine writes it (``7H``, ``10D``, ``QS``)
CARD = re.compile(r"\b(?:10|[2-9JQKA])[CDHS]\b")


@pytest.fixture
async def served(tmp_path) -> AsyncIterator[tuple[TableService, WebServer, FakeClock]]:
    clock = FakeClock()
    # bots wait a second of the fake clock per move: nothing is played until the test says
    svc = TableService(
        open_database(tmp_path / "t.db"), clock=clock, bot_delay=1.0, seeds=lambda: 7
    )
    port = free_port()
    server = WebServer(
        svc,
        Signer(secret_from("token")),
        port=port,
        host="127.0.0.1",
        public_url=f"http://127.0.0.1:{port}",
    )
    await server.start()
    try:
        yield svc, server, clock
    finally:
        await server.close()
        await svc.close()


async def running_swiss(svc: TableService, language: str = "en") -> int:
    """A one-round Swiss event of four players, each away (a bot plays for them): two tables."""
    event = await svc.tournaments.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        organiser_id=ORGANISER,
        game="macao",
        format="swiss",
        rounds=1,
        options={"rounds": 1},
        language=language,
    )
    for user in PLAYERS:
        await svc.tournaments.join(event.id, user, f"p{user}")
        stored.set_away(svc.db, event.id, user, True)
    await svc.tournaments.start(event.id, ORGANISER)
    return event.id


async def test_the_page_shows_standings_live_and_links_each_table(served, browser):
    svc, server, clock = served
    event_id = await running_swiss(svc)
    page = await browser.new_page()
    await page.goto(server.tournament_link(event_id))
    await page.wait_for_selector("#standings tbody tr")
    played = page.locator("#standings tbody td:nth-child(5)")
    assert await played.all_inner_texts() == ["0"] * len(PLAYERS)
    assert await page.locator("#tables a.live").count() == 2
    # a table's link opens its spectator page
    live = await page.locator("#tables a.live").first.get_attribute("href")
    table_page = await browser.new_page()
    await table_page.goto(live or "")
    await table_page.wait_for_selector("#seats li")
    await table_page.close()
    # the tables play out; the page is redrawn without being reloaded
    for _ in range(2000):
        if svc.tournaments.get(event_id).status == "finished":
            break
        await clock.advance(2.0)
    assert svc.tournaments.get(event_id).status == "finished"
    await page.wait_for_selector("#tables a.replay >> nth=1")
    assert await played.all_inner_texts() == ["1"] * len(PLAYERS)
    assert await page.locator("#heading").inner_text() == "Final standings"
    assert "joined first" in await page.locator("#tiebreak").inner_text()


async def test_the_page_speaks_the_events_language(served, browser):
    """A Brazilian event's page is marked as Portuguese (a screen reader's voice follows it)
    and says its headings in Portuguese."""
    svc, server, _clock = served
    event_id = await running_swiss(svc, language="pt-BR")
    page = await browser.new_page()
    await page.goto(server.tournament_link(event_id))
    await page.wait_for_selector("#standings tbody tr")
    assert await page.evaluate("document.documentElement.lang") == "pt-BR"
    assert await page.locator("#tables-heading").inner_text() == "Mesas"


async def test_the_frame_holds_no_card_of_any_table(served):
    svc, server, _clock = served
    event_id = await running_swiss(svc)
    tables = [svc.get(int(g["table_id"])) for g in svc.tournaments.get(event_id).unfinished()]
    assert tables and all(t.game is not None for t in tables)
    text = json.dumps(server.tournaments.frame(svc.tournaments.view(event_id)))
    assert "p11" in text  # the frame is the event's, with its players
    assert CARD.findall(text) == []
    assert "hand" not in text


def test_a_tournament_key_opens_that_event_only():
    signer = Signer(secret_from("token"))
    signer.check_tournament(signer.tournament(3), 3)
    for other in (signer.tournament(4), signer.spectator(3), "", "é"):
        with pytest.raises(BadKey):
            signer.check_tournament(other, 3)


async def test_show_and_history_link_the_page_when_the_web_is_on(fake_discord, tmp_path):
    fake = fake_discord
    organiser = fake.add_member("org", admin=True)
    people = [fake.add_member(f"p{n}") for n in range(2)]
    port = free_port()
    bot = await start_bot(fake, tmp_path, web_port=port)
    event_id, _ = await announce(
        fake, bot, organiser, people, game="macao", format="swiss", rounds=1, starts="60"
    )
    page = f"http://localhost:{port}/tournament/{event_id}?key="
    for command in ("tournament show", "history"):
        i = await fake.slash(people[0], command, fake.general_id, tournament=event_id)
        response = await i.wait_finished()
        assert page in str(response), command
    await bot.close()
