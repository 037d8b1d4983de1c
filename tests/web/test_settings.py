"""The web table's settings: WEB_PORT, PUBLIC_URL and DISCORD_CLIENT_SECRET, read beside the
others with their ranges."""

from __future__ import annotations

import pytest

from tables.settings import Settings


def read(tmp_path, **env: str) -> Settings:
    return Settings.from_env(env, dotenv_path=tmp_path / "none")


def test_the_web_table_is_off_unless_web_port_is_set(tmp_path):
    settings = read(tmp_path)
    assert settings.web_port is None
    assert (settings.public_url, settings.discord_client_secret) == ("", "")


def test_links_point_at_localhost_without_public_url(tmp_path):
    assert read(tmp_path, WEB_PORT="8080").web_url == "http://localhost:8080"


def test_public_url_is_where_links_point(tmp_path):
    settings = read(tmp_path, WEB_PORT="8080", PUBLIC_URL="https://cards.example.org/")
    assert settings.web_url == "https://cards.example.org"


def test_the_client_secret_is_read(tmp_path):
    assert read(tmp_path, DISCORD_CLIENT_SECRET="s3cret").discord_client_secret == "s3cret"


@pytest.mark.parametrize(
    ("env", "named"),
    [
        ({"WEB_PORT": "0"}, "WEB_PORT=0"),
        ({"WEB_PORT": "65536"}, "WEB_PORT=65536"),
        ({"WEB_PORT": "eighty"}, "WEB_PORT=eighty"),
        ({"WEB_PORT": "80", "PUBLIC_URL": "cards.example.org"}, "PUBLIC_URL"),
        ({"PUBLIC_URL": "https://cards.example.org"}, "needs WEB_PORT"),
    ],
)
def test_a_bad_web_setting_is_refused_naming_it(tmp_path, env, named):
    with pytest.raises(ValueError, match=named):
        read(tmp_path, **env)
