"""The one thread announcer (``cogs.announcer``): how notices become posts, and how a failed
post is reported. The posts themselves are driven end to end in
``tests/e2e/test_thread_posts.py``."""

from __future__ import annotations

import logging
from types import SimpleNamespace

import discord

from cogs.announcer import POST_LIMIT, Notice, posts, report


def button(n: int) -> discord.ui.Button:
    return discord.ui.Button(label=f"Review #{n}", custom_id=f"chairman:review:1:{n}")


def test_one_changes_lines_stay_in_one_post_and_joining_changes_share_it():
    first = Notice(["Talking. <@1> takes a penalty card."], buttons=[button(1)], join=True)
    second = Notice(["Bad card. <@2> takes a penalty card."], buttons=[button(2)], join=True)
    [post] = posts([first, second])
    assert post.text == first.text + "\n" + second.text
    assert [b.custom_id for b in post.buttons] == ["chairman:review:1:1", "chairman:review:1:2"]


def test_a_notice_that_does_not_join_is_a_post_of_its_own_in_its_place():
    said = Notice(["ana has made a new rule."], join=True)
    warning = Notice(["<@1>, it is your turn"], pings=(1,))
    later = Notice(["bo is out."], join=True)
    assert [p.text for p in posts([said, warning, later])] == [
        "ana has made a new rule.",
        "<@1>, it is your turn",
        "bo is out.",
    ]
    assert [p.pings for p in posts([said, warning, later])] == [(), (1,), ()]


def test_notices_share_a_post_only_while_it_fits_and_one_is_cut_rather_than_split():
    half = Notice(["x" * (POST_LIMIT // 2)], join=True)
    assert [len(p.text) for p in posts([half, half])] == [POST_LIMIT // 2] * 2
    [long] = posts([Notice(["y" * 3000], join=True)])
    assert len(long.text) == POST_LIMIT and long.text.endswith("…")


def test_a_notice_of_more_lines_than_a_post_holds_goes_on_in_the_next_posts():
    lines = [f"Talking. <@2> takes a penalty card. (ruling {n})" for n in range(90)]
    said = posts([Notice(lines, pings=(2,), buttons=[button(n) for n in range(90)], join=True)])
    assert len(said) > 1 and all(len(p.text) <= POST_LIMIT for p in said)
    assert "\n".join(p.text for p in said) == "\n".join(lines)  # every line, in order
    assert all(p.pings == (2,) for p in said)
    shown = [b.custom_id for p in said for b in p.buttons]
    assert shown == [f"chairman:review:1:{n}" for n in range(90)]
    assert all(len(p.buttons) <= 25 for p in said)


def test_a_refused_post_is_a_bug_and_anything_else_is_weather(caplog):
    def failure(status: int) -> discord.HTTPException:
        return discord.HTTPException(SimpleNamespace(status=status, reason="x"), "refused")

    with caplog.at_level(logging.WARNING, logger="cogs.announcer"):
        report("could not post", failure(400))
        report("could not post", failure(429))
        report("could not post", failure(503))
    assert [r.levelno for r in caplog.records] == [logging.ERROR, logging.WARNING, logging.WARNING]
