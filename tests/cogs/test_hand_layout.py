"""Hands drawn within Discord's limits, whatever the engine offers: 5 rows, 5 buttons a row,
one select a row with at most 25 options, custom_ids and values within 100 characters."""

from __future__ import annotations

from types import SimpleNamespace

import discord

from cogs import hand_layout, play
from engine.actions import Draw, Pass, Play, Take
from engine.cards import ALL_CARDS, SUITS
from engine.macao import Macao

#: as long as a real seat token (``engine.driver.seat_token``)
TOKEN = "0123456789"


def view_for(legal, page=0):
    layout = hand_layout.HandLayout("hand", token=TOKEN)
    hand_layout._lay_out(layout, legal, {"pending": {"kind": "draw", "count": 4}}, page)
    table = SimpleNamespace(id=123456, game_name="macao", game_class=Macao, game=None)
    return layout, play.hand_view(table, layout)


def rows_of(view: discord.ui.View) -> list[dict]:
    return view.to_components()


def check_limits(view: discord.ui.View) -> None:
    rows = rows_of(view)
    assert len(rows) <= 5
    for row in rows:
        parts = row["components"]
        assert len(parts) <= 5
        if any(p["type"] == 3 for p in parts):
            assert len(parts) == 1 and len(parts[0]["options"]) <= 25
            assert all(
                len(o["value"]) <= 100 and len(o["label"]) <= 100 for o in parts[0]["options"]
            )
        for p in parts:
            assert len(p["custom_id"]) <= 100
            assert len(p.get("label") or "") <= 80


def test_a_few_plays_are_buttons_with_the_controls_below():
    legal = [Play(cards=(c,)) for c in ALL_CARDS[:7]] + [Draw()]
    _, view = view_for(legal)
    check_limits(view)
    rows = rows_of(view)
    assert [len(r["components"]) for r in rows] == [5, 2, 1]
    assert rows[-1]["components"][0]["label"] == "Draw a card"


def test_more_than_twenty_single_plays_become_selects():
    legal = [Play(cards=(c,)) for c in ALL_CARDS[:30]] + [Draw()]
    _layout, view = view_for(legal)
    check_limits(view)
    selects = [r for r in rows_of(view) if r["components"][0]["type"] == 3]
    assert [len(s["components"][0]["options"]) for s in selects] == [25, 5]


def test_wild_cards_offer_every_suit_in_a_select():
    aces = [c for c in ALL_CARDS if c.rank == "A"]
    legal = [Play(cards=(a,), suit=s) for a in aces for s in SUITS] + [Take()]
    _, view = view_for(legal)
    check_limits(view)
    values = [
        o["value"] for r in rows_of(view) for p in r["components"] for o in p.get("options", [])
    ]
    assert "play AS suit=H" in values and len(values) == 16
    assert any(p.get("label") == "Take 4 cards" for r in rows_of(view) for p in r["components"])


def test_a_hundred_and_fifty_choices_page_with_navigation():
    pairs = [Play(cards=(a, b)) for a in ALL_CARDS[:13] for b in ALL_CARDS[13:25]]
    legal = [*pairs[:150], Draw(), Pass()]
    layout, view = view_for(legal)
    assert layout.pages > 1
    check_limits(view)
    ids = [p["custom_id"] for r in rows_of(view) for p in r["components"]]
    assert any(i.startswith(f"chairman:page:123456:{TOKEN}:1") for i in ids)
    _last, view = view_for(legal, page=layout.pages - 1)
    check_limits(view)
    ids = [p["custom_id"] for r in rows_of(view) for p in r["components"]]
    assert any(i.startswith(f"chairman:page:123456:{TOKEN}:{layout.pages - 2}") for i in ids)
    assert not any(i.endswith(f":{layout.pages}") and ":page:" in i for i in ids)


def test_several_orders_of_the_same_cards_say_which_ends_on_top():
    a, b = ALL_CARDS[0], ALL_CARDS[13]
    _, view = view_for([Play(cards=(a, b)), Play(cards=(b, a)), Draw()])
    labels = [
        o["label"] for r in rows_of(view) for p in r["components"] for o in p.get("options", [])
    ]
    assert labels == [
        f"{a.display()} {b.display()} ({b.display()} on top)",
        f"{b.display()} {a.display()} ({a.display()} on top)",
    ]


def mao_table(hand: str, credits: int = 0):
    """A running Mao table whose first seat holds ``hand`` (and ``credits`` won rounds)."""
    from engine import new_game
    from tables.model import Seat, Table
    from tests.e2e.maotable import laid_out

    game = laid_out(new_game("mao", ["1", "2"], seed=3), {"1": hand}, "5H", "1")
    game.credits[0] = credits
    seats = [Seat(seat=s, name=f"p{s}", user_id=int(s)) for s in game.seats]
    return Table(
        id=9, game_name="mao", options={}, seed=3, status="running", seats=seats, game=game
    )


def test_a_big_mao_hand_offers_every_card_through_the_one_layout_with_its_hooks():
    from cogs import presentation

    cards = [c for c in ALL_CARDS if c.rank != "J" and str(c) != "5H"][:30]
    table = mao_table(" ".join(str(c) for c in cards), credits=1)
    layout = presentation.hand_layout(table, table.seat("1"))
    view = presentation.hand_view(table, layout)
    check_limits(view)
    values = {
        o["value"] for r in rows_of(view) for p in r["components"] for o in p.get("options", [])
    }
    assert values == {f"play {c}" for c in cards}  # MAO-12: every card held, in selects
    labels = [p.get("label") for p in rows_of(view)[-1]["components"]]
    # Mao's words, then its own buttons: Say (speech without the thread) and the rule builder
    assert labels == ["Take a card", "Say", "New rule"]
