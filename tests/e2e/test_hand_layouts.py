"""A seat's hand is laid out once per state: the DM's flush, its picture, the answer to a
press and its check for a newer hand all read the one layout (``cogs.hand_dms.Layouts``)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from cogs import hand_dms
from tables import queries
from tests.e2e.chairman import choices, hand_message, start_bot, started_table


async def test_each_seat_s_hand_is_laid_out_once_per_state(fake_discord, tmp_path, monkeypatch):
    fake = fake_discord
    bot = await start_bot(fake, tmp_path)
    ana, bob = fake.add_member("ana"), fake.add_member("bob")
    # pictures on: the picture is drawn from the layout, and the layout checked again after
    table, _thread, _message = await started_table(fake, bot, ana, bob, game="macao")
    await bot.publisher.settled()
    laid_out: Counter[tuple[Any, ...]] = Counter()
    real = hand_dms.presentation.hand_layout

    def counted(table: Any, seat: Any, page: int = 0, where: str = "") -> Any:
        state = (queries.state(table), table.status, table.acted.get(seat.seat, 0))
        laid_out[(seat.seat, state, page, seat.away)] += 1
        return real(table, seat, page, where)

    monkeypatch.setattr(hand_dms.presentation, "hand_layout", counted)
    presses = 0
    for _ in range(6):
        if not table.is_running:
            break
        view = queries.public(table)
        assert view is not None
        user = ana if table.seat_of_user(ana.id).seat == view.current else bob
        dm = hand_message(fake, user)
        cid, value = choices(dm)[0]
        i = await (
            fake.click(user, dm, cid) if value is None else fake.select(user, dm, cid, [value])
        )
        await i.wait_finished()
        await bot.publisher.settled()
        presses += 1
    assert presses == 6
    assert laid_out, "no hand was laid out"
    assert max(laid_out.values()) == 1, laid_out
    # and the layouts were of both seats, each press drawing the hands it changed
    assert {key[0] for key in laid_out} == {s.seat for s in table.seats}
