"""Mao on Discord: everything the game adds to the shared cogs, as one ``DiscordGame``.

Mao is played without telling anyone the rules, in real time, with the thread as the table's
speech. Its parts, each a module of this package:

- ``render``: its lobby, table message and the Chairman's words (facts, never reasons);
- ``hand``: how its hand is drawn over the shared layout (every card held), and which of its
  own buttons end it (**New rule**);
- ``rules``: the **New rule** builder (selects and a form);
- ``chat``: hearing the thread, and the Chairman's posts there (a ``Speaker``);
- ``say``: the **Say** button and form, speech without the thread;
- ``rulings``: ``/table rulings``, ``/table overturn`` and the **Review #n** button;
- ``canon``: ``/table rules keep|forget``, the server's house canon.

``GAME`` is what ``cogs.registry`` lists; nothing outside this package imports it otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Optional

import discord
from discord import app_commands

from cogs.games.mao import hand, render, rules, say
from cogs.plugin import HandItem, PlayParameter
from engine.mao import Mao
from tables.model import Table

TURN = Mao.option("turn_seconds")
SPEECH = Mao.option("speech_window")
CALL = Mao.option("call_window")
MODE = Mao.option("mode")


def _range(option: Any) -> Any:
    return Optional[app_commands.Range[int, option.low, option.high]]  # noqa: UP045


#: /play's own parameters for Mao's options (their ranges and help are Mao's declarations)
PLAY_PARAMETERS = (
    PlayParameter("turn_seconds", _range(TURN), f"Mao: {TURN.help} (default {TURN.default})"),
    PlayParameter(
        "speech_window", _range(SPEECH), f"Mao: {SPEECH.help} (default {SPEECH.default})"
    ),
    PlayParameter("call_window", _range(CALL), f"Mao: {CALL.help} (default {CALL.default})"),
    PlayParameter(
        "mode",
        Optional[str],  # noqa: UP045
        f"Mao: {MODE.help}",
        (
            app_commands.Choice(name="chairman (the bot calls what nobody did)", value="chairman"),
            app_commands.Choice(name="players (only players' calls count)", value="players"),
        ),
    ),
)


class MaoOnDiscord:
    """Mao's ``DiscordGame`` (see the package's docstring)."""

    name = Mao.name
    extensions = (
        "cogs.games.mao.rules",
        "cogs.games.mao.canon",
        "cogs.games.mao.chat",
        "cogs.games.mao.rulings",
        "cogs.games.mao.tokenless_ids",
    )
    play_parameters = PLAY_PARAMETERS
    hand_hooks = hand.HOOKS
    hand_items: Mapping[str, HandItem] = {
        hand.SAY: say.say_button,
        hand.RULE: rules.new_rule_button,
    }
    hand_forms = (say.HAND_FORM, rules.HAND_FORM)

    def lobby_embed(self, table: Table) -> discord.Embed:
        return render.lobby_embed(table)

    def table_embed(self, table: Table) -> discord.Embed:
        return render.table_embed(table)


GAME = MaoOnDiscord()
