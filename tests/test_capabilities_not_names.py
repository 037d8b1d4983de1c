"""Differences between games are read from the game class, never from a game's name: no
``game_name == ...`` in cogs/, web/, tables/, data/ or terminal/."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: a comparison of a game's name with a literal, either way round
NAME_BRANCH = re.compile(
    r"""(game_name|\bgame|\.name|"name", None\))\s*(==|!=)\s*["']"""
    r"""|["']\s*(==|!=)\s*(game_name|game)\b"""
)


def test_no_front_end_module_branches_on_a_games_name():
    found = []
    for package in ("cogs", "web", "tables", "data", "terminal"):
        for path in sorted((ROOT / package).rglob("*.py")):
            for number, line in enumerate(path.read_text().splitlines(), 1):
                if NAME_BRANCH.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, "read a capability instead:\n" + "\n".join(found)


def test_the_check_finds_a_name_branch():
    assert NAME_BRANCH.search('    if table.game_name == "mao":')
    assert NAME_BRANCH.search("if game != 'macao' and x:")
    assert NAME_BRANCH.search('    return getattr(game, "name", None) == "mao"')
    assert not NAME_BRANCH.search("    if table.game_class.secret_rules:")
