"""``MESSAGE_CONTENT``: on, off or auto (the default), and a clear refusal of anything else."""

from __future__ import annotations

import pytest

from cogs.intents import intents
from tables.settings import BadSetting, Settings


@pytest.mark.parametrize(
    ("written", "read"), [("", "auto"), (" ON ", "on"), ("off", "off"), ("Auto", "auto")]
)
def test_message_content_reads_on_off_and_auto(written, read):
    assert Settings.from_env({"MESSAGE_CONTENT": written}, None).message_content == read
    assert Settings.from_env({}, None).message_content == "auto"


def test_message_content_refuses_anything_else_naming_what_it_takes():
    with pytest.raises(BadSetting, match=r"MESSAGE_CONTENT=yes is not allowed \(one of on, off"):
        Settings.from_env({"MESSAGE_CONTENT": "yes"}, None)


def test_only_the_content_intent_follows_the_setting():
    asked, not_asked = intents(True), intents(False)
    assert asked.message_content and not not_asked.message_content
    assert (asked.value ^ not_asked.value) == asked.__class__(message_content=True).value
    assert not asked.members and not asked.presences
