"""A refusal that names the moves it offers instead says them in the reader's language, as
the hand's buttons say them: President's "give one card you hold (one per rank is offered):
Dar K♥, Dar Q♠", a completion as "Completar 9♥ 9♠", a play by its cards."""

from __future__ import annotations

import pytest

import i18n
from engine.actions import IllegalAction, parse_action
from tables.errors import Refused
from tables.moves import said_move
from tests.engine.president_table import later_round, table

GIVE = {"en": "Give", "pt-BR": "Dar", "ro": "Dă"}
COMPLETE = {"en": "Complete", "pt-BR": "Completar", "ro": "Completează"}


def _refusal(game, seat: str, action: str) -> Refused:
    with pytest.raises(IllegalAction) as refused:
        game.apply(seat, action)
    return Refused(refused.value)


def _giving(game):
    exchange = game.exchange
    return game.seats[exchange["a_hole"]], game.legal_actions(game.seats[exchange["a_hole"]])


@pytest.mark.parametrize("lang", sorted(GIVE))
def test_the_a_holes_offered_gives_are_said_in_the_readers_language(lang):
    game = later_round()
    a_hole, offered = _giving(game)
    held = game.observation(a_hole)["hand"]
    low = next(c for c in held if f"give {c}" not in {str(a) for a in offered})
    said = _refusal(game, a_hole, f"give {low}").in_language(i18n.get(lang))
    for give in offered:
        assert said_move(give, i18n.get(lang)) in said
        assert f"{GIVE[lang]} {give.card.display()}" in said
    if lang != "en":
        assert "give " not in said.lower()


@pytest.mark.parametrize("lang", sorted(GIVE))
def test_the_presidents_offered_gives_are_said_in_the_readers_language(lang):
    game = later_round()
    a_hole, offered = _giving(game)
    game.apply(a_hole, offered[0])
    president_seat = game.seats[game.exchange["president"]]
    held = game.observation(president_seat)["hand"]
    gives = game.legal_actions(president_seat)
    bad = next(c for c in ("2H", "2S", "AH", "AS", "3C", "3D") if c not in held)
    said = _refusal(game, president_seat, f"give {bad}").in_language(i18n.get(lang))
    assert all(f"{GIVE[lang]} {g.card.display()}" in said for g in gives)


@pytest.mark.parametrize("lang", sorted(COMPLETE))
def test_a_completion_played_as_a_play_is_refused_with_the_completion_named(lang):
    game = table(
        {"p0": "7D 9C", "p1": "5C", "p2": "6C", "p3": "8C"}, "7H", under="7C 7S", last="p3"
    )
    said = _refusal(game, "p0", "play 7D").in_language(i18n.get(lang))
    assert said.endswith(f": {COMPLETE[lang]} 7♦."), said


def test_a_play_is_said_by_its_cards_alone():
    play = parse_action("play 3C 3D")
    assert {said_move(play, i18n.get(lang)) for lang in GIVE} == {"3♣ 3♦"}


@pytest.mark.parametrize("lang", sorted(GIVE))
def test_the_hands_buttons_say_a_give_and_a_completion_the_same_way(lang):
    from cogs.hand_layout import choice_label

    tr = i18n.get(lang)
    assert choice_label(parse_action("give KH"), tr) == f"{GIVE[lang]} K♥"
    assert choice_label(parse_action("complete 9H 9S"), tr) == f"{COMPLETE[lang]} 9♥ 9♠"
    assert choice_label(parse_action("play 9H 9S"), tr) == "9♥ 9♠"
