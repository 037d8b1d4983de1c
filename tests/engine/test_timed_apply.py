"""``Game.apply_at``: a timed game's action applied at a table time the driver gives, as the
action stamped with that time would be (``engine.turns.BotTable`` applies its bots' moves so,
with no stamped copy); the table service and the terminal stamp the actions they log."""

from __future__ import annotations

from engine import new_game
from engine.actions import Say, Take
from engine.bots import make_bot
from engine.mao import Mao
from engine.turns import BotTable
from tests.engine.mao.table import table

HANDS = {"ana": "6H 2C 3C", "bo": "9H 2H 3H", "cy": "9S 2S 3S"}


def test_a_mao_action_applied_at_a_time_is_the_action_stamped_with_it() -> None:
    stamped, timed = table(HANDS, top="5H", clock=True), table(HANDS, top="5H", clock=True)
    for seat, action, at in (("bo", Say(text="nice weather"), 1.5), ("ana", Take(), 9.0)):
        assert timed.apply_at(seat, action, at) == stamped.apply(seat, action.stamped(at))
        assert action.at is None  # not stamped in place
    assert timed.to_dict() == stamped.to_dict()
    assert timed.now == 9.0


def test_the_time_given_wins_over_the_one_an_action_carries() -> None:
    g = table(HANDS, top="5H")
    events = g.apply_at("bo", Say(text="hello").stamped(1.0), 4.0)
    assert [e.get("at") for e in events] == [4.0] * len(events) and g.now == 4.0


def test_an_untimed_game_applies_an_action_at_a_time_as_it_applies_it() -> None:
    plain, timed = new_game("macao", ["a", "b"], seed=5), new_game("macao", ["a", "b"], seed=5)
    action = plain.legal_actions("a")[0]
    assert timed.apply_at("a", action, 3.0) == plain.apply("a", action)
    assert timed.to_dict() == plain.to_dict()


def test_a_bot_table_moves_a_timed_game_at_the_drivers_time() -> None:
    game = new_game("mao", ["p0", "p1", "p2"], seed=2, options={"rounds": 1})
    assert isinstance(game, Mao)
    bots = BotTable({s: make_bot("random", "mao", k) for k, s in enumerate(game.seats)})
    moved = bots.step(game, 0.5)
    assert moved is not None and game.now == 0.5
    assert all(e.get("at") == 0.5 for e in moved[2])
