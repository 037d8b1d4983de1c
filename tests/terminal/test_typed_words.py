"""The words typed at the terminal in the table's language (``terminal.typed_words``): a
move's verb, ``suit=``, quit and help in Portuguese or Romanian, the English ones still
understood, card codes as everywhere; the reasons a typed line is not understood said in the
language too. Played as a person plays: the plain loop through piped input, the live table
through Textual's headless pilot on a fake clock (``pace=0``). English is the other tests'
business (their outputs and snapshots are unchanged)."""

from __future__ import annotations

import io

import pytest

import i18n
from engine.actions import ACTION_KINDS, Draw, Play
from engine.cards import Card
from terminal.live import LiveTable
from terminal.moves import parse_suit, typed_action
from terminal.opening import start
from terminal.practice import HUMAN
from terminal.shown import action_text
from terminal.typed_words import HELP, QUIT, RULE, SUIT, folded, word
from tests.examples import assert_examples_hold
from tests.terminal.waiting import type_line, until

PT, RO, ES, FR, DE = (i18n.get(lang) for lang in ("pt-BR", "ro", "es", "fr", "de"))
SIZE = (110, 34)


def plain(lines: str, lang: str, seed: int = 5) -> list[str]:
    out = io.StringIO()
    start("macao", seed=seed, stdin=io.StringIO(lines), stdout=out, lang=lang)
    return out.getvalue().splitlines()


def first_play(seed: int = 5) -> str:
    """A card the human may play at the deal of seed ``seed`` (``7D`` for seed 5)."""
    from engine import new_game
    from terminal.practice import bot_names

    game = new_game("macao", [HUMAN, *bot_names(3)], seed=seed)
    return next(str(a.cards[0]) for a in game.legal_actions(HUMAN) if isinstance(a, Play))


# --- the plain loop -----------------------------------------------------------------------
def test_a_portuguese_player_types_moves_help_and_quit_in_portuguese():
    card = first_play()
    lines = plain(f"ajuda\njogar {card}\nComprar\nsair\n", "pt-BR")
    assert lines[0].endswith("Digite sair para deixar a mesa.")
    assert "   2. comprar" in lines  # the menu names the word to type
    assert any(
        line.endswith(
            "Digite o número de uma jogada, ou uma ação: comprar, jogar "
            "(por exemplo jogar 7H, jogar AS naipe=♥, comprar). regras mostra as regras; "
            "sair deixa a mesa."
        )
        for line in lines
    )
    assert "  você jogou 7♦" in lines
    assert "  você comprou 1 carta" in lines
    assert lines[-1] == "Tchau."
    assert not any("Não entendi" in line for line in lines)


def test_a_romanian_player_types_moves_and_quits_in_romanian_accents_or_not():
    lines = plain("joaca 7D\ntrage\nieşi\n", "ro")  # no breve, a cedilla for the comma
    assert any("7♦" in line and "jucat" in line for line in lines)
    assert any("tras 1 carte" in line for line in lines)
    assert lines[-1] == "La revedere."
    assert not any("Nu înțeleg" in line for line in lines)


def test_a_german_player_types_moves_and_quits_in_german():
    lines = plain("spielen 7D\nZIEHEN\nbeenden\n", "de")
    assert "  du hast 7♦ gespielt" in lines
    assert "  du hast 1 Karte gezogen" in lines
    assert lines[-1] == DE._("Bye.")


def test_a_french_player_types_moves_and_quits_in_french():
    lines = plain("jouer 7D\nPIOCHER\nquitter\n", "fr")
    assert lines[-1] == FR._("Bye.")
    assert sum("7♦" in line for line in lines) >= 2  # in the hand, then played
    assert not any(
        FR._("I don't understand {text}: {problem}. Type ? for help.").split("{")[0] in line
        for line in lines
    )


def test_a_spanish_player_types_moves_and_quits_in_spanish_accents_or_not():
    lines = plain("JUGAR 7D\nrobar\nsalir\n", "es")
    assert any("tú jugaste 7♦" in line for line in lines)
    assert any("tú robaste 1 carta" in line for line in lines)
    assert lines[-1] == "Adiós."
    assert not any("No entiendo" in line for line in lines)


@pytest.mark.parametrize("lang", ["pt-BR", "ro", "es", "fr", "de"])
def test_the_english_words_are_understood_at_a_table_in_any_language(lang):
    tr = i18n.get(lang)
    lines = plain("play 7D\ndraw\nquit\n", lang)
    assert sum("7♦" in line for line in lines) >= 2  # in the hand, then played
    not_understood = tr._("I don't understand {text}: {problem}. Type ? for help.")
    assert not any(not_understood.split("{")[0] in line for line in lines)
    assert lines[-1] == tr._("Bye.")


@pytest.mark.parametrize(
    ("lang", "typed", "said"),
    [
        ("pt-BR", "jogar ZZ", "Não entendi 'jogar ZZ': 'ZZ' não é uma carta. Digite ? para ajuda."),
        (
            "pt-BR",
            "jogar",
            "Não entendi 'jogar': jogar precisa de pelo menos uma carta. Digite ? para ajuda.",
        ),
        (
            "pt-BR",
            "comprar 7H",
            "Não entendi 'comprar 7H': comprar não leva nada depois. Digite ? para ajuda.",
        ),
        ("pt-BR", "pular", "Não entendi 'pular': não existe a ação 'pular'. Digite ? para ajuda."),
        (
            "pt-BR",
            "jogar 7D naipe=Q",
            "Não entendi 'jogar 7D naipe=Q': 'Q' não é um naipe (use paus, ouros, copas ou "
            "espadas). Digite ? para ajuda.",
        ),
        ("ro", "joacă ZZ", "Nu înțeleg 'joacă ZZ': 'ZZ' nu e o carte. Scrie ? pentru ajutor."),
        (
            "ro",
            "trage 7H",
            "Nu înțeleg 'trage 7H': după trage nu urmează nimic. Scrie ? pentru ajutor.",
        ),
        ("ro", "sari", "Nu înțeleg 'sari': acțiunea 'sari' nu există. Scrie ? pentru ajutor."),
    ],
)
def test_a_line_not_understood_is_said_why_in_the_language(lang, typed, said):
    lines = plain(f"{typed}\nquit\n", lang)
    assert said in lines
    # nothing was played: the table reads as one left at once, but for the line and its reason
    reason = lines.index(said)
    assert lines[reason - 1].endswith(f": {typed}")
    assert lines[: reason - 1] + lines[reason + 1 :] == plain("quit\n", lang)


# --- the words themselves -------------------------------------------------------------------
def test_a_wild_cards_suit_is_named_in_the_languages_words():
    ace = (Card.parse("AS"),)
    assert typed_action("jogar AS naipe=copas", PT) == Play(cards=ace, suit="H")
    assert typed_action("joacă AS culoare=cupă", RO) == Play(cards=ace, suit="H")
    assert typed_action("play AS suit=hearts", PT) == Play(cards=ace, suit="H")
    assert typed_action("COMPRAR", PT) == Draw()


@pytest.mark.parametrize(
    ("typed", "tr"),
    [("trébol", ES), ("corazón", ES), ("Picas", ES), ("cœur", FR), ("carreau", FR), ("Herz", DE)],
)
def test_a_suit_may_be_typed_in_the_singular_or_the_plural(typed, tr):
    suit = {"trébol": "C", "corazón": "H", "Picas": "S", "cœur": "H", "carreau": "D", "Herz": "H"}
    assert parse_suit(typed, tr) == suit[typed]


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_play_in_the_menu_reads_as_what_to_type(lang):
    # the menu shows a move as it is typed ("spielen 7♦", not "7♦ spielen")
    tr = i18n.get(lang)
    seven = Play(cards=(Card.parse("7D"),))
    assert typed_action(action_text(seven, tr), tr) == seven


@pytest.mark.parametrize("typed", ["cœur", "coeur", "CŒUR", "Cœurs"])
def test_a_french_suit_is_read_however_its_ligature_is_typed(typed):
    # read by its first letter alone, "coeur" would name clubs
    ace = (Card.parse("AS"),)
    assert typed_action(f"jouer AS couleur={typed}", FR) == Play(cards=ace, suit="H")


@pytest.mark.parametrize("tr", [PT, RO, ES, FR, DE], ids=["pt-BR", "ro", "es", "fr", "de"])
def test_each_typed_word_is_one_word_and_means_one_thing(tr):
    own = [*ACTION_KINDS, QUIT, HELP, RULE, SUIT]
    said = [folded(word(tr, w)) for w in own]
    assert all(s and " " not in s for s in said), said
    assert len(set(said)) == len(said), said
    # a word of the language never reads as another English word
    for english, shown in zip(own, said, strict=True):
        assert shown not in set(own) - {english}, (english, shown)
    assert sum(word(tr, w) != w for w in own) >= len(own) - 2  # translated, not left English


# --- the live table -------------------------------------------------------------------------
class Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


@pytest.mark.parametrize(
    ("lang", "draw", "helped", "drew", "not_a_card"),
    [
        (
            "pt-BR",
            "comprar",
            "ajuda",
            "você comprou 1 carta",
            "Não entendi 'jogar ZZ': 'ZZ' não é uma carta.",
        ),
        (
            "ro",
            "trage",
            "ajutor",
            "tras 1 carte",
            "Nu înțeleg 'jogar ZZ': acțiunea 'jogar' nu există.",
        ),
    ],
)
async def test_the_live_table_takes_typed_words_in_the_language(
    lang, draw, helped, drew, not_a_card
):
    app = LiveTable("macao", bots=3, seed=5, pace=0, clock=Clock(), lang=lang)
    tr = i18n.get(lang)
    async with app.run_test(size=SIZE) as pilot:
        chat = app.query_one("#chat")
        assert f"{word(tr, 'play')} 7H" in str(chat.placeholder)
        await type_line(pilot, helped)
        status = str(app.query_one("#status").render())
        assert f"{word(tr, 'play')} AS {word(tr, SUIT)}=♥, {draw}" in status
        await type_line(pilot, "jogar ZZ")
        assert str(app.query_one("#status").render()) == not_a_card
        await type_line(pilot, draw)
        await until(pilot, lambda: any(drew in line for line in app.lines), "the draw")


def test_the_modules_examples_hold():
    import terminal.typed_words

    assert_examples_hold(terminal.typed_words)
