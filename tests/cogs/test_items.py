"""The one family of persistent table components (``cogs.items.TableItem``): every table
button and select derives from it, reads its ids (those without a token too), and answers a
press it cannot serve with one ephemeral sentence instead of failing silently."""

from __future__ import annotations

import importlib
import inspect
import logging
import pkgutil
import re
from types import SimpleNamespace
from typing import cast

import discord
import pytest

import cogs
from cogs import play, registry
from cogs.games.mao import rules as mao_rules
from cogs.games.mao import rulings as mao_rulings
from cogs.games.mao import say as mao_say
from cogs.games.mao import tokenless_ids as mao_tokenless_ids
from cogs.items import TableItem
from engine import GAMES
from tables.model import LIVE_TOKEN


class Answers:
    """The response side of an interaction, keeping what was sent."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, dict]] = []

    def is_done(self) -> bool:
        return bool(self.sent)

    async def send_message(self, text: str, **kwargs) -> None:
        self.sent.append((text, kwargs))


def interaction(custom_id: str) -> SimpleNamespace:
    client = SimpleNamespace(publisher=None, tables=None)
    return SimpleNamespace(
        locale="en-US",
        client=client,
        command=None,
        data={"custom_id": custom_id},
        response=Answers(),
        user=SimpleNamespace(id=1),
    )


async def pressed(cls: type[TableItem], custom_id: str) -> SimpleNamespace:
    """Press ``custom_id`` the way discord.py does: match the template, build, call back."""
    match = cls.__discord_ui_compiled_template__.fullmatch(custom_id)
    assert match is not None, f"{cls.__name__} does not read {custom_id!r}"
    base: discord.ui.Button[discord.ui.View] = discord.ui.Button(custom_id=custom_id)
    i = interaction(custom_id)
    # a stand-in with only what the items read: cast, as it is no Interaction
    fake = cast(discord.Interaction, i)
    item = await cls.from_custom_id(fake, base, match)
    await item.callback(fake)
    return i


def table_items() -> list[type]:
    """Every DynamicItem class defined in the cogs that draw tables."""
    found = []
    for module in (play, mao_tokenless_ids, mao_rules, mao_rulings, mao_say):
        for _, obj in inspect.getmembers(module, inspect.isclass):
            if issubclass(obj, discord.ui.DynamicItem) and obj.__module__ == module.__name__:
                found.append(obj)
    return found


def test_every_table_button_and_select_is_a_table_item():
    assert len(table_items()) >= 11
    assert all(issubclass(cls, TableItem) for cls in table_items())


def generic_items() -> list[type]:
    """Every DynamicItem class defined in a generic cog (``cogs/*.py``, no game's package)."""
    found = []
    for info in pkgutil.iter_modules(cogs.__path__):
        if info.ispkg:
            continue
        module = importlib.import_module(f"cogs.{info.name}")
        for _, obj in inspect.getmembers(module, inspect.isclass):
            if issubclass(obj, discord.ui.DynamicItem) and obj.__module__ == module.__name__:
                found.append(obj)
    return found


def test_generic_cogs_define_no_button_or_select_of_one_game():
    assert "cogs.games.mao.hand" not in registry.extensions()  # its hand hooks register no items
    items = generic_items()
    # by name: a bot that unloads its extensions takes their modules out of sys.modules, so
    # the module read here may be a later import of cogs.play than the one this file holds
    assert "ActButton" in {cls.__name__ for cls in items}
    for cls in items:
        said = f"{cls.__name__} {cls.__discord_ui_compiled_template__.pattern}".lower()
        assert not [game for game in GAMES if game in said], cls.__name__


@pytest.mark.parametrize(
    ("custom_id", "token", "action"),
    [
        ("chairman:act:12:3f9a0c11d2:play 7H", "3f9a0c11d2", "play 7H"),
        (f"chairman:act:12:{LIVE_TOKEN}:play JH suit=S", LIVE_TOKEN, "play JH suit=S"),
        (
            "chairman:act:12:3f9a0c11d2:say Have a nice day: ana",
            "3f9a0c11d2",
            "say Have a nice day: ana",
        ),
    ],
)
def test_an_action_button_reads_its_ids(custom_id, token, action):
    match = play.ActButton.__discord_ui_compiled_template__.fullmatch(custom_id)
    item = play.ActButton.parse(match)
    assert (item.table_id, item.token, item.action) == (12, token, action)


def test_an_action_select_reads_its_ids():
    match = play.ActSelect.__discord_ui_compiled_template__.fullmatch(
        "chairman:pick:12:3f9a0c11d2:1"
    )
    item = play.ActSelect.parse(match)
    assert (item.table_id, item.token) == (12, "3f9a0c11d2")


@pytest.mark.parametrize(
    ("custom_id", "action"),
    [("chairman:mao:12:play 7H", "play 7H"), ("chairman:mao:12:take", "take")],
)
def test_a_tokenless_mao_hand_card_is_read_by_maos_package(custom_id, action):
    assert play.ActButton.__discord_ui_compiled_template__.fullmatch(custom_id) is None
    match = mao_tokenless_ids.TokenlessCardButton.__discord_ui_compiled_template__.fullmatch(
        custom_id
    )
    item = mao_tokenless_ids.TokenlessCardButton.parse(match)
    assert (item.table_id, item.action) == (12, action)


def test_a_tokenless_mao_hand_select_is_read_by_maos_package():
    custom_id = "chairman:maopick:12:1"
    assert play.ActSelect.__discord_ui_compiled_template__.fullmatch(custom_id) is None
    match = mao_tokenless_ids.TokenlessPickSelect.__discord_ui_compiled_template__.fullmatch(
        custom_id
    )
    assert mao_tokenless_ids.TokenlessPickSelect.parse(match).table_id == 12


def test_a_drawn_id_is_read_back_as_it_was_drawn():
    drawn = play.ActButton(7, LIVE_TOKEN, "play 10D", "10♦")
    match = play.ActButton.__discord_ui_compiled_template__.fullmatch(drawn.custom_id)
    again = play.ActButton.parse(match)
    assert (again.table_id, again.token, again.action) == (7, LIVE_TOKEN, "play 10D")


async def test_an_id_that_cannot_be_read_is_answered_not_dropped():
    i = await pressed(play.ActButton, "chairman:act:12:no-token-here")
    assert i.response.sent == [("That button is not one I know.", {"ephemeral": True})]


class Broken(TableItem[discord.ui.Button], template=r"test:broken:(?P<table>\d+)"):
    """An item whose press hits a bug."""

    def __init__(self, table_id: int) -> None:
        super().__init__(discord.ui.Button(custom_id=f"test:broken:{table_id}"))
        self.table_id = table_id

    @classmethod
    def parse(cls, match: re.Match[str]) -> Broken:
        return cls(int(match["table"]))

    async def run(self, interaction) -> None:
        raise RuntimeError("a bug")


async def test_a_bug_is_logged_and_answered_something_went_wrong(caplog):
    with caplog.at_level(logging.ERROR, logger="cogs.errors"):
        i = await pressed(Broken, "test:broken:3")
    ((text, kwargs),) = i.response.sent
    assert text == "Something went wrong on my side; nothing at the table changed."
    assert kwargs == {"ephemeral": True}
    assert any("test:broken:3" in r.getMessage() and r.exc_info for r in caplog.records)
