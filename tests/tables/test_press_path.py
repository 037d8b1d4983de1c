"""One path for a press: checked once (the seat's legal actions asked for once, which give its
token too), carried out on the engine's trusted path, its outcome returned as data, and every
listener told only once the table's lock is let go."""

from __future__ import annotations

import pytest

from data import store
from engine.actions import Draw
from tables.service import TableService
from tests.tables.test_parts import Heard

ANA, BO, CY, DI = 101, 102, 103, 104


async def humans(service: TableService, game: str, *users: int):
    table = await service.open_table(game=game, host_id=users[0], host_name="p0", channel_id=1)
    for n, user in enumerate(users[1:], 1):
        await service.join(table.id, user, f"p{n}")
    await service.start(table.id, users[0])
    return table


def counting_legal_actions(monkeypatch, game) -> list[tuple[int, str]]:
    """Wrap the game class's ``legal_actions``; -> the (version, seat) of every call."""
    calls: list[tuple[int, str]] = []
    cls = type(game)
    original = cls.legal_actions

    def counted(self, seat):
        calls.append((self.version, seat))
        return original(self, seat)

    monkeypatch.setattr(cls, "legal_actions", counted)
    return calls


@pytest.mark.parametrize("game", ["macao", "maumau", "lastcard", "president", "mao"])
async def test_a_press_asks_for_the_seats_legal_actions_once(service, monkeypatch, game):
    table = await humans(service, game, ANA, BO, CY, DI)
    calls = counting_legal_actions(monkeypatch, table.game)
    for _ in range(12):
        seat = table.waiting()[0]
        offered = table.game.legal_actions(seat)
        token = table.token(seat)  # what the seat's buttons carry, as drawn
        version = table.version
        calls.clear()
        await service.act(table.id, table.seat(seat).user_id, offered[-1], token)
        # every call at the version pressed against is the press's one check
        assert [c for c in calls if c[0] == version] == [(version, seat)]
        if not table.is_running:
            break


async def test_a_press_returns_its_events_each_seats_token_and_the_hands_to_redraw(service):
    table = await humans(service, "macao", ANA, BO, CY)
    first = table.game.current_player()
    assert first == str(ANA)
    before = {s.seat: table.token(s.seat) for s in table.seats}
    change = await service.act(table.id, ANA, Draw(), before[first])
    assert change.events and change.events[0]["seat"] == first
    assert change.tokens == {s.seat: table.token(s.seat) for s in table.seats}
    # the seat that drew and the seat whose turn it now is see new choices; the third does not
    moved = {seat for seat in before if before[seat] != change.tokens[seat]}
    assert first in moved and table.game.current_player() in moved and len(moved) == 2
    # but its hand says whose turn it is, which changed: every hand is drawn again
    assert change.redraw == set(before)


@pytest.mark.parametrize("game", ["macao", "maumau", "lastcard", "president"])
async def test_a_press_redraws_the_hands_whose_choices_or_turn_shown_changed_and_no_other(
    service, game
):
    table = await humans(service, game, ANA, BO, CY, DI)
    spared = 0
    for _ in range(40):
        if not table.is_running:
            break
        seat = table.waiting()[0]
        before = {s.seat: table.token(s.seat) for s in table.seats}
        turn = table.game.current_player()
        counts = dict(table.redraws)
        held = {k: list(table.game.observation(k).get("hand") or ()) for k in before}
        change = await service.act(
            table.id, table.seat(seat).user_id, table.game.legal_actions(seat)[-1], before[seat]
        )
        if table.game.is_over:
            break
        moved = {k for k in before if before[k] != change.tokens[k]}
        # every hand says whose turn it is: a new turn redraws them all
        expected = set(before) if table.game.current_player() != turn else moved
        assert change.redraw >= expected
        # a hand redrawn besides those is one whose cards changed
        assert all(
            held[k] != list(table.game.observation(k).get("hand") or ())
            for k in change.redraw - expected
        )
        assert {k for k in before if table.redraws.get(k, 0) != counts.get(k, 0)} == change.redraw
        spared += len(before) - len(change.redraw)
    assert spared, "no press left a hand alone"


async def test_listeners_hear_of_a_press_once_the_lock_is_let_go(service):
    heard = Heard()
    service.add_listener(heard)
    table = await humans(service, "macao", ANA, BO)
    await service.act(table.id, ANA, Draw(), table.token(str(ANA)))
    assert heard.heard and all(not locked for _name, locked in heard.heard)


async def test_a_table_is_found_by_its_thread_after_it_moves_there(service):
    table = await humans(service, "macao", ANA, BO)
    await service.set_place(table.id, channel_id=77)
    assert service.in_channel(77) is table and service.in_channel(1) is None
    await service.end(table.id, ANA)
    assert service.in_channel(77) is None


async def test_a_table_that_ended_before_its_thread_was_made_still_records_its_place(service):
    table = await humans(service, "macao", ANA, BO)
    await service.end(table.id, ANA)
    await service.set_place(table.id, channel_id=78, message_id=79)
    assert service.in_channel(78) is None
    assert store.get_table(service.db, table.id)["channel_id"] == 78
