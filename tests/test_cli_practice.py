"""The ``practice`` command driven through piped stdin: the table and its numbered moves, bad
input, the suit prompt, quitting, the seats, the options it refuses, and how the table and
its events are rendered.
"""

from __future__ import annotations

import io
from typing import Any

import pytest

import bot
from engine import new_game
from engine.words import show_card
from terminal.opening import start
from terminal.practice import HUMAN
from terminal.render import event_text, table_lines
from tests.practice_seats import SEATS


def practice(lines: str, seed: int = 5, **kwargs: Any) -> tuple[int, str]:
    out = io.StringIO()
    code = start("macao", seed=seed, stdin=io.StringIO(lines), stdout=out, **kwargs)
    return code, out.getvalue()


def human_hand(seed: int) -> list[str]:
    return new_game("macao", SEATS, seed=seed).observation(HUMAN)["hand"]


def seed_where(test) -> int:
    for seed in range(500):
        if test(new_game("macao", SEATS, seed=seed)):
            return seed
    raise AssertionError("no seed fits")


# --- practice -------------------------------------------------------------------------------
def test_practice_plays_a_whole_match_from_piped_input():
    # "1" takes the first move offered, and the first suit when an Ace asks for one
    code, out = practice("1\n" * 6000, options={"target": 300})
    assert code == 0
    assert "Match over" in out and ("Winner:" in out or "Draw between" in out)
    assert "Round 2 dealt" in out  # more than one round was played
    assert "Bye." not in out  # it ended with the match, not the input


def test_practice_shows_the_table_and_numbered_moves():
    _code, out = practice("")
    assert "Top: " in out and "suit in force" in out and "Seats: *you (5 cards, 0 pts)" in out
    assert "Your hand: " in out and "   1. " in out and "draw" in out
    assert "Your move" in out


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        ("fly away", "I don't understand 'fly away'"),
        ("99", "There is no move 99"),
        ("²", "I don't understand '²'"),  # a digit to str.isdigit, none to int
        ("9" * 5000, "There is no move 999999…"),  # longer than int reads
        (
            '{"kind": "play", "cards": [1]}',
            """I don't understand '{"kind": "play", "cards": [1]}': not an action""",
        ),
        ("rule", "Macao has no rules for its players to make."),
        ("play 9X", "I don't understand"),
        ("take", "Not allowed"),
    ],
)
def test_practice_bad_input_gets_one_line_and_the_same_prompt(typed, says):
    _code, out = practice(typed + "\n")
    after = out.split(f"Your move (number or action, ? for help): {typed}\n", 1)[1]
    first, second = after.splitlines()[:2]
    assert says in first
    assert second == "Your move (number or action, ? for help): "  # then the input ended
    assert out.count("Your hand:") == 1  # nothing changed, so the table was not shown again


def test_practice_refuses_a_card_not_held_and_an_illegal_card():
    seed = 5
    game = new_game("macao", SEATS, seed=seed)
    hand = human_hand(seed)
    missing = next(c for c in ("9C", "9D", "9H", "9S", "5C", "5D") if c not in hand)
    legal = {str(a) for a in game.legal_actions(HUMAN)}
    illegal = [c for c in hand if f"play {c}" not in legal and not c.startswith("A")]
    _code, out = practice(f"play {missing}\n" + "".join(f"play {c}\n" for c in illegal))
    assert f"Not allowed: you do not hold {show_card(missing)}" in out  # as the table shows it
    assert out.count("Not allowed:") == 1 + len(illegal)
    assert out.count("Your hand:") == 1


def test_practice_asks_the_suit_when_an_ace_is_typed_without_one():
    seed = seed_where(lambda g: any(c.startswith("A") for c in g.observation(HUMAN)["hand"]))
    ace = next(c for c in human_hand(seed) if c.startswith("A"))
    _code, out = practice(f"play {ace}\nblue\n7\nspades\n", seed=seed)
    assert "Name the suit for play" in out
    assert "1) ♣ clubs, 2) ♦ diamonds, 3) ♥ hearts, 4) ♠ spades" in out  # by name, not C D H S
    assert "'blue' is not a suit you may name" in out
    assert "'7' is not a suit you may name" in out
    assert "named ♠ spades" in out


def test_practice_suit_prompt_takes_a_number_and_enter_goes_back():
    seed = seed_where(lambda g: any(c.startswith("A") for c in g.observation(HUMAN)["hand"]))
    ace = next(c for c in human_hand(seed) if c.startswith("A"))
    _code, out = practice(f"play {ace}\n\nplay {ace}\n2\n", seed=seed)
    assert out.count("Name the suit for play") == 2
    assert "named ♦ diamonds" in out and out.count("you played") == 1


def test_practice_ends_cleanly_on_quit_and_on_end_of_input():
    code, out = practice("quit\n")
    assert code == 0 and out.rstrip().endswith("Bye.")
    code, out = practice("")
    assert code == 0 and out.rstrip().endswith("Bye.")


def test_practice_names_the_seats_you_and_the_bots():
    _code, out = practice("", bots=2)
    assert "you against 2 heuristic bots (ada, bruno)" in out


def test_practice_refuses_a_table_the_game_cannot_seat():
    code, out = practice("", bots=9)
    assert code == 2 and "Macao is played by 2 to 6 players" in out


# --- render ---------------------------------------------------------------------------------
def test_render_shows_the_contract_fields_and_no_raw_engine_field():
    obs = new_game("macao", SEATS, seed=5).observation(HUMAN)
    obs["chips"] = {"you": 2, "ada": 0}
    obs["pending"] = {"kind": "draw", "rank": "2", "count": 4, "target": HUMAN}
    text = "\n".join(table_lines(obs))
    assert "Pending: you must answer or take 4 cards" in text
    assert "hips" not in text  # a field the renderer does not know is not dumped
    assert event_text({"type": "surprise", "seat": "ada", "card": "10H"}) == (
        "Surprise: seat ada, card 10♥"
    )
    assert event_text({"type": "play", "seat": "you", "cards": ["AS"], "suit": "H"}, "you") == (
        "you played A♠ and named ♥ hearts"
    )


# --- options ---------------------------------------------------------------------------------
def test_practice_refuses_an_option_outside_its_range(capsys):
    assert bot.main(["practice", "macao", "--option", "target=-5"]) == 2
    out = capsys.readouterr().out
    assert out.startswith(
        "Cannot open the table: Option target takes a whole number from 1 to 100000, not '-5'. "
        "Macao options: target=500 (1-100000)"
    )


def test_an_option_typed_in_the_tables_language_is_read_as_play_reads_it(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("regeln\n"))
    argv = ["practice", "macao", "--lang", "de", "--option", "ziel=300", "--plain"]
    assert bot.main(argv) == 0
    assert "insgesamt 300 Punkte erreicht. (normalerweise 500)" in capsys.readouterr().out


def test_help_at_a_table_that_reads_chat_says_typed_words_are_speech():
    out = io.StringIO()
    start("mao", seed=2, stdin=io.StringIO("?\n"), stdout=out, plain=True)
    assert "Anything else you type is said at the table" in out.getvalue()
    _code, macao = practice("?\n")
    assert "Anything else you type" not in macao


def test_an_option_is_refused_naming_the_value_as_typed(capsys):
    assert bot.main(["practice", "macao", "--option", "target=1e3", "--plain"]) == 2
    assert "not '1e3'" in capsys.readouterr().out


def test_mao_15_the_practice_table_says_a_point_of_order_stopped_the_clock():
    from tests.engine.mao.table import say, table

    game = table({"ana": "6H 2C 3C"})
    running = "\n".join(table_lines(game.observation("ana"), 1.0))
    say(game, "cy", "Point of order!", at=1)
    stopped = "\n".join(table_lines(game.observation("ana"), 2.0))
    assert "point of order: the clock is stopped" in stopped
    assert "clock is stopped" not in running
