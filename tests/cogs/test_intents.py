"""``MESSAGE_CONTENT``: on, off or auto (the default), and a clear refusal of anything else."""

from __future__ import annotations

import logging

import pytest

from cogs.client import run_bot
from cogs.intents import intents, message_content_setting
from tables.settings import Settings


@pytest.mark.parametrize(
    ("written", "read"), [("", "auto"), (" ON ", "on"), ("off", "off"), ("Auto", "auto")]
)
def test_message_content_reads_on_off_and_auto(written, read):
    assert message_content_setting({"MESSAGE_CONTENT": written}) == read
    assert message_content_setting({}) == "auto"


def test_message_content_refuses_anything_else_in_one_sentence():
    with pytest.raises(ValueError, match="MESSAGE_CONTENT must be on, off or auto, not 'yes'"):
        message_content_setting({"MESSAGE_CONTENT": "yes"})


def test_the_bot_does_not_start_on_a_bad_message_content(monkeypatch, capsys):
    monkeypatch.setenv("MESSAGE_CONTENT", "sometimes")
    # run_bot sets up logging (a handler on the root logger writing to this test's captured
    # stderr, and its level) before it refuses; later tests in this process must not inherit
    # a handler whose stream is closed by then
    root = logging.getLogger()
    monkeypatch.setattr(root, "handlers", list(root.handlers))
    monkeypatch.setattr(root, "level", root.level)
    assert run_bot(Settings(discord_token="x")) == 2
    assert capsys.readouterr().out.startswith("Cannot start: MESSAGE_CONTENT must be on, off")


def test_only_the_content_intent_follows_the_setting():
    asked, not_asked = intents(True), intents(False)
    assert asked.message_content and not not_asked.message_content
    assert (asked.value ^ not_asked.value) == asked.__class__(message_content=True).value
    assert not asked.members and not asked.presences
