"""The speech parser over a table of phrasings (MAO-7, MAO-10, MAO-11, MAO-15), at a table of
every language: English words stay accepted whatever the table's language."""

from __future__ import annotations

import pytest

from engine.mao.languages import SPEECH
from engine.mao.phrases import Vocabulary, normalise, parse
from engine.mao.slips import edit_distance

LANGUAGES = sorted(SPEECH)


def tokens(text: str, vocabulary: Vocabulary | None = None) -> list[tuple[str, str]]:
    found = (vocabulary or Vocabulary()).parse(text)
    return [(t.kind, t.text) for t in found]


PHRASINGS = [
    # required phrases, any case, punctuation and spacing
    ("Have a nice day", [("phrase", "have a nice day")]),
    ("HAVE   a NICE day!!!", [("phrase", "have a nice day")]),
    ("have a very nice day", [("phrase", "have a very nice day")]),
    ("Have a very, very, VERY nice day.", [("phrase", "have a very very very nice day")]),
    ("penalty card", [("phrase", "penalty card")]),
    ("Penalty card! Penalty card!", [("phrase", "penalty card"), ("phrase", "penalty card")]),
    ("three of spades", [("phrase", "three of spades")]),
    ("3 of Spades", [("phrase", "three of spades")]),
    ("10 of spades", [("phrase", "ten of spades")]),
    ("Queen of spades", [("phrase", "queen of spades")]),
    ("last card", [("phrase", "last card")]),
    ("Last card. Mao!", [("phrase", "last card"), ("phrase", "mao")]),
    ("MAO", [("phrase", "mao")]),
    ("new rule", [("phrase", "new rule")]),
    (
        "have a nice day, seven of spades, last card",
        [("phrase", "have a nice day"), ("phrase", "seven of spades"), ("phrase", "last card")],
    ),
    # point of order and its abbreviations
    ("Point of order!", [("phrase", "point of order")]),
    ("P of O", [("phrase", "point of order")]),
    ("P.O.O.", [("phrase", "point of order")]),
    ("poo", [("phrase", "point of order")]),
    ("End of point of order", [("phrase", "end of point of order")]),
    ("end of P of O", [("phrase", "end of point of order")]),
    # calls, however they are typed; mentions are not words
    ("Talking", [("call", "Talking")]),
    ("talking <@123456789>", [("call", "Talking")]),
    ("@bo talking!", [("call", "Talking")]),
    ("Playing out of turn", [("call", "Playing out of turn")]),
    ("failure to play within five seconds", [("call", "Failure to play within five seconds")]),
    ("Failure to play within 5 seconds", [("call", "Failure to play within five seconds")]),
    ("bad card", [("call", "Bad card")]),
    ("Bad call", [("call", "Bad call")]),
    ("bad adjudication", [("call", "Bad adjudication")]),
    ("Failure to take penalty card", [("call", "Failure to take penalty card")]),
    ("touching cards during point of order", [("call", "Touching cards during point of order")]),
    ("touching cards during P of O", [("call", "Touching cards during point of order")]),
    (
        "Saying point of order during a point of order",
        [("call", "Saying point of order during a point of order")],
    ),
    ("saying POO during a POO", [("call", "Saying point of order during a point of order")]),
    (
        "Taking our Glorious Leader's name in vain",
        [("call", "Taking our Glorious Leader's name in vain")],
    ),
    (
        "taking our glorious leaders name in vain",
        [("call", "Taking our Glorious Leader's name in vain")],
    ),
    ("Failure to say 'Have a nice day'", [("call", "Failure to say 'Have a nice day'")]),
    ('failure to say "have a very nice day"', [("call", "Failure to say 'Have a very nice day'")]),
    ("failure to say penalty card", [("call", "Failure to say 'Penalty card'")]),
    ("Failure to say 3 of spades", [("call", "Failure to say 'Three of spades'")]),
    ("failure to say last card", [("call", "Failure to say 'Last card'")]),
    ("failure to say mao", [("call", "Failure to name our Glorious Leader")]),
    ("Failure to name our Glorious Leader", [("call", "Failure to name our Glorious Leader")]),
    ("Talking! Bad card!", [("call", "Talking"), ("call", "Bad card")]),
    # near misses of a call are Bad calls
    ("talkin", [("near_call", "talking")]),
    ("talked", [("near_call", "talking")]),
    ("played out of turn", [("near_call", "playing out of turn")]),
    ("bad cards", [("near_call", "bad card")]),
    ("card bad", [("near_call", "bad card")]),
    ("bad crad", [("near_call", "bad card")]),
    ("failure to say hello", [("near_call", "failure to say")]),
    ("failure to play in five seconds", [("near_call", "failure to play within five seconds")]),
    # talk
    ("hello", [("talk", "hello")]),
    ("I think so", [("talk", "i think so")]),
    ("nice day", [("talk", "nice day")]),
    ("have a nice day mate", [("phrase", "have a nice day"), ("talk", "mate")]),
    ("mao is great", [("phrase", "mao"), ("talk", "is great")]),
    ("you are talking too much", [("talk", "you are"), ("call", "Talking"), ("talk", "too much")]),
    ("", []),
    ("!!! ...", []),
]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("text", "expected"), PHRASINGS, ids=[t or "empty" for t, _ in PHRASINGS])
def test_parser_reads_each_phrasing(text, expected, lang):
    assert tokens(text, Vocabulary(speech=SPEECH[lang])) == expected


def test_parser_module_shorthand_uses_the_base_vocabulary():
    assert [(t.kind, t.text) for t in parse("Bad card")] == [("call", "Bad card")]


def test_normalise_drops_case_punctuation_apostrophes_and_mentions():
    assert normalise("  Leader’s <@!42>  NAME, in... vain! ") == "leaders name in vain"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_tables_secret_rules_add_phrases_and_calls(lang):
    vocabulary = Vocabulary(
        phrases=["thank you"],
        calls=["Manners", "Failure to say 'Thank you'"],
        speech=SPEECH[lang],
    )
    assert tokens("Thank you!", vocabulary) == [("phrase", "thank you")]
    assert tokens("manners", vocabulary) == [("call", "Manners")]
    assert tokens("failure to say thank you", vocabulary) == [
        ("call", "Failure to say 'Thank you'")
    ]
    assert tokens("thank you", Vocabulary()) == [("talk", "thank you")]


def test_the_longest_phrase_wins():
    vocabulary = Vocabulary(phrases=["long live mao"])
    assert tokens("long live mao", vocabulary) == [("phrase", "long live mao")]


@pytest.mark.parametrize(
    ("a", "b", "limit", "near"),
    [
        ("bad card", "bad card", 0, True),
        ("bad crad", "bad card", 1, True),
        ("bad car", "bad card", 1, True),
        ("bad cart", "bad card", 1, True),
        ("bd crd", "bad card", 1, False),
        ("talking", "walking", 1, True),
        ("abc", "xyz", 2, False),
    ],
)
def test_edit_distance_counts_typing_slips(a, b, limit, near):
    assert edit_distance(a, b, limit) is near
