"""What the pictures show, over random positions of every game: a hand picture holds
exactly its seat's cards, those with a button first in the buttons' order and marked with
their words; a table picture holds no card but the public top, every seat's score, the last
public play, and names the seat a stack waits on by its place."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cogs import hand_layout, render
from cogs.card_images import hand_picture, table_alt, table_picture
from engine import GAMES
from engine.prompts import cards_word
from pictures import table as pictures_table
from tables.model import Seat, Table


def _table(game_name: str, seed: int, steps: int) -> Table:
    cls = GAMES[game_name]
    keys = [str(1000 + n) for n in range(max(cls.min_seats, 4))]
    game = cls.new(keys, seed, {})
    table = Table(id=1, game_name=game_name, options={}, seed=seed, status="running", game=game)
    table.seats = [Seat(k, f"P{n}", user_id=int(k)) for n, k in enumerate(keys)]
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        seat = game.current_player()
        legal = game.legal_actions(seat) if seat else []
        if not legal or seat is None:
            break
        game.apply(seat, rng.choice(legal))
    return table


def _button_cards(layout: hand_layout.HandLayout) -> list[tuple[str, str]]:
    """(card, label) of every single-card button, in order."""
    found = []
    for row in layout.rows:
        if row[0] != "buttons":
            continue
        for choice in row[1]:
            data = choice.action.to_dict()
            cards = list(data.get("cards") or []) + ([data["card"]] if data.get("card") else [])
            if len(cards) == 1 and not data.get("suit"):
                found.append((str(cards[0]), choice.label))
    return found


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(sorted(g for g in GAMES if g != "mao")),
    st.integers(0, 10_000),
    st.integers(0, 60),
)
def test_a_hand_picture_shows_its_seats_cards_in_button_order(game_name, seed, steps):
    table = _table(game_name, seed, steps)
    for seat in table.seats:
        layout = hand_layout.hand_layout(table, seat)
        picture = hand_picture(table, seat, layout)
        held = table.game.observation(seat.seat)["hand"]
        assert Counter(c.card for c in picture.cards) == Counter(held)
        buttons = _button_cards(layout)
        marked = [(c.card, c.label) for c in picture.cards if c.style not in ("", "menu")]
        assert [card for card, _ in buttons] == list(dict.fromkeys(c for c, _ in marked))
        assert dict(buttons) == dict(marked)
        # (with two packs both copies of a card stand together, under one button)
        first = list(dict.fromkeys(c.card for c in picture.cards))[: len(buttons)]
        assert first == [card for card, _ in buttons]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(GAMES)), st.integers(0, 10_000), st.integers(0, 60))
def test_a_table_picture_shows_no_card_but_the_public_top(game_name, seed, steps):
    table = _table(game_name, seed, steps)
    picture = table_picture(table)
    top = table.game.observation(None).get("top")
    public = set(top if isinstance(top, list) else [top] if top else [])
    assert set(picture.top) <= public
    counts = table.game.observation(None)["counts"]
    assert [s.count for s in picture.seats] == [counts[s.seat] for s in table.seats]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(GAMES)), st.integers(0, 10_000), st.integers(1, 60))
def test_a_table_picture_tells_the_last_play_from_the_public_events_only(game_name, seed, steps):
    """The sentence along the foot is the table's own sentence for a public play: it can
    name no card that was not shown to everyone."""
    table = _table(game_name, seed, steps)
    picture = table_picture(table)
    public = table.game.observation(None).get("events") or []
    plays = [render.event_line(table, e) for e in public if e.get("type") == "play"]
    assert picture.last == (plays[-1] if plays else "")


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(sorted(GAMES)), st.integers(0, 10_000), st.integers(0, 40))
def test_a_table_picture_shows_every_seats_score(game_name, seed, steps):
    table = _table(game_name, seed, steps)
    scores = table.game.observation(None).get("scores") or {}
    picture = table_picture(table)
    tr = render.catalog(table)
    for seat, shown in zip(table.seats, picture.seats, strict=True):
        if seat.seat in scores:
            singular, plural = table.game_class.score_words
            assert shown.score == tr.ngettext(singular, plural, scores[seat.seat])


def _macao_with_a_draw_stack() -> tuple[Table, Any]:
    """A Macao table played at random until a draw stack waits on a seat, and the stack."""
    for seed in range(400):
        table = _table("macao", seed, 80)
        assert table.game is not None
        pending = table.game.observation(None).get("pending")
        if pending and pending.get("kind") != "skip" and pending.get("count"):
            return table, pending
    raise AssertionError("no stack in 400 games")


def test_the_stack_waits_on_the_seat_at_its_place_even_nameless():
    """A seat named with nothing drawable (李) that a stack waits on is found by its place,
    so the badge and its row both say "Player 3"."""
    table, pending = _macao_with_a_draw_stack()
    keys = [s.seat for s in table.seats]
    place = keys.index(str(pending["target"]))
    table.seats[place].name = "李"
    picture = table_picture(table)
    assert picture.pending[2] == place
    assert pictures_table.name_of(picture, place) == f"Player {place + 1}"


def test_a_table_pictures_alt_text_says_counts_with_their_nouns():
    """A screen reader hears the picture as the table message says it: "5 cards" beside a
    seat's name and a stack as "must answer or take 4 cards", not bare numbers."""
    table, pending = _macao_with_a_draw_stack()
    picture = table_picture(table)
    alt = table_alt(picture, render.catalog(table))
    counts = table.game.observation(None)["counts"]
    target = next(s for s in table.seats if s.seat == str(pending["target"]))
    taken = cards_word(pending["count"])
    assert f"{target.name} must answer or take {taken}" in alt
    for seat in table.seats:
        assert f"{seat.name} {cards_word(counts[seat.seat])}" in alt
