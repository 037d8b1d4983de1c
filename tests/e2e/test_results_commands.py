"""Results commands through the fake Discord: leaderboards, stats, history, rules, settings."""

from __future__ import annotations

import pytest

from data.leaderboard import leaderboard
from data.settings import settings_for_play
from tests.e2e.results_bot import seed_match, start
from tests.fakediscord import FakeDiscordError

OTHERS = [10_000 + k for k in range(24)]


def embed_text(message) -> str:
    return message.text()


async def answer(fake, who, command, channel_id=None, /, **options):
    i = await fake.slash(who, command, channel_id or fake.general_id, **options)
    await i.wait_finished()
    return i


async def test_leaderboard_with_no_rated_matches_says_so(fake_discord, tmp_path):
    fake = fake_discord
    ana = fake.add_member("ana")
    bot = await start(fake, tmp_path)
    seed_match(bot, fake.guild_id, [(ana.id, 1), ("heuristic", 2)])  # one human: not rated
    i = await answer(fake, ana, "leaderboard", game="macao")
    assert i.ephemeral
    assert "No rated matches yet" in i.text()


async def test_leaderboard_pages_ten_at_a_time_with_the_callers_row(fake_discord, tmp_path):
    fake = fake_discord
    ana = fake.add_member("ana")
    bot = await start(fake, tmp_path)
    for k in range(len(OTHERS) - 1):  # a ladder: each beats the next
        seed_match(bot, fake.guild_id, [(OTHERS[k], 1), (OTHERS[k + 1], 2)])
    for _ in range(3):
        seed_match(bot, fake.guild_id, [(OTHERS[-1], 1), (ana.id, 2)])
    mine = leaderboard(bot.db, fake.guild_id, "macao", user_id=ana.id).me
    assert mine is not None and mine.rank > 10

    i = await answer(fake, ana, "leaderboard", game="macao")
    board = i.original
    first = board.embeds[0]
    assert first["description"].count("\n") == 9  # ten rows
    assert f"<@{ana.id}>" not in first["description"]
    assert "Page 1 of 3" in first["footer"]["text"]
    assert f"**{mine.rank}.** <@{ana.id}>" in first["fields"][0]["value"]

    click = await fake.click(ana, board, "chairman:lb:macao:all:1:next")
    await click.wait_finished()
    second = fake.message(board.id).embeds[0]
    assert "Page 2 of 3" in second["footer"]["text"]
    assert "**11.**" in second["description"]
    assert set(second["description"].split("\n")).isdisjoint(first["description"].split("\n"))

    click = await fake.click(ana, board, "chairman:lb:macao:all:1:me")
    await click.wait_finished()
    own_page = fake.message(board.id).embeds[0]
    assert f"Page {(mine.rank - 1) // 10 + 1} of 3" in own_page["footer"]["text"]
    assert f"**{mine.rank}.** <@{ana.id}>" in own_page["description"]


async def test_page_buttons_show_the_row_of_whoever_pressed(fake_discord, tmp_path):
    fake = fake_discord
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    bot = await start(fake, tmp_path)
    seed_match(bot, fake.guild_id, [(ana.id, 1), (bo.id, 2)])
    i = await answer(fake, ana, "leaderboard", game="macao", period="week")
    # seeded in 2023: nothing in the last week
    assert "No rated matches yet in this period" in i.text()
    i = await answer(fake, ana, "leaderboard", game="macao")
    click = await fake.click(bo, i.original, "chairman:lb:macao:all:0:me")
    await click.wait_finished()
    assert f"**2.** <@{bo.id}>" in fake.message(i.original.id).embeds[0]["fields"][0]["value"]


async def test_stats_attaches_a_png_chart_of_the_rating(fake_discord, tmp_path):
    fake = fake_discord
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    bot = await start(fake, tmp_path)
    seed_match(bot, fake.guild_id, [(ana.id, 1), (bo.id, 2)], ended_at=1_700_000_000.0)
    seed_match(bot, fake.guild_id, [(ana.id, 1), (bo.id, 2)], ended_at=1_700_090_000.0)
    seed_match(bot, fake.guild_id, [(ana.id, 2), (bo.id, 1)], game="president")
    i = await fake.slash(bo, "stats", fake.general_id, user=ana)
    await i.wait_finished()
    await fake.wait_for(lambda: i.followups, what="the /stats follow-up")
    sent = i.followups[0]
    assert [a.filename for a in sent.attachments] == ["rating.png"]
    assert sent.attachments[0].data.startswith(b"\x89PNG\r\n\x1a\n")
    text = sent.text()
    assert "Macao" in text and "President" in text and "2 played · 2 wins" in text


async def test_stats_for_someone_who_never_played(fake_discord, tmp_path):
    fake = fake_discord
    ana = fake.add_member("ana")
    await start(fake, tmp_path)
    i = await answer(fake, ana, "stats")
    assert i.ephemeral and "has not played any matches on this server yet" in i.text()


async def test_stats_without_a_rated_match_has_no_chart(fake_discord, tmp_path):
    fake = fake_discord
    ana = fake.add_member("ana")
    bot = await start(fake, tmp_path)
    seed_match(bot, fake.guild_id, [(ana.id, 1), ("random", 2)])
    i = await answer(fake, ana, "stats", game="macao")
    await fake.wait_for(lambda: i.followups, what="the /stats follow-up")
    assert i.followups[0].attachments == []
    assert "No rated matches yet" in i.followups[0].text()


async def test_history_lists_matches_with_a_button_for_each_result(fake_discord, tmp_path):
    fake = fake_discord
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    bot = await start(fake, tmp_path)
    first = seed_match(bot, fake.guild_id, [(ana.id, 2), ("heuristic", 1)], ended_at=1.7e9)
    seed_match(bot, fake.guild_id, [(ana.id, 1), (bo.id, 2)], ended_at=1.7e9 + 60)
    i = await answer(fake, bo, "history", user=ana)
    listing = i.original
    assert listing.custom_ids() == [f"chairman:match:{first + 1}", f"chairman:match:{first}"]
    click = await fake.click(bo, listing, f"chairman:match:{first}")
    await click.wait_finished()
    assert click.ephemeral
    table = click.text()
    assert "**1st** 🤖 Bot1 (heuristic bot)" in table and f"**2nd** <@{ana.id}>" in table


async def test_history_of_someone_who_never_played(fake_discord, tmp_path):
    fake = fake_discord
    ana = fake.add_member("ana")
    await start(fake, tmp_path)
    i = await answer(fake, ana, "history")
    assert "has not played any matches on this server yet" in i.text()


async def test_rules_mao_tells_only_the_object(fake_discord, tmp_path):
    fake = fake_discord
    ana = fake.add_member("ana")
    await start(fake, tmp_path)
    i = await answer(fake, ana, "rules", game="mao")
    embed = i.original.embeds[0]
    assert embed["description"] == "The object of the game is to get rid of all your cards."
    assert not embed.get("fields")


async def test_rules_show_the_servers_options_in_force(fake_discord, tmp_path):
    fake = fake_discord
    ana, boss = fake.add_member("ana"), fake.add_member("boss", admin=True)
    await start(fake, tmp_path)
    before = await answer(fake, ana, "rules", game="macao")
    assert "reaches **500** points" in before.text()
    await answer(fake, boss, "settings option", game="macao", option="target", value="300")
    after = await answer(fake, ana, "rules", game="macao")
    assert "reaches **300** points" in after.text()


async def test_rules_tell_each_option_in_the_sentence_its_game_declares(fake_discord, tmp_path):
    fake = fake_discord
    ana = fake.add_member("ana")
    await start(fake, tmp_path)
    text = (await answer(fake, ana, "rules", game="crazyeights")).text()
    assert "• The match ends when a total reaches **100** points." in text
    assert (
        "• A round with no winner after **1000** turns ends there and is scored as it stands."
        in text
    )
    # an option its game gave no sentence: its help and its value
    assert "• Cards you may draw in a turn before you may pass" in text
    # a count at its "none" (rounds=0: play to the target) tells nothing
    assert "rounds" not in text.split("Change them at")[0].lower()


async def test_rules_tell_a_count_in_its_plural(fake_discord, tmp_path):
    fake = fake_discord
    ana, boss = fake.add_member("ana"), fake.add_member("boss", admin=True)
    await start(fake, tmp_path)
    assert "• A match is **1** game." in (await answer(fake, ana, "rules", game="lastcard")).text()
    await answer(fake, boss, "settings option", game="lastcard", option="games", value="3")
    assert "• A match is **3** games." in (await answer(fake, ana, "rules", game="lastcard")).text()


async def test_help_says_how_to_start_a_table(fake_discord, tmp_path):
    fake = fake_discord
    ana = fake.add_member("ana")
    await start(fake, tmp_path)
    i = await answer(fake, ana, "help")
    assert "/play" in i.text() and "/leaderboard" in i.text()


async def test_help_names_every_game_there_is(fake_discord, tmp_path):
    from engine import GAMES

    fake = fake_discord
    ana = fake.add_member("ana")
    await start(fake, tmp_path)
    text = (await answer(fake, ana, "help")).text()
    assert all(f"**{cls.title}**" in text for cls in GAMES.values())
    assert "**Crazy Eights**" in text


async def test_settings_are_hidden_from_members_without_manage_server(fake_discord, tmp_path):
    fake = fake_discord
    ana = fake.add_member("ana")
    await start(fake, tmp_path)
    with pytest.raises(FakeDiscordError, match="may not use /settings"):
        await fake.slash(ana, "settings show", fake.general_id)


async def test_settings_refuse_a_non_admin_even_if_the_server_opened_the_command(
    fake_discord, tmp_path
):
    fake = fake_discord
    ana = fake.add_member("ana")
    bot = await start(fake, tmp_path)
    synced = fake.world.global_commands + fake.world.guild_commands.get(fake.guild_id, [])
    for command in synced:  # as a server's Integrations page can
        if command["name"] == "settings":
            command["default_member_permissions"] = None
    i = await answer(fake, ana, "settings option", game="macao", option="target", value="100")
    assert i.ephemeral and "Manage Server" in i.text()
    assert (
        settings_for_play(bot.db, fake.guild_id, "macao", fake.general_id).options["target"] == 500
    )


async def test_settings_choose_the_channels_that_may_host_tables(fake_discord, tmp_path):
    fake = fake_discord
    boss = fake.add_member("boss", admin=True)
    games = fake.add_channel("card-games")
    bot = await start(fake, tmp_path)
    i = await answer(fake, boss, "settings allow-channel", channel=games)
    assert i.ephemeral and f"<#{games}>" in i.text()
    assert not settings_for_play(bot.db, fake.guild_id, "macao", fake.general_id).allowed
    assert settings_for_play(bot.db, fake.guild_id, "macao", games).allowed
    shown = await answer(fake, boss, "settings show")
    assert f"<#{games}>" in shown.text()
    await answer(fake, boss, "settings remove-channel", channel=games)
    assert settings_for_play(bot.db, fake.guild_id, "macao", fake.general_id).allowed


async def test_settings_refuse_a_bad_value_in_one_sentence(fake_discord, tmp_path):
    fake = fake_discord
    boss = fake.add_member("boss", admin=True)
    await start(fake, tmp_path)
    i = await answer(fake, boss, "settings option", game="macao", option="target", value="lots")
    assert i.ephemeral and i.text().startswith(
        "Option target takes a whole number from 1 to 100000, not 'lots'. Macao options: "
    )


async def test_settings_reset_refuses_an_option_the_game_does_not_have(fake_discord, tmp_path):
    fake = fake_discord
    boss = fake.add_member("boss", admin=True)
    bot = await start(fake, tmp_path)
    await answer(fake, boss, "settings option", game="macao", option="target", value="300")
    i = await answer(fake, boss, "settings reset", game="macao", option="targt")
    assert i.ephemeral and i.text().startswith("Macao has no option 'targt'. Macao options: ")
    assert (
        settings_for_play(bot.db, fake.guild_id, "macao", fake.general_id).options["target"] == 300
    )


async def test_settings_show_names_the_options_in_the_readers_words(fake_discord, tmp_path):
    fake = fake_discord
    boss = fake.add_member("boss", admin=True)
    boss.locale = "pt-BR"
    await start(fake, tmp_path)
    await answer(fake, boss, "settings option", game="maumau", option="twos_stack", value="on")
    set_in_english = await answer(fake, boss, "settings show")
    assert "acumular_2 **sim**" in set_in_english.text()
    assert "twos_stack" not in set_in_english.text() and "**on**" not in set_in_english.text()


async def test_public_results_speak_the_servers_language_private_ones_the_readers(
    fake_discord, tmp_path
):
    fake = fake_discord
    fake.world.guild_locale = "ro"
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    bo.locale = "pt-BR"
    bot = await start(fake, tmp_path)
    first = seed_match(bot, fake.guild_id, [(ana.id, 2), (bo.id, 1)], ended_at=1.7e9)
    i = await answer(fake, bo, "history", user=ana)
    assert not i.ephemeral and "ultimele partide" in i.text()  # the channel's language
    click = await fake.click(bo, i.original, f"chairman:match:{first}")
    await click.wait_finished()
    assert click.ephemeral and "**1º**" in click.text() and "Resultado" in click.text()
    board = await answer(fake, ana, "leaderboard", game="macao")
    assert "Clasament Macao" in board.text() and "2 jucători" in board.text()
