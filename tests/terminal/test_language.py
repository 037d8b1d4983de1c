"""The terminal practice table in the player's language: the same catalogs as Discord's tables.

Played as a person plays it: the plain loop through piped input (and ``bot.py practice
--lang``), the live table through Textual's headless pilot on a fake clock (``pace=0``: the
bots answer at once, nothing waits on wall time). English is the other tests' business: their
outputs and snapshots are unchanged.
"""

from __future__ import annotations

import io
from typing import Any

import pytest

import bot
from terminal.games.mao.screens import NewRuleScreen
from terminal.language import chosen_language
from terminal.live import LiveTable
from terminal.live_screens import SummaryScreen
from terminal.opening import start
from terminal.practice import HUMAN
from tests.terminal.waiting import type_line, until

SIZE = (110, 34)

#: words each language's table shows, and the English ones it must not
WORDS = {
    "pt-BR": {
        "opening": "Treino de Macao: você contra 3 bots de nível intermediário",
        "hand": "Sua mão: ",
        "seats": "Lugares: *você (5 cartas",
        "prompt": "Sua jogada (número ou ação, ? para ajuda): ",
        "refused": "Não permitido: ",
        "bye": "Tchau.",
        "played": "jogou",
        "hand title": "Sua mão",
        "next round": "Próxima rodada (Enter)",
        "round over": "Fim da rodada 1",
    },
    "ro": {
        "opening": "Antrenament de Macao: tu contra 3 boți de nivel intermediar",
        "hand": "Mâna ta: ",
        "seats": "Locuri: *tu (5 cărți",
        "prompt": "Mutarea ta (număr sau acțiune, ? pentru ajutor): ",
        "refused": "Nu se poate: ",
        "bye": "La revedere.",
        "played": "a jucat",
        "hand title": "Mâna ta",
        "next round": "Runda următoare (Enter)",
        "round over": "Runda 1 s-a încheiat",
    },
}
ENGLISH = ("Your hand:", "Your move", "Seats:", "Not allowed", "Practice Macao")


class Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def plain(lines: str, **kwargs: Any) -> str:
    out = io.StringIO()
    start("macao", seed=5, stdin=io.StringIO(lines), stdout=out, **kwargs)
    return out.getvalue()


def not_held(seed: int = 5) -> str:
    """A card the human does not hold at the deal of seed ``seed``."""
    from engine import new_game
    from terminal.practice import bot_names

    hand = new_game("macao", [HUMAN, *bot_names(3)], seed=seed).observation(HUMAN)["hand"]
    return next(c for c in ("KS", "QS", "JS", "AS", "KH") if c not in hand)


# --- choosing the language --------------------------------------------------------------
@pytest.mark.parametrize(
    ("flag", "environ", "lang"),
    [
        ("pt-BR", {"LANG": "ro_RO.UTF-8"}, "pt-BR"),  # the flag wins
        (None, {"CHAIRMAN_LANG": "ro", "LANG": "pt_BR.UTF-8"}, "ro"),
        (None, {"LC_ALL": "pt_BR.UTF-8", "LANG": "ro_RO.UTF-8"}, "pt-BR"),
        (None, {"LANG": "ro_RO.UTF-8"}, "ro"),
        (None, {"LANG": "C.UTF-8"}, "en"),
        (None, {"LANG": "en_GB.UTF-8"}, "en"),
        (None, {}, "en"),
    ],
)
def test_the_language_is_the_flag_else_the_environment(flag, environ, lang):
    assert chosen_language(flag, environ) == (lang, None)


def test_a_language_the_bot_does_not_have_is_english_with_one_line_saying_so():
    lang, notice = chosen_language("it", {})
    assert lang == "en"
    assert notice is not None and "\n" not in notice
    assert "it" in notice and "English" in notice and "pt-BR" in notice


# --- the plain practice loop ------------------------------------------------------------
@pytest.mark.parametrize("lang", sorted(WORDS))
def test_the_plain_table_speaks_the_chosen_language(lang):
    words = WORDS[lang]
    out = plain(f"play {not_held()}\n1\nquit\n", lang=lang)
    for key in ("opening", "hand", "seats", "prompt", "refused", "bye", "played"):
        assert words[key] in out, key
    for english in ENGLISH:
        assert english not in out


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_a_refused_move_is_said_in_the_language_with_the_card_shown(lang):
    card = not_held()
    out = plain(f"play {card}\nquit\n", lang=lang)
    refused = next(line for line in out.splitlines() if WORDS[lang]["refused"] in line)
    assert "do not hold" not in refused
    assert f"{card[0]}♠" in refused or f"{card[0]}♥" in refused


def test_bot_py_practice_lang_flag_opens_the_table_in_that_language(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert bot.main(["practice", "macao", "--seed", "5", "--plain", "--lang", "ro"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(WORDS["ro"]["opening"])
    assert "practice macao --lang ro" in out  # how to play again, in the same language


def test_bot_py_practice_takes_the_language_from_the_environment(monkeypatch, capsys):
    for name in ("CHAIRMAN_LANG", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert bot.main(["practice", "macao", "--seed", "5", "--plain"]) == 0
    assert capsys.readouterr().out.startswith(WORDS["pt-BR"]["opening"])


def test_bot_py_practice_in_an_unknown_language_plays_in_english_after_one_notice(
    monkeypatch, capsys
):
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert bot.main(["practice", "macao", "--seed", "5", "--plain", "--lang", "it"]) == 0
    first, second, *rest = capsys.readouterr().out.splitlines()
    assert "does not speak it" in first and "English" in first
    assert second.startswith("Practice Macao: you against 3 heuristic bots")
    assert any(line.startswith("Your hand: ") for line in rest)


def test_the_plain_rule_builder_asks_in_the_language():
    import i18n
    from terminal.games.mao.questions import ask_rule

    said: list[str] = []
    asked: list[str] = []
    answers = iter(["1", "4", "7"])  # a card of one rank is played; play reverses; sevens

    def read(prompt: str) -> str:
        asked.append(prompt)
        return next(answers)

    rule = ask_rule(read, said.append, i18n.get("pt-BR"))
    assert rule is not None and rule["effect"]["kind"] == "reverse"
    assert asked[0] == "Quando (número; Enter para desistir): "
    assert asked[1] == "Então (número; Enter para desistir): "
    assert said[0] == "  1. Uma carta de certo valor é jogada"


# --- the live table ---------------------------------------------------------------------
@pytest.mark.parametrize("lang", sorted(WORDS))
async def test_the_live_table_speaks_the_chosen_language(lang):
    words = WORDS[lang]
    app = LiveTable("macao", bots=3, seed=4, pace=0, clock=Clock(), lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        assert app.query_one("#hand").border_title == words["hand title"]
        await type_line(pilot, f"play {not_held(4)}")  # waits until the table took it in
        status = str(app.query_one("#status").render())
        assert status.startswith(words["refused"]) and "do not hold" not in status
        await pilot.press("f4")  # back to the moves, as the footer says
        moves = app.query_one("#moves")
        await until(pilot, lambda: app.focused is moves, "the moves to take the focus")
        for _ in range(60):
            if isinstance(app.screen, SummaryScreen):
                break
            await pilot.press("1")
        # a press can return before its key is in; the keys still in flight come in order
        await until(pilot, lambda: isinstance(app.screen, SummaryScreen), "the round's summary")
        await until(pilot, lambda: app.screen.is_mounted, "the summary's buttons")
        assert any(words["played"] in line for line in app.lines)
        assert not any(" played " in line for line in app.lines)
        assert isinstance(app.screen, SummaryScreen)
        labels = [str(button.label) for button in app.screen.query("Button")]
        assert labels == [words["next round"]]  # seed 4's first round does not end the match
        assert words["round over"] in app.screen.lines[0]
        assert not any("Round" in line or "went out" in line for line in app.screen.lines)


@pytest.mark.parametrize("lang", sorted(WORDS))
async def test_the_live_rule_builder_speaks_the_chosen_language(lang):
    app = LiveTable("mao", bots=3, seed=1, pace=0, clock=Clock(), lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        footer = {k: b.binding.description for k, b in app.screen.active_bindings.items()}
        assert footer["f2"] == {"pt-BR": "Nova regra", "ro": "Regulă nouă"}[lang]
        assert footer["ctrl+q"] != "Leave"
        app.push_screen(NewRuleScreen(app.tr))
        await until(pilot, lambda: app.screen.is_mounted, "the builder")
        screen = app.screen
        assert isinstance(screen, NewRuleScreen)
        labels = [label for label, _key in screen.offered["trigger"]]
        assert labels and not any(label.endswith("is played") for label in labels)
        buttons = [str(button.label) for button in screen.query("Button")]
        assert "Make the rule" not in buttons and "Cancel" not in buttons
        await pilot.press("escape")


@pytest.mark.parametrize(
    ("lang", "refusal"),
    [
        (
            "pt-BR",
            "Não foi possível abrir a mesa: A opção acumular_2 aceita sim ou não, não 'maybe'. "
            "Opções de Mau-Mau: acumular_2=não (sim/não), rodadas=0 (0-10000).",
        ),
        (
            "ro",
            "Masa nu poate fi deschisă: Opțiunea cumul_2 acceptă da sau nu, nu 'maybe'. "
            "Opțiunile pentru Mau-Mau: cumul_2=nu (da/nu), runde=0 (0-10000).",
        ),
    ],
)
def test_a_refused_option_names_it_and_lists_the_options_in_the_language(capsys, lang, refusal):
    argv = ["practice", "maumau", "--option", "twos_stack=maybe", "--plain", "--lang", lang]
    assert bot.main(argv) == 2
    assert capsys.readouterr().out.splitlines() == [refusal]
