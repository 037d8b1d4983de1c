"""The page is told no more of a secret-rules game than its thread is: Mao's Chairman never
explains a rule, so a frame of a Mao table carries no pending stack (a chain of sevens), no
direction and no suit in force but one a card named, as its table message shows them; a
Macao table's frame at the same kind of moment tells all three."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine import GAMES
from engine.bots import make_bot
from engine.cards import Card
from engine.words import suit_words
from i18n import get as catalog_of
from tables.model import Table
from tests.running_table import running_table
from web.frames import frame

KEYS = ["1000", "1001", "1002", "1003"]
EN = catalog_of("en")


def table_where(game_name: str, until: Callable[[Mapping[str, Any]], bool], what: str) -> Table:
    """A table of heuristic bots played until ``until(view)`` holds of the public view."""
    cls = GAMES[game_name]
    for seed in range(200):
        game = cls.new(KEYS, seed, {})
        bots = {k: make_bot("heuristic", game_name, seed * 10 + n) for n, k in enumerate(KEYS)}
        for _ in range(300):
            seat = game.current_player()
            if game.is_over or seat is None:
                break
            legal = game.legal_actions(seat)
            game.apply(seat, bots[seat].choose(game.observation(seat), legal))
            if until(game.observation(None)):
                return running_table(game)
    raise AssertionError(f"no {what} in 200 {game_name} games")


def table_with_a_stack(game_name: str) -> Table:
    """A table of heuristic bots played until a stack waits on a seat."""
    return table_where(game_name, lambda view: bool(view.get("pending")), "stack")


def suit_named(view: Mapping[str, Any]) -> bool:
    """Whether the suit in force is one a card named: not the top card's own."""
    return bool(view.get("suit")) and Card.parse(view["top"]).suit != view["suit"]


def test_mao_a_frame_tells_no_pending_stack_nor_direction():
    table = table_with_a_stack("mao")
    sent = frame(table, None)
    assert sent["pending"] is None and sent["direction"] is None
    facts = " ".join(sent["facts"])
    assert "must answer" not in facts and "Direction" not in facts


def test_mao_a_frame_names_the_suit_a_card_named():
    table = table_where("mao", suit_named, "suit named")
    assert table.game is not None
    suit = table.game.observation(None)["suit"]
    facts = frame(table, None)["facts"]
    assert f"Suit in force: **{suit_words(suit, EN)}**" in facts


def test_mao_a_frame_names_no_suit_that_is_the_top_cards_own():
    table = table_where(
        "mao", lambda view: bool(view.get("suit")) and not suit_named(view), "suit of the top card"
    )
    assert "Suit in force" not in " ".join(frame(table, None)["facts"])


def test_a_frame_of_a_game_with_open_rules_tells_the_stack_and_the_direction():
    table = table_with_a_stack("macao")
    sent = frame(table, None)
    assert sent["pending"] is not None and sent["direction"] is not None
    facts = " ".join(sent["facts"])
    assert "must answer" in facts and "Direction" in facts and "Suit in force" in facts


def take_label(table: Table) -> str:
    """The Take button's label on the page of the seat the stack waits on."""
    assert table.game is not None
    pending = table.game.observation(None).get("pending")
    assert pending is not None
    target = pending["target"]
    moves = frame(table, target)["moves"]
    return next(m["label"] for m in moves if m["kind"] == "take")


def test_mao_the_take_button_counts_no_stack():
    # the hand DM's words: "Take a card", whatever a secret rule has piled up
    assert take_label(table_with_a_stack("mao")) == "Take a card"


def test_a_game_with_open_rules_counts_the_stack_on_the_take_button():
    table = table_with_a_stack("macao")
    assert table.game is not None
    count = (table.game.observation(None).get("pending") or {}).get("count")
    assert count and take_label(table) == f"Take {count} cards"
