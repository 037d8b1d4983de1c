"""A fair practice table: the turn clock from when the turn is on screen, a gentler pace said on
screen, move keys that never become speech, a bot for an away seat with one key back, and the
rules at hand. Played through Textual's headless pilot on a fake clock, as ``test_live`` is."""

from __future__ import annotations

import pytest

from engine import GAMES
from engine.mao.wording import FIVE_SECONDS
from engine.words import ENGLISH
from terminal.live import DRAWING, LiveTable
from terminal.live_screens import RulesScreen
from terminal.practice import HUMAN
from tests.terminal.test_live import SIZE, Clock
from tests.terminal.waiting import send_line, type_line, until


def shown(app: LiveTable, selector: str) -> str:
    return str(app.query_one(selector).render())


async def ready(pilot, app: LiveTable) -> None:
    """Wait until the screen has drawn the table: its clock runs from then."""
    await until(pilot, lambda: not app.table_clock.held(DRAWING), "the table to be drawn")


async def human_away(pilot, app: LiveTable, clock: Clock) -> None:
    """Let the human's turn run out three times in a row (MAO-14)."""
    await ready(pilot, app)
    assert app.game.current_player() == HUMAN
    for _ in range(10):  # a penalty card for each starts the clock again
        clock.t += app.game.options["turn_seconds"]
        app.catch_up()
        await ready(pilot, app)  # each change is drawn before the clock runs on
        if HUMAN in app.observation["away"]:
            break
    assert HUMAN in app.observation["away"]


async def test_mao_14_the_turn_clock_starts_when_the_screen_is_ready():
    clock = Clock()
    app = LiveTable("mao", bots=2, seed=5, pace=0, clock=clock, strict=True)
    clock.t = 100.0  # the terminal took its time to come up after the deal
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot, app)
        app.on_tick()
        assert not any(FIVE_SECONDS in line for line in app.lines)
        assert app.game.current_player() == HUMAN
        assert app.observation["turn_ends"] - app.now() == pytest.approx(5.0)


async def test_mao_14_a_turn_passed_by_a_bot_counts_from_when_it_is_drawn():
    clock = Clock()
    app = LiveTable("mao", bots=1, seed=5, pace=1.0, clock=clock, strict=True)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot, app)
        await send_line(pilot, "take")
        for _ in range(20):  # the bot's move: no repaint comes between these ticks
            if app.game.current_player() == HUMAN:
                break
            clock.t += 1.1
            app.on_tick()
        assert app.game.current_player() == HUMAN
        clock.t += 3.0  # a slow screen: the change is not drawn yet
        await ready(pilot, app)
        assert app.observation["turn_ends"] - app.now() == pytest.approx(5.0)


async def test_mao_practice_gives_fifteen_seconds_a_turn_and_says_so():
    app = LiveTable("mao", bots=1, seed=5, pace=0, clock=Clock())
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot, app)
        assert app.game.options["turn_seconds"] == 15
        assert "Practice pace: 15 s to play." in shown(app, "#keys")
        assert "--strict" in shown(app, "#keys")


async def test_mao_strict_practice_keeps_the_five_second_rule():
    app = LiveTable("mao", bots=1, seed=5, pace=0, clock=Clock(), strict=True)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot, app)
        assert app.game.options["turn_seconds"] == 5
        assert "Practice pace" not in shown(app, "#keys")


def test_only_the_terminal_plays_at_the_practice_pace():
    """A table opened by the engine alone (as Discord's are) keeps the rule as written."""
    from engine import new_game

    assert new_game("mao", [HUMAN, "ada"], seed=5).options["turn_seconds"] == 5


async def test_the_menu_has_the_focus_and_t_opens_the_chat_line():
    app = LiveTable("mao", bots=1, seed=5, pace=0, clock=Clock())
    async with app.run_test(size=SIZE) as pilot:
        moves, chat = app.query_one("#moves"), app.query_one("#chat")
        await until(pilot, lambda: app.focused is moves, "the moves to have the focus")
        await pilot.press("t")
        await until(pilot, lambda: app.focused is chat, "t to open the chat line")
        assert chat.value == ""


async def test_a_sent_line_gives_the_focus_back_to_the_moves():
    app = LiveTable("mao", bots=1, seed=5, pace=0, clock=Clock())
    async with app.run_test(size=SIZE) as pilot:
        await type_line(pilot, "hi all")
        assert "you: “hi all”" in app.lines
        await until(pilot, lambda: app.focused is app.query_one("#moves"), "the moves' focus")


async def test_escape_leaves_the_chat_line():
    app = LiveTable("mao", bots=1, seed=5, pace=0, clock=Clock())
    async with app.run_test(size=SIZE) as pilot:
        chat = app.query_one("#chat")
        await pilot.press("t")
        await until(pilot, lambda: app.focused is chat, "t to open the chat line")
        await pilot.press("escape")
        await until(pilot, lambda: app.focused is app.query_one("#moves"), "the moves' focus")


async def test_a_digit_in_the_empty_chat_line_picks_a_move_and_is_not_said():
    clock = Clock()
    app = LiveTable("mao", bots=1, seed=5, pace=0, clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot, app)
        chat = app.query_one("#chat")
        await pilot.press("t")
        await until(pilot, lambda: app.focused is chat, "t to open the chat line")
        assert app.entries[0].kind == "play"
        await pilot.press("1")
        await until(pilot, lambda: any(s.startswith("you played") for s in app.lines), "the play")
        assert chat.value == ""
        assert not any(line.startswith("you: “") for line in app.lines)  # nothing was said


async def test_a_digit_after_words_stays_in_the_chat_line():
    app = LiveTable("mao", bots=1, seed=5, pace=0, clock=Clock())
    async with app.run_test(size=SIZE) as pilot:
        chat = app.query_one("#chat")
        await pilot.press("t")
        await until(pilot, lambda: app.focused is chat, "t to open the chat line")
        await pilot.press("p", "l", "a", "y", "space", "7")
        await until(pilot, lambda: chat.value == "play 7", "the digit typed after words")


async def test_mao_14_a_bot_plays_an_away_seat():
    clock = Clock()
    app = LiveTable("mao", bots=1, seed=5, pace=0, clock=clock, strict=True)
    async with app.run_test(size=SIZE) as pilot:
        await human_away(pilot, app, clock)
        before = len(app.lines)
        for _ in range(40):
            await pilot.pause()
            clock.t += 1.0
            app.on_tick()
            if any(line.startswith("you ") for line in app.lines[before:]):
                break
        assert app.bots.bots.get(HUMAN) is app.stand_in
        assert any(line.startswith("you ") for line in app.lines[before:])
        assert "Press b to come back" in shown(app, "#status")


async def test_mao_14_b_brings_an_away_human_back():
    clock = Clock()
    app = LiveTable("mao", bots=1, seed=5, pace=0, clock=clock, strict=True)
    async with app.run_test(size=SIZE) as pilot:
        await human_away(pilot, app, clock)
        await pilot.press("b")
        await until(pilot, lambda: HUMAN not in app.observation["away"], "the human back")
        assert HUMAN not in app.bots.bots  # the stand-in stops
        assert "come back" not in shown(app, "#status")


async def test_the_away_menu_offers_coming_back_first():
    clock = Clock()
    app = LiveTable("mao", bots=1, seed=5, pace=0, clock=clock, strict=True)
    async with app.run_test(size=SIZE) as pilot:
        await human_away(pilot, app, clock)
        app.show()
        assert app.entries[0].kind == "back"


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_r_shows_the_rules_and_the_table_options_of_every_game(game):
    cls = GAMES[game]
    app = LiveTable(game, bots=cls.min_seats - 1 or 1, seed=5, pace=0, clock=Clock())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules")
        text = shown(app.screen, "#rules")
        assert cls.rules_summary.replace("**", "").splitlines()[0] in text
        typed = [o for o in cls.option_specs if o.typed]
        for option in typed:
            # its game's sentence about the value, or (none, or a count at 0) its help
            value = app.game.options.get(option.name, option.default)
            said = (option.sentence_for(value, ENGLISH) or "").replace("**", "")
            assert (said or option.help[:1].upper() + option.help[1:]) in text
        await pilot.press("escape")
        await until(pilot, lambda: not app.busy(), "the rules to close")


async def test_the_rules_say_what_practice_changed_and_the_usual_value():
    app = LiveTable("mao", bots=1, seed=5, pace=0, clock=Clock())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules")
        text = shown(app.screen, "#rules")
        assert "Seconds a player has to play (0: no clock): 15 (usually 5)" in text
        assert "the server's rules" not in text  # a list of rules nobody is told


async def test_the_table_waits_while_the_rules_are_open():
    clock = Clock()
    app = LiveTable("mao", bots=1, seed=5, pace=0, clock=clock, strict=True)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot, app)
        at = app.now()
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules")
        clock.t += 60.0
        app.on_tick()
        assert app.now() == at
        assert not any(FIVE_SECONDS in line for line in app.lines)


async def test_rules_typed_at_mao_shows_the_rules_and_is_not_said():
    app = LiveTable("mao", bots=1, seed=5, pace=0, clock=Clock())
    async with app.run_test(size=SIZE) as pilot:
        await send_line(pilot, "rules")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules")
        assert not any("rules" in line for line in app.lines)


async def test_rules_typed_in_the_table_language_shows_them_in_it():
    app = LiveTable("macao", bots=1, seed=5, pace=0, clock=Clock(), lang="pt-BR")
    async with app.run_test(size=SIZE) as pilot:
        await send_line(pilot, "regras")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules")
        text = shown(app.screen, "#rules")
        assert "Macao: as regras" in text
        assert "A partida termina quando um total chega a 500 pontos." in text


def test_mao_14_the_stand_in_never_spends_the_humans_win_on_a_new_rule():
    from engine.actions import DeclareRule, Say
    from engine.bots import Bot
    from terminal.seating import without_new_rules

    class Ruler(Bot):
        says: list = [DeclareRule(rule="{}"), Say(text="bad card", mentions=("ada",))]

        def choose(self, observation, legal):
            return legal[0]

        def react(self, observation, legal):
            return self.says.pop(0)

    bot = without_new_rules(Ruler(0))
    assert isinstance(bot, Ruler)
    assert bot.react({}, []) is None
    assert bot.react({}, []) == Say(text="bad card", mentions=("ada",))
