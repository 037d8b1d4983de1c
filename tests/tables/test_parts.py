"""The table service's parts, each on its own: the open tables, the action log, the lock and
its notices, closing, the timers armed from a table's state, the drivers, reactions and
recovery (real SQLite, real engine)."""

from __future__ import annotations

import pytest

from data import store
from data.db import open_database
from engine import IllegalAction, new_game
from engine.actions import Draw
from tables import errors
from tables.action_log import ActionLog
from tables.closing import Closer
from tables.drivers import Drivers
from tables.locks import TableLocks
from tables.model import Seat, Table
from tables.notices import Notifier, TableListener
from tables.open_tables import OpenTables
from tables.reactions import Reactions
from tables.recovery import Recovery
from tables.scheduler import Scheduler

ANA, BO = 101, 102


@pytest.fixture
def db(tmp_path):
    return open_database(tmp_path / "parts.sqlite3")


def stored_table(db, clock, *, channel_id: int | None = 5, running: bool = True) -> Table:
    """A two-seat Macao table written to storage, its game started and its driver made."""
    table_id = store.create_table(
        db,
        guild_id=None,
        channel_id=channel_id,
        parent_id=None,
        host_id=ANA,
        game="macao",
        options={},
        seed=7,
        created_at=clock.now(),
        language="en",
    )
    table = Table(id=table_id, game_name="macao", options={}, seed=7, channel_id=channel_id)
    table.seats = [Seat(str(ANA), "ana", ANA), Seat(str(BO), "bo", BO)]
    store.save_seats(db, table.id, [s.to_row() for s in table.seats])
    if running:
        table.status = "running"
        table.started_at = clock.now()
        table.game = new_game("macao", [s.seat for s in table.seats], seed=7)
        Drivers(bot_delay=0.0, turn_timeout=60.0, vote_timeout=30.0, expert_budget=0.01).make(table)
    return table


class Heard(TableListener):
    """Notes each notice and whether the table's lock was held when it came."""

    def __init__(self) -> None:
        self.heard: list[tuple[str, bool]] = []

    async def game_changed(self, table, events) -> None:
        self.heard.append(("game", table.lock.locked()))

    async def table_closed(self, table) -> None:
        self.heard.append(("closed", table.lock.locked()))


# --- OpenTables ---------------------------------------------------------------------------------
def test_a_table_is_found_by_its_channel_and_its_new_thread(db, clock):
    tables = OpenTables(db)
    table = stored_table(db, clock, running=False)
    tables.add(table)
    assert tables.in_channel(5) is table
    tables.move(table, 9)
    assert tables.in_channel(5) is None and tables.in_channel(9) is table
    tables.drop(table)
    assert tables.in_channel(9) is None and table.id not in tables.by_id


def test_an_id_no_longer_open_is_told_from_one_that_never_was(db, clock):
    tables = OpenTables(db)
    table = stored_table(db, clock)
    with pytest.raises(errors.TableEnded):
        tables.get(table.id)
    with pytest.raises(errors.NoTable):
        tables.get(table.id + 100)


# --- ActionLog ----------------------------------------------------------------------------------
async def test_a_move_is_committed_and_replays_to_the_same_state(db, clock):
    log = ActionLog(db, clock)
    table = stored_table(db, clock)
    current = table.game.current_player()
    await log.apply(table, table.seat(current), Draw(), by="human")
    rows = store.get_actions(db, table.id)
    assert [(r["seat"], r["action"]["kind"]) for r in rows] == [(current, "draw")]
    assert table.seq == 1 and table.acted == {current: 1}
    before = table.game.to_dict()
    assert log.replay(table).to_dict() == before and table.acted == {current: 1}


async def test_a_refused_move_is_not_committed(db, clock):
    log = ActionLog(db, clock)
    table = stored_table(db, clock)
    waiting = next(s for s in table.seats if s.seat != table.game.current_player())
    with pytest.raises(IllegalAction):
        await log.apply(table, waiting, Draw(), by="human")
    assert store.get_actions(db, table.id) == [] and table.seq == 0


# --- TableLocks and Notifier --------------------------------------------------------------------
async def test_notices_are_delivered_in_order_once_the_lock_is_let_go(db, clock):
    notifier = Notifier()
    heard = Heard()
    notifier.add_listener(heard)
    locks = TableLocks(ActionLog(db, clock), notifier)
    table = stored_table(db, clock)
    async with locks.locked(table):
        notifier.tell(table, "game_changed", [])
        notifier.tell(table, "table_closed")
        assert heard.heard == []
    assert heard.heard == [("game", False), ("closed", False)]


async def test_notices_are_delivered_when_the_change_fails_after_raising_them(db, clock):
    notifier = Notifier()
    heard = Heard()
    notifier.add_listener(heard)
    locks = TableLocks(ActionLog(db, clock), notifier)
    table = stored_table(db, clock)
    with pytest.raises(errors.StaleView):
        async with locks.locked(table):
            notifier.tell(table, "game_changed", [])
            raise errors.StaleView()
    assert heard.heard == [("game", False)]


# --- Closer -------------------------------------------------------------------------------------
async def test_closing_cancels_timers_drops_the_table_and_tells_listeners(db, clock):
    notifier = Notifier()
    heard = Heard()
    notifier.add_listener(heard)
    scheduler = Scheduler(clock)
    tables = OpenTables(db)
    table = stored_table(db, clock)
    tables.add(table)

    fired: list[str] = []

    async def move() -> None:  # a failure raised here would only be logged by the scheduler
        fired.append("bot")

    scheduler.schedule_in(("bot", table.id, str(ANA)), 5.0, move)
    Closer(db, clock, scheduler, tables, notifier).close(table, "ended", "ended by the host")
    assert not scheduler.keys()  # cancelled by the close itself
    await notifier.deliver(table)
    await clock.advance(10.0)
    assert fired == [], "a closed table's timer fired"
    assert table.id not in tables.by_id and not scheduler.keys()
    assert store.get_table(db, table.id)["status"] == "ended"
    assert heard.heard == [("closed", False)]
    await scheduler.close()


# --- Timers -------------------------------------------------------------------------------------
async def test_a_humans_turn_arms_its_afk_timer_and_nothing_else(service):
    table = await service.open_table(game="macao", host_id=ANA, host_name="ana", channel_id=1)
    await service.join(table.id, BO, "bo")
    await service.start(table.id, ANA)
    current = table.game.current_player()
    assert service.scheduler.keys() == [("afk", table.id, current)]
    service.timers.disarm(table)
    assert service.scheduler.keys() == []
    service.timers.arm(table)
    assert service.scheduler.keys() == [("afk", table.id, current)]


# --- Drivers ------------------------------------------------------------------------------------
def test_a_driver_has_a_bot_for_every_seat_and_the_tables_timings(db, clock):
    table = stored_table(db, clock, running=False)
    table.game = new_game("macao", [s.seat for s in table.seats], seed=7)
    drivers = Drivers(bot_delay=1.5, turn_timeout=60.0, vote_timeout=30.0, expert_budget=0.01)
    driver = drivers.make(table)
    assert table.driver is driver and set(driver.bots) == {str(ANA), str(BO)}
    assert driver.turn_timeout == 60.0 and driver.vote_timeout == 30.0
    assert driver.patience(table.game, 3.0) == 1.5  # a game with no table parts: the delay


# --- Reactions ----------------------------------------------------------------------------------
async def test_nobody_reacts_at_a_table_no_bot_plays(db, clock):
    table = stored_table(db, clock)
    assert await Reactions(db, ActionLog(db, clock)).settle(table) == []
    assert store.get_actions(db, table.id) == []


# --- Recovery -----------------------------------------------------------------------------------
async def test_recovery_reopens_a_running_table_from_its_log_and_arms_it(db, clock):
    log = ActionLog(db, clock)
    table = stored_table(db, clock)
    store.update_table(db, table.id, status="running", started_at=table.started_at)
    await log.apply(table, table.seat(table.game.current_player()), Draw(), by="human")
    state = table.game.to_dict()
    notifier = Notifier()
    tables = OpenTables(db)
    armed: list[Table] = []
    drivers = Drivers(bot_delay=0.0, turn_timeout=60.0, vote_timeout=30.0, expert_budget=0.01)
    closer = Closer(db, clock, Scheduler(clock), tables, notifier)
    recovery = Recovery(
        db, clock, lambda _guild: True, tables, log, drivers, closer, notifier, armed.append
    )
    [again] = await recovery.recover()
    assert again is not table and again.game.to_dict() == state
    assert again.acted == table.acted and again.driver is not None
    assert armed == [again] and tables.in_channel(5) is again
    assert await recovery.recover() == []  # a table already open is left alone
