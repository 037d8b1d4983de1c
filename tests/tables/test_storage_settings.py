"""DATABASE_URL, SHARD_COUNT, SHARD_IDS and ACTIVITY_PATHS: read, defaulted, and refused with a
clear reason."""

from __future__ import annotations

import pytest

from tables.settings import Settings

#: a PostgreSQL address, which a process running only some shards needs
PG = "postgresql://chairman@db/chairman"


def settings(tmp_path, **env: str) -> Settings:
    return Settings.from_env(env, dotenv_path=tmp_path / "none")


def test_without_database_url_the_sqlite_file_is_used(tmp_path):
    assert settings(tmp_path, DATABASE_PATH="x.sqlite3").database == "x.sqlite3"


def test_database_url_selects_postgresql(tmp_path):
    url = "postgresql://chairman:secret@db:5432/chairman"
    assert settings(tmp_path, DATABASE_URL=url).database == url


def test_a_database_url_that_is_not_postgresql_is_refused(tmp_path):
    with pytest.raises(ValueError, match="DATABASE_URL"):
        settings(tmp_path, DATABASE_URL="mysql://x")


def test_unset_shards_run_the_bot_as_one_process(tmp_path):
    found = settings(tmp_path)
    assert (found.shard_count, found.shard_ids, found.runs_every_shard) == (None, None, True)


def test_shard_ids_are_read_as_a_sorted_list(tmp_path):
    found = settings(tmp_path, SHARD_COUNT="4", SHARD_IDS="3, 1", DATABASE_URL=PG)
    assert (found.shard_count, found.shard_ids, found.runs_every_shard) == (4, (1, 3), False)


@pytest.mark.parametrize(
    ("env", "named"),
    [
        ({"SHARD_COUNT": "two"}, "SHARD_COUNT"),
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT"),
        ({"SHARD_IDS": "0"}, "SHARD_COUNT"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "0,2"}, "SHARD_IDS"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "first"}, "SHARD_IDS"),
    ],
)
def test_bad_shard_settings_are_refused_naming_the_setting(tmp_path, env, named):
    with pytest.raises(ValueError, match=named):
        settings(tmp_path, **env)


def test_activity_paths_name_the_path_to_the_process_of_each_guild(tmp_path):
    found = settings(
        tmp_path, SHARD_COUNT="2", SHARD_IDS="0", ACTIVITY_PATHS="/, /shard-1", DATABASE_URL=PG
    )
    assert found.activity_paths == ("/", "/shard-1")
    on_shard_1 = 1 << 22  # (guild_id >> 22) % 2 == 1
    assert found.activity_path(on_shard_1) == "/shard-1" and found.activity_path(0) == "/"
    assert settings(tmp_path, SHARD_COUNT="2").activity_path(on_shard_1) is None


@pytest.mark.parametrize(
    ("env", "allowed"),
    [
        ({"ACTIVITY_PATHS": "/"}, "it needs SHARD_COUNT"),
        ({"SHARD_COUNT": "2", "ACTIVITY_PATHS": "/"}, "a path for each of the 2 shards"),
        ({"SHARD_COUNT": "2", "ACTIVITY_PATHS": "/,shard-1"}, "a path for each"),
        ({"SHARD_COUNT": "2", "ACTIVITY_PATHS": "/,/shard 1"}, "a path for each"),
        ({"SHARD_COUNT": "2", "ACTIVITY_PATHS": "/,/shard-1/"}, "a path for each"),
    ],
)
def test_bad_activity_paths_are_refused_saying_what_is_allowed(tmp_path, env, allowed):
    with pytest.raises(ValueError, match=f"ACTIVITY_PATHS=.*{allowed}"):
        settings(tmp_path, **env)


def test_some_shards_over_sqlite_are_refused_saying_to_set_database_url(tmp_path):
    with pytest.raises(ValueError, match=r"SHARD_IDS=1 is not allowed.*set DATABASE_URL"):
        settings(tmp_path, SHARD_COUNT="2", SHARD_IDS="1")
    assert settings(tmp_path, SHARD_COUNT="2", SHARD_IDS="0,1").runs_every_shard
