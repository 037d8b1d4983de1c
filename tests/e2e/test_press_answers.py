"""A press is answered through its interaction response, which Discord's global limit of
about 50 requests a second does not count: the pressed message is redrawn by the answer and
never edited again for the same state, and the other messages the move changes (the table
message, through Start's token; the hand of whoever moves next) are edited once each."""

from __future__ import annotations

from tests.e2e.chairman import choices, hand_message, start_bot, started_table


def _outside_answers(fake, since: int) -> list[tuple[str, str]]:
    """(method, path) of the REST calls since ``since`` that are not interaction answers."""
    return [
        (method, path)
        for method, path, _ in fake.rest_log[since:]
        if not path.startswith(("/interactions/", "/webhooks/"))
    ]


async def test_a_press_redraws_its_hand_through_the_answer_and_edits_it_no_more(
    fake_discord, tmp_path
):
    fake = fake_discord
    bot = await start_bot(fake, tmp_path)
    ana, bob = fake.add_member("ana"), fake.add_member("bob")
    table, thread_id, message = await started_table(fake, bot, ana, bob, game="macao", images=False)
    for _ in range(6):
        turn = table.game.current_player()
        user, other = (ana, bob) if table.seat_of_user(ana.id).seat == turn else (bob, ana)
        dm = hand_message(fake, user)
        other_dm = hand_message(fake, other)
        mark, table_edits = len(fake.rest_log), len(fake.message(message.id).edits)
        cid, value = choices(dm)[0]
        i = await (
            fake.click(user, dm, cid) if value is None else fake.select(user, dm, cid, [value])
        )
        answer = await i.wait_finished()
        await bot.publisher.settled()
        # the pressed hand, redrawn by the answer itself (on a loaded machine, by the edit
        # through the token that follows the answer's defer: also an interaction answer)
        assert answer["type"] == 7 or (answer["type"] == 6 and i.outcome.id == dm.id)
        calls = _outside_answers(fake, mark)
        pressed = f"/channels/{dm.channel_id}/messages/{dm.id}"
        assert ("PATCH", pressed) not in calls, calls
        # the table message, once, through Start's token (a fresh interaction token)
        assert len(fake.message(message.id).edits) == table_edits + 1
        assert ("PATCH", f"/channels/{thread_id}/messages/{message.id}") not in calls, calls
        other_edits = calls.count(
            ("PATCH", f"/channels/{other_dm.channel_id}/messages/{other_dm.id}")
        )
        assert other_edits <= 1, calls
        assert len(calls) == other_edits, calls
