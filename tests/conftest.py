"""Shared pytest setup: the fake Discord fixture (``fake_discord``) and both storage backends
(``storage``, ``pg_url``: see ``tests.storage``)."""

pytest_plugins = ["tests.fakediscord.fixtures", "tests.storage"]
