"""Settings: defaults, the environment over .env, and clear refusals of bad values."""

from __future__ import annotations

import pytest

from tables.settings import Settings


def test_every_setting_has_its_default(tmp_path):
    settings = Settings.from_env({}, dotenv_path=tmp_path / "missing.env")
    assert settings == Settings()
    assert settings.database_path == "var/chairman.sqlite3"
    assert (settings.bot_delay, settings.turn_timeout) == (1.5, 60.0)
    assert settings.vote_timeout == 30.0


def test_the_environment_wins_over_the_dotenv_file(tmp_path):
    dotenv = tmp_path / ".env"
    dotenv.write_text("DISCORD_TOKEN=from-file\nBOT_DELAY=3\nDEV_GUILD_ID=42\nLOG_LEVEL=debug\n")
    settings = Settings.from_env({"BOT_DELAY": "0"}, dotenv_path=dotenv)
    assert settings.discord_token == "from-file"
    assert settings.bot_delay == 0.0
    assert settings.dev_guild_id == 42
    assert settings.log_level == "DEBUG"


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("BOT_DELAY", "soon"),
        ("TURN_TIMEOUT", "-1"),
        ("VOTE_TIMEOUT", "later"),
        ("DEV_GUILD_ID", "my server"),
    ],
)
def test_a_bad_value_is_refused_naming_the_setting(tmp_path, name, value):
    with pytest.raises(ValueError, match=name):
        Settings.from_env({name: value}, dotenv_path=tmp_path / "none")


def test_the_table_edit_interval_is_read_from_the_environment():
    assert Settings().table_edit_interval == 1.0
    settings = Settings.from_env({"TABLE_EDIT_INTERVAL": "2.5"}, dotenv_path=None)
    assert settings.table_edit_interval == 2.5


def test_the_close_grace_settings_are_read_and_checked(tmp_path):
    env = {"CLOSE_GRACE_MOVES": "0.5", "CLOSE_GRACE_DISCORD": "2"}
    settings = Settings.from_env(env, dotenv_path=tmp_path / "none")
    assert (settings.close_grace_moves, settings.close_grace_discord) == (0.5, 2.0)
    with pytest.raises(ValueError, match="CLOSE_GRACE_MOVES"):
        Settings.from_env({"CLOSE_GRACE_MOVES": "-1"}, dotenv_path=tmp_path / "none")


def test_each_range_takes_its_own_ends(tmp_path):
    from tables.settings import SECONDS

    for name, (least, most) in SECONDS.items():
        for value in (least, most):
            found = Settings.from_env({name: f"{value:g}"}, dotenv_path=tmp_path / "none")
            assert getattr(found, name.lower()) == value


@pytest.mark.parametrize("value", ["inf", "-inf", "nan", "NaN", "1e400"])
def test_endless_and_not_a_number_are_refused_for_every_seconds_setting(tmp_path, value):
    from tables.settings import SECONDS, BadSetting

    for name in SECONDS:
        with pytest.raises(BadSetting, match=f"^{name}={value} is not allowed"):
            Settings.from_env({name: value}, dotenv_path=tmp_path / "none")


def test_the_log_level_is_one_of_pythons_in_any_case(tmp_path):
    from tables.settings import BadSetting

    assert Settings.from_env({"LOG_LEVEL": "warning"}, dotenv_path=None).log_level == "WARNING"
    with pytest.raises(BadSetting, match="LOG_LEVEL=LOUD"):
        Settings.from_env({"LOG_LEVEL": "LOUD"}, dotenv_path=tmp_path / "none")
