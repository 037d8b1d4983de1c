"""Mao's clocks on the service side: snowflake times, the network allowance, bots and away."""

from __future__ import annotations

import pytest

from engine.actions import Say
from tables.games.mao import BOT_POINT_OF_ORDER_PATIENCE, MaoTable, away
from tables.timing import (
    DISCORD_EPOCH_MS,
    LAG_ALLOWANCE,
    TIMESTAMP_SHIFT,
    lag,
    since_start,
    snowflake_seconds,
    table_time,
)
from tests.engine.mao.table import table as mao_position


def snowflake_at(unix_seconds: float) -> int:
    return (int(unix_seconds * 1000) - DISCORD_EPOCH_MS) << TIMESTAMP_SHIFT


def test_a_snowflake_carries_the_unix_time_it_was_made():
    assert snowflake_seconds(snowflake_at(1_700_000_000.25)) == pytest.approx(1_700_000_000.25)
    # the low bits (worker, sequence) do not move it
    assert snowflake_seconds(snowflake_at(1_700_000_000) + 4095) == 1_700_000_000.0


@pytest.mark.parametrize(
    ("delay", "credited"), [(0.0, 0.0), (0.3, 0.3), (5.0, LAG_ALLOWANCE), (-2.0, 0.0)]
)
def test_network_delay_is_credited_up_to_the_allowance_and_never_from_the_future(delay, credited):
    made = 1_700_000_000.0
    assert lag(snowflake_at(made), received=made + delay) == pytest.approx(credited)


def test_table_time_is_the_arrival_less_the_credited_delay():
    made = 1_700_000_000.0
    # the service clock may be a fake one: only the delay is read from the wall clock
    at = table_time(
        snowflake_at(made), clock_now=1_000_010.0, started_at=1_000_000.0, received=made + 0.2
    )
    assert at == pytest.approx(9.8)


def test_table_time_is_never_before_the_game_began():
    made = 1_700_000_000.0
    assert table_time(snowflake_at(made), 1_000_000.1, 1_000_000.0, made + 0.4) == 0.0


def test_a_move_without_a_snowflake_is_timed_when_it_arrives():
    # a web page's message, a bot's move: no delay is credited, and none is before the start
    assert since_start(1_000_012.3456, 1_000_000.0) == 12.346
    assert since_start(999_999.0, 1_000_000.0) == 0.0


bot_wait = MaoTable().bot_patience


def test_a_bot_waits_its_usual_delay_outside_a_point_of_order():
    g = mao_position({"ana": "9C 3D", "bo": "4C 8D"})
    assert bot_wait(g, 0.0, 1.5) == 1.5


def test_a_bot_lets_a_point_of_order_run_before_it_speaks():
    g = mao_position({"ana": "9C 3D", "bo": "4C 8D"})
    g.apply("bo", Say(text="point of order").stamped(10.0))
    assert bot_wait(g, 12.0, 1.5) == pytest.approx(10.0 + BOT_POINT_OF_ORDER_PATIENCE - 12.0)
    assert bot_wait(g, 40.0, 1.5) == 1.5


def test_seats_the_game_marks_away_are_known_to_the_service():
    g = mao_position({"ana": "9C 3D", "bo": "4C 8D"}, clock=True)
    assert away(g) == set()
    g.tick(60.0)  # timeouts, penalty cards restarting the clock, and at last a third in a row
    assert away(g) == {"ana"}
