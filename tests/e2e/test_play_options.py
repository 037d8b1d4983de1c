"""/play's options through the fake Discord: typed options checked by the game's declared
ranges, Mao's named options bounded by Mao's declarations, suggestions and /rules help."""

from __future__ import annotations

import pytest

from engine.mao import Mao
from tests.e2e.chairman import open_table, start_bot
from tests.fakediscord import FakeDiscordError

MACAO_OPTIONS = (
    "Macao options: target=500 (1-100000), max_turns=200 (1-100000), rounds=0 (0-10000)."
)


@pytest.mark.parametrize(
    ("typed", "problem"),
    [
        ("target=-5", "Option target takes a whole number from 1 to 100000, not '-5'."),
        ("max_turns=0", "Option max_turns takes a whole number from 1 to 100000, not '0'."),
        (
            "target=99999999999999999999",
            "Option target takes a whole number from 1 to 100000, not '99999999999999999999'.",
        ),
        ("colour=red", "Macao has no option 'colour'."),
    ],
)
async def test_play_refuses_an_option_outside_the_games_range(
    fake_discord, tmp_path, typed, problem
):
    fake = fake_discord
    ana = fake.add_member("ana")
    await start_bot(fake, tmp_path)
    i = await fake.slash(ana, "play", fake.general_id, game="macao", options=typed)
    response = await i.wait_finished()
    assert response["ephemeral"]
    assert response["content"] == f"{problem} {MACAO_OPTIONS}"
    assert not fake.threads()


async def test_play_takes_an_option_at_the_edge_of_its_range(fake_discord, tmp_path):
    fake = fake_discord
    ana = fake.add_member("ana")
    bot = await start_bot(fake, tmp_path)
    table, _thread, _message = await open_table(
        fake, bot, ana, game="macao", options="target=100000 max_turns=1"
    )
    assert table.options["target"] == 100000 and table.options["max_turns"] == 1


async def test_a_mao_option_is_refused_for_another_game_saying_whose_it_is(fake_discord, tmp_path):
    fake = fake_discord
    ana = fake.add_member("ana")
    await start_bot(fake, tmp_path)
    i = await fake.slash(ana, "play", fake.general_id, game="macao", turn_seconds=3)
    response = await i.wait_finished()
    assert response["ephemeral"]
    assert response["content"] == f"turn_seconds is a Mao option, not a Macao one. {MACAO_OPTIONS}"
    assert not fake.threads()


async def test_maos_named_options_are_bounded_by_maos_declarations(fake_discord, tmp_path):
    fake = fake_discord
    ana = fake.add_member("ana")
    await start_bot(fake, tmp_path)
    high = Mao.option("turn_seconds").high
    with pytest.raises(FakeDiscordError, match="outside"):
        await fake.slash(ana, "play", fake.general_id, game="mao", turn_seconds=high + 1)
    low = Mao.option("speech_window").low
    with pytest.raises(FakeDiscordError, match="outside"):
        await fake.slash(ana, "play", fake.general_id, game="mao", speech_window=low - 1)


async def test_play_suggests_the_games_options_with_range_and_help(fake_discord, tmp_path):
    fake = fake_discord
    ana = fake.add_member("ana")
    await start_bot(fake, tmp_path)
    i = await fake.autocomplete(
        ana, "play", fake.general_id, "options", "target=300 ", game="macao"
    )
    await i.wait_answered()
    assert [c["value"] for c in i.choices] == ["target=300 max_turns=200", "target=300 rounds=0"]
    assert i.choices[0]["name"] == (
        "target=300 max_turns=200 (1-100000): turns before a round ends with no winner"
    )
    i = await fake.autocomplete(ana, "play", fake.general_id, "options", "twos", game="maumau")
    await i.wait_answered()
    assert [c["value"] for c in i.choices] == ["twos_stack=off"]


async def test_rules_say_how_to_set_each_option_and_its_range(fake_discord, tmp_path):
    fake = fake_discord
    ana = fake.add_member("ana")
    await start_bot(fake, tmp_path)
    i = await fake.slash(ana, "rules", fake.general_id, game="macao")
    await i.wait_finished()
    assert "Change them at `/play` with `options:` target=500 (1-100000)" in i.text()
