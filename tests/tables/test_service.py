"""The table service: lobby rules, the order of refusals, the log, bots, AFK and recovery
(the bot level its bots and stand-ins play at: ``test_service_bot_level``)."""

from __future__ import annotations

import asyncio

import pytest

import i18n
from data import store
from data.db import open_database
from engine import parse_action
from engine.actions import Draw
from tables import errors, queries
from tables.service import TableService, parse_options
from tests.tables.conftest import make_service

ANA, BO, CY = 101, 102, 103


async def two_humans(service: TableService):
    table = await service.open_table(game="macao", host_id=ANA, host_name="ana", channel_id=1)
    await service.join(table.id, BO, "bo")
    await service.start(table.id, ANA)
    return table


def seat_user(table, key: str) -> int:
    return table.seat(key).user_id


def current_user(table) -> int:
    return seat_user(table, table.game.current_player())


def other_user(table) -> int:
    return ANA if current_user(table) == BO else BO


# --- options -------------------------------------------------------------------------------
def test_options_text_is_parsed_and_checked():
    assert parse_options("macao", "target=300")["target"] == 300


@pytest.mark.parametrize("text", ["target", "target=", "colour=red", "target=lots"])
def test_malformed_options_are_refused_with_the_games_options(text):
    with pytest.raises(errors.BadOptions, match="target=500"):
        parse_options("macao", text)


# --- the lobby ------------------------------------------------------------------------------
async def test_a_thread_holds_one_open_table(service):
    await service.open_table(game="macao", host_id=ANA, channel_id=1)
    with pytest.raises(errors.TableExists):
        await service.open_table(game="macao", host_id=BO, channel_id=1)


async def test_joining_twice_is_refused(service):
    table = await service.open_table(game="macao", host_id=ANA, host_name="ana", channel_id=1)
    with pytest.raises(errors.AlreadySeated):
        await service.join(table.id, ANA, "ana")


async def test_a_full_table_refuses_a_player(service):
    table = await service.open_table(game="macao", host_id=ANA, channel_id=1, bots=5)
    with pytest.raises(errors.TableFull):
        await service.join(table.id, BO, "bo")


async def test_only_the_host_starts(service):
    table = await service.open_table(game="macao", host_id=ANA, channel_id=1, bots=1)
    await service.join(table.id, BO, "bo")
    with pytest.raises(errors.NotHost):
        await service.start(table.id, BO)


async def test_a_lobby_action_on_a_running_table_is_refused(service):
    table = await two_humans(service)
    with pytest.raises(errors.GameRunning):
        await service.join(table.id, CY, "cy")
    with pytest.raises(errors.GameRunning):
        await service.add_bot(table.id, ANA)


async def test_bots_are_named_and_marked(service):
    table = await service.open_table(game="macao", host_id=ANA, channel_id=1, bots=2)
    bots = [s for s in table.seats if s.is_bot]
    assert [s.name for s in bots] == ["Ada", "Babbage"]
    assert all("(bot)" in s.label for s in bots)


async def test_host_leaving_the_lobby_hands_the_table_on(service):
    table = await service.open_table(game="macao", host_id=ANA, channel_id=1)
    await service.join(table.id, BO, "bo")
    await service.leave(table.id, ANA)
    assert table.host_id == BO


# --- refusals while playing, in order -------------------------------------------------------
async def test_not_seated_is_refused(service):
    table = await two_humans(service)
    with pytest.raises(errors.NotSeated):
        await service.act(table.id, CY, Draw())


async def test_not_your_turn_is_refused_and_changes_nothing(service):
    table = await two_humans(service)
    before = table.game.to_dict()
    with pytest.raises(errors.NotYourTurn):
        await service.act(table.id, other_user(table), Draw(), table.token(str(other_user(table))))
    assert table.game.to_dict() == before


async def test_a_stale_token_is_refused(service):
    table = await two_humans(service)
    with pytest.raises(errors.StaleView):
        await service.act(table.id, current_user(table), Draw(), "0")


async def test_a_card_no_longer_held_is_named(service):
    table = await two_humans(service)
    seat = table.game.current_player()
    held = set(table.game.observation(seat)["hand"])
    gone = next(c for c in ("2C", "3C", "4C", "5C", "6C", "7C", "8C") if c not in held)
    with pytest.raises(errors.CardNotHeld, match="no longer hold"):
        await service.act(table.id, current_user(table), f"play {gone}", "0")


async def test_a_double_click_is_refused_the_second_time(service):
    table = await two_humans(service)
    user = current_user(table)
    token = table.token(str(user))
    await service.act(table.id, user, Draw(), token)
    with pytest.raises((errors.StaleView, errors.NotYourTurn)):
        await service.act(table.id, user, Draw(), token)


async def test_an_illegal_move_gets_the_engines_reason(service):
    table = await two_humans(service)
    with pytest.raises(errors.Illegal, match="You do not hold"):
        seat = table.game.current_player()
        held = set(table.game.observation(seat)["hand"])
        gone = next(c for c in ("2C", "3C", "4C", "5C", "6C", "7C", "8C") if c not in held)
        await service.act(table.id, current_user(table), f"play {gone}")


async def test_an_ended_table_refuses_everything(service):
    table = await two_humans(service)
    await service.end(table.id, ANA)
    with pytest.raises(errors.TableEnded):
        await service.act(table.id, ANA, Draw())


async def test_only_host_or_manager_ends(service):
    table = await two_humans(service)
    with pytest.raises(errors.NotHost):
        await service.end(table.id, BO)
    await service.end(table.id, BO, manager=True)
    assert table.status == "ended"


# --- the log --------------------------------------------------------------------------------
async def test_an_accepted_action_is_committed_before_act_returns(service, db_path):
    table = await two_humans(service)
    await service.act(table.id, current_user(table), Draw(), table.token(str(current_user(table))))
    rows = store.get_actions(open_database(db_path), table.id)
    assert [r["action"]["kind"] for r in rows] == ["draw"] and rows[0]["by"] == "human"


async def test_a_refused_action_writes_nothing(service):
    table = await two_humans(service)
    with pytest.raises(errors.NotYourTurn):
        await service.act(table.id, other_user(table), Draw())
    assert store.count_actions(service.db, table.id) == 0


# --- bots and the match-finished hook ---------------------------------------------------------
async def test_a_bot_only_table_plays_to_the_end_and_reports_once(service, clock):
    finished = []
    service.add_match_finished_hook(finished.append)
    table = await service.open_table(
        game="macao", host_id=ANA, channel_id=1, bots=3, seat_host=False, options="target=50"
    )
    await service.start(table.id, ANA)
    for _ in range(200):
        if finished:
            break
        await clock.advance(1)
    assert len(finished) == 1
    record = finished[0]
    assert record.table_id == table.id and set(record.outcome["places"]) == {"bot1", "bot2", "bot3"}
    assert all(s["bot"] == "heuristic" for s in record.seats)
    assert table.status == "finished"
    assert store.get_table(service.db, table.id)["status"] == "finished"


# --- AFK --------------------------------------------------------------------------------------
async def afk_table(service: TableService):
    table = await service.open_table(game="macao", host_id=ANA, host_name="ana", channel_id=1)
    await service.add_bot(table.id, ANA)
    await service.start(table.id, ANA)
    await asyncio.sleep(0)
    return table


async def wait_for_human_turn(table, clock):
    for _ in range(50):
        if table.game.current_player() == str(ANA):
            return
        await clock.advance(0)
    raise AssertionError("never ana's turn")


def afk_moves(service: TableService, table) -> int:
    """How many moves a bot made for ana while she was absent."""
    rows = store.get_actions(service.db, table.id)
    return sum(1 for r in rows if r["by"] == "afk" and r["seat"] == str(ANA))


async def test_afk_warns_once_after_the_turn_timeout(service, clock):
    table = await afk_table(service)
    await wait_for_human_turn(table, clock)
    await clock.advance(59)
    assert not service.recorder.kinds("warning")
    await clock.advance(2)
    assert service.recorder.kinds("warning") == [("warning", table.id, str(ANA))]


async def test_afk_a_bot_plays_the_turn_after_the_warning(service, clock):
    table = await afk_table(service)
    await wait_for_human_turn(table, clock)
    version = table.version
    await clock.advance(61)
    assert table.version == version
    await clock.advance(30)
    assert table.version > version
    rows = store.get_actions(service.db, table.id)
    assert any(r["by"] == "afk" and r["seat"] == str(ANA) for r in rows)
    assert table.seat(str(ANA)).afk_played and not table.seat(str(ANA)).away


async def test_afk_two_missed_turns_in_a_row_mark_the_seat_away_until_back(service, clock):
    table = await afk_table(service)
    for _ in range(2):
        await wait_for_human_turn(table, clock)
        await clock.advance(91)
    seat = table.seat(str(ANA))
    assert seat.away and service.recorder.kinds("away")
    assert store.get_seats(service.db, table.id)[0]["away"] is True
    # while away, a bot plays her turns at BOT_DELAY: no turn timeout, so no more warnings
    warnings = len(service.recorder.kinds("warning"))
    stood_in = afk_moves(service, table)
    await clock.advance(61)  # longer than a turn timeout
    assert len(service.recorder.kinds("warning")) == warnings
    assert afk_moves(service, table) > stood_in
    assert await service.back(table.id, ANA) is True
    assert not seat.away


async def test_afk_a_human_move_resets_the_missed_count(service, clock):
    table = await afk_table(service)
    await wait_for_human_turn(table, clock)
    await clock.advance(91)
    await wait_for_human_turn(table, clock)
    await service.act(table.id, ANA, Draw(), table.token(str(ANA)))
    assert table.driver.missed.get(str(ANA), 0) == 0


# --- one lock per table -------------------------------------------------------------------------
async def test_a_busy_table_does_not_hold_up_another(service):
    first = await two_humans(service)
    second = await service.open_table(game="macao", host_id=CY, host_name="cy", channel_id=2)
    async with first.lock:
        # a join that waited on the first table's lock would wait for as long as it is held,
        # which is the whole wait: so the patience is a bound against that hang, not a guess
        # at how long a join takes (one second was too little on a loaded machine)
        await asyncio.wait_for(service.join(second.id, ANA, "ana"), 60)


async def test_a_table_held_too_long_answers_busy(service, monkeypatch):
    monkeypatch.setattr(service.locks, "wait", 0.01)
    table = await two_humans(service)
    async with table.lock:
        with pytest.raises(errors.TableBusy):
            await service.act(table.id, ANA, Draw())


# --- recovery --------------------------------------------------------------------------------
async def test_recovery_replays_the_log_to_the_same_state(service, db_path, clock):
    table = await two_humans(service)
    for _ in range(12):
        user = current_user(table)
        legal = table.game.legal_actions(table.game.current_player())
        await service.act(table.id, user, legal[0], table.token(str(user)))
    before = table.game.to_dict()
    await service.close()
    again = make_service(db_path, clock)
    try:
        [restored] = await again.recover()
        assert restored.game.to_dict() == before
        assert restored.seq == table.seq
        user = current_user(restored)
        action = restored.game.legal_actions(restored.game.current_player())[0]
        await again.act(restored.id, user, action, table.token(str(user)))
    finally:
        await again.close()


async def test_recovery_rearms_bots(service, db_path, clock):
    table = await service.open_table(
        game="macao", host_id=ANA, channel_id=1, bots=2, seat_host=False, options="target=50"
    )
    await service.start(table.id, ANA)
    await service.scheduler.close()
    version = table.version
    again = make_service(db_path, clock)
    try:
        [restored] = await again.recover()
        assert restored.version == version
        await clock.advance(1)
        assert restored.version > version or restored.status == "finished"
    finally:
        await again.close()


async def test_a_log_that_does_not_replay_closes_the_table(service, db_path, clock):
    table = await two_humans(service)
    store.append_action(
        service.db,
        table.id,
        1,
        seat=str(ANA if table.game.current_player() != str(ANA) else BO),
        action=parse_action("draw").to_dict(),
        at=0.0,
        by="human",
        version=1,
        created_at=0.0,
    )
    await service.close()
    again = make_service(db_path, clock)
    try:
        assert await again.recover() == []
        assert store.get_table(again.db, table.id)["status"] == "ended"
    finally:
        await again.close()


async def test_a_tables_language_survives_a_restart(service, db_path, clock):
    table = await service.open_table(
        game="mao", host_id=ANA, channel_id=1, bots=2, seat_host=False, language="ro"
    )
    assert table.options["language"] == "ro"  # Mao hears and speaks it too
    await service.scheduler.close()
    again = make_service(db_path, clock)
    try:
        [restored] = await again.recover()
        assert restored.language == "ro"
        assert restored.options["language"] == "ro"
    finally:
        await again.close()


@pytest.mark.parametrize(("lang", "said"), [("en", "Mau-Mau seats"), ("pt-BR", "Mau-Mau")])
async def test_too_many_bots_are_refused_naming_the_game_as_players_do(service, lang, said):
    with pytest.raises(errors.BadOptions) as refused:
        await service.open_table(game="maumau", host_id=ANA, channel_id=1, bots=10)
    assert refused.value.in_language(i18n.get(lang)).startswith(said)


async def test_a_start_short_of_players_names_the_game_in_the_readers_language(service):
    table = await service.open_table(game="president", host_id=ANA, channel_id=1)
    with pytest.raises(errors.TableError) as refused:
        await service.start(table.id, ANA)
    assert refused.value.in_language(i18n.get("pt-BR")).startswith("Presidente ")


async def test_an_unknown_table_language_is_refused(service):
    with pytest.raises(errors.BadOptions):
        await service.open_table(game="macao", host_id=ANA, channel_id=1, language="it")


# --- a closed table, read back; a rematch -----------------------------------------------------
async def test_a_closed_table_is_read_back_as_it_ended(service):
    table = await two_humans(service)
    await service.act(table.id, current_user(table), Draw(), table.token(str(current_user(table))))
    ended = table.game.to_dict()
    await service.end(table.id, ANA)
    closed = await service.closed(table.id)
    assert closed is not table and closed.status == "ended"
    assert closed.end_reason == "ended by the host"
    assert closed.game is not None and closed.game.to_dict() == ended


async def test_a_rematch_opens_the_closed_tables_game_where_it_played(service):
    table = await service.open_table(
        game="macao", host_id=ANA, host_name="ana", channel_id=7, bots=1, options="target=200"
    )
    await service.join(table.id, BO, "bo")
    await service.start(table.id, ANA)
    await service.end(table.id, ANA)
    rematch = await service.rematch(table.id, BO, "bo")
    new = rematch.table
    assert service.in_channel(7) is new and new.host_id == BO
    assert new.options == table.options and [s.is_bot for s in new.seats] == [False, True]
    assert rematch.invited == (ANA,)
    with pytest.raises(errors.TableExists):
        await service.rematch(table.id, ANA, "ana")


async def test_a_tournaments_table_offers_no_rematch(service):
    # its tournament seats the players' next game; the closed table says so on reading it back
    table = await service.open_table(
        game="macao", host_id=ANA, host_name="ana", channel_id=3, tournament_id=5
    )
    await service.join(table.id, BO, "bo")
    await service.start(table.id, ANA)
    await service.end(table.id, ANA)
    closed = await service.closed(table.id)
    assert closed.tournament_id == 5 and not queries.offers_rematch(closed)
    with pytest.raises(errors.TableError, match="tournament"):
        await service.rematch(table.id, BO, "bo")
    assert service.in_channel(3) is None


async def test_a_rematch_is_only_for_the_tables_players(service):
    table = await two_humans(service)
    await service.end(table.id, ANA)
    with pytest.raises(errors.NotSeated):
        await service.rematch(table.id, 999, "cy")
