"""Capabilities and options declared on the game class: every game's options are checked
by its declarations (type, range, choices), and refusals list the valid options."""

from __future__ import annotations

import pytest

import engine.options
from engine import GAMES, new_game
from engine.options import Option, OptionError
from engine.turns import is_timed
from engine.words import ENGLISH
from tests.examples import assert_examples_hold

GAME_NAMES = sorted(GAMES)


def seats(name: str) -> list[str]:
    return [f"p{k}" for k in range(GAMES[name].min_seats)]


def number_options() -> list[tuple[str, Option]]:
    return [(g, o) for g in GAME_NAMES for o in GAMES[g].option_specs if o.type is int]


def flag_options() -> list[tuple[str, Option]]:
    return [(g, o) for g in GAME_NAMES for o in GAMES[g].option_specs if o.type is bool]


def test_the_option_module_examples_hold():
    assert_examples_hold(engine.options)


# --- capabilities ---------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_game_declares_each_capability_as_a_bool(name):
    cls = GAMES[name]
    for capability in (
        "timed",
        "reads_chat",
        "secret_rules",
        "players_make_rules",
        "results_per_round",
    ):
        assert isinstance(getattr(cls, capability), bool)


def test_only_mao_is_timed_and_the_driver_reads_the_declaration():
    assert [g for g in GAME_NAMES if GAMES[g].timed] == ["mao"]
    for name in GAME_NAMES:
        assert is_timed(new_game(name, seats(name), seed=1)) is GAMES[name].timed


def test_only_mao_reads_the_chat():
    assert [g for g in GAME_NAMES if GAMES[g].reads_chat] == ["mao"]


def test_only_mao_keeps_its_rules_secret():
    assert [g for g in GAME_NAMES if GAMES[g].secret_rules] == ["mao"]


def test_only_mao_has_per_round_results():
    assert [g for g in GAME_NAMES if GAMES[g].results_per_round] == ["mao"]


@pytest.mark.parametrize("name", GAME_NAMES)
def test_defaults_come_from_the_declared_options(name):
    cls = GAMES[name]
    assert cls.option_specs, f"{name} declares no options"
    assert cls.defaults == {o.name: o.default for o in cls.option_specs} | {
        o.name: [] for o in cls.option_specs if o.type is list
    }
    assert all(o.help for o in cls.option_specs)
    assert new_game(name, seats(name), seed=1).options == cls.defaults


# --- option rules ---------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "option"), number_options(), ids=lambda x: getattr(x, "name", x))
def test_a_number_option_takes_its_whole_range(name, option):
    for value in (option.low, option.high):
        assert new_game(name, seats(name), options={option.name: value}).options[option.name] == (
            value
        )


@pytest.mark.parametrize(("name", "option"), number_options(), ids=lambda x: getattr(x, "name", x))
def test_a_number_option_refuses_values_outside_its_range(name, option):
    for value in (option.low - 1, option.high + 1, 10**20):
        with pytest.raises(OptionError, match=f"{option.name} must be a whole number from"):
            new_game(name, seats(name), options={option.name: value})


@pytest.mark.parametrize(("name", "option"), number_options(), ids=lambda x: getattr(x, "name", x))
def test_a_number_option_refuses_other_types(name, option):
    for value in (True, 2.5, "3", None):
        with pytest.raises(OptionError, match=option.name):
            new_game(name, seats(name), options={option.name: value})


@pytest.mark.parametrize(("name", "option"), flag_options(), ids=lambda x: getattr(x, "name", x))
def test_a_flag_option_takes_only_true_or_false(name, option):
    for value in (True, False):  # one of them is not the default
        assert new_game(name, seats(name), options={option.name: value}).options[option.name] is (
            value
        )
    for value in (1, "yes", None):
        with pytest.raises(OptionError, match="on or off"):
            new_game(name, seats(name), options={option.name: value})


def test_a_choice_option_takes_only_its_choices():
    assert new_game("mao", ["a", "b"], options={"mode": "players"}).options["mode"] == "players"
    with pytest.raises(OptionError, match="mode must be chairman or players"):
        new_game("mao", ["a", "b"], options={"mode": "anarchy"})


@pytest.mark.parametrize("name", GAME_NAMES)
def test_an_unknown_option_is_refused_listing_every_option_and_range(name):
    cls = GAMES[name]
    with pytest.raises(OptionError) as caught:
        new_game(name, seats(name), options={"colour": "red"})
    message = str(caught.value)
    assert message.startswith(f"{cls.title} has no option 'colour'. {cls.title} options: ")
    for option in cls.option_specs:
        assert f"{option.name}={option.default_text()} ({option.range_text()})" in message


@pytest.mark.parametrize(
    "options", [{"target": -5}, {"max_turns": 0}, {"target": 99999999999999999999}]
)
def test_macao_refuses_a_target_or_turn_limit_out_of_range(options):
    with pytest.raises(OptionError, match="Macao options: target=500 \\(1-100000\\)"):
        new_game("macao", ["a", "b"], options=options)


# --- typed option text ----------------------------------------------------------------------
def test_option_text_is_read_in_each_options_type():
    assert GAMES["maumau"].parse_options("twos_stack=yes rounds=2") == {
        "twos_stack": True,
        "rounds": 2,
    }
    assert GAMES["mao"].parse_options("mode=Players,turn_seconds=0") == {
        "mode": "players",
        "turn_seconds": 0,
    }


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("target=-5", "Option target takes a whole number from 1 to 100000, not '-5'."),
        ("target=lots", "Option target takes a whole number from 1 to 100000, not 'lots'."),
        ("target", "Write options as name=value separated by spaces; 'target' is not."),
        ("colour=red", "Macao has no option 'colour'."),
    ],
)
def test_bad_option_text_is_refused_with_the_problem_then_the_options(text, problem):
    with pytest.raises(OptionError) as caught:
        GAMES["macao"].parse_options(text)
    assert str(caught.value) == (
        f"{problem} Macao options: target=500 (1-100000), max_turns=200 (1-100000), "
        "rounds=0 (0-10000)."
    )


def test_a_list_option_cannot_be_typed_in():
    with pytest.raises(OptionError, match="house_rules cannot be typed in"):
        GAMES["mao"].parse_options("house_rules=none")


def test_a_declared_default_must_lie_in_its_own_range():
    with pytest.raises(ValueError):
        Option.number("target", 0, 1, 10, "a target")
    with pytest.raises(ValueError):
        Option.choice("mode", "anarchy", ("chairman", "players"), "who calls")


def test_only_mao_lets_players_make_rules():
    assert [g for g in GAME_NAMES if GAMES[g].players_make_rules] == ["mao"]


def test_only_macao_records_its_score_as_a_figure_of_its_own():
    assert {g: GAMES[g].score_figure for g in GAME_NAMES if GAMES[g].score_figure} == {
        "macao": "points_taken"
    }


def test_an_option_says_its_value_in_one_sentence_or_a_plural_pair():
    rounds = Option.number("rounds", 0, 0, 10, "rounds").saying("The match lasts {value} rounds.")
    games = Option.number("games", 1, 1, 9, "games").saying("{count} game.", "{count} games.")
    assert rounds.sentence == ("The match lasts {value} rounds.",)
    assert games.sentence == ("{count} game.", "{count} games.")
    with pytest.raises(ValueError):
        rounds.saying()


def test_only_a_count_that_starts_at_zero_says_nothing_at_zero():
    assert Option.number("rounds", 0, 0, 10, "rounds").says_nothing_at(0)
    assert not Option.number("rounds", 0, 0, 10, "rounds").says_nothing_at(3)
    assert not Option.number("target", 5, 1, 10, "target").says_nothing_at(0)
    assert not Option.flag("twos", False, "twos").says_nothing_at(False)


def test_an_options_sentence_tells_its_value_in_words():
    twos = Option.flag("twos", False, "twos").saying("Twos are **{value}**.")
    games = Option.number("games", 1, 1, 9, "games").saying("{count} game.", "{count} games.")
    rounds = Option.number("rounds", 0, 0, 9, "rounds").saying("{value} rounds.")
    assert twos.sentence_for(True, ENGLISH) == "Twos are **on**."
    assert games.sentence_for(1, ENGLISH) == "1 game."
    assert games.sentence_for(3, ENGLISH) == "3 games."
    assert rounds.sentence_for(0, ENGLISH) == ""  # no rounds limit: nothing to tell
    assert Option.flag("x", False, "x").sentence_for(True, ENGLISH) is None


@pytest.mark.parametrize("typed", ["3_00", "+300", "٣٠٠", "3e2"])
def test_a_number_is_typed_as_plain_digits(typed):
    macao = GAMES["macao"]
    with pytest.raises(OptionError, match=r"takes a whole number"):
        engine.options.parse_text(macao.title, macao.option_specs, f"target={typed}")


def test_an_option_typed_twice_is_refused_not_read_as_the_last():
    macao = GAMES["macao"]
    with pytest.raises(OptionError, match=r"^'target' is given twice\. Macao options: "):
        engine.options.parse_text(macao.title, macao.option_specs, "target=300 target=200")
