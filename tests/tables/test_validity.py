"""Validity per seat: a button stays good while its seat's token is unchanged.

A seat's token (``Table.token``) is a digest of its legal actions and of how many moves it
made, so another seat's move that leaves this seat's choices alone leaves its buttons valid,
while this seat's own move always retires them (a double click applies once).
"""

from __future__ import annotations

import pytest

from data import store
from engine.actions import Announce, Draw
from engine.bots import make_bot
from engine.lastcard.actions import Vote
from tables import errors
from tables.service import TableService
from tests.engine.positions import position
from tests.tables.conftest import make_service
from tests.tables.test_out_of_turn import play_to_the_vote, three_humans

ANA, BO = 101, 102


async def two_at_maumau(service: TableService, **laid_out):
    table = await service.open_table(game="maumau", host_id=ANA, host_name="ana", channel_id=1)
    await service.join(table.id, BO, "bo")
    await service.start(table.id, ANA)
    table.game = position("maumau", [str(ANA), str(BO)], seed=table.seed, **laid_out)
    return table


def logged(service: TableService, table, seat: int, kind: str) -> int:
    rows = store.get_actions(service.db, table.id)
    return sum(1 for r in rows if r["seat"] == str(seat) and r["action"]["kind"] == kind)


async def test_another_seats_mau_leaves_my_buttons_valid(service):
    """The stuck Mau-Mau DM: bo's "Mau" bumps the game version but not ana's choices, so the
    buttons ana's DM shows (drawn before it) are still accepted."""
    table = await two_at_maumau(
        service, hands={str(BO): "7H 9C", str(ANA): "8H KS"}, top="5H", turn=str(BO)
    )
    await service.act(table.id, BO, "play 7H", table.token(str(BO)))
    assert table.game.observation(None)["mau_due"] == str(BO)
    shown = table.token(str(ANA))
    version = table.version
    await service.act(table.id, BO, Announce(word="mau"), table.token(str(BO)))
    assert table.version > version
    assert table.token(str(ANA)) == shown
    await service.act(table.id, ANA, "play 8H", shown)
    assert logged(service, table, ANA, "play") == 1


async def test_a_double_click_applies_once_even_when_the_action_stays_legal(service):
    """Mau-Mau: after a draw the same player may draw again, with the same choices; the
    second click of the same button is still refused."""
    table = await two_at_maumau(
        service, hands={str(ANA): "QC 3C"}, top="5C", stock="4D 6D 7D", turn=str(ANA)
    )
    before = [a.to_dict() for a in table.game.legal_actions(str(ANA))]
    shown = table.token(str(ANA))
    await service.act(table.id, ANA, Draw(), shown)
    assert [a.to_dict() for a in table.game.legal_actions(str(ANA))] == before
    with pytest.raises(errors.StaleView):
        await service.act(table.id, ANA, Draw(), shown)
    assert logged(service, table, ANA, "draw") == 1


async def test_last_9_two_concurrent_votes_are_both_accepted(db_path, clock):

    service = make_service(db_path, clock, bot_delay=1.0, vote_timeout=30.0)
    try:
        table = await three_humans(service)
        await play_to_the_vote(service, clock, table, [ANA, BO, 103])
        first, second = table.game.observation(None)["vote"]["voters"]
        shown = {seat: table.token(seat) for seat in (first, second)}  # both DMs drawn now
        await service.act(table.id, int(first), Vote(choice="continue"), shown[first])
        await service.act(table.id, int(second), Vote(choice="stop"), shown[second])
        assert logged(service, table, int(first), "vote") == 1
        assert logged(service, table, int(second), "vote") == 1
    finally:
        await service.close()


async def test_a_vote_clicked_twice_counts_once(db_path, clock):

    service = make_service(db_path, clock, bot_delay=1.0, vote_timeout=30.0)
    try:
        table = await three_humans(service)
        await play_to_the_vote(service, clock, table, [ANA, BO, 103])
        first, _ = table.game.observation(None)["vote"]["voters"]
        shown = table.token(first)
        await service.act(table.id, int(first), Vote(choice="continue"), shown)
        with pytest.raises((errors.StaleView, errors.NotYourTurn)):
            await service.act(table.id, int(first), Vote(choice="continue"), shown)
        assert logged(service, table, int(first), "vote") == 1
    finally:
        await service.close()


async def test_tokens_are_the_same_after_a_restart(service, db_path, clock):

    table = await service.open_table(game="maumau", host_id=ANA, host_name="ana", channel_id=1)
    await service.join(table.id, BO, "bo")
    await service.start(table.id, ANA)
    for _ in range(6):
        seat = table.game.current_player()
        action = table.game.legal_actions(seat)[-1]
        await service.act(table.id, int(seat), action, table.token(seat))
    shown = {s.seat: table.token(s.seat) for s in table.seats}
    await service.close()
    again = make_service(db_path, clock)
    try:
        [restored] = await again.recover()
        assert {s.seat: restored.token(s.seat) for s in restored.seats} == shown
        seat = restored.game.current_player()
        action = restored.game.legal_actions(seat)[0]
        await again.act(restored.id, int(seat), action, shown[seat])
    finally:
        await again.close()


# --- no withdrawn turns --------------------------------------------------------------------
async def test_pres_6_a_turn_shown_to_a_human_is_never_taken_back_by_a_bots_completion(
    db_path, clock
):
    """A bot's out-of-turn "complete four" that the human's turn waits on is settled before
    the human is shown the turn: while ana's turn stands, bots' delays pass and her token
    (what her DM shows) stays hers, and her press is accepted."""
    delay = 1.0
    service = make_service(db_path, clock, bot_delay=delay)
    me = make_bot("heuristic", "president", 1)
    ana = str(ANA)
    try:
        table = await service.open_table(
            game="president", host_id=ANA, channel_id=1, bots=4, options="rounds=2"
        )
        await service.start(table.id, ANA)
        turns = 0
        for _ in range(3000):
            if table.status != "running":
                break
            if ana in table.waiting():
                shown = table.token(ana)
                await clock.advance(3 * delay)  # every bot's delay passes while she thinks
                assert ana in table.waiting() and table.token(ana) == shown
                game = table.game
                action = me.choose(game.observation(ana), game.legal_actions(ana))
                await service.act(table.id, ANA, action, shown)
                turns += 1
            else:
                await clock.advance(delay)
        assert table.status == "finished" and turns > 5
        completions = [
            r
            for r in store.get_actions(service.db, table.id)
            if r["action"]["kind"] == "complete" and r["by"] == "bot"
        ]
        assert completions  # the case did come up
    finally:
        await service.close()
