"""Bots at a Mao table act out of turn: they call what they saw, and a bot that won makes a
new rule. They react from one timer, ``bot_delay`` after the change, timed at the table clock
and logged like any move, so a recovered table replays them exactly."""

from __future__ import annotations

from cogs.games.mao import render as render_mao
from engine.actions import Say
from tests.e2e.maotable import laid_out
from tests.tables.conftest import Recorder, make_service

ANA = 101
DELAY = 1.0


async def ana_and_a_bot(service, **options):
    """Ana and one heuristic bot, her turn, no turn clock: only what the test does happens."""
    table = await service.open_table(
        game="mao",
        host_id=ANA,
        host_name="ana",
        channel_id=1,
        bots=1,
        options={"turn_seconds": 0, **options},
    )
    await service.start(table.id, ANA)
    async with table.lock:
        table.game = laid_out(table.game, {str(ANA): "2C 3D 9S", "bot1": "5C KD"}, "4H", str(ANA))
        service._arm(table)
    return table


def logged(service, table, by: str) -> list[dict]:
    return [
        r for r in service.db["actions"].rows_where("table_id = ?", [table.id]) if r["by"] == by
    ]


async def test_mao_11_players_mode_a_bot_calls_talking_and_the_human_takes_the_penalty(
    db_path, clock
):
    service = make_service(db_path, clock, bot_delay=DELAY)
    try:
        table = await ana_and_a_bot(service, mode="players")
        await clock.advance(2.0)
        await service.say(table.id, ANA, Say(text="what a lovely table", at=2.0))
        await clock.advance(DELAY - 0.01)
        assert not [e for e in table.game.events if e["type"] == "penalty"]  # not before its delay
        await clock.advance(0.02)
        [penalty] = [e for e in table.game.events if e["type"] == "penalty"]
        assert (penalty["call"], penalty["seat"], penalty["by"]) == ("Talking", str(ANA), "bot1")
        assert len(table.game.observation(str(ANA))["hand"]) == 4
        [call] = logged(service, table, "bot")
        assert call["at"] == 2.0 + DELAY  # the table clock when it spoke, within the call window
        text = render_mao.penalty_text(table, penalty)
        assert text == f"Talking, called by Ada. <@{ANA}> takes a penalty card."
    finally:
        await service.close()


async def test_mao_15_a_bot_says_nothing_during_a_point_of_order_nor_calls_its_talk_after(
    db_path, clock
):
    service = make_service(db_path, clock, bot_delay=DELAY)
    try:
        table = await ana_and_a_bot(service, mode="players")
        await service.say(table.id, ANA, Say(text="point of order", at=0.0))
        await service.say(table.id, ANA, Say(text="may I ask something", at=0.5))
        await clock.advance(5.0)
        assert logged(service, table, "bot") == []
        await service.say(table.id, ANA, Say(text="end of point of order", at=5.0))
        assert table.game.observation(None)["point_of_order"] is None
        # play resumes while a call on what she asked could still be made: said during the
        # point, it is free speech, not Talking
        await clock.advance(10.0)
        assert logged(service, table, "bot") == []
    finally:
        await service.close()


async def test_mao_16_a_bot_that_wins_declares_a_rule_and_the_table_hears_only_that(db_path, clock):
    service = make_service(db_path, clock, bot_delay=DELAY)
    recorder = Recorder()
    heard: list[dict] = []

    class Ears(Recorder):
        async def game_changed(self, table, events) -> None:
            heard.extend(events)

    service.add_listener(recorder)
    service.add_listener(Ears())
    try:
        table = await service.open_table(
            game="mao", host_id=ANA, host_name="ana", channel_id=1, bots=1,
            options={"turn_seconds": 0},
        )  # fmt: skip
        await service.start(table.id, ANA)
        async with table.lock:
            table.game = laid_out(table.game, {str(ANA): "2C 3D 9S", "bot1": "5H"}, "4H", "bot1")
            service._arm(table)
        for _ in range(40):
            await clock.advance(DELAY)
            if table.game.rules:
                break
        [rule] = table.game.rules
        assert table.game.seats[rule["by"]] == "bot1"
        [new_rule] = [e for e in heard if e["type"] == "new_rule"]
        assert new_rule == {"type": "new_rule", "seat": "bot1", "at": new_rule["at"]}
        lines = render_mao.announcements(table, [new_rule])
        assert lines == ["Ada has made a new rule."]
        assert "rule" not in str(table.game.observation(str(ANA))["rules"])
        [declared] = [r for r in logged(service, table, "bot") if "declare_rule" in r["action"]]
        assert declared["at"] is not None
    finally:
        await service.close()


async def test_a_recovered_table_replays_the_bots_calls_exactly(db_path, clock):
    first = make_service(db_path, clock, bot_delay=DELAY)
    table = await first.open_table(
        game="mao", host_id=ANA, host_name="ana", channel_id=1, bots=2,
        options={"turn_seconds": 0, "mode": "players"},
    )  # fmt: skip
    await first.start(table.id, ANA)
    for k in range(6):
        await clock.advance(0.5)
        at = round(clock.now() - table.started_at, 3)
        await first.say(table.id, ANA, Say(text=f"chatter {k}", at=at))
    await clock.advance(20.0)
    called = [e for e in table.game.events if e["type"] == "penalty" and e["by"] != "Chairman"]
    assert called and all(e["seat"] == str(ANA) for e in called)  # the bots called her talk
    state = table.game.to_dict()
    await first.close()

    second = make_service(db_path, clock, bot_delay=DELAY)
    try:
        [again] = await second.recover()
        assert again.game.to_dict() == state
    finally:
        await second.close()


async def test_mao_14_bots_calling_and_talk_never_make_a_bot_miss_its_five_seconds(db_path, clock):
    """A bot (or the stand-in for an away seat) moves ``bot_delay`` after its turn came,
    however much others say meanwhile; so only Ana's own three timeouts are ever called."""
    service = make_service(db_path, clock, bot_delay=1.5)
    penalties: list[dict] = []

    class Ears(Recorder):
        async def game_changed(self, table, events) -> None:
            penalties.extend(e for e in events if e["type"] == "penalty")

    service.add_listener(Ears())
    try:
        table = await service.open_table(
            game="mao", host_id=ANA, host_name="ana", channel_id=1, bots=3,
            options={"mode": "players"},
        )  # fmt: skip
        await service.start(table.id, ANA)
        for k in range(150):
            await clock.advance(0.7)
            if k % 3 == 0:  # Ana talks every two seconds or so, whoever's turn it is
                at = round(clock.now() - table.started_at, 3)
                await service.say(table.id, ANA, Say(text=f"chatter {k}", at=at))
        late = [p["seat"] for p in penalties if p["call"].startswith("Failure to play")]
        assert late == [str(ANA)] * 3
        assert len(penalties) > 30 and all(p["by"].startswith("bot") for p in penalties)
    finally:
        await service.close()
