"""The front-ends that share the service (the cogs, the web table) read a table's game only
through the service's queries (``tables.queries``).

Import-linter holds what they may import (no ``data``, no driver or bots); what it cannot see
is an attribute read, so this reads their source: no cog or web module touches ``Table.game``,
its driver, or a method that asks the live game (``waiting``, ``token``), nor a game's own
``observation`` or ``legal_actions``; and none reaches past the service's methods into its
parts: its dict of tables in memory (``TableService.loaded`` answers), its timers
(``TableService.set_pace``), or the table layer's plug-ins (``tables.registry.table_game``).
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: the front-ends that go through the table service
FRONT_ENDS = (ROOT / "cogs", ROOT / "web")

#: reads of the live game or its driver, by attribute (``game_class``, ``game_name`` are the
#: table's own, not the game's state)
LIVE = re.compile(
    r"\.game\b(?!_)(?=\s*(?:\.|is\b|\)|,|$|==|!=))"
    r"|\.driver\b|\.waiting\(|\.token\(|\.tokens_known\b|\.tokens_shown\b"
    r"|\.legal_actions\(|\.observation\(|\.current_player\(|\.outcome\("
)

#: reads of the service's own parts: its tables in memory, its timers, the games' plug-ins
PAST_THE_SERVICE = re.compile(r"\.tables\.tables\b|\.timers\.|\btable_game\b")

#: names whose ``.game`` is a stored record's game name, not a live game
RECORDS = re.compile(r"\b(?:page|match|figures|e|self|view)\.game\b")


def live_reads(text: str) -> list[str]:
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        code = line.split("#", 1)[0]
        if LIVE.search(RECORDS.sub("", code)):
            found.append(f"{number}: {line.strip()}")
    return found


def reads_past_the_service(text: str) -> list[str]:
    return [
        f"{number}: {line.strip()}"
        for number, line in enumerate(text.splitlines(), 1)
        if PAST_THE_SERVICE.search(line.split("#", 1)[0])
    ]


def test_no_front_end_reaches_past_the_service() -> None:
    offenders = {
        str(path.relative_to(ROOT)): reads
        for folder in FRONT_ENDS
        for path in sorted(folder.rglob("*.py"))
        if (reads := reads_past_the_service(path.read_text(encoding="utf-8")))
    }
    assert offenders == {}


def test_the_check_sees_a_reach_past_the_service() -> None:
    assert reads_past_the_service("    table = self.bot.tables.tables.get(table_id)")
    assert reads_past_the_service("    if table_id in bot.tables.tables:")
    assert reads_past_the_service("        self.tables.timers.pace = self.requests.pace")
    assert reads_past_the_service("    if table_game(table.game_name).keeps_secrets:")
    assert not reads_past_the_service("    table = self.bot.tables.loaded(table_id)")
    assert not reads_past_the_service("    tables = service.tables_of_user(user_id)")


def test_no_front_end_reads_a_live_game() -> None:
    offenders = {
        str(path.relative_to(ROOT)): reads
        for folder in FRONT_ENDS
        for path in sorted(folder.rglob("*.py"))
        if (reads := live_reads(path.read_text(encoding="utf-8")))
    }
    assert offenders == {}


def test_the_check_reads_every_front_end() -> None:
    # a folder that moved or emptied would leave the check above nothing to read
    assert all(len(list(folder.rglob("*.py"))) >= 5 for folder in FRONT_ENDS)


def test_the_check_sees_a_live_read() -> None:
    assert live_reads("    view = table.game.observation(None)")
    assert live_reads("    if table.game is None:")
    assert live_reads("    when = table.driver.waiting_since")
    assert live_reads("    token = table.token(seat.seat)")
    assert not live_reads("    title = game_title(page.game, tr)")
    assert not live_reads("    if table.game_class.timed:")
