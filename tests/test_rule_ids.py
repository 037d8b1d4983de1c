"""Every rule id the code and the tests cite is defined in ``docs/rules/``, once.

A rule is defined on its game's page as a bold id opening a list item or a paragraph
(``- **MAO-14** The five-second rule...``). It is cited as ``MAO-14`` in text (a range
``MAO-3..6`` cites each rule in it) or by a test's name (``test_mao_14_...``).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"
#: the games' id prefixes, as the rule pages and the test names spell them
PREFIXES = ("COMMON", "MACAO", "MAU", "LAST", "PRES", "MAO", "EIGHTS")
#: where ids are cited: every source tree and the README; the pages themselves are not
CITING = ("engine", "tables", "data", "cogs", "terminal", "pictures", "i18n", "benchmarks")
CITING_FILES = ("bot.py", "README.md")
TEXT_SUFFIXES = {".py", ".md", ".txt", ".json", ".toml", ".po", ".pot", ".yaml", ".cfg"}

_GROUP = "|".join(PREFIXES)
DEFINITION = re.compile(rf"^\s*(?:[-*]\s+)?\*\*((?:{_GROUP})-\d+)\*\*")
CITATION = re.compile(rf"\b({_GROUP})-(\d+)(?:\.\.(\d+))?\b")
TEST_NAME = re.compile(rf"\btest_({_GROUP.lower()})_(\d+)(?![0-9])")


def definitions(pages: Path) -> dict[str, list[str]]:
    """Each page's name -> the ids it defines, in order (repeats kept)."""
    return {
        page.name: [
            m.group(1) for line in page.read_text().splitlines() if (m := DEFINITION.match(line))
        ]
        for page in sorted(pages.glob("*.md"))
    }


def cited_in(text: str) -> list[tuple[int, str]]:
    """(line number, id) for every id ``text`` cites, ranges spelled out."""
    found: list[tuple[int, str]] = []
    for n, line in enumerate(text.splitlines(), start=1):
        for m in CITATION.finditer(line):
            low = int(m.group(2))
            high = int(m.group(3) or low)
            found += [(n, f"{m.group(1)}-{k}") for k in range(low, high + 1)]
        found += [(n, f"{m.group(1).upper()}-{int(m.group(2))}") for m in TEST_NAME.finditer(line)]
    return found


def citing_files(root: Path) -> list[Path]:
    files = [root / name for name in CITING_FILES if (root / name).is_file()]
    for tree in (*CITING, "tests"):
        for path in sorted((root / tree).rglob("*")):
            if path.suffix in TEXT_SUFFIXES and path.is_file() and path != Path(__file__):
                files.append(path)
    return files


def citations(root: Path) -> dict[str, list[str]]:
    """Each cited id -> where it is cited (``path:line``)."""
    where: dict[str, list[str]] = {}
    for path in citing_files(root):
        try:
            text = path.read_text()
        except UnicodeDecodeError:
            continue
        for n, rule in cited_in(text):
            where.setdefault(rule, []).append(f"{path.relative_to(root)}:{n}")
    return where


def undefined(root: Path, pages: Path) -> dict[str, list[str]]:
    defined = {rule for ids in definitions(pages).values() for rule in ids}
    return {rule: places for rule, places in citations(root).items() if rule not in defined}


def test_every_cited_rule_id_is_defined_in_docs_rules():
    missing = undefined(ROOT, RULES)
    report = [
        f"{rule} (cited at {', '.join(places[:3])})" for rule, places in sorted(missing.items())
    ]
    assert not missing, "rule ids cited but not defined in docs/rules/:\n" + "\n".join(report)


def test_no_page_defines_an_id_twice():
    pages = definitions(RULES)
    twice = {
        name: sorted(r for r, c in Counter(ids).items() if c > 1) for name, ids in pages.items()
    }
    assert not any(twice.values()), f"ids defined twice on one page: {twice}"
    owners = Counter(rule for ids in pages.values() for rule in set(ids))
    assert not [r for r, c in owners.items() if c > 1], "ids defined on two pages"


def test_each_game_numbers_its_rules_from_one_without_gaps():
    numbers: dict[str, list[int]] = {}
    for ids in definitions(RULES).values():
        for rule in ids:
            prefix, number = rule.split("-")
            numbers.setdefault(prefix, []).append(int(number))
    assert set(numbers) == set(PREFIXES)
    for prefix, found in numbers.items():
        assert sorted(found) == list(range(1, len(found) + 1)), prefix


def test_every_rule_id_on_a_page_has_a_known_prefix():
    # a page of a new game whose prefix is not in PREFIXES would have its ids go unchecked
    any_id = re.compile(r"^\s*(?:[-*]\s+)?\*\*([A-Z]+)-\d+\*\*")
    for page in sorted(RULES.glob("*.md")):
        for line in page.read_text().splitlines():
            if m := any_id.match(line):
                assert m.group(1) in PREFIXES, f"{page.name}: add {m.group(1)} to PREFIXES"


def test_the_index_lists_every_page():
    index = (RULES / "README.md").read_text()
    pages = {p.name for p in RULES.glob("*.md")} - {"README.md"}
    assert {name for name in pages if f"]({name})" in index} == pages


def test_the_check_names_an_id_that_no_page_defines(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "mao.md").write_text("- **MAO-1** One deck.\n- **MAO-2** Follow.\n")
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "game.py").write_text('"""MAO-1..3 of the spec."""\n')
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_x.py").write_text(
        "def test_mao_9_x(): ...\ndef test_a_40_x(): ...\n"
    )
    missing = undefined(tmp_path, tmp_path / "docs")
    assert missing == {"MAO-3": ["engine/game.py:1"], "MAO-9": ["tests/test_x.py:1"]}


def test_a_definition_is_a_bold_id_at_the_start_of_an_item_or_paragraph(tmp_path):
    (tmp_path / "x.md").write_text("- **LAST-1** Decks.\n**LAST-2** Deal.\nSee **LAST-3** too.\n")
    assert definitions(tmp_path) == {"x.md": ["LAST-1", "LAST-2"]}
