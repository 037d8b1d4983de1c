"""One describer per game: the shared sentences (``engine.describe``) and a game's own, named
on its class (``Game.describer``: Mao's ``engine.mao.describe``, President's
``engine.president.describe``...), which the terminal and Discord's table both tell events
with, in the reader's language."""

from __future__ import annotations

import pytest

import i18n
from engine import GAMES, new_game, prompts, standing, words
from engine import describe as shared
from engine.lastcard import describe as lastcard_sentences
from engine.macao import describe as macao_sentences
from engine.mao import describe as mao_sentences
from engine.mao.game import Mao
from engine.maumau import describe as maumau_sentences
from engine.president import describe as president_sentences
from tables.model import Seat, Table
from tests.examples import assert_examples_hold

PT = i18n.get("pt-BR")


OWN_WORDS = {
    "mao": mao_sentences,
    "president": president_sentences,
    "maumau": maumau_sentences,
    "lastcard": lastcard_sentences,
    "macao": macao_sentences,
}


@pytest.mark.parametrize(
    "module",
    [shared, words, prompts, standing, *OWN_WORDS.values()],
    ids=["shared", "words", "prompts", "standing", *OWN_WORDS],
)
def test_the_describers_examples_hold(module):
    assert_examples_hold(module)


def test_each_game_with_events_of_its_own_names_its_own_describer():
    named = {name: cls.describer for name, cls in GAMES.items() if cls.describer is not None}
    assert named == OWN_WORDS  # Crazy Eights' events are all shared ones


def test_a_games_own_event_is_told_in_its_words_and_in_no_other_games():
    exchange = {"type": "exchange", "a_hole": "ana", "president": "bo"}
    told = shared.describe_event(exchange, game=GAMES["president"])
    assert told == "Card exchange between ana and bo"
    assert shared.describe_event(exchange) == told  # no game named: every game's words
    assert shared.describe_event(exchange, game=GAMES["macao"]) != told


def test_a_game_that_is_named_is_told_in_its_own_words_first():
    reshuffle = {"type": "reshuffle", "count": 30}
    assert shared.describe_event(reshuffle, game=Mao) == "The pile became the new pool"
    told = shared.describe_event(reshuffle, game=GAMES["macao"])
    assert told == "The pile was shuffled into a new stock of 30 cards"


def test_mao_events_read_the_same_on_the_terminal_and_on_discord_in_the_tables_language():
    from cogs.games.mao import render as render_mao
    from terminal.render import event_text

    game = new_game("mao", ["ana", "bo"], seed=1)
    seats = [Seat(seat=s, name=s, user_id=k + 1) for k, s in enumerate(game.seats)]
    table = Table(id=1, game_name="mao", options={}, seed=0, status="running",
                  seats=seats, game=game, language="pt-BR")  # fmt: skip
    for event in [
        {"type": "refused", "seat": "ana", "action": "play", "cards": ["6H"]},
        {"type": "new_rule", "seat": "bo"},
        {"type": "suit_named", "seat": "ana", "suit": "H"},
    ]:
        discord_line = render_mao.event_line(table, event)
        assert discord_line == shared.describe_event(event, tr=PT, game=Mao)
        assert event_text(event, None, Mao) == shared.describe_event(event, game=Mao)
    told = render_mao.event_line(table, {"type": "new_rule", "seat": "bo"})
    assert told == "bo criou uma nova regra"


def test_what_the_table_lists_beside_the_chairmans_posts_is_brief():
    penalty = {"type": "penalty", "call": "Talking", "seat": "bo", "by": "ana", "count": 1}
    told = mao_sentences.describe_event(penalty)
    assert told == "Talking: bo took 1 penalty card (called by ana)"
    assert mao_sentences.describe_event(penalty, brief=True) == "Talking: bo took a penalty card"
    said = {"type": "say", "seat": "bo", "text": "hello"}
    assert mao_sentences.describe_event(said) == "bo: “hello”"
    assert mao_sentences.describe_event(said, brief=True) is None  # the thread shows it


def test_the_chairman_names_calls_the_way_the_tables_language_says_them():
    penalty = {"type": "penalty", "call": "Talking", "seat": "bo", "by": "Chairman", "count": 1}
    said = mao_sentences.announcement(penalty, str, lambda seat: f"@{seat}", PT)
    assert said == "Conversa. @bo pega uma carta de penalidade."
