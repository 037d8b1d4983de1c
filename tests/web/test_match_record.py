"""A finished match's record, downloaded from its replay page: the JSON builds the same match
again through the engine, the text form tells each move by name, and a game that keeps
secret rules (Mao) has no record."""

from __future__ import annotations

import json
from pathlib import Path

import aiohttp
import pytest

from engine import new_game
from i18n import get as catalog_of
from tables.match_record import FORMAT, SecretRecord, match_record, record_text
from tables.model import Table
from tables.replays import Replay
from tests.e2e.chairman import click, lobby_id, open_table, start_bot, started_table
from tests.web.browser import free_port
from tests.web.test_browser import links


async def finished(fake, tmp_path, port):
    ana = fake.add_member("ana")
    bot = await start_bot(fake, tmp_path, web_port=port)
    table, thread_id, message = await open_table(
        fake, bot, ana, game="macao", bots=2, watch=True, options="rounds=1"
    )
    _, spectator = await links(fake, ana, thread_id)
    await click(fake, ana, message, lobby_id(message, "start"))
    await fake.wait_for(lambda: table.status == "finished", what="the match end")
    return table, spectator


async def test_the_downloaded_record_replays_to_the_same_final_state(
    fake_discord, tmp_path, browser
):
    fake = fake_discord
    port = free_port()
    table, spectator = await finished(fake, tmp_path, port)
    page = await browser.new_page()
    await page.goto(spectator.replace("/table/", "/replay/"))
    await page.wait_for_selector("#seats li .hand")
    async with page.expect_download() as waiting:
        await page.click("#downloads a[href*='.json']")
    download = await waiting.value
    record = json.loads(Path(await download.path()).read_text())
    assert record["format"] == FORMAT and record["game"] == "macao"
    assert [s["seat"] for s in record["seats"]] == [s.seat for s in table.seats]
    game = new_game(
        record["game"],
        [s["seat"] for s in record["seats"]],
        seed=record["seed"],
        options=record["options"],
    )
    for row in record["actions"]:
        if row["action"]["kind"] == "tick":
            game.tick(row["action"]["now"])
        else:
            game.apply(row["seat"], row["action"])
    assert table.game is not None
    assert game.is_over
    assert game.outcome() == table.game.outcome()
    for seat in table.game.seats:
        assert game.observation(seat) == table.game.observation(seat)


async def test_the_text_record_tells_each_move_by_name(fake_discord, tmp_path):
    fake = fake_discord
    port = free_port()
    table, spectator = await finished(fake, tmp_path, port)
    url = spectator.replace("/table/", "/replay/").replace(f"/{table.id}?", f"/{table.id}.txt?")
    async with aiohttp.ClientSession() as http, http.get(url) as response:
        assert response.status == 200
        assert "attachment" in response.headers["Content-Disposition"]
        text = await response.text()
    moves = [line for line in text.splitlines() if line[:1].isdigit()]
    assert len(moves) == table.seq
    names = {s.name for s in table.seats}
    assert all(
        any(f". {name}: " in line for name in names) for line in moves if "(the table)" not in line
    )


async def test_a_match_still_played_has_no_record(fake_discord, tmp_path):
    fake = fake_discord
    ana = fake.add_member("ana")
    port = free_port()
    bot = await start_bot(fake, tmp_path, web_port=port)
    table, thread_id, _ = await started_table(fake, bot, ana, game="macao", bots=1)
    _, spectator = await links(fake, ana, thread_id)
    url = spectator.replace("/table/", "/replay/").replace(f"/{table.id}?", f"/{table.id}.json?")
    async with aiohttp.ClientSession() as http, http.get(url) as response:
        assert response.status == 409
        assert "once it is over" in (await response.json())["error"]


def test_mao_keeps_its_secret_rules_out_of_any_record():
    table = Table(
        id=1,
        game_name="mao",
        options={},
        seed=1,
        guild_id=1,
        channel_id=1,
        status="finished",
        started_at=0.0,
        language="en",
    )
    with pytest.raises(SecretRecord):
        match_record(Replay(table, []))


def test_the_text_record_is_in_the_tables_language():
    """A Brazilian match's text record heads itself in Portuguese; its moves keep the
    engine's notation, which reads back in any language."""
    record = {
        "options": {"rounds": 1},
        "seed": 5,
        "seats": [
            {"seat": "s0", "name": "Ana", "bot": None},
            {"seat": "bot1", "name": "Rita", "bot": "expert"},
        ],
        "actions": [
            {"seat": "s0", "action": {"kind": "play", "cards": ["7H"]}},
            {"seat": None, "action": {"kind": "tick", "now": 3.0}},
        ],
    }
    lines = record_text(record, "Macao · mesa nº 4", catalog_of("pt-BR")).splitlines()
    assert lines[:4] == [
        "Macao · mesa nº 4",
        "Opções: rounds=1",
        "Semente: 5",
        "Lugares: Ana (s0), Rita (bot1, bot expert)",
    ]
    assert lines[5] == "1. Ana: play 7H"
    assert lines[6] == "2. (a mesa) tick"
