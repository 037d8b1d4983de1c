"""``Game.check_options`` keeps its answer for each options value of plain values: each game
still gets a dict of its own, and a value equal to another of another type (True == 1) is
checked for itself."""

from __future__ import annotations

import pytest

import engine.checked_options
import engine.options
from engine import GAMES
from engine.options import OptionError


@pytest.fixture
def checks(monkeypatch):
    """The options values ``engine.options.check`` is asked to check."""
    asked: list[object] = []
    check = engine.options.check

    def counting(title, specs, given):
        asked.append(given)
        return check(title, specs, given)

    monkeypatch.setattr(engine.options, "check", counting)
    for cls in GAMES.values():
        if cls.checked_options is not None:
            monkeypatch.setattr(cls, "checked_options", {})
    return asked


@pytest.mark.parametrize("options", [None, {}, {"rounds": 3}, {"rounds": 3, "target": 200}])
def test_the_same_options_are_checked_once_for_each_game_class(checks, options):
    macao = GAMES["macao"]
    first = macao.check_options(options)
    again = macao.check_options(dict(options) if options else options)
    assert again == first == macao.check_options(options)
    assert len(checks) == 1


def test_each_check_answers_a_dict_of_its_own(checks):
    lastcard = GAMES["lastcard"]
    first = lastcard.check_options({})
    first["games"] = 99
    assert lastcard.check_options({})["games"] == lastcard.defaults["games"]


def test_an_equal_value_of_another_type_is_checked_for_itself(checks):
    maumau = GAMES["maumau"]
    assert maumau.check_options({"rounds": 1})["rounds"] == 1
    with pytest.raises(OptionError, match="rounds"):
        maumau.check_options({"rounds": True})
    flag = next(o.name for o in GAMES["lastcard"].option_specs if o.type is bool)
    assert GAMES["lastcard"].check_options({flag: True})[flag] is True
    with pytest.raises(OptionError, match="on or off"):
        GAMES["lastcard"].check_options({flag: 1})


def test_a_game_with_a_list_option_gets_fresh_lists_each_time(checks):
    mao = GAMES["mao"]
    assert mao.checked_options is None
    lists = [name for name, value in mao.check_options({}).items() if isinstance(value, list)]
    assert lists
    first, second = mao.check_options({}), mao.check_options({})
    assert all(first[name] is not second[name] for name in lists)


def test_the_kept_checks_start_again_past_their_bound(checks, monkeypatch):
    monkeypatch.setattr(engine.checked_options, "MAX_CHECKED_OPTIONS", 4)
    macao = GAMES["macao"]
    for rounds in range(1, 11):
        macao.check_options({"rounds": rounds})
    assert macao.checked_options is not None
    assert 0 < len(macao.checked_options) <= 4
    assert macao.check_options({"rounds": 10})["rounds"] == 10
