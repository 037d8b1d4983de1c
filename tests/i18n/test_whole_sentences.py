"""Sentences whose words depend on who they name are translated whole, in Romanian and
Portuguese: the player at the terminal as an object ("ți-a dat", "între tine", never "lui tu"
or "între tu"), a subject of several seats with its plural verb ("au stat", "bateram"), and
"you and ..." with the second person plural in Romanian ("tu și chen ați stat"). Each is
rendered as a reader sees it: the terminal's feed (``terminal.render.event_text``, the
player named "you") and a Discord table's "Last events" (``cogs.render.event_line``)."""

from __future__ import annotations

import pytest

import i18n
from cogs import render
from engine import GAMES, new_game
from engine.events import Event
from tables.model import Seat, Table
from terminal.render import event_text

RO, PT, EN = i18n.get("ro"), i18n.get("pt-BR"), i18n.get("en")


def discord_line(game: str, seats: list[str], lang: str, event: Event) -> str:
    """The event as a Discord table in ``lang`` lists it."""
    played = new_game(game, seats, seed=1)
    table = Table(id=1, game_name=game, options={}, seed=1, status="running",
                  seats=[Seat(seat=s, name=s, user_id=k + 1) for k, s in enumerate(seats)],
                  game=played, language=lang)  # fmt: skip
    return render.event_line(table, event)


@pytest.mark.parametrize(
    ("tr", "said"),
    [
        (RO, "ada ți-a dat o carte"),
        (PT, "ada deu uma carta para você"),
        (EN, "ada gave a card to you"),
    ],
)
def test_a_card_given_to_the_player_names_them_as_its_object(tr, said):
    assert event_text({"type": "give", "seat": "ada", "to": "you"}, "you", tr=tr) == said


def test_a_card_the_player_gives_keeps_the_receivers_name():
    give = {"type": "give", "seat": "you", "to": "ada"}
    assert event_text(give, "you", tr=RO) == "tu i-ai dat o carte lui ada"
    assert event_text(give, "you", tr=PT) == "você deu uma carta para ada"


@pytest.mark.parametrize(
    ("a_hole", "president", "said"),
    [
        ("you", "bo", "Schimb de cărți între tine și bo"),
        ("bo", "you", "Schimb de cărți între bo și tine"),
        ("ada", "bo", "Schimb de cărți între ada și bo"),
    ],
)
def test_the_card_exchange_says_between_you_as_romanian_does(a_hole, president, said):
    exchange = {"type": "exchange", "a_hole": a_hole, "president": president}
    told = event_text(exchange, "you", tr=RO)
    assert "tu" not in told.split()  # never "între tu"
    assert told == said


def test_a_draw_with_the_player_is_between_tine_and_the_others():
    draw = {"type": "match_end", "winners": ["you", "ada"]}
    assert event_text(draw, "you", tr=RO) == "Partida s-a încheiat: egalitate între tine și ada"
    assert event_text(draw, "you", tr=PT) == "A partida acabou: empate entre você e ada"
    assert event_text(draw, "you", tr=EN) == "The match is over: a draw between you and ada"


def test_you_and_another_seat_missing_a_turn_take_the_second_person_plural():
    skip = {"type": "skip", "seats": ["you", "chen"]}  # a Last Card 8 on two seats
    assert event_text(skip, "you", tr=RO) == "tu și chen ați stat o tură"
    assert event_text(skip, "you", tr=PT) == "você e chen perderam a vez"


def test_one_seat_listed_as_skipped_takes_the_singular_verb():
    skip = {"type": "skip", "seats": ["bo"]}
    assert discord_line("lastcard", ["ana", "bo"], "ro", skip) == "bo a stat o tură"
    assert discord_line("lastcard", ["ana", "bo"], "pt-BR", skip) == "bo perdeu a vez"
    assert event_text({"type": "skip", "seats": ["you"]}, "you", tr=RO) == "tu ai stat o tură"


def test_several_winners_of_a_round_take_the_plural_verb():
    end = {"type": "round_end", "round": 2, "winners": ["ana", "bo", "cy"]}
    seats = ["ana", "bo", "cy", "dan"]
    assert discord_line("mao", seats, "ro", end) == "Runda 2 s-a încheiat: ana, bo și cy au ieșit"
    assert discord_line("mao", seats, "pt-BR", end) == "Fim da rodada 2: ana, bo e cy bateram"
    with_you = {"type": "round_end", "round": 2, "winners": ["ana", "you"]}
    assert event_text(with_you, "you", tr=RO) == "Runda 2 s-a încheiat: ana și tu ați ieșit"


def test_what_another_seat_must_answer_is_said_with_both_verbs_in_the_subjunctive():
    from terminal.render import pending_text

    pending = {"target": "ada", "count": 5, "kind": "draw"}
    assert pending_text(pending, "you", RO) == "ada trebuie să răspundă sau să ia 5 cărți"
    skip = {"target": "ada", "count": 2, "kind": "skip"}
    assert pending_text(skip, "you", RO) == "ada trebuie să răspundă sau să piardă 2 ture"


@pytest.mark.parametrize(
    ("seat", "tr", "said"),
    [
        ("you", RO, "tu ai jucat J♥ și ai cerut ♠ pică"),
        ("ada", RO, "ada a jucat J♥ și a cerut ♠ pică"),
        ("ada", PT, "ada jogou J♥ e pediu ♠ espadas"),
        ("you", EN, "you played J♥ and named ♠ spades"),
    ],
)
def test_a_mao_jack_and_its_named_suit_are_one_sentence(seat, tr, said):
    play = {"type": "play", "seat": seat, "cards": ["JH"], "suit": "S"}
    assert event_text(play, "you", game=GAMES["mao"], tr=tr) == said


@pytest.mark.parametrize(
    ("tr", "said"),
    [
        (RO, "(semnalat de tine)"),
        (PT, "(por acusação sua)"),
        (EN, "(called by you)"),
    ],
)
def test_a_mao_penalty_the_player_called_names_them_as_its_object(tr, said):
    penalty = {"type": "penalty", "call": "Talking", "seat": "ada", "by": "you", "count": 1}
    assert event_text(penalty, "you", game=GAMES["mao"], tr=tr).endswith(said)
