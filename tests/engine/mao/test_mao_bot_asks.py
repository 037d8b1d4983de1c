"""Which bots a table's shared reading asks to react (``TableReading.asks``): none while
nothing new has been seen since nobody had anything to call, each bot with a call to make
as soon as a new slip is seen, and the due bot's move planned from its own view."""

from __future__ import annotations

from engine.actions import Say
from engine.mao import Mao
from engine.mao.bots.heuristic import MaoHeuristic, MaoRandomBot
from engine.mao.bots.table import TableReading
from engine.mao.bots.watch import MaoWatcher
from tests.engine.mao.table import play, say, table


def watched(g: Mao) -> tuple[TableReading, dict[str, MaoHeuristic]]:
    bots = {seat: MaoHeuristic(k) for k, seat in enumerate(g.seats)}
    watch = MaoWatcher.table_watch(bots)
    assert isinstance(watch, TableReading)
    return watch, bots


def test_a_quiet_table_asks_nobody_and_a_new_slip_wakes_every_bot_but_the_offender() -> None:
    g = table({"ana": "6H 2C 3C", "bo": "9H 2H 3H", "cy": "9S 2S 3S"}, top="5H")
    watch, _bots = watched(g)
    assert list(watch.asks(g.bot_view("ana"))) == []
    play(g, "ana", "6H", at=1)
    assert list(watch.asks(g.bot_view("bo"))) == []  # nothing to call yet
    assert list(watch.asks(g.bot_view("bo"))) == []  # still nothing: asked again, the same
    say(g, "bo", "nice weather", at=2)  # talk: anyone may call it
    assert list(watch.asks(g.bot_view("cy"))) == ["ana", "cy"]


def test_a_slip_seen_by_a_bot_itself_before_the_watch_is_asked_still_wakes_it() -> None:
    g = table({"ana": "6H 2C 3C", "bo": "9H 2H 3H", "cy": "9S 2S 3S"}, top="5H")
    watch, bots = watched(g)
    assert list(watch.asks(g.bot_view("ana"))) == []
    say(g, "bo", "nice weather", at=2)
    bots["cy"].watch(g.bot_view("cy"))  # cy reads the table on its own first
    assert list(watch.asks(g.bot_view("ana"))) == ["ana", "cy"]


def test_the_random_bot_says_what_its_card_owes_then_plays_it() -> None:
    g = table({"ana": "6S 2C 3C", "bo": "9H 2H 3H", "cy": "9S 2S 3S"}, top="5S")
    bot = MaoRandomBot(3)
    bot.forget = 0.0  # every phrase said
    bot.blunder = 0.0
    spoken = bot.choose(g.bot_view("ana"), g.legal_actions("ana"))
    assert isinstance(spoken, Say) and "six of spades" in spoken.text.lower()
    g.apply("ana", spoken.stamped(1.0))
    move = bot.choose(g.bot_view("ana"), g.legal_actions("ana"))
    assert str(move) == "play 6S"  # the one card that plays, which it said the phrase for
