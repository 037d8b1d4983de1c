"""The engine's reasons reach players in their language: each is a template the extractor
finds (never an f-string, which no catalog could hold), said with its fields shown the way the
table shows them, while ``str()`` stays the English sentence the terminal prints."""

from __future__ import annotations

import ast

import pytest

import i18n
from engine.actions import IllegalAction
from engine.cards import Card
from engine.mao.rules import RuleError, validate
from engine.options import Option, OptionError, check
from engine.reasons import Reason
from i18n.extract import REASONS, ROOT
from tables.errors import Refused

PT, RO = i18n.get("pt-BR"), i18n.get("ro")


def _reason_calls():
    for package in ("engine", "data", "tables"):
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.Call) and getattr(node.func, "id", None) in REASONS:
                    yield path.relative_to(ROOT), node


def test_no_engine_reason_is_an_f_string():
    """An f-string reason would reach every player in English: write a template and fields."""
    found = [
        f"{path}:{node.lineno}"
        for path, node in _reason_calls()
        if node.args and isinstance(node.args[0], ast.JoinedStr)
    ]
    assert not found, f"reasons written as f-strings: {found}"


def test_the_english_sentence_is_unchanged():
    error = IllegalAction("you do not hold {card}", card=Card.parse("9H"))
    assert str(error) == error.reason == "you do not hold 9H"
    assert str(Refused(error)) == "You do not hold 9H."


def test_a_reason_is_said_in_the_readers_language_with_cards_as_the_table_shows_them():
    error = IllegalAction("you do not hold {card}", card=Card.parse("9H"))
    assert Refused(error).in_language(PT) == "Você não tem 9♥."
    assert Refused(error).in_language(i18n.get("en")) == "You do not hold 9♥."


def test_a_reason_keeps_its_english_where_a_catalog_lacks_it():
    error = IllegalAction(Reason("something {x} new", x=3))
    assert Refused(error).in_language(RO) == "Something 3 new."


def test_an_options_problem_is_said_inside_the_translated_listing():
    spec = Option.number("target", 500, 1, 100_000, "the score that ends the match")
    with pytest.raises(OptionError) as caught:
        check("Macao", (spec,), {"target": -5})
    said = Refused(caught.value).in_language(RO)
    assert said == (
        "Opțiunea țintă trebuie să fie un număr întreg de la 1 la 100000, nu -5. "
        "Opțiunile pentru Macao: țintă=500 (1-100000)."
    )


def test_a_rules_problem_names_its_field_in_the_readers_language():
    with pytest.raises(RuleError) as caught:
        validate({"trigger": {"kind": "hand", "count": 99}, "effect": {"kind": "skip"}})
    assert Refused(caught.value).in_language(PT) == (
        "O número de cartas deve ser um número inteiro de 0 a 20."
    )


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_action_kind_is_said_by_its_verb_in_the_readers_language(lang):
    from engine.actions import ACTION_KINDS

    tr, english = i18n.get(lang), i18n.get("en")
    for kind, cls in ACTION_KINDS.items():
        assert cls.verb, f"{kind} has no verb"
        error = IllegalAction("you cannot {kind} now", kind=kind)
        said = Refused(error).in_language(tr)
        assert tr._(cls.verb) in said, (kind, said)
        if lang != "en":
            assert said != Refused(error).in_language(english), (kind, said)
