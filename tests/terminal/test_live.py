"""The live practice table, played through Textual's headless pilot as a person would play it.

The table runs with ``pace=0`` (bots answer at once) on a fake clock the test moves on, so
every run is the same and nothing waits on wall time.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine import GAMES
from engine.actions import Action, Play, Say, Take
from engine.bots import Bot, make_bot
from engine.cards import Card
from engine.turns import BotTable
from terminal.live import LiveTable
from terminal.live_screens import NewRuleScreen, SummaryScreen
from terminal.practice import HUMAN

SIZE = (110, 34)


class Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def typed(action: Action) -> str:
    """What a person types for ``action`` in the chat line."""
    if isinstance(action, Say):  # a call names its player as a person would: @bruno
        return " ".join([*(f"@{seat}" for seat in action.mentions), action.text])
    if isinstance(action, Play):
        text = "play " + " ".join(str(c) for c in action.cards)
        return text + (f" suit={action.suit}" if action.suit else "")
    return str(action)


async def type_line(pilot: Any, text: str) -> None:
    """Type ``text`` key by key into the chat line and send it."""
    await pilot.press("f3", *text, "enter")


async def send_line(pilot: Any, text: str) -> None:
    """Put ``text`` in the chat line and press Enter (quicker, for long playthroughs)."""
    await pilot.press("f3")
    pilot.app.query_one("#chat").value = text
    await pilot.press("enter")


def round_over(app: LiveTable) -> bool:
    return any(line.startswith("*** Round 1 over") for line in app.lines)


#: a seed per game whose first round takes the human 8-17 moves: a real round, quickly played
ROUND_SEEDS = {"lastcard": 5, "macao": 4, "maumau": 3, "president": 3}


def test_every_game_but_mao_has_a_round_seed():
    assert set(ROUND_SEEDS) == set(GAMES) - {"mao"}


@pytest.mark.parametrize("game", sorted(ROUND_SEEDS))
async def test_the_pilot_plays_a_full_round_with_the_move_keys(game):
    seats = GAMES[game].min_seats - 1
    app = LiveTable(game, bots=seats, seed=ROUND_SEEDS[game], pace=0, clock=Clock())
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(600):
            if round_over(app):
                break
            await pilot.press("1")  # the first legal move, every time
        assert round_over(app)
        if app.game.is_over:
            assert isinstance(app.screen, SummaryScreen) and app.screen.again
        else:
            assert isinstance(app.screen, SummaryScreen)  # the round's standings
            await pilot.press("enter")
            assert not app.busy()
        summary = app.lines[[line.startswith("*** Round 1") for line in app.lines].index(True) :]
        assert any(line.strip().startswith("you ") for line in summary)


async def test_the_pilot_plays_a_full_round_of_mao_in_real_time():
    clock = Clock()
    app = LiveTable("mao", bots=2, seed=5, pace=0, clock=clock)
    me = make_bot("heuristic", "mao", 1)
    async with app.run_test(size=SIZE) as pilot:
        assert app.focused is app.query_one("#chat")  # the chat line is open from the start
        for _ in range(800):
            if round_over(app):
                break
            clock.t += 1.0
            app.on_tick()
            legal = app.game.legal_actions(HUMAN)
            if app.game.current_player() == HUMAN and legal:
                await send_line(pilot, typed(me.choose(app.observation, legal)))
        assert round_over(app)
        assert not app.busy()  # Mao deals again at once: the round's end is a notice


class Blunderer(Bot):
    """A bot that once plays a card that does not fit, then only takes; it never calls."""

    blundered = False

    def choose(self, observation: dict[str, Any], legal: list[Action]) -> Action:
        top = Card.parse(observation["top"])
        for action in legal if not self.blundered else []:
            if isinstance(action, Play) and not action.suit:
                card = action.cards[0]
                if card.rank not in (top.rank, "J") and card.suit != observation["suit"]:
                    self.blundered = True
                    return action
        return next(a for a in legal if isinstance(a, Take))

    def react(self, observation: dict[str, Any], legal: list[Action]) -> Action | None:
        return None


class Taker(Blunderer):
    def choose(self, observation: dict[str, Any], legal: list[Action]) -> Action:
        return next(a for a in legal if isinstance(a, Take))


async def test_mao_typed_speech_and_a_call_by_at_name():
    clock = Clock()
    app = LiveTable("mao", bots=2, seed=5, pace=0, clock=clock)
    app.bots = BotTable({"ada": Blunderer(0), "bruno": Taker(0)})
    async with app.run_test(size=SIZE) as pilot:
        await type_line(pilot, "hi all")
        assert "you: “hi all”" in app.lines
        for _ in range(30):
            if any(line == "ada played a card; it went back" for line in app.lines):
                break
            clock.t += 1.0
            app.on_tick()
            if app.game.current_player() == HUMAN:
                await send_line(pilot, "take")
        assert "ada played a card; it went back" in app.lines  # no reason is given
        await type_line(pilot, "@ada bad card")
        assert "Bad card: ada took 1 penalty card (called by you)" in app.lines


async def test_mao_a_winner_makes_a_new_rule_in_the_builder():
    clock = Clock()
    app = LiveTable("mao", bots=1, seed=5, pace=0, clock=clock)
    app.bots = BotTable({"ada": Taker(0)})
    me = make_bot("heuristic", "mao", 1)
    async with app.run_test(size=SIZE) as pilot:
        button = app.query_one("#new-rule")
        assert not button.has_class("shown")
        for _ in range(300):
            if round_over(app):
                break
            clock.t += 1.0
            app.on_tick()
            legal = app.game.legal_actions(HUMAN)
            if app.game.current_player() == HUMAN and legal:
                await send_line(pilot, typed(me.choose(app.observation, legal)))
        assert round_over(app) and app.observation["rule_credits"] == {HUMAN: 1}
        assert button.has_class("shown")
        await pilot.press("f2")
        assert isinstance(app.screen, NewRuleScreen)
        builder = app.screen
        builder.query_one("#trigger").value = "suit"
        builder.query_one("#effect").value = "say"
        await pilot.pause()
        assert [f.id for f in builder.query(".detail") if f.display] == ["detail", "phrase", "name"]
        await pilot.click("#detail")
        await pilot.press(*"hearts")
        await pilot.click("#phrase")
        await pilot.press(*"lovely")
        await pilot.click("#make")
        await pilot.pause()
        assert not app.busy()
        assert "you made a new rule" in app.lines
        mine = [r for r in app.observation["rules"] if r.get("by") == HUMAN]
        assert mine and mine[0]["rule"]["trigger"] == {"kind": "play", "suit": "H"}
        assert app.observation["rule_credits"] == {}


async def test_the_rule_builder_says_what_is_missing_and_stays_open():
    app = LiveTable("mao", bots=1, seed=5, pace=0, clock=Clock())
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(NewRuleScreen())
        await pilot.pause()
        await pilot.click("#make")
        assert isinstance(app.screen, NewRuleScreen)
        problem = str(app.screen.query_one("#problem").render())
        assert "Choose what sets the rule off" in problem


async def test_a_wild_card_asks_for_its_suit():
    app = LiveTable("macao", bots=2, seed=0, pace=0, clock=Clock())
    async with app.run_test(size=SIZE) as pilot:
        ace = next((c for c in app.observation["hand"] if c.startswith("A")), None)
        if ace is None or app.game.current_player() != HUMAN:
            pytest.skip("seed 0 deals no ace to the human")
        await type_line(pilot, f"play {ace}")
        assert type(app.screen).__name__ == "SuitScreen"
        await pilot.press("2")
        assert any("named ♦ diamonds" in line for line in app.lines)


async def test_a_refused_move_says_why_on_the_status_line():
    app = LiveTable("macao", bots=2, seed=5, pace=0, clock=Clock())
    async with app.run_test(size=SIZE) as pilot:
        await type_line(pilot, "take")
        assert "Not allowed" in str(app.query_one("#status").render())
        await type_line(pilot, "fly away")
        assert "I don't understand 'fly away'" in str(app.query_one("#status").render())


async def test_a_finished_match_offers_play_again():
    app = LiveTable("macao", bots=1, seed=4, pace=0, clock=Clock(), options={"rounds": 1})
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(600):
            if app.game.is_over:
                break
            await pilot.press("1")
        assert isinstance(app.screen, SummaryScreen) and app.screen.again
        assert any(line.startswith("*** Match over.") for line in app.lines)
        await pilot.press("p")
        assert not app.game.is_over and app.seed == 5 and not app.busy()


async def test_bots_move_on_their_own_at_the_table_pace():
    clock = Clock()
    app = LiveTable("macao", bots=3, seed=5, pace=1.0, clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1")  # the human moves; then each bot waits its turn of the pace
        # the pilot's press may return before the key has gone from the app to the binding
        # (it waits for a moment the process looks idle, which a loaded machine fakes): the
        # test goes on once the move is in, not after a guessed wait
        for _ in range(500):
            if app.game.current_player() != HUMAN:
                break
            await pilot.pause()
        assert app.game.current_player() == "ada"
        before = len(app.lines)
        clock.t += 0.5
        app.on_tick()
        assert len(app.lines) == before  # not yet
        clock.t += 0.6
        app.on_tick()
        assert len(app.lines) == before + 1 and app.lines[-1].startswith("ada ")


async def test_a_tick_while_the_table_closes_does_nothing():
    # the pace timer can fire once more while the app removes its widgets on the way out
    clock = Clock()
    app = LiveTable("macao", bots=3, seed=5, pace=1.0, clock=clock)
    async with app.run_test(size=SIZE):
        pass
    moves = len(app.lines)
    clock.t += 5
    app.on_tick()
    assert len(app.lines) == moves


async def test_the_rule_builder_offers_only_what_fits_as_on_discord():
    from engine.mao import builder as choices

    app = LiveTable("mao", bots=1, seed=5, pace=0, clock=Clock())
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(NewRuleScreen())
        await pilot.pause()
        screen = app.screen
        screen.query_one("#trigger").value = "take"
        await pilot.pause()
        assert [key for _label, key in screen.offered["effect"]] == choices.effects_for("take")
        assert "wild" not in [key for _label, key in screen.offered["effect"]]
        assert screen.query_one("#trigger").value == "take"


async def test_quit_typed_at_a_table_without_free_speech_leaves():
    app = LiveTable("macao", bots=1, seed=5, pace=0, clock=Clock())
    async with app.run_test(size=SIZE) as pilot:
        await type_line(pilot, "quit")
        assert app.return_code == 0 and not app.is_running


async def test_the_chat_line_completes_an_at_name():
    from terminal.live import NameSuggester

    names = NameSuggester([HUMAN, "ada", "bruno"])
    assert await names.get_suggestion("@b") == "@bruno"
    assert await names.get_suggestion("talking @A") == "talking @Ada"
    assert await names.get_suggestion("@ada") is None
    assert await names.get_suggestion("hello") is None
