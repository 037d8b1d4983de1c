"""The plain line-by-line practice table (pipes, scripts, ``--plain``) and the CLI around it."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest

import bot
import i18n
from engine import GAMES, new_game
from engine.actions import Play
from engine.cards import Card
from engine.describe import sort_hand
from tables.settings import DATABASE_AWAY, Settings
from tables.storage import StorageRefused, StorageUnavailable
from terminal.moves import typed_action
from terminal.opening import again_command, start
from terminal.practice import HUMAN, bot_names
from terminal.render import outcome_lines

ROOT = Path(__file__).resolve().parents[2]


def practice(game: str, lines: str, seed: int = 5, **kwargs: Any) -> tuple[int, str]:
    out = io.StringIO()
    code = start(game, seed=seed, stdin=io.StringIO(lines), stdout=out, **kwargs)
    return code, out.getvalue()


@pytest.mark.parametrize("typed", ["play AS suit=♦", "play A♠ suit=d", "play AS suit=diamonds"])
def test_a_suit_may_be_typed_as_a_symbol_a_letter_or_a_word(typed):
    assert typed_action(typed) == Play(cards=(Card.parse("AS"),), suit="D")


def test_the_hand_is_shown_sorted_as_on_discord():
    _code, out = practice("macao", "")
    hand = new_game("macao", [HUMAN, *bot_names(3)], seed=5).observation(HUMAN)["hand"]
    shown = " ".join(Card.parse(c).display() for c in sort_hand(hand))
    assert f"Your hand: {shown}" in out


#: the observation's fields the table heads a line with on purpose ("Top: K♦", "Seats: …")
TITLED = {"top", "seats", "pending"}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_raw_engine_field_is_shown(game):
    _code, out = practice(game, "1\n" * 40)
    fields = set(new_game(game, [HUMAN, *bot_names(3)], seed=5).observation(HUMAN)) - TITLED
    # a field dumped as the engine names it ("Must announce: …", "Lost turns: …")
    dumped = sorted(f for f in fields if f"{f.replace('_', ' ').capitalize()}:" in out)
    assert dumped == []


def test_mao_1_a_pending_penalty_is_not_told_at_the_table():
    from terminal.render import pending_text, table_lines
    from tests.engine.mao.table import play
    from tests.engine.mao.table import table as mao_table

    game = mao_table({"ana": "7H 8H", "bo": "9H 2C"}, top="5H")
    play(game, "ana", "7H", at=1)
    seen = game.observation("bo")
    told = pending_text(seen["pending"], "bo")
    assert told  # the game has a 7 pending on bo, which its table keeps to itself
    shown = "\n".join(table_lines(seen))
    assert told not in shown and "Pending" not in shown


def test_a_take_in_the_menu_says_what_it_costs():
    # as the hand DM's and the page's buttons do; typed, it is still "take"
    _code, out = practice("macao", "draw\ntake\n" * 300, seed=8)
    assert "2. Take 2 cards (take)" in out


def test_a_match_ends_with_standings_and_play_again():
    code, out = practice("macao", "1\n" * 6000, options={"target": 100})
    assert code == 0
    assert "*** Match over." in out
    after = out.split("*** Match over.", 1)[1]
    assert "\n  1. " in after and "Play again?" in after


def test_a_mao_seat_shows_the_rounds_it_won_not_points():
    """MAO-17: a Mao seat's score is the rounds it has won, and its line says so."""
    _code, out = practice("mao", "")
    assert "0 rounds won" in out and " pts" not in out


@pytest.mark.parametrize(("game", "told"), [("mao", False), ("macao", True)])
def test_the_direction_is_told_only_where_the_rules_are_not_secret(game, told):
    """A reversal at Mao would tell what a card's secret rule did: its head names no way."""
    _code, out = practice(game, "")
    head = next(line for line in out.splitlines() if line.startswith("== "))
    assert ("clockwise" in head) == told


@pytest.mark.parametrize(("game", "said"), [("mao", "2 rounds won"), ("macao", "2 pts")])
def test_the_standings_say_a_score_as_its_game_counts_it(game, said):
    outcome = {"places": {"ada": 1, "bo": 2}, "scores": {"ada": 2, "bo": 1}, "winners": ["ada"]}
    lines = outcome_lines(outcome, game=GAMES[game])
    assert f"  1. ada  {said}" in lines


class Answers(io.StringIO):
    """Takes the first move every time; says yes to "Play again?" once, then no."""

    def __init__(self, out: io.StringIO) -> None:
        super().__init__()
        self.out = out
        self.again = 0

    def readline(self, *args: Any) -> str:
        if self.out.getvalue().endswith("anything else leaves): "):
            self.again += 1
            return "y\n" if self.again == 1 else "n\n"
        return "1\n"


def test_play_again_deals_a_new_match():
    out = io.StringIO()
    code = start("macao", seed=5, stdin=Answers(out), stdout=out, options={"rounds": 1})
    text = out.getvalue()
    assert code == 0 and text.count("Practice Macao:") == 2 and "seed 6" in text


def test_quit_says_where_the_match_stood_and_how_to_play_again():
    _code, out = practice("president", "quit\n")
    assert "You left the table in round 1 (scores: you 0 pts, ada 0 pts" in out
    assert "Play again with: .venv/bin/python bot.py practice president" in out


def test_play_again_with_names_the_tables_bots_level_options_and_rules_not_its_seed():
    _code, out = practice(
        "macao", "quit\n", bots=2, level="random", options={"target": "300"}, strict=True
    )
    command = "bot.py practice macao --bots 2 --level random --option target=300 --strict"
    assert f"Play again with: .venv/bin/python {command}" in out
    assert "--seed" not in out


def test_play_again_with_keeps_an_expert_bots_thinking_time():
    command = again_command(("python", "bot.py"), "maumau", 3, "expert", {}, "en", False, 0.5)
    assert command == "python bot.py practice maumau --level expert --budget-ms 500"


def test_play_again_with_is_quoted_to_paste_into_a_shell():
    _code, out = practice("macao", "quit\n", program=("/opt/my python/bin/python", "bot.py"))
    assert "Play again with: '/opt/my python/bin/python' bot.py practice macao" in out


def test_quit_at_mao_counts_the_rounds_won_not_points():
    _code, out = practice("mao", "quit\n", bots=1)
    assert "(scores: you 0 rounds won, ada 0 rounds won)" in out


def test_a_bad_option_names_the_valid_ones():
    code, out = practice("macao", "", options={"targt": 300})
    assert code == 2
    assert "Macao has no option 'targt'. Macao options: target=500 (1-100000), max_turns" in out


def test_simulate_with_a_bad_option_names_the_valid_ones(capsys):
    assert bot.main(["simulate", "president", "--games", "1", "--option", "targt=3"]) == 2
    out = capsys.readouterr().out
    assert "President options: target=11 (1-10000), rounds=0 (0-10000)" in out


def test_practice_help_lists_every_game_and_its_options(capsys):
    with pytest.raises(SystemExit):
        bot.main(["practice", "--help"])
    text = capsys.readouterr().out
    for name, cls in GAMES.items():
        assert name in text
        for option in cls.defaults:
            assert option in text
    assert "--plain" in text and "--level" in text


def test_leaderboard_benchmark_help_does_not_run_it():
    done = subprocess.run(
        [sys.executable, "benchmarks/leaderboard.py", "--help"],
        capture_output=True, text=True, cwd=ROOT, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0 and "usage:" in done.stdout and "median" not in done.stdout


@pytest.mark.parametrize(
    ("error", "says"),
    [
        (discord.LoginFailure("Improper token has been passed."), "refused the DISCORD_TOKEN"),
        (aiohttp.ClientConnectionError("no route"), "Cannot reach Discord"),
        (OSError("Network is unreachable"), "Cannot reach Discord"),
    ],
)
def test_a_bad_token_or_no_network_is_one_line(error, says, capsys):
    def run_bot(settings):
        raise error

    assert bot.discord_run(run_bot, None) == 1
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and says in out


@pytest.mark.parametrize(
    ("settings", "error", "says"),
    [
        (
            Settings(database_path="var/afile/chairman.sqlite3"),
            StorageRefused("the SQLite file var/afile/chairman.sqlite3 cannot be opened (...)"),
            "Cannot start: the SQLite file var/afile/chairman.sqlite3 cannot be opened",
        ),
        (
            Settings(database_path="var/chairman.sqlite3"),
            StorageUnavailable("disk I/O error"),
            "Cannot start: the SQLite file var/chairman.sqlite3 cannot be opened"
            " (StorageUnavailable: disk I/O error)",
        ),
        (
            Settings(database_url="postgresql://chairman:secret@db/chairman"),
            StorageUnavailable("cannot reach the PostgreSQL database"),
            "Cannot start: the PostgreSQL database at DATABASE_URL could not be reached",
        ),
    ],
)
def test_a_database_that_cannot_be_opened_is_one_line_naming_it(settings, error, says, capsys):
    def run_bot(settings):
        raise error

    assert bot.discord_run(run_bot, settings) == 2
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and out.startswith(says) and "secret" not in out


def test_a_database_line_is_in_the_start_up_language(capsys):
    def run_bot(settings):
        raise StorageUnavailable("cannot reach the PostgreSQL database")

    settings = Settings(database_url="postgresql://chairman:secret@db/chairman")
    pt = i18n.get("pt-BR")
    assert bot.discord_run(run_bot, settings, pt) == 2
    out = capsys.readouterr().out
    assert out.strip() == pt._(DATABASE_AWAY) != i18n.get("en")._(DATABASE_AWAY)


def test_a_call_names_a_player_by_at_name():
    from engine.actions import Say
    from terminal.moves import speech

    assert speech("@Ada bad card", ["you", "ada"]) == Say(text="bad card", mentions=("ada",))
    assert speech("hi @zed", ["you", "ada"]) == Say(text="hi @zed")


def test_plain_mao_reads_anything_typed_as_speech_and_at_names_as_calls():
    from engine.actions import Say
    from terminal.practice import Practice

    game = new_game("mao", [HUMAN, "ada"], seed=5)
    table = Practice(game, HUMAN, {}, io.StringIO(""), io.StringIO())
    assert table.understand("@ada bad card", []) == Say(text="bad card", mentions=("ada",))
    assert table.understand("have a nice day", []) == Say(text="have a nice day")
    assert table.understand("say hello @ada", []) == Say(text="hello", mentions=("ada",))
    assert isinstance(table.understand("play 7D", []), Play)


def test_control_characters_typed_are_neither_echoed_nor_said():
    # an arrow key's escape sequence and a backspace, as a pipe passes them on
    _code, out = practice("mao", "hello\x1b[A\x08 there\nquit\n", bots=2)
    assert "\x1b" not in out and "\x08" not in out
    assert "hello there" in out


def test_a_move_with_its_verb_mistyped_at_mao_is_asked_about_not_said():
    _code, out = practice("mao", "paly 3C\ntkae\nquit\n", bots=2)
    assert "Did you mean play 3C? Nothing was said." in out
    assert "Did you mean take? Nothing was said." in out
    assert "Talking" not in out and "“paly 3C”" not in out


def test_words_that_only_look_like_a_mistyped_move_are_said():
    _code, out = practice("mao", "drew\nsay paly 3C\nquit\n", bots=2)
    assert "you: “drew”" in out and "you: “paly 3C”" in out
    assert "Did you mean" not in out


def test_plain_new_rule_is_refused_before_a_win():
    _code, out = practice("mao", "rule\nquit\n", bots=2)
    assert "You may make a new rule after you win a round." in out


def test_the_plain_rule_builder_asks_numbered_questions():
    from engine.mao import builder
    from terminal.games.mao.questions import ask_rule

    answers = iter([
        str(builder.triggers_for(None).index("suit") + 1),
        str(builder.effects_for("suit").index("say") + 1),
        "hearts", "lovely", "",
    ])  # fmt: skip
    said: list[str] = []
    rule = ask_rule(lambda prompt: next(answers), said.append)
    assert rule == {"trigger": {"kind": "play", "suit": "H"},
                    "effect": {"kind": "say", "phrase": "lovely"}}  # fmt: skip
    assert any("A card of one suit is played" in line for line in said)


def test_a_terminal_gets_the_live_table_and_plain_or_a_pipe_the_line_by_line_one(monkeypatch):
    import terminal.opening as opening_module
    from terminal.live import LiveTable

    opened: list[str] = []
    monkeypatch.setattr(LiveTable, "run", lambda self: opened.append(self.game_name))
    monkeypatch.setattr(opening_module, "_isatty", lambda stream: True)
    out = io.StringIO()
    assert start("president", seed=1, stdin=io.StringIO(""), stdout=out) == 0
    assert opened == ["president"] and "Left the President table" in out.getvalue()
    assert start("president", seed=1, stdin=io.StringIO(""), stdout=io.StringIO(), plain=True) == 0
    assert opened == ["president"]  # --plain keeps the line-by-line table


def test_make_run_without_a_token_opens_the_practice_table(monkeypatch, capsys):
    import terminal.opening as opening_module

    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setattr(bot, "load_dotenv", lambda: None)
    started: list[str] = []
    monkeypatch.setattr(opening_module, "start", lambda game, **kw: started.append(game) or 0)
    assert bot.main([]) == 0
    assert started == ["macao"] and "No DISCORD_TOKEN" in capsys.readouterr().out


def test_practice_pace_is_passed_to_the_live_table_and_checked(monkeypatch, capsys):
    import terminal.opening as opening_module
    from terminal.live import LiveTable

    paces: list[float] = []
    monkeypatch.setattr(LiveTable, "run", lambda self: paces.append(self.pace))
    monkeypatch.setattr(opening_module, "_isatty", lambda stream: True)
    assert bot.main(["practice", "macao", "--pace", "2.5"]) == 0
    assert paces == [2.5]
    assert bot.main(["practice", "macao", "--pace", "0"]) == 2
    assert "--pace must be from 0.05 to 10 seconds" in capsys.readouterr().out


def test_practice_strict_is_passed_to_the_live_table(monkeypatch):
    import terminal.opening as opening_module
    from terminal.live import LiveTable

    clocks: list[int] = []
    monkeypatch.setattr(
        LiveTable, "run", lambda self: clocks.append(self.game.options["turn_seconds"])
    )
    monkeypatch.setattr(opening_module, "_isatty", lambda stream: True)
    assert bot.main(["practice", "mao", "--strict"]) == 0
    assert bot.main(["practice", "mao"]) == 0
    assert clocks == [5, 15]


def test_the_plain_mao_table_states_its_practice_pace():
    _code, out = practice("mao", "quit\n", bots=2)
    assert "Practice pace: 15 s to play. Start with --strict" in out
    _code, out = practice("mao", "quit\n", bots=2, strict=True)
    assert "Practice pace" not in out


def test_a_practice_option_given_wins_over_the_practice_pace():
    _code, out = practice("mao", "rules\nquit\n", bots=2, options={"turn_seconds": 8})
    assert "Practice pace" not in out
    assert "Seconds a player has to play (0: no clock): 8 (usually 5)" in out


def test_rules_typed_at_the_plain_table_shows_the_rules_and_the_options():
    _code, out = practice("macao", "rules\nquit\n")
    assert "Macao: the rules" in out
    assert "Aces go on anything" in out and "**" not in out
    assert "• The match ends when a total reaches 500 points." in out
    # a count at its "none" keeps its help line, which says what 0 means
    assert "• Rounds in the match (0: play to the target): 0" in out


def test_mao_14_an_away_player_is_offered_coming_back_first():
    from terminal.moves import menu
    from terminal.practice import back_first

    game = new_game("mao", [HUMAN, "ada"], seed=5)
    assert game.current_player() == HUMAN
    for t in range(5, 200, 5):  # the human's turn runs out, again and again
        game.tick(float(t))
        if HUMAN in game.observation(None)["away"]:
            break
    assert menu(game.legal_actions(HUMAN))[-1].kind == "back"  # at the foot of the hand
    assert back_first(menu(game.legal_actions(HUMAN)))[0].kind == "back"
