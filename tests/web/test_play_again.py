"""Play again on a closed table's page: its player opens the rematch in the table's thread, as
the table message's button does, and the page follows them to the new lobby; a spectator's
link is offered nothing and its forged press opens nothing."""

from __future__ import annotations

from tests.e2e.chairman import one_id, settled
from tests.web.test_browser import links, on_turn, open_page


async def ended_under_her_page(fake, tmp_path, browser):
    """Ana's page on her Macao table with a bot, and a spectator's page, open while she ends
    the table from Discord."""
    ana = fake.add_member("ana")
    bot, table, _seat, thread_id, page = await on_turn(fake, ana, tmp_path, browser)
    _, link = await links(fake, ana, thread_id)
    spectator = await open_page(browser, link)
    i = await fake.slash(ana, "table end", thread_id)
    await i.wait_finished()
    await settled(bot)
    return bot, table, thread_id, page, spectator, ana


async def test_play_again_on_the_page_opens_the_rematch_and_follows_it(
    fake_discord, tmp_path, browser
):
    fake = fake_discord
    bot, old, thread_id, page, _spectator, ana = await ended_under_her_page(fake, tmp_path, browser)
    again = page.locator("#lobby button", has_text="Play again")
    await again.wait_for()
    await again.click()
    await fake.wait_for(lambda: bot.tables.in_channel(thread_id) is not None, what="a rematch")
    new = bot.tables.in_channel(thread_id)
    assert new.id != old.id and new.host_id == ana.id and new.status == "lobby"
    # Discord's side: the new lobby is the thread's latest message, and the table's
    await fake.wait_for(lambda: new.message_id is not None, what="its lobby message")
    assert fake.messages(thread_id)[-1].id == new.message_id
    # the page follows ana to the new lobby, its address too
    await page.wait_for_function(f"location.pathname === '/table/{new.id}'")
    await page.locator("#lobby button", has_text="Start (host)").wait_for()
    await page.locator("#facts", has_text="Host: ana").wait_for()


async def test_a_spectators_page_is_not_offered_play_again(fake_discord, tmp_path, browser):
    fake = fake_discord
    _bot, _old, _thread, page, spectator, _ana = await ended_under_her_page(fake, tmp_path, browser)
    await page.locator("#lobby button", has_text="Play again").wait_for()
    await spectator.locator("#facts", has_text="Table ended").wait_for()
    assert await spectator.locator("#lobby button").count() == 0


async def test_a_forged_play_again_from_a_spectators_link_opens_nothing(
    fake_discord, tmp_path, browser
):
    fake = fake_discord
    bot, _old, thread_id, page, spectator, _ana = await ended_under_her_page(
        fake, tmp_path, browser
    )
    await page.locator("#lobby button", has_text="Play again").wait_for()
    posts = len(fake.messages(thread_id))
    await spectator.locator("#facts", has_text="Table ended").wait_for()
    await spectator.evaluate("socket.send(JSON.stringify({type: 'again'}))")
    await spectator.locator("#notice", has_text="Spectators watch the table").wait_for()
    await settled(bot)
    assert bot.tables.in_channel(thread_id) is None
    assert len(fake.messages(thread_id)) == posts


async def test_every_page_of_the_closed_table_follows_it_to_the_rematch(
    fake_discord, tmp_path, browser
):
    """However the rematch opens (here by Play again on Discord), each page of the closed
    table goes to its lobby: a player's with her key, a spectator's still a spectator's."""
    fake = fake_discord
    bot, _old, thread_id, page, spectator, ana = await ended_under_her_page(fake, tmp_path, browser)
    await page.locator("#lobby button", has_text="Play again").wait_for()
    message = fake.message(fake.messages(thread_id)[0].id)
    i = await fake.click(ana, message, one_id(message, "chairman:again:"))
    await i.wait_finished()
    new = bot.tables.in_channel(thread_id)
    assert new is not None
    for follower in (page, spectator):
        await follower.wait_for_function(f"location.pathname === '/table/{new.id}'")
        await follower.locator("#facts", has_text="Host: ana").wait_for()
    # her page is hers at the new table (the host's Start), the spectator's offers nothing
    await page.locator('#lobby button[data-verb="start"]').wait_for()
    assert await spectator.locator("#lobby button").count() == 0
