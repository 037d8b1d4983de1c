"""Mao's speech in each table language: the Chairman hears every phrase and call in the
table's language as its canonical name, announces each one in that language, and still
hears English (engine.mao.languages)."""

from __future__ import annotations

import pytest

from engine.mao import languages, speech_form
from engine.mao.game import Mao
from engine.mao.languages import SPEECH
from engine.mao.phrases import (
    END_POINT_OF_ORDER,
    POINT_OF_ORDER,
    Vocabulary,
    display_phrase,
)
from engine.mao.wording import FIXED_CALLS, FIXED_PHRASES, card_phrase, failure_to_say, nice_day
from tests.engine.mao.table import penalties, play, say, table
from tests.examples import assert_examples_hold

LANGUAGES = sorted(SPEECH)
CANONICAL_PHRASES = [
    *FIXED_PHRASES,
    nice_day(0),
    nice_day(1),
    nice_day(3),
    card_phrase("3", "S"),
    card_phrase("A", "S"),
    card_phrase("K", "S"),
    card_phrase("10", "S"),
]
CANONICAL_CALLS = [*FIXED_CALLS, *(failure_to_say(p) for p in FIXED_PHRASES[:2])]


def heard(lang: str, text: str) -> list[tuple[str, str]]:
    return [(t.kind, t.text) for t in Vocabulary(speech=SPEECH[lang]).parse(text)]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("phrase", CANONICAL_PHRASES)
def test_every_phrase_announced_in_a_language_is_heard_as_itself(lang, phrase):
    said = SPEECH[lang].say(phrase)
    assert heard(lang, said) == [("phrase", phrase)]
    assert heard(lang, display_phrase(said) + "!") == [("phrase", phrase)]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("call", CANONICAL_CALLS)
def test_every_call_announced_in_a_language_is_heard_as_itself(lang, call):
    assert heard(lang, SPEECH[lang].call(call)) == [("call", call)]


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
@pytest.mark.parametrize("call", FIXED_CALLS)
def test_every_call_has_its_own_words_in_each_language(lang, call):
    assert SPEECH[lang].call(call) != call


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
@pytest.mark.parametrize("phrase", CANONICAL_PHRASES)
def test_every_phrase_but_mao_has_its_own_words_in_each_language(lang, phrase):
    assert SPEECH[lang].say(phrase) != phrase or phrase == "mao"


LOCAL = {
    "pt-BR": [
        ("Tenha um bom dia!", [("phrase", "have a nice day")]),
        ("tenha um ótimo dia", [("phrase", "have a very nice day")]),
        ("Tenha um dia muito bom", [("phrase", "have a very nice day")]),
        ("tenha um dia muito, muito bom", [("phrase", "have a very very nice day")]),
        ("tenha um otimo dia", [("phrase", "have a very nice day")]),
        ("Ótimo dia!", [("phrase", "have a very nice day")]),
        ("um ótimo dia", [("phrase", "have a very nice day")]),
        ("Carta de penalidade", [("phrase", "penalty card")]),
        ("Última carta. Mão!", [("phrase", "last card"), ("phrase", "mao")]),
        ("três de espadas", [("phrase", "three of spades")]),
        ("3 de espadas", [("phrase", "three of spades")]),
        ("rainha de copas", [("phrase", "queen of hearts")]),
        ("ás de ouro", [("phrase", "ace of diamonds")]),
        ("dois de pau", [("phrase", "two of clubs")]),
        ("Questão de ordem!", [("phrase", "point of order")]),
        ("QDO", [("phrase", "point of order")]),
        ("Pela ordem!", [("phrase", "point of order")]),
        ("fim da Q de O", [("phrase", "end of point of order")]),
        ("Conversa! <@12>", [("call", "Talking")]),
        ("não dizer tenha um bom dia", [("call", "Failure to say 'Have a nice day'")]),
        ("Não dizer 'Última carta'", [("call", "Failure to say 'Last card'")]),
        ("nao dizer mao", [("call", "Failure to name our Glorious Leader")]),
        ("não jogar em 5 segundos", [("call", "Failure to play within five seconds")]),
        ("carta erada", [("near_call", "carta errada")]),
        ("have a nice day", [("phrase", "have a nice day")]),
        ("bom dia", [("talk", "bom dia")]),
    ],
    "ro": [
        ("O zi bună!", [("phrase", "have a nice day")]),
        ("o zi foarte bună", [("phrase", "have a very nice day")]),
        ("Să ai o zi foarte, foarte bună", [("phrase", "have a very very nice day")]),
        ("o zi buna", [("phrase", "have a nice day")]),
        ("Zi bună!", [("phrase", "have a nice day")]),
        ("O zi frumoasă!", [("phrase", "have a nice day")]),
        ("să ai o zi foarte frumoasă", [("phrase", "have a very nice day")]),
        ("zi foarte foarte bună", [("phrase", "have a very very nice day")]),
        ("Carte de penalizare", [("phrase", "penalty card")]),
        ("Ultima carte. Mao!", [("phrase", "last card"), ("phrase", "mao")]),
        ("trei de pică", [("phrase", "three of spades")]),
        ("rege de pica", [("phrase", "king of spades")]),
        ("fante de treflă", [("phrase", "jack of clubs")]),
        ("regină de cupă", [("phrase", "queen of hearts")]),
        ("as de romb", [("phrase", "ace of diamonds")]),
        ("trei de inimă neagră", [("phrase", "three of spades")]),
        ("Damă de inimă roșie!", [("phrase", "queen of hearts")]),
        ("trei de inimă", [("talk", "trei de inima")]),
        ("Chestiune de procedură!", [("phrase", "point of order")]),
        ("CDP", [("phrase", "point of order")]),
        ("Procedură!", [("phrase", "point of order")]),
        ("problemă de procedură", [("phrase", "point of order")]),
        ("sfârșitul chestiunii de procedură", [("phrase", "end of point of order")]),
        ("Vorbărie", [("call", "Talking")]),
        ("nu a spus o zi buna", [("call", "Failure to say 'Have a nice day'")]),
        ("nu a spus o zi frumoasă", [("call", "Failure to say 'Have a nice day'")]),
        ("Carte greșită", [("call", "Bad card")]),
        ("have a very nice day", [("phrase", "have a very nice day")]),
        ("bună ziua", [("talk", "buna ziua")]),
    ],
    "es": [
        ("¡Que tengas un buen día!", [("phrase", "have a nice day")]),
        ("ten un muy buen día", [("phrase", "have a very nice day")]),
        ("que tengas un día muy bueno", [("phrase", "have a very nice day")]),
        ("que tengas un día muy, muy bueno", [("phrase", "have a very very nice day")]),
        ("tres de picas", [("phrase", "three of spades")]),
        ("sota de picas", [("phrase", "jack of spades")]),
        ("dama de picas", [("phrase", "queen of spades")]),
        ("cdo", [("phrase", "point of order")]),
        ("no decir que tengas un buen dia", [("call", "Failure to say 'Have a nice day'")]),
        ("hola a todos", [("talk", "hola a todos")]),
    ],
    "fr": [
        ("Passe une bonne journée !", [("phrase", "have a nice day")]),
        ("passez une très très bonne journée", [("phrase", "have a very very nice day")]),
        ("Bonne journée !", [("phrase", "have a nice day")]),
        ("très bonne journée", [("phrase", "have a very nice day")]),
        ("trois de pique", [("phrase", "three of spades")]),
        ("dame de coeur", [("phrase", "queen of hearts")]),
        ("RAR", [("phrase", "point of order")]),
        ("ne pas dire passe une bonne journee", [("call", "Failure to say 'Have a nice day'")]),
        ("bonjour à tous", [("talk", "bonjour a tous")]),
    ],
    "de": [
        ("Einen schönen Tag!", [("phrase", "have a nice day")]),
        ("hab einen sehr sehr schönen Tag", [("phrase", "have a very very nice day")]),
        ("Schönen Tag!", [("phrase", "have a nice day")]),
        ("Pik Bauer", [("phrase", "jack of spades")]),
        ("Pik Drei", [("phrase", "three of spades")]),
        ("Pik-Dame", [("phrase", "queen of spades")]),
        ("Herz König", [("phrase", "king of hearts")]),
        ("Zur Geschäftsordnung!", [("phrase", "point of order")]),
        ("versäumt zu sagen einen schönen tag", [("call", "Failure to say 'Have a nice day'")]),
        ("drei pik", [("talk", "drei pik")]),
        ("hallo zusammen", [("talk", "hallo zusammen")]),
    ],
}
CASES = [(lang, text, want) for lang, cases in LOCAL.items() for text, want in cases]


@pytest.mark.parametrize(("lang", "text", "expected"), CASES, ids=[c[1] for c in CASES])
def test_a_table_hears_its_languages_phrasings(lang, text, expected):
    assert heard(lang, text) == expected


def test_an_english_table_does_not_hear_other_languages():
    assert heard("en", "tenha um bom dia") == [("talk", "tenha um bom dia")]


def test_the_announced_forms_read_naturally():
    pt, ro = SPEECH["pt-BR"], SPEECH["ro"]
    assert [pt.say(nice_day(n)) for n in range(3)] == [
        "tenha um bom dia",
        "tenha um ótimo dia",
        "tenha um dia muito muito bom",
    ]
    assert [ro.say(nice_day(n)) for n in range(3)] == [
        "o zi bună",
        "o zi foarte bună",
        "o zi foarte foarte bună",
    ]
    assert pt.say(POINT_OF_ORDER) == "questão de ordem"
    assert ro.say(END_POINT_OF_ORDER) == "sfârșitul chestiunii de procedură"
    assert pt.call(failure_to_say(nice_day(0))) == "Não dizer 'Tenha um bom dia'"
    es = SPEECH["es"]
    assert [es.say(nice_day(n)) for n in range(3)] == [
        "que tengas un buen día",
        "que tengas un muy buen día",
        "que tengas un día muy muy bueno",
    ]
    assert es.call(failure_to_say(nice_day(0))) == "No decir 'Que tengas un buen día'"
    assert ro.call("Saying 'hello'") == "A spus 'Hello'"


def test_the_language_option_takes_only_known_languages():
    assert Mao.check_options({"language": "ro"})["language"] == "ro"
    with pytest.raises(ValueError, match="language"):
        Mao.check_options({"language": "it"})


@pytest.mark.parametrize(("lang", "words"), [("pt-BR", "Tenha um bom dia"), ("ro", "O zi bună")])
def test_a_seven_at_a_table_in_another_language_wants_its_nice_day(lang, words):
    said = table({"ana": "7H 2C 3C", "bo": "6C 2D 3D"}, options={"language": lang})
    play(said, "ana", "7H", at=1)
    say(said, "ana", words, at=1.5)
    assert penalties(said.tick(30)) == []
    silent = table({"ana": "7H 2C 3C", "bo": "6C 2D 3D"}, options={"language": lang})
    play(silent, "ana", "7H", at=1)
    got = [e for t in (6, 30) for e in silent.tick(t)]
    assert penalties(got) == [("Failure to say 'Have a nice day'", "ana", "Chairman")]


def test_english_words_count_at_a_table_in_another_language():
    g = table({"ana": "7H 2C 3C", "bo": "6C 2D 3D"}, options={"language": "pt-BR"})
    play(g, "ana", "7H", at=1)
    say(g, "ana", "have a nice day", at=1.5)
    assert penalties(g.tick(30)) == []


@pytest.mark.parametrize("module", [languages, speech_form], ids=lambda m: m.__name__)
def test_the_speech_modules_examples_hold(module):
    assert_examples_hold(module)
