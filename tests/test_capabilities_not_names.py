"""Differences between games are read from the game class, never from a game's name: no
``game_name == ...`` in cogs/, web/, tables/, data/ or terminal/; and no generic module
(outside a game's own packages) tests an action kind that only one game's package declares
(``action.kind == "back"``): it reads a capability of the action class instead."""

from __future__ import annotations

import re
from pathlib import Path

from engine import GAMES
from engine.actions import ACTION_KINDS

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


#: the packages of the games (``engine.mao``, ...), from the registry
GAME_PACKAGES = {cls.__module__.split(".")[1] for cls in GAMES.values()}
#: the action kinds a game's own package declares (``engine.mao.actions``' ``back``)
ONE_GAMES_KINDS = {
    kind
    for kind, cls in ACTION_KINDS.items()
    if cls.__module__.split(".")[1:2] and cls.__module__.split(".")[1] in GAME_PACKAGES
}
#: a kind compared with literals: ``.kind == "x"``, ``.kind != 'x'``, ``.kind in ("x", "y")``
KIND_TEST = re.compile(
    r"""\.kind\s*(?:==|!=)\s*["'](\w+)["']"""
    r"""|\.kind\s+(?:not\s+)?in\s*[(\[{]([^)\]}]*)[)\]}]"""
)


def one_games_kinds_tested(line: str) -> list[str]:
    """The kinds only one game declares that ``line`` compares an action's kind with."""
    named: list[str] = []
    for match in KIND_TEST.finditer(line.split("#", 1)[0]):
        one, many = match.groups()
        named += [one] if one else re.findall(r"""["'](\w+)["']""", many)
    return [kind for kind in named if kind in ONE_GAMES_KINDS]


def generic_modules() -> list[Path]:
    """Every module outside a game's own packages (``engine/mao``, ``cogs/games/mao``)."""
    modules = [ROOT / "bot.py"]
    for package in ("engine", "cogs", "web", "tables", "data", "terminal", "pictures"):
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).parts
            if package == "engine" and parts[1] in GAME_PACKAGES:
                continue
            if len(parts) > 2 and parts[1] == "games":
                continue
            modules.append(path)
    return modules


def test_no_generic_module_tests_a_kind_only_one_game_declares():
    found = []
    for path in generic_modules():
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if one_games_kinds_tested(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, "read a capability of the action class instead:\n" + "\n".join(found)


def test_the_check_knows_the_kinds_games_declare_and_reads_the_generic_modules():
    assert {"back", "rejoin", "give", "vote"} <= ONE_GAMES_KINDS
    assert not {"play", "draw", "announce", "declare_rule"} & ONE_GAMES_KINDS
    read = {str(path.relative_to(ROOT)) for path in generic_modules()}
    assert {"engine/driver.py", "terminal/practice.py", "cogs/client.py"} <= read
    assert not any(name.startswith(("engine/mao/", "cogs/games/")) for name in read)


def test_the_check_finds_a_kind_test():
    assert one_games_kinds_tested('    back = [a for a in entries if a.kind == "back"]')
    assert one_games_kinds_tested("    if action.kind != 'rejoin':")
    assert one_games_kinds_tested('    if action.kind in ("rejoin", "back"):')
    assert not one_games_kinds_tested('    if action.kind == "announce":')
    assert not one_games_kinds_tested("    if action.brings_back:")
