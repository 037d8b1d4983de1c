"""``bot.py``'s own errors are said in the terminal's language: ``--lang`` where the command
takes it, else ``CHAIRMAN_LANG``, ``LC_ALL``, ``LC_MESSAGES`` or ``LANG``; English otherwise."""

from __future__ import annotations

import pytest

import bot
from engine import GAMES
from terminal.language import ENVIRONMENT


@pytest.fixture
def environment(monkeypatch):
    """No language from the machine running the tests; ``set(lang)`` chooses one."""
    for name in ENVIRONMENT:
        monkeypatch.delenv(name, raising=False)
    return lambda lang: monkeypatch.setenv("LANG", lang)


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["practice", "--bots", "0"], "--bots must be at least 1"),
        (
            ["practice", "macao", "--bots", "12"],
            "Macao is played by 2 to 6 players: --bots takes 1 to 5",
        ),
        (
            ["practice", "president", "--lang", "pt-BR", "--bots", "2"],
            "Presidente: de 4 a 10 jogadores; --bots aceita de 3 a 9",
        ),
        (["practice", "--lang", "ro", "--bots", "0"], "--bots trebuie să fie cel puțin 1"),
        (
            ["practice", "--lang=pt-BR", "--pace", "99"],
            "--pace deve ficar entre 0,05 e 10 segundos",
        ),
    ],
)
def test_a_practice_command_line_error_is_said_in_its_language(environment, capsys, argv, said):
    assert bot.main(argv) == 2
    assert capsys.readouterr().out.strip() == said


def test_simulate_takes_the_language_of_the_environment(environment, capsys):
    environment("pt_BR.UTF-8")
    argv = ["simulate", "macao", "--games", "1", "--players", "3", "--bots", "random,heuristic"]
    assert bot.main(argv) == 2
    assert capsys.readouterr().out.strip() == (
        "Não foi possível simular: --players é 3, mas --bots lista 2 tipos"
    )


def test_an_option_the_game_refuses_is_said_in_the_language_too(environment, capsys):
    environment("ro_RO.UTF-8")
    assert bot.main(["simulate", "macao", "--games", "1", "--option", "target=-3"]) == 2
    out = capsys.readouterr().out
    assert out.startswith("Simularea nu poate porni: Opțiunea țintă acceptă")


def test_a_table_size_the_game_refuses_is_said_in_the_language(environment, capsys):
    environment("pt_BR.UTF-8")
    assert bot.main(["simulate", "president", "--games", "1", "--players", "3"]) == 2
    assert capsys.readouterr().out.strip() == (
        "Não foi possível simular: Presidente: de 4 a 10 jogadores"
    )


def test_an_unknown_game_is_named_in_the_language(environment, capsys):
    environment("ro_RO.UTF-8")
    with pytest.raises(SystemExit):
        bot.main(["practice", "nogame"])
    games = ", ".join(sorted(GAMES))
    assert f"joc necunoscut 'nogame'; alege dintre {games}" in capsys.readouterr().err
