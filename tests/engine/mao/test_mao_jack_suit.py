"""MAO-4 with ``jack_suit=anyone`` (seed 000: "After a jack is played, any player must name a
suit"): the first seated player to say a suit's name after the Jack sets it, and saying it is
not Talking; until then the next card must be a Jack or of the Jack's suit."""

from __future__ import annotations

import pytest

from engine.actions import IllegalAction, Play, Say
from engine.cards import Card
from engine.mao.bots.heuristic import MaoHeuristic
from tests.engine.mao.table import play, say, table, waiting
from tests.engine.playthrough import record_playthrough

ANYONE = {"jack_suit": "anyone"}


def jack_table():
    return table({"ana": "JH 9C 2D", "bo": "4C 5D 3H", "cy": "6S 8C KD"}, top="5H", options=ANYONE)


def test_mao_4_anyone_a_jack_is_offered_and_played_without_a_suit():
    g = jack_table()
    jacks = [a for a in g.legal_actions("ana") if isinstance(a, Play) and a.cards[0].rank == "J"]
    assert jacks == [Play(cards=(Card.parse("JH"),))]
    with pytest.raises(IllegalAction, match="named in the chat"):
        play(g, "ana", "JH", at=1, suit="C")
    play(g, "ana", "JH", at=1)
    assert g.observation(None)["suit_open"] is True


def test_mao_4_anyone_the_first_suit_said_sets_it_and_is_not_talking():
    g = jack_table()
    play(g, "ana", "JH", at=1)
    events = say(g, "cy", "Clubs", at=2)
    assert next(e for e in events if e["type"] == "suit_named")["suit"] == "C"
    assert g.observation(None)["suit"] == "C" and not g.observation(None)["suit_open"]
    say(g, "bo", "diamonds", at=2.5)  # too late: it is talk now
    assert waiting(g) == [("Talking", "bo")]


@pytest.mark.parametrize(
    ("lang", "said", "suit"),
    [
        ("es", "corazones", "H"),
        ("es", "trébol", "C"),
        ("fr", "Cœur", "H"),
        ("fr", "carreaux", "D"),
        ("de", "Kreuz", "C"),
        ("de", "herz", "H"),
        ("pt-BR", "Copas", "H"),
        ("pt-BR", "pau", "C"),
        ("ro", "cupe", "H"),
        ("ro", "romb", "D"),
        ("ro", "Treflă", "C"),
        ("ro", "inimă roșie", "H"),
        ("ro", "Inimă neagră!", "S"),
    ],
)
def test_mao_4_anyone_a_suit_is_named_in_the_tables_language(lang, said, suit):
    g = table(
        {"ana": "JH 9C 2D", "bo": "4C 5D 3H", "cy": "6S 8C KD"},
        top="5H",
        options={**ANYONE, "language": lang},
    )
    play(g, "ana", "JH", at=1)
    events = say(g, "cy", said, at=2)
    assert next(e for e in events if e["type"] == "suit_named")["suit"] == suit
    assert waiting(g) == []


def test_mao_4_anyone_the_suit_named_is_the_suit_in_force():
    g = jack_table()
    play(g, "ana", "JH", at=1)
    say(g, "ana", "clubs", at=1.5)
    play(g, "bo", "4C", at=2)
    assert g.observation(None)["top"] == "4C" and waiting(g) == []


def test_mao_4_anyone_until_a_suit_is_named_the_jacks_suit_is_in_force():
    g = jack_table()
    play(g, "ana", "JH", at=1)
    play(g, "bo", "3H", at=2)
    assert g.observation(None)["top"] == "3H"
    assert not g.observation(None)["suit_open"]  # the next card closed the naming


def test_mao_4_anyone_another_suit_before_a_name_is_a_bad_card():
    g = jack_table()
    play(g, "ana", "JH", at=1)
    play(g, "bo", "4C", at=2)
    assert waiting(g) == [("Bad card", "bo")]


def test_mao_4_anyone_a_suit_in_a_longer_message_names_it_but_the_rest_is_talk():
    g = jack_table()
    play(g, "ana", "JH", at=1)
    say(g, "bo", "spades please", at=2)
    assert g.observation(None)["suit"] == "S" and waiting(g) == [("Talking", "bo")]


def test_mao_4_anyone_a_two_word_suit_name_in_a_longer_message_leaves_the_rest_as_talk():
    g = table({"ana": "JH 9C 2D", "bo": "4C 5D 3H"}, top="5H", options={**ANYONE, "language": "ro"})
    play(g, "ana", "JH", at=1)
    say(g, "bo", "inimă neagră te rog", at=2)
    assert g.observation(None)["suit"] == "S" and waiting(g) == [("Talking", "bo")]


def test_mao_4_by_default_a_suit_word_is_talking_and_the_jack_names_its_suit():
    g = table({"ana": "JH 9C 2D"}, top="5H")
    play(g, "ana", "JH", at=1, suit="S")
    say(g, "bo", "clubs", at=2)
    assert g.observation(None)["suit"] == "S" and waiting(g) == [("Talking", "bo")]


def test_mao_4_an_unknown_jack_suit_option_is_refused():
    with pytest.raises(ValueError, match="jack_suit"):
        table({"ana": "6H"}, options={"jack_suit": "nobody"})


def test_mao_4_anyone_a_bot_hears_a_two_word_suit_name_as_no_talk():
    g = table(
        {"ana": "JH 9C 2D", "bo": "4C 5D 3H", "cy": "6S 8C KD"},
        top="5H",
        options={**ANYONE, "language": "ro"},
    )
    cy = MaoHeuristic(1)
    play(g, "ana", "JH", at=1)
    say(g, "bo", "inimă roșie", at=2)
    assert cy.react(g.observation("cy"), g.legal_actions("cy")) is None
    say(g, "bo", "salut", at=3)  # what follows the suit's name is talk, and called
    assert cy.react(g.observation("cy"), g.legal_actions("cy")) == Say(
        text="Vorbărie", mentions=("bo",)
    )


def test_mao_4_anyone_bots_name_the_suit_after_a_jack_and_play_on():
    text = record_playthrough(
        "mao", 3, 5, options={"jack_suit": "anyone", "rounds": 2}, bots=["heuristic"] * 3
    )
    assert '"type":"suit_named"' in text and text.startswith("# mao")
    assert "outcome" in text
    # a bot's suit name is never called Talking, by a seat or by the Chairman
    assert '"call":"Talking"' not in text
