"""The page is told no more of a secret-rules game than its thread is: Mao's Chairman never
explains a rule, so a frame of a Mao table carries no pending stack (a chain of sevens), no
direction and no suit in force but one a card named, as its table message shows them; a
Macao table's frame at the same kind of moment tells all three."""

from __future__ import annotations

from engine import GAMES
from engine.bots import make_bot
from tables.model import Table
from tests.running_table import running_table
from web.frames import frame

KEYS = ["1000", "1001", "1002", "1003"]


def table_with_a_stack(game_name: str) -> Table:
    """A table of heuristic bots played until a stack waits on a seat."""
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
            if game.observation(None).get("pending"):
                return running_table(game)
    raise AssertionError(f"no stack in 200 {game_name} games")


def test_mao_a_frame_tells_no_pending_stack_nor_direction():
    table = table_with_a_stack("mao")
    sent = frame(table, None)
    assert sent["pending"] is None and sent["direction"] is None
    facts = " ".join(sent["facts"])
    assert "must answer" not in facts and "Direction" not in facts


def test_mao_a_frame_names_the_suit_only_when_a_card_named_it():
    table = table_with_a_stack("mao")
    view = table.game.observation(None)
    named = view["suit"] != view["top"][-1]
    assert ("Suit in force" in " ".join(frame(table, None)["facts"])) == named


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
