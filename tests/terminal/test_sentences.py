"""The event sentences every front-end shares (``engine.describe``) and the after-draw hint,
read on the terminal and on Discord's table and hand."""

from __future__ import annotations

import pytest

import i18n
from engine import GAMES, new_game, parse_action
from engine.actions import Draw, Pass, Play
from engine.cards import Card
from engine.describe import describe_event, describe_events, drawn_hint
from terminal.render import event_text, events_text
from terminal.shown import menu_entry

ME = "you"


def test_the_hint_after_a_draw_offers_only_what_is_legal():
    q = Card.parse("QS")
    assert drawn_hint("QS", [Draw()]) == "You drew Q♠: draw again."
    assert drawn_hint("QS", [Play(cards=(q,)), Pass()]) == "You drew Q♠: play it now or pass."
    assert drawn_hint("QS", [Play(cards=(q,)), Draw()]) == "You drew Q♠: play it now or draw again."
    assert drawn_hint(None, [Draw()]) is None


def test_maumau_never_says_play_it_now_when_only_draw_is_offered():
    from engine.bots import make_bot
    from engine.turns import BotTable

    seen = 0
    for seed in range(4):
        game = new_game("maumau", [ME, "ada", "bruno"], seed=seed)
        bots = BotTable({s: make_bot("random", "maumau", k) for k, s in enumerate(game.seats)})
        for _ in range(300):
            seat = game.current_player()
            obs = game.observation(seat)
            legal = game.legal_actions(seat)
            if obs.get("drawn") and {a.kind for a in legal} == {"draw"}:
                seen += 1
                assert drawn_hint(obs["drawn"], legal).endswith(": draw again.")
            if game.is_over or bots.step(game) is None:
                break
    assert seen  # the case under test did come up


@pytest.mark.parametrize(
    ("event", "mine", "theirs"),
    [
        ({"type": "lead", "seat": "S"}, "you lead", "bruno leads"),
        (
            {"type": "stuck", "seat": "S", "twos": 1, "place": 4},
            "you held only 2s and are out, in place 4",
            "bruno held only 2s and is out, in place 4",
        ),
        ({"type": "clear", "leader": "S"}, "The pile was cleared; you lead", None),
        ({"type": "deal", "round": 2, "first": "S"}, "Round 2 dealt; you start", None),
        (
            {"type": "rebuy", "seat": "S", "total": 80},
            "you put a chip in the pot and are back at 80",
            "bruno put a chip in the pot and is back at 80",
        ),
        ({"type": "given", "seat": "S", "count": 1}, "you were given 1 card", None),
        ({"type": "match_end", "winners": ["S"]}, "The match is over: you win", None),
    ],
)
def test_sentences_agree_with_the_person(event, mine, theirs):
    mine_event = {k: (ME if v == "S" else v) for k, v in event.items()}
    mine_event = {k: ([ME] if v == ["S"] else v) for k, v in mine_event.items()}
    assert event_text(mine_event, ME) == mine
    if theirs:
        other = {k: ("bruno" if v == "S" else v) for k, v in event.items()}
        assert event_text(other, ME) == theirs


def test_the_exchange_is_not_told_as_done_before_the_card_is_given():
    text = event_text({"type": "exchange", "a_hole": ME, "president": "bruno"}, ME)
    assert "gives" not in text and "gave" not in text
    assert event_text({"type": "give", "seat": ME, "to": "bruno"}, ME) == "you gave a card to bruno"


def test_a_run_of_draws_by_one_seat_is_one_line():
    events = [{"type": "draw", "seat": "chen", "count": 1}] * 8 + [
        {"type": "play", "seat": "chen", "cards": ["7H"]},
        {"type": "draw", "seat": ME, "count": 1},
    ]
    assert events_text(events, ME) == ["chen drew 8 cards", "chen played 7♥", "you drew 1 card"]


def test_mao_round_result_names_who_went_out():
    event = {"type": "round_end", "round": 1, "winners": ["chen", "bruno", "ada"], "last": ME}
    assert describe_event(event) == "Round 1 over: chen, bruno and ada went out"


@pytest.mark.parametrize(
    ("event", "text"),
    [
        (
            {"type": "refused", "seat": "ada", "action": "play", "cards": ["6H"], "turn": "ada"},
            "ada played a card; it went back",
        ),
        (
            {"type": "refused", "seat": ME, "action": "play", "cards": ["6H"], "turn": ME},
            "you played 6♥; it went back",
        ),
        ({"type": "say", "seat": "ada", "text": "Bad card"}, "ada: “Bad card”"),
        ({"type": "say", "seat": "ada", "text": "Talking", "to": [ME]}, "ada: “Talking” @you"),
        (
            {"type": "penalty", "call": "Talking", "seat": ME, "by": "ada", "count": 1},
            "Talking: you took 1 penalty card (called by ada)",
        ),
        ({"type": "new_rule", "seat": "chen"}, "chen made a new rule"),
        ({"type": "skipped", "seat": "bruno"}, "bruno missed a turn"),
        ({"type": "out", "seat": "chen"}, "chen is out"),
        ({"type": "turn_ran_out", "seat": ME}, "you ran out of time"),
        ({"type": "suit_named", "seat": "ada", "suit": "H"}, "ada named ♥ hearts"),
        (
            {"type": "overturned", "ruling": 7, "call": "Talking", "seat": "bo"},
            "Ruling overturned: Talking on bo",
        ),
    ],
)
def test_mao_events_are_told_as_facts_by_call_name(event, text):
    assert event_text(event, ME) == text


def test_mao_events_never_fall_through_to_the_field_dump():
    from engine.bots import make_bot
    from engine.describe import _plain as field_dump
    from engine.describe import show_card
    from engine.turns import BotTable

    game = new_game("mao", [ME, "ada", "bruno"], seed=2)
    bots = BotTable({s: make_bot("heuristic", "mao", k) for k, s in enumerate(game.seats)})
    events: list[dict] = []
    for n in range(600):
        moved = bots.step(game, n * 0.7)
        if moved is None:
            events += game.tick(game.next_deadline() or n)
            continue
        events += moved[2]
    # a round was played out, with the events that name no seat (the deal, the reshuffle)
    assert {"say", "play", "round_end", "deal", "reshuffle"} <= {e["type"] for e in events}
    assert describe_events(events)
    dumped = [e for e in events if describe_event(e) == field_dump(e, str, show_card)]
    assert dumped == []


def discord_table(game):
    from tables.model import Seat, Table

    seats = [Seat(seat=s, name=s, user_id=k + 1) for k, s in enumerate(game.seats)]
    return Table(id=1, game_name=game.name, options={}, seed=0, status="running",
                 seats=seats, game=game)  # fmt: skip


def maumau_after_a_draw_with_only_draw_left():
    from engine.bots import make_bot
    from engine.turns import BotTable

    for seed in range(10):
        game = new_game("maumau", [ME, "ada", "bruno"], seed=seed)
        bots = BotTable({s: make_bot("random", "maumau", k) for k, s in enumerate(game.seats)})
        for _ in range(300):
            seat = game.current_player()
            kinds = {a.kind for a in game.legal_actions(seat)}
            if game.observation(seat).get("drawn") and kinds == {"draw"}:
                return game, seat
            if game.is_over or bots.step(game) is None:
                break
    raise AssertionError("no such moment")


def test_discord_hand_after_a_maumau_draw_says_draw_again():
    from cogs import hand_layout

    game, seat = maumau_after_a_draw_with_only_draw_left()
    table = discord_table(game)
    layout = hand_layout.hand_layout(table, table.seat(seat))
    assert "play it" not in layout.content and ": draw again." in layout.content


def test_discord_last_events_fold_a_run_of_draws():
    from cogs import render

    game = new_game("macao", [ME, "ada", "bruno"], seed=1)
    game.events.extend([{"type": "draw", "seat": "ada", "count": 1}] * 5)
    embed = render.table_embed(discord_table(game))
    field = next(f for f in embed.fields if f.name == "Last events")
    assert field.value.splitlines()[-1] == "ada drew 5 cards"


def test_a_run_of_draws_over_many_moves_is_one_line_on_the_terminal():
    import io

    from terminal.practice import Practice
    from terminal.render import EventLines

    feed = EventLines(ME)
    for _ in range(8):
        feed.add([{"type": "draw", "seat": "chen", "count": 1}])
    feed.add([{"type": "play", "seat": "chen", "cards": ["7H"]}])
    assert feed.lines == ["chen drew 8 cards", "chen played 7♥"]

    out = io.StringIO()
    table = Practice(new_game("maumau", [ME, "chen"], seed=1), ME, {}, io.StringIO(), out)
    for _ in range(8):
        table.show_events([{"type": "draw", "seat": "chen", "count": 1}])
    table.show_events([{"type": "play", "seat": "chen", "cards": ["7H"]}])
    assert out.getvalue() == "  chen drew 8 cards\n  chen played 7♥\n"


def test_a_run_of_cards_a_rule_gives_one_seat_is_one_line_at_mao_only():
    """Mao folds its own "given" events as draws are folded (``Shapes.folded``); a game
    without that kind of its own tells each one."""
    given = [{"type": "given", "seat": "chen", "count": 1}] * 3
    assert describe_events(given, game=GAMES["mao"]) == ["chen was given 3 cards"]
    assert len(describe_events(given, game=GAMES["macao"])) == 3


@pytest.mark.parametrize(
    ("pending", "said"),
    [
        ({"kind": "draw", "count": 4}, "Take 4 cards (take)"),
        ({"kind": "skip", "count": 2}, "Lose 2 turns (take)"),
        ({}, "take"),  # a take that costs nothing beyond its card
        (None, "take"),  # a game whose rules are secret tells no stack
    ],
)
def test_a_menus_take_says_what_it_costs_where_the_game_tells_it(pending, said):
    assert menu_entry(parse_action("take"), pending=pending) == said


def test_a_menus_take_is_said_in_the_tables_language():
    said = menu_entry(parse_action("take"), i18n.get("pt_BR"), {"kind": "draw", "count": 2})
    assert said == "Pegar 2 cartas (pegar)"
