"""Out of turn at a table: bots' announcements and completions, votes, choices, recovery.

MAU-5, LAST-8 and PRES-6 let a player act out of turn; LAST-9's vote and MAU-7's rebuy or
leave are each voter's own decision. The service asks bot-played seats to act out of turn
once per game version (after ``bot_delay``, and always before a move play waits on), and
waits on every seat offered its own decision.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

from data import store
from engine import game_from_dict, new_game
from engine.bots import make_bot
from engine.lastcard.actions import Vote
from tables.service import TableListener, TableService
from tests.tables.conftest import make_service

ANA, BO, CY = 101, 102, 103
DELAY = 1.0


class Events(TableListener):
    """Every public event the table announces, in order."""

    def __init__(self) -> None:
        self.events: list[dict] = []

    async def game_changed(self, table, events) -> None:
        self.events.extend(events)

    def of(self, kind: str) -> list[dict]:
        return [e for e in self.events if e.get("type") == kind]


def with_events(service: TableService) -> Events:
    listener = Events()
    service.add_listener(listener)
    return listener


async def bot_table(service: TableService, game: str, bots: int, options: str = ""):
    table = await service.open_table(
        game=game, host_id=ANA, channel_id=1, bots=bots, seat_host=False, options=options
    )
    await service.start(table.id, ANA)
    return table


async def run_until(clock, done, seconds: int = 3000) -> None:
    for _ in range(seconds):
        if done():
            return
        await clock.advance(DELAY)
    raise AssertionError("the table never got there")


def out_of_turn_rows(service: TableService, table) -> list[dict]:
    """Log rows whose seat was not the one ``current_player`` named when they were made."""
    game = new_game(
        table.game_name, [s.seat for s in table.seats], seed=table.seed, options=table.options
    )
    found = []
    for row in store.get_actions(service.db, table.id):
        if game.current_player() != row["seat"]:
            found.append(row)
        game.apply(row["seat"], row["action"])
    return found


# --- MAU-5: "Mau" before the next player acts ----------------------------------------------
async def test_mau_5_a_bot_only_maumau_table_ends_a_hand_without_mau_penalties(db_path, clock):
    service = make_service(db_path, clock, bot_delay=DELAY)
    heard = with_events(service)
    try:
        table = await bot_table(service, "maumau", 4, "rounds=1")
        await run_until(clock, lambda: table.status == "finished")
        assert heard.of("announce") and heard.of("round_end")
        assert heard.of("penalty") == []
        said = [r for r in out_of_turn_rows(service, table) if r["action"]["kind"] == "announce"]
        assert said and all(r["by"] == "bot" for r in said)
    finally:
        await service.close()


async def test_mau_5_a_bot_says_mau_before_a_quick_next_player_acts(db_path, clock):
    """A human who presses at once, before ``bot_delay``, still comes after the bot's Mau."""
    service = make_service(db_path, clock, bot_delay=DELAY)
    heard = with_events(service)
    me = make_bot("heuristic", "maumau", 1)
    try:
        table = await service.open_table(game="maumau", host_id=ANA, channel_id=1, bots=3)
        await service.start(table.id, ANA)
        ana = str(ANA)
        for _ in range(600):
            game = table.game
            if table.status != "running" or heard.of("round_end"):
                break
            legal = game.legal_actions(ana)
            if ana in table.waiting() or any(a.kind == "announce" for a in legal):
                action = me.choose(game.observation(ana), legal)
                await service.act(table.id, ANA, action, table.token(ana))
            else:
                await clock.advance(DELAY)
        assert heard.of("round_end")
        bots = {s.seat for s in table.seats if s.is_bot}
        assert any(e["seat"] in bots for e in heard.of("announce"))
        assert [e for e in heard.of("penalty") if e["seat"] in bots] == []
    finally:
        await service.close()


async def test_mau_5_the_bot_playing_a_departed_human_says_mau_for_them(db_path, clock):
    service = make_service(db_path, clock, bot_delay=DELAY)
    try:
        table = await service.open_table(
            game="maumau", host_id=ANA, channel_id=1, bots=2, options="rounds=3"
        )
        await service.join(table.id, BO, "bo")
        await service.start(table.id, ANA)
        await service.leave(table.id, BO)

        def said_for_bo() -> bool:
            rows = store.get_actions(service.db, table.id)
            return any(r["seat"] == str(BO) and r["action"]["kind"] == "announce" for r in rows)

        await run_until(clock, lambda: said_for_bo() or table.status != "running")
        rows = store.get_actions(service.db, table.id)
        said = [r for r in rows if r["seat"] == str(BO) and r["action"]["kind"] == "announce"]
        assert said and all(r["by"] == "afk" for r in said)
    finally:
        await service.close()


# --- LAST-8: "last card" -------------------------------------------------------------------
async def test_last_8_a_lastcard_bot_announces_last_card(db_path, clock):
    service = make_service(db_path, clock, bot_delay=DELAY)
    heard = with_events(service)
    try:
        table = await bot_table(service, "lastcard", 4)
        await run_until(clock, lambda: table.status == "finished")
        assert heard.of("announce") and heard.of("penalty") == []
        kinds = Counter(r["action"]["kind"] for r in out_of_turn_rows(service, table))
        assert kinds["announce"] > 0
    finally:
        await service.close()


# --- PRES-6: completing four out of turn ---------------------------------------------------
async def test_pres_6_a_president_bot_completes_four_out_of_turn(db_path, clock):
    service = make_service(db_path, clock, bot_delay=DELAY)
    try:
        table = await bot_table(service, "president", 5, "rounds=2")
        await run_until(clock, lambda: table.status == "finished")
        early = [r for r in out_of_turn_rows(service, table) if r["action"]["kind"] == "complete"]
        assert early and all(r["by"] == "bot" for r in early)
    finally:
        await service.close()


# --- LAST-9: the vote ----------------------------------------------------------------------
async def play_to_the_vote(service: TableService, clock, table, users: list[int]) -> None:
    """Humans play at once (as the heuristic would) until the vote opens."""
    players = {str(u): make_bot("heuristic", "lastcard", u) for u in users}
    for _ in range(2000):
        game = table.game
        if game.observation(None).get("vote"):
            return
        moved = False
        for seat, bot in players.items():
            legal = game.legal_actions(seat)
            if seat in table.waiting() or any(a.kind == "announce" for a in legal):
                action = bot.choose(game.observation(seat), legal)
                await service.act(table.id, int(seat), action, table.token(seat))
                moved = True
                break
        if not moved:
            await clock.advance(DELAY)
    raise AssertionError("the vote never opened")


async def three_humans(service: TableService, bots: int = 0):
    table = await service.open_table(
        game="lastcard", host_id=ANA, host_name="ana", channel_id=1, bots=bots
    )
    await service.join(table.id, BO, "bo")
    await service.join(table.id, CY, "cy")
    await service.start(table.id, ANA)
    return table


async def test_last_9_votes_come_in_any_order_and_a_silent_human_counts_as_stop(db_path, clock):
    service = make_service(db_path, clock, bot_delay=DELAY, vote_timeout=30.0)
    heard = with_events(service)
    try:
        table = await three_humans(service)
        await play_to_the_vote(service, clock, table, [ANA, BO, CY])
        voters = table.game.observation(None)["vote"]["voters"]
        assert len(voters) == 2 and sorted(table.waiting()) == sorted(voters)
        first, last = voters
        assert table.game.current_player() == first
        await service.act(table.id, int(last), Vote(choice="continue"), table.token(last))
        await clock.advance(29)
        assert heard.of("vote_result") == []
        await clock.advance(1.5)
        [result] = heard.of("vote_result")
        assert result["result"] == "stop"  # a tie stops
        rows = store.get_actions(service.db, table.id)
        timed_out = [r for r in rows if r["by"] == "timeout"]
        assert [(r["seat"], r["action"]["choice"]) for r in timed_out] == [(first, "stop")]
        assert not any(r["by"] == "afk" for r in rows)
        assert not table.seat(first).afk_played
    finally:
        await service.close()


async def test_last_9_bots_vote_promptly_without_waiting_on_humans(db_path, clock):
    service = make_service(db_path, clock, bot_delay=DELAY, vote_timeout=30.0)
    heard = with_events(service)
    try:
        table = await three_humans(service, bots=2)
        await play_to_the_vote(service, clock, table, [ANA, BO, CY])
        vote = table.game.observation(None)["vote"]
        bots = [v for v in vote["voters"] if table.seat(v).is_bot]
        humans = [v for v in vote["voters"] if not table.seat(v).is_bot]
        assert bots and humans
        assert set(table.waiting()) == set(vote["voters"])
        await clock.advance(DELAY)
        cast = {e["seat"] for e in heard.of("vote")}
        assert set(bots) <= cast or heard.of("vote_result")
        assert not cast & set(humans)
    finally:
        await service.close()


# --- MAU-7: rebuy or leave ------------------------------------------------------------------
async def test_mau_7_rebuy_or_leave_waits_on_every_seat_that_blew_up(service, clock):
    table = await service.open_table(game="maumau", host_id=ANA, channel_id=1, bots=2)
    await service.start(table.id, ANA)
    data = table.game.to_dict()
    # bot1 and ana blew up; the engine names bot1 first, and the service waits on both
    data["extra"]["choosing"] = [1, 0]
    data["turn"] = None
    table.game = game_from_dict(data)
    assert table.game.current_player() == "bot1"
    assert sorted(table.waiting()) == sorted(["bot1", str(ANA)])
    service._arm(table)
    assert ("bot", table.id, "bot1") in service.scheduler
    assert ("afk", table.id, str(ANA)) in service.scheduler


# --- deterministic, after BOT_DELAY ------------------------------------------------------
async def test_bot_reactions_are_deterministic_and_wait_bot_delay(tmp_path, clock):
    """The same seed gives the same log, reactions included; no bot moves within
    ``bot_delay`` of the move before it."""
    logs = []
    for run in range(2):
        service = make_service(tmp_path / f"run{run}.sqlite3", clock, bot_delay=DELAY)
        try:
            table = await bot_table(service, "lastcard", 4)
            await run_until(clock, lambda t=table: t.status == "finished")
            rows = store.get_actions(service.db, table.id)
            logs.append(
                [(r["seat"], r["action"], r["created_at"] - table.started_at) for r in rows]
            )
        finally:
            await service.close()
    assert logs[0] == logs[1]
    assert any(action["kind"] == "announce" for _, action, _ in logs[0])
    times = [0.0] + [at for _, _, at in logs[0]]
    assert all(later - earlier >= DELAY for earlier, later in pairwise(times))


# --- recovery -------------------------------------------------------------------------------
async def test_recovery_replays_bot_reactions(db_path, clock):
    service = make_service(db_path, clock, bot_delay=DELAY)
    table = await bot_table(service, "maumau", 4, "rounds=2")

    def announced() -> bool:
        rows = store.get_actions(service.db, table.id)
        return any(r["action"]["kind"] == "announce" for r in rows)

    await run_until(clock, announced)
    before = table.game.to_dict()
    await service.close()
    again = make_service(db_path, clock, bot_delay=DELAY)
    try:
        [restored] = await again.recover()
        assert restored.game.to_dict() == before
        await run_until(clock, lambda: restored.status == "finished")
    finally:
        await again.close()
