"""data.settings: server defaults per game and the channels that may host tables."""

from __future__ import annotations

import pytest

from data.settings import (
    SettingError,
    allow_channel,
    disallow_channel,
    options_in_force,
    parse_option,
    reset_options,
    set_option,
    settable_options,
    settings_for_play,
)
from engine import GAMES
from tests.data.results_db import GUILD, fresh_database


@pytest.fixture
def db(storage):
    database = fresh_database(storage)
    yield database
    database.close()


def test_options_start_as_the_games_defaults(db):
    assert options_in_force(db, GUILD, "macao") == GAMES["macao"].defaults


def test_a_server_default_overrides_the_games_and_stays_per_server(db):
    assert set_option(db, GUILD, "macao", "target", "300") == 300
    assert options_in_force(db, GUILD, "macao")["target"] == 300
    assert options_in_force(db, GUILD + 1, "macao")["target"] == 500


def test_reset_puts_one_option_or_all_back(db):
    set_option(db, GUILD, "macao", "target", "300")
    set_option(db, GUILD, "macao", "max_turns", "150")
    reset_options(db, GUILD, "macao", "target")
    assert options_in_force(db, GUILD, "macao")["target"] == 500
    assert options_in_force(db, GUILD, "macao")["max_turns"] == 150
    reset_options(db, GUILD, "macao")
    assert options_in_force(db, GUILD, "macao") == GAMES["macao"].defaults


@pytest.mark.parametrize(
    ("option", "value"), [("target", "lots"), ("target", "-5"), ("colour", "red")]
)
def test_bad_values_and_unknown_options_are_refused(db, option, value):
    with pytest.raises(SettingError):
        set_option(db, GUILD, "macao", option, value)
    assert options_in_force(db, GUILD, "macao") == GAMES["macao"].defaults


def test_a_game_not_in_the_engine_cannot_be_set():
    with pytest.raises(SettingError, match="not available"):
        parse_option("no-such-game", "x", "1")


def test_every_channel_may_host_tables_until_one_is_chosen(db):
    assert settings_for_play(db, GUILD, "macao", channel_id=5).allowed
    allow_channel(db, GUILD, 7)
    assert not settings_for_play(db, GUILD, "macao", channel_id=5).allowed
    assert settings_for_play(db, GUILD, "macao", channel_id=7).allowed
    disallow_channel(db, GUILD, 7)
    assert settings_for_play(db, GUILD, "macao", channel_id=5).allowed


def test_a_thread_is_judged_by_its_parent_channel(db):
    allow_channel(db, GUILD, 7)
    assert settings_for_play(db, GUILD, "macao", channel_id=900, parent_id=7).allowed


def test_play_gets_the_servers_options_and_the_allowed_list(db):
    set_option(db, GUILD, "macao", "target", "250")
    allow_channel(db, GUILD, 8)
    allow_channel(db, GUILD, 7)
    play = settings_for_play(db, GUILD, "macao", channel_id=8)
    assert (play.allowed, play.allowed_channels, play.options["target"]) == (True, [7, 8], 250)


def test_outside_a_server_everything_is_allowed_with_the_games_defaults(db):
    play = settings_for_play(db, None, "macao", channel_id=1)
    assert play.allowed and play.options == GAMES["macao"].defaults


def test_list_options_cannot_be_typed_in(db):
    assert "house_rules" not in settable_options("mao")
    assert "mode" in settable_options("mao")
    with pytest.raises(SettingError, match="cannot be set"):
        set_option(db, GUILD, "mao", "house_rules", "[]")


def test_the_games_own_limits_apply(db):
    with pytest.raises(ValueError, match="chairman or players"):
        set_option(db, GUILD, "mao", "mode", "anarchy")
    assert options_in_force(db, GUILD, "mao")["mode"] == "chairman"


def test_table_language_is_the_choice_then_the_server_setting_then_its_locale(db):
    from data.settings import set_language, table_language

    assert table_language(db, GUILD, None, "en-US") == "en"
    assert table_language(db, GUILD, None, "ro") == "ro"
    assert table_language(db, GUILD, None, "pt-BR") == "pt-BR"
    assert table_language(db, GUILD, None, "it") == "en"
    set_language(db, GUILD, "pt-BR")
    assert table_language(db, GUILD, None, "ro") == "pt-BR"
    assert table_language(db, GUILD, "ro", "en-US") == "ro"
    set_language(db, GUILD, None)
    assert table_language(db, GUILD, None, "ro") == "ro"


def test_mao_language_is_the_tables_not_a_game_option(db):
    from data.settings import SettingError, set_option, settable_options

    assert "language" not in settable_options("mao")
    with pytest.raises(SettingError, match="/settings language"):
        set_option(db, GUILD, "mao", "language", "ro")


def test_a_servers_copy_of_the_commands_is_remembered_once_and_forgotten(db):
    from data.settings import command_copies, set_command_copy

    assert command_copies(db) == []
    set_command_copy(db, GUILD, True)
    set_command_copy(db, GUILD, True)
    set_command_copy(db, 7, True)
    assert command_copies(db) == sorted([GUILD, 7])
    set_command_copy(db, GUILD, False)
    assert command_copies(db) == [7]
