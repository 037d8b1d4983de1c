"""The table message offers the web table when it is on: the spectator link and how many
pages watch, and, where the application has an Activity, a button that opens it (on the
table message and on ``/play``'s answer). With the web off the message is as before."""

from __future__ import annotations

from tests.e2e.chairman import open_table, start_bot
from tests.fakediscord.oauth import CLIENT_SECRET
from tests.web.browser import free_port


def web_field(fake, thread_id: int) -> str | None:
    embed = fake.messages(thread_id)[0].embeds[0]
    for field in embed.get("fields") or []:
        if field["name"] == "In a browser":
            return field["value"]
    return None


def activity_buttons(components: list[dict]) -> list[dict]:
    flat = [c for row in components for c in row.get("components", [row])]
    return [c for c in flat if c.get("custom_id", "").startswith("chairman:activity:")]


async def test_the_table_message_links_the_page_and_counts_its_watchers(
    fake_discord, tmp_path, browser
):
    fake = fake_discord
    ana = fake.add_member("ana")
    port = free_port()
    bot = await start_bot(fake, tmp_path, web_port=port)
    table, thread_id, _ = await open_table(fake, bot, ana, game="macao", bots=1)
    await bot.publisher.settled()
    line = web_field(fake, thread_id)
    assert line is not None and "👁 0 watching" in line
    link = line.split("](", 1)[1].split(")", 1)[0]
    assert link.startswith(f"http://localhost:{port}/table/{table.id}?key=")
    page = await browser.new_page()
    await page.goto(link.replace("localhost", "127.0.0.1"))
    await page.wait_for_selector("#seats li")
    await fake.wait_for(
        lambda: "👁 1 watching" in (web_field(fake, thread_id) or ""), what="one watcher"
    )
    await page.close()
    await fake.wait_for(
        lambda: "👁 0 watching" in (web_field(fake, thread_id) or ""), what="no watcher"
    )
    assert not activity_buttons(fake.messages(thread_id)[0].components)


async def test_the_table_message_says_nothing_of_a_page_when_the_web_is_off(fake_discord, tmp_path):
    fake = fake_discord
    ana = fake.add_member("ana")
    bot = await start_bot(fake, tmp_path)
    _table, thread_id, _ = await open_table(fake, bot, ana, game="macao", bots=1)
    await bot.publisher.settled()
    assert web_field(fake, thread_id) is None


async def test_play_and_the_table_message_open_the_activity_where_the_app_has_one(
    fake_discord, tmp_path
):
    fake = fake_discord
    fake.activity = True
    ana = fake.add_member("ana")
    _bot = await start_bot(
        fake, tmp_path, web_port=free_port(), discord_client_secret=CLIENT_SECRET
    )
    i = await fake.slash(ana, "play", fake.general_id, game="macao", bots=1)
    answer = await i.wait_finished()
    (offered,) = activity_buttons(answer.get("components") or [])
    assert offered["label"] == "Open here in Discord"
    thread = fake.threads()[-1]
    message = fake.messages(thread.id)[0]
    (button,) = activity_buttons(message.components)
    pressed = await fake.click(ana, message, button["custom_id"])
    response = await pressed.wait_finished()
    assert response["name"] == "launch activity"
    assert pressed.activity_channel_id == thread.id
