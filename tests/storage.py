"""Both storage backends for the tests: a SQLite file, and a real PostgreSQL server.

The PostgreSQL server comes from the ``pgserver`` package (its wheel carries the server
binaries; as root it runs them as an unprivileged ``pgserver`` user). One server is started
for the whole test session, the first time a test asks for it, and every test gets a fresh,
empty schema of its own on it (its URL sets ``search_path``; a schema costs a millisecond where
a database costs a checkpoint). Fixtures:

- ``pg_server``: the session's server (``.get_uri()``);
- ``pg_url``: a ``postgresql://`` URL whose tables land in a new, empty schema;
- ``storage``: parametrized over ``sqlite`` and ``postgresql``: a location ``open_database``
  accepts (a file path or a URL), so a test that takes it runs against both backends.
"""

from __future__ import annotations

import itertools
import os
import shutil
import tempfile
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest

_numbers = itertools.count(1)


def schema_url(server_uri: str, schema: str) -> str:
    """The server's URI with ``schema`` first on the search path."""
    parts = urlsplit(server_uri)
    query = "&".join(q for q in (parts.query, f"options=-csearch_path%3D{schema}") if q)
    return urlunsplit(parts._replace(query=query))


def admin(server_uri: str, sql: str) -> None:
    with psycopg.connect(server_uri, autocommit=True) as conn:
        conn.execute(sql)


def start_server(folder: Path) -> Any:
    """A PostgreSQL server with its data in ``folder``, tuned for tests (no fsync)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # platformdirs: no XDG_RUNTIME_DIR on a CI machine
        import pgserver

        server = pgserver.get_server(folder, cleanup_mode="delete")
    # Crash safety of the server itself is not under test; a commit without fsync is faster.
    for setting in ("fsync = off", "synchronous_commit = off", "full_page_writes = off"):
        admin(server.get_uri(), f"ALTER SYSTEM SET {setting}")
    admin(server.get_uri(), "SELECT pg_reload_conf()")
    return server


@pytest.fixture(scope="session")
def pg_server() -> Iterator[Any]:
    # a short path: the server's Unix socket lives in it, and socket paths are short
    folder = Path(tempfile.mkdtemp(prefix="chpg-"))
    server = start_server(folder / "data")
    yield server
    server.cleanup()
    shutil.rmtree(folder, ignore_errors=True)


def new_database(server: Any) -> str:
    """A new empty schema on ``server``; -> the URL that uses it."""
    name = f"t{os.getpid()}_{next(_numbers)}"
    admin(server.get_uri(), f"CREATE SCHEMA {name}")
    return schema_url(server.get_uri(), name)


def drop_database(server: Any, url: str) -> None:
    name = urlsplit(url).query.rpartition("%3D")[2]
    admin(server.get_uri(), f"DROP SCHEMA IF EXISTS {name} CASCADE")


@pytest.fixture
def pg_url(pg_server: Any) -> Iterator[str]:
    url = new_database(pg_server)
    yield url
    drop_database(pg_server, url)


@pytest.fixture(params=["sqlite", "postgresql"])
def storage(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a test's database lives, once per backend."""
    if request.param == "sqlite":
        return str(tmp_path / "chairman.sqlite3")
    url: str = request.getfixturevalue("pg_url")
    return url
