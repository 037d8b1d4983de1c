"""What a forger writes by hand to the web table, with a page's own key or none: a time sent
with a move, a lobby's button pressed in a running game, a game's leave sent from a lobby,
ids no table or channel has, a form value of the wrong type. Each is refused with a reason in
the reader's language, or put right, and the table is as it was (``web.messages``,
``web.links.id_in``, ``web.activity``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

import i18n
from data import store
from engine import parse_action
from tables.errors import GameRunning, NotStarted
from tests.e2e.chairman import open_table, settled, start_bot
from tests.fakediscord.oauth import CLIENT_SECRET
from tests.web import test_socket_checks
from tests.web.browser import free_port
from tests.web.test_socket_checks import ana_key, macao_table, socket_url
from web.activity import NO_TABLE_HERE, NOT_A_CHOICE

#: larger than any id SQLite or Discord holds (2**63), and longer than Python reads as a number
HUGE_IDS = pytest.mark.parametrize(
    "number", [str(2**63), "9" * 4301], ids=["2 to the 63", "4301 digits"]
)


async def refusal(ws: aiohttp.ClientWebSocketResponse) -> dict[str, Any]:
    """The next refusal on the socket, within ten seconds (a message taken is answered by
    frames only, and waiting for a refusal would never end)."""
    return await asyncio.wait_for(test_socket_checks.refusal(ws), 10)


@contextlib.asynccontextmanager
async def anas_page(
    server: Any, table: Any
) -> AsyncIterator[tuple[aiohttp.ClientWebSocketResponse, dict[str, Any]]]:
    """ana's page's socket, as her page opens it, and the first frame it is sent."""
    async with (
        aiohttp.ClientSession() as http,
        http.ws_connect(socket_url(server, table, ana_key(server, table))) as ws,
    ):
        yield ws, await ws.receive_json()


def draw_text(frame: dict[str, Any]) -> str:
    """The page's draw move, as the page would send it."""
    return next(m["action"] for m in frame["moves"] if parse_action(m["action"]).kind == "draw")


async def test_a_time_sent_with_a_move_is_the_tables_clocks(fake_discord, tmp_path):
    bot, table, server = await macao_table(fake_discord, tmp_path)
    seat = table.humans()[0].seat
    async with anas_page(server, table) as (ws, frame):
        forged = parse_action(draw_text(frame)).to_dict() | {"at": 1e300}
        await ws.send_str(
            json.dumps({"type": "act", "action": json.dumps(forged), "token": frame["token"]})
        )
        await fake_discord.wait_for(lambda: table.acted.get(seat) == 1, what="ana's draw")
        await settled(bot)
    logged = [row for row in store.get_actions(bot.tables.db, table.id) if row["seat"] == seat]
    assert len(logged) == 1 and 0.0 <= float(logged[0]["at"]) < 3600.0


@pytest.mark.parametrize("at", ['"x"', "1e999", "NaN", "true"])
async def test_a_move_whose_time_is_no_number_is_refused_and_changes_nothing(
    fake_discord, tmp_path, at
):
    bot, table, server = await macao_table(fake_discord, tmp_path)
    before = (table.version, table.seq)
    async with anas_page(server, table) as (ws, frame):
        action = draw_text(frame)
        forged = json.dumps(parse_action(action).to_dict())[:-1] + f', "at": {at}}}'
        await ws.send_str(json.dumps({"type": "act", "action": forged, "token": frame["token"]}))
        assert (await refusal(ws))["reason"].startswith("Not an action: '{")
    await settled(bot)
    assert (table.version, table.seq) == before


async def test_leave_from_a_page_in_a_running_game_is_refused(fake_discord, tmp_path):
    bot, table, server = await macao_table(fake_discord, tmp_path)
    seat = table.humans()[0]
    async with anas_page(server, table) as (ws, _):
        await ws.send_str(json.dumps({"type": "leave"}))
        assert (await refusal(ws))["reason"] == GameRunning().message
    await settled(bot)
    assert table.is_running and not seat.left_game


async def test_leaving_a_game_sent_from_a_lobby_is_refused_and_keeps_the_seat(
    fake_discord, tmp_path
):
    """A lobby is left with its own Leave; a page that asks to leave a game there forged it."""
    fake = fake_discord
    ana = fake.add_member("ana")
    bot = await start_bot(fake, tmp_path, web_port=free_port())
    table, _, _ = await open_table(fake, bot, ana, game="macao")
    cog: Any = bot.get_cog("WebTable")
    server = cog.server
    async with anas_page(server, table) as (ws, _):
        await ws.send_str(json.dumps({"type": "leave_game"}))
        assert (await refusal(ws))["reason"] == NotStarted().message
    await settled(bot)
    assert table.status == "lobby" and table.seat_of_user(ana.id) is not None


async def test_an_action_the_engine_cannot_read_is_refused_in_the_tables_language(
    fake_discord, tmp_path
):
    _, table, server = await macao_table(fake_discord, tmp_path, language="fr")
    async with anas_page(server, table) as (ws, frame):
        await ws.send_str(json.dumps({"type": "act", "action": "xyzzy", "token": frame["token"]}))
        reason = (await refusal(ws))["reason"]
    french = i18n.get("fr")._("unknown action {word}", word="'xyzzy'")
    assert reason == french[0].upper() + french[1:] + "." and "unknown" not in reason


async def test_a_closed_tables_refusal_is_in_its_pages_language(fake_discord, tmp_path):
    bot, table, server = await macao_table(fake_discord, tmp_path, language="de")
    async with anas_page(server, table) as (ws, frame):
        await bot.tables.end(table.id, table.host_id, manager=True)
        await settled(bot)
        await ws.send_str(json.dumps({"type": "act", "action": "draw", "token": frame["token"]}))
        refused = await refusal(ws)
    assert refused["final"] and refused["reason"] == i18n.get("de")._("That table has ended.")
    assert refused["reason"] != "That table has ended."


@HUGE_IDS
async def test_a_number_no_table_has_is_no_table(fake_discord, tmp_path, number):
    _, _, server = await macao_table(fake_discord, tmp_path)
    base = f"http://127.0.0.1:{server.port}"
    async with aiohttp.ClientSession() as http:
        for path in (f"/api/replay/{number}", f"/replay/{number}.json"):
            async with http.get(base + path, params={"key": "x"}) as response:
                assert response.status == 404, path
        async with http.ws_connect(f"{base}/ws/{number}?key=x") as ws:
            assert await ws.receive_json() == {
                "type": "refused",
                "reason": "There is no such table.",
                "final": True,
                "language": "en",
            }
        async with http.ws_connect(f"{base}/ws/tournament/{number}?key=x") as ws:
            refused = await ws.receive_json()
            assert refused["type"] == "refused" and refused["final"], refused


async def test_a_malformed_request_is_no_error_of_the_servers(fake_discord, tmp_path, caplog):
    _, _, server = await macao_table(fake_discord, tmp_path)
    with caplog.at_level(logging.INFO):
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        writer.write(b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n")
        await writer.drain()
        status = await reader.readline()
        writer.close()
    assert status.split()[1] == b"400", status
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert any("malformed request" in r.getMessage() for r in caplog.records)


async def signed_in(http: aiohttp.ClientSession, fake: Any, port: int, user: Any) -> str:
    """``user``'s access token, as the Activity's page gets it."""
    code = fake.authorize(user)
    async with http.post(f"http://127.0.0.1:{port}/api/activity/token", json={"code": code}) as r:
        return str((await r.json())["access_token"])


@pytest.mark.parametrize(
    "channel",
    ["", "abc", "-1", "١٢", ["12"], str(2**63), "9" * 4301],
    ids=[
        "empty",
        "letters",
        "negative",
        "Arabic-Indic digits",
        "a list",
        "2 to the 63",
        "4301 digits",
    ],
)
async def test_the_activity_in_a_channel_no_id_names_says_there_is_no_table(
    fake_discord, tmp_path, channel
):
    fake = fake_discord
    ana = fake.add_member("ana")
    ana.locale = "fr"
    port = free_port()
    await start_bot(fake, tmp_path, web_port=port, discord_client_secret=CLIENT_SECRET)
    async with aiohttp.ClientSession() as http:
        access = await signed_in(http, fake, port, ana)
        body = {"access_token": access, "channel_id": channel, "locale": "fr"}
        async with http.post(f"http://127.0.0.1:{port}/api/activity/session", json=body) as r:
            assert r.status == 404
            assert (await r.json())["error"] == i18n.get("fr")._(NO_TABLE_HERE) != NO_TABLE_HERE


@pytest.mark.parametrize("game", [["macao"], {"macao": 1}], ids=["a list", "an object"])
async def test_a_game_that_is_not_one_of_the_forms_is_refused(fake_discord, tmp_path, game):
    fake = fake_discord
    ana = fake.add_member("ana")
    port = free_port()
    bot = await start_bot(fake, tmp_path, web_port=port, discord_client_secret=CLIENT_SECRET)
    async with aiohttp.ClientSession() as http:
        access = await signed_in(http, fake, port, ana)
        body = {"access_token": access, "channel_id": str(fake.general_id)}
        async with http.post(f"http://127.0.0.1:{port}/api/activity/session", json=body) as r:
            ticket = (await r.json())["open"]["ticket"]
        opened = {"ticket": ticket, "values": {"game": game, "bots": "1"}}
        async with http.post(f"http://127.0.0.1:{port}/api/activity/open", json=opened) as r:
            assert r.status == 400
            assert (await r.json())["error"] == NOT_A_CHOICE
    assert bot.tables.in_channel(fake.general_id) is None
