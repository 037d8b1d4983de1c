"""Games as plug-ins on the web page: the registry is the one place that names games, no
generic web module imports a game's own package (the page's or the engine's), a game with no
parts of its own adds nothing, and Mao's New rule form asks what its builder asks."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import GAMES
from engine.actions import DeclareRule
from engine.mao import builder
from i18n import get as catalog_of
from tables.errors import Refused
from tests.source_imports import imported
from web.games.mao import MaoPage
from web.plugin import PlainPage
from web.registry import WEB_GAMES, web_game

WEB = Path(__file__).resolve().parents[2] / "web"
EN = catalog_of("en")


def games_own(module: str) -> bool:
    """Whether ``module`` is a game's own package, on the web page or in the engine."""
    owns = ("web.games", *(f"engine.{name}" for name in GAMES))
    return any(module == own or module.startswith(own + ".") for own in owns)


def test_no_generic_web_module_imports_a_games_package_but_the_registry():
    generic = [p for p in WEB.glob("*.py") if p.name != "registry.py"]
    assert generic, "the web's modules are where this test looks"
    leaks = {p.name: sorted(m for m in imported(p) if games_own(m)) for p in generic}
    assert {name: found for name, found in leaks.items() if found} == {}


def test_a_game_with_no_page_parts_adds_nothing():
    plain = web_game("macao")
    assert isinstance(plain, PlainPage)
    view = {"turn": "ana", "rule_credits": {"ana": 1}}
    assert plain.prompt(view, "ana", str, EN, "en") is None
    assert plain.form(view, "ana", EN) is None
    assert set(WEB_GAMES) == {"mao"} and isinstance(web_game("mao"), MaoPage)


def test_mao_16_the_form_is_offered_only_to_a_seat_with_a_round_to_spend():
    mao = web_game("mao")
    assert mao.form({"rule_credits": {"ana": 1}}, "ana", EN) is not None
    assert mao.form({"rule_credits": {"ana": 1}}, "bo", EN) is None
    assert mao.form({"rule_credits": {}}, "ana", EN) is None


@pytest.mark.parametrize(
    ("trigger", "effect"), [("rank", "draw"), ("take", "say"), ("hand", "skip")]
)
def test_mao_16_the_form_shows_just_the_questions_the_builder_asks(trigger, effect):
    form = web_game("mao").form({"rule_credits": {"ana": 1}}, "ana", EN)
    assert form is not None
    chosen = {"trigger": trigger, "effect": effect}
    shown = [
        (f["key"], f["label"])
        for f in form["fields"]
        if "when" in f and any(all(chosen[k] == v for k, v in c.items()) for c in f["when"])
    ]
    asked = [(key, label) for key, label, _hint in builder.questions(trigger, effect)]
    assert sorted(shown) == sorted(asked)


def test_mao_16_a_filled_form_declares_the_rule_its_builder_makes():
    made = web_game("mao").action(
        {"trigger": "rank", "effect": "draw", "detail": "queen", "count": "2"}
    )
    assert isinstance(made, DeclareRule)
    assert made == DeclareRule.of(builder.build("rank", "draw", {"detail": "Q", "count": "2"}))


def test_mao_16_a_form_the_builder_refuses_is_refused_with_its_reason():
    with pytest.raises(Refused) as refused:
        web_game("mao").action({"trigger": "take", "effect": "wild"})
    assert "wild" in refused.value.message
