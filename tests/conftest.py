"""Shared pytest setup: registers the fake Discord fixture (``fake_discord``)."""

pytest_plugins = ["tests.fakediscord.fixtures"]
