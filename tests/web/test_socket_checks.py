"""The page's WebSocket, spoken to as a forger would (no browser): a socket opened from another
site's page is refused; pages of this server, of ``PUBLIC_URL`` (the address a reverse proxy
serves it at) and of Discord's Activity proxy are let in; a move sent again once it has been
made is refused with a reason and changes nothing; a connection sending more than ``RATE``
messages in a second is told to wait; a message over ``MAX_MESSAGE`` bytes closes the socket."""

from __future__ import annotations

import json
from typing import Any

import aiohttp
import pytest

from cogs.client import ChairmanBot
from tables.model import Table
from tests.e2e.chairman import settled, start_bot, started_table
from tests.fakediscord import FakeDiscord
from tests.web.browser import free_port
from web.messages import RATE
from web.server import MAX_MESSAGE, WebServer

PUBLIC = "https://cards.example.org"


async def macao_table(
    fake: FakeDiscord, tmp_path: Any, **options: Any
) -> tuple[ChairmanBot, Table, WebServer]:
    """ana and a bot at a Macao table (``/play``'s other ``options`` as given), ana's turn;
    the web table behind ``PUBLIC``."""
    ana = fake.add_member("ana")
    bot = await start_bot(fake, tmp_path, web_port=free_port(), public_url=PUBLIC)
    table, _, _ = await started_table(fake, bot, ana, game="macao", bots=1, **options)
    seat = table.seat_of_user(ana.id)
    assert seat is not None
    await fake.wait_for(lambda: table.waits_on(seat.seat), what="ana's turn")
    await settled(bot)
    cog: Any = bot.get_cog("WebTable")
    return bot, table, cog.server


def socket_url(server: WebServer, table: Table, key: str) -> str:
    return f"http://127.0.0.1:{server.port}/ws/{table.id}?key={key}"


def ana_key(server: WebServer, table: Table) -> str:
    link = server.player_link(table.id, table.humans()[0].user_id or 0)
    return link.split("key=")[1]


async def refusal(ws: aiohttp.ClientWebSocketResponse) -> dict[str, Any]:
    """The next refusal on the socket (frames pushed meanwhile are passed over)."""
    while True:
        data: dict[str, Any] = await ws.receive_json()
        if data["type"] == "refused":
            return data


async def test_a_socket_opened_from_another_sites_page_is_refused(fake_discord, tmp_path):
    _, table, server = await macao_table(fake_discord, tmp_path)
    url = socket_url(server, table, ana_key(server, table))
    async with (
        aiohttp.ClientSession() as http,
        http.ws_connect(url, origin="https://cards.example.net") as ws,
    ):
        data = await ws.receive_json()
        assert data == {
            "type": "refused",
            "reason": "This page's origin may not open the table.",
            "final": True,
            "language": "en",
        }
        assert (await ws.receive()).type == aiohttp.WSMsgType.CLOSE
    assert server.viewers(table.id) == 0


@pytest.mark.parametrize(
    "origin",
    [
        "this server",
        PUBLIC,  # behind a reverse proxy: the page comes from the proxy's address
        "https://1234567890.discordsays.com",  # the Activity, through Discord's proxy
    ],
)
async def test_pages_of_this_server_its_public_url_and_the_activity_are_let_in(
    fake_discord, tmp_path, origin
):
    _, table, server = await macao_table(fake_discord, tmp_path)
    if origin == "this server":
        origin = f"http://127.0.0.1:{server.port}"
    url = socket_url(server, table, ana_key(server, table))
    async with aiohttp.ClientSession() as http, http.ws_connect(url, origin=origin) as ws:
        data = await ws.receive_json()
        assert data["type"] == "table" and data["hand"], data


async def test_a_move_sent_again_once_made_is_refused_and_changes_nothing(fake_discord, tmp_path):
    bot, table, server = await macao_table(fake_discord, tmp_path)
    seat = table.humans()[0].seat
    url = socket_url(server, table, ana_key(server, table))
    async with aiohttp.ClientSession() as http, http.ws_connect(url) as ws:
        drawn = await ws.receive_json()
        assert drawn["token"] == table.token(seat)
        message = json.dumps(
            {"type": "act", "action": drawn["moves"][0]["action"], "token": drawn["token"]}
        )
        await ws.send_str(message)
        await fake_discord.wait_for(lambda: table.acted.get(seat) == 1, what="ana's move")
        await fake_discord.wait_for(
            lambda: not table.is_running or table.waits_on(seat), what="ana's turn again"
        )
        await settled(bot)
        before = (table.version, table.seq, table.acted.get(seat))
        await ws.send_str(message)  # the very same message, sent again
        refused = await refusal(ws)
        # a card already played is no longer held; a draw's token is out of date
        assert refused["reason"].startswith(("You no longer hold", "Those buttons are out")), (
            refused["reason"]
        )
        assert refused["frame"]["token"] == table.token(seat)  # the page is drawn as it stands
        await settled(bot)
        assert (table.version, table.seq, table.acted.get(seat)) == before


async def test_a_connection_sending_too_fast_is_told_to_wait(fake_discord, tmp_path):
    _, table, server = await macao_table(fake_discord, tmp_path)
    now = [100.0]
    server.messages.monotonic = lambda: now[0]  # every message in the same moment
    url = socket_url(server, table, ana_key(server, table))
    version = table.version
    async with aiohttp.ClientSession() as http, http.ws_connect(url) as ws:
        await ws.receive_json()
        for _ in range(RATE):
            await ws.send_str(json.dumps({"type": "shout"}))
            assert (await refusal(ws))["reason"] == "That message is not one the table knows."
        await ws.send_str(json.dumps({"type": "shout"}))
        assert (await refusal(ws))["reason"] == "Too many messages at once: wait a moment."
        now[0] += 1.5  # a moment later, messages are read again
        await ws.send_str(json.dumps({"type": "shout"}))
        assert (await refusal(ws))["reason"] == "That message is not one the table knows."
    assert table.version == version


async def test_a_message_over_the_size_limit_closes_the_socket(fake_discord, tmp_path):
    _, table, server = await macao_table(fake_discord, tmp_path)
    url = socket_url(server, table, ana_key(server, table))
    version = table.version
    async with aiohttp.ClientSession() as http, http.ws_connect(url) as ws:
        await ws.receive_json()
        said = "x" * MAX_MESSAGE
        await ws.send_str(json.dumps({"type": "say", "text": said}))
        while (message := await ws.receive()).type == aiohttp.WSMsgType.TEXT:
            pass  # frames already on their way
        assert message.type == aiohttp.WSMsgType.CLOSE
        assert message.data == aiohttp.WSCloseCode.MESSAGE_TOO_BIG
    assert table.version == version
